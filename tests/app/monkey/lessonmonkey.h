#pragma once

// The monkey on the lesson presenter: the main window's events (drags, keys, shortcuts, dialogs,
// the language) with a built-in lesson open most of the time, and a presenter's events on top:
// a lesson opened, the clicker's Page Down and Page Up, Space and the arrows, the caption turned
// off and on, the bar's buttons (the answer shown, back a step, End Lesson), the lesson ended.
// After every event the main window's invariants, and: a step counter within the lesson that
// the bar shows, the bar shown exactly while a lesson is open, and a scene step that has just
// been stepped to showing exactly the scene the lesson saved, whatever was done to the last one.

#include "app/monkey/mainwindowmonkey.h"
#include "core/lessonfile.h"
#include "lesson/lessonbar.h"
#include "model/lessonsession.h"
#include "sequence/sequencewindow.h"

#include <QPushButton>

class LessonMonkey : public MainWindowMonkey
{
public:
    enum LessonKind
    {
        OpenLesson = KindCount,
        LessonKey,
        Caption,
        BarButton,
        EndLesson,
        LessonKindCount
    };

    std::vector<int> weights() const override
    {
        std::vector<int> w = MainWindowMonkey::weights();
        //              open key caption button end
        w.insert(w.end(), {3, 14, 2, 6, 1});
        return w;
    }

    QString kindName(int kind) const override
    {
        static const char *names[] = {"open lesson", "lesson key", "caption", "bar button",
                                      "end lesson"};
        return kind < KindCount ? MainWindowMonkey::kindName(kind)
                                : QString::fromLatin1(names[kind - KindCount]);
    }

    bool start() override
    {
        if (!MainWindowMonkey::start())
            return false;
        // Every run starts presenting: the first built-in lesson, at its first step.
        open(0);
        return session()->isOpen();
    }

    void act(const MonkeyAction &a) override
    {
        m_freshStep = -1;
        if (a.kind < KindCount) {
            MainWindowMonkey::act(a);
            return;
        }
        LessonSession *s = session();
        const int stepBefore = s->current();
        const bool openBefore = s->isOpen();
        switch (LessonKind(a.kind)) {
        case OpenLesson:
            if (monkey::reachable(window()))
                open(a.pick);
            break;
        case LessonKey: {
            // What a clicker sends, and the keys a presenter at the keyboard uses, to the focus
            // widget of the window in front (the Sequence window during a sequence step).
            static const Qt::Key keys[] = {Qt::Key_PageDown, Qt::Key_PageDown, Qt::Key_PageUp,
                                           Qt::Key_Space,    Qt::Key_Right,    Qt::Key_Left};
            const Qt::Key key = keys[MonkeyAction::choose(a.pick, std::size(keys))];
            QWidget *top = window();
            if (auto *sequence = window()->findChild<SequenceWindow *>();
                sequence && sequence->isVisible() && a.variant % 2)
                top = sequence;
            QWidget *target = monkey::keyTarget(top);
            if (monkey::reachable(target))
                QTest::keyClick(target, key);
            break;
        }
        case Caption:
            if (monkey::reachable(window()))
                window()->lessonBar()->captionAction()->trigger();
            break;
        case BarButton: {
            static const char *buttons[] = {"lessonNext", "lessonNext", "lessonPrevious"};
            auto *b = window()->lessonBar()->findChild<QPushButton *>(
                QLatin1String(buttons[MonkeyAction::choose(a.pick, std::size(buttons))]));
            if (b && monkey::reachable(b) && b->isEnabled())
                QTest::mouseClick(b, Qt::LeftButton);
            break;
        }
        case EndLesson: {
            auto *b = window()->lessonBar()->findChild<QPushButton *>(QStringLiteral("lessonEnd"));
            if (b && monkey::reachable(b))
                QTest::mouseClick(b, Qt::LeftButton);
            break;
        }
        case LessonKindCount:
            break;
        }
        // A scene step stepped to (not the same step's answer) must show the lesson's scene.
        if (s->isOpen() && (!openBefore || s->current() != stepBefore) &&
            s->currentStep().isScene())
            m_freshStep = s->current();
    }

    QString check() override
    {
        if (QString broken = MainWindowMonkey::check(); !broken.isEmpty())
            return broken;
        LessonSession *s = session();
        LessonBar *bar = window()->lessonBar();
        if (bar->isVisibleTo(window()) != s->isOpen())
            return QStringLiteral("bar: shown %1 with a lesson open %2")
                .arg(bar->isVisibleTo(window()))
                .arg(s->isOpen());
        if (!s->isOpen())
            return {};
        if (s->current() < 0 || s->current() >= s->stepCount())
            return QStringLiteral("step: %1 of %2").arg(s->current()).arg(s->stepCount());
        const QString counter = bar->counterText();
        if (!counter.contains(QString::number(s->current() + 1)) ||
            !counter.contains(QString::number(s->stepCount())))
            return QStringLiteral("bar: counter \"%1\" at step %2 of %3")
                .arg(counter)
                .arg(s->current() + 1)
                .arg(s->stepCount());
        if (m_freshStep >= 0 && m_freshStep == s->current() && s->currentStep().isScene()) {
            // What the class sees: the method, τ and every vector (the model may store an
            // all-false mask or a default parameter differently from the lesson's file).
            const attn::Scene &shown = canvas()->model()->scene();
            const attn::Scene &saved = std::get<attn::Scene>(s->currentStep().content);
            const auto same = [](const auto &a, const auto &b) {
                return a.rows() == b.rows() && a.cols() == b.cols() && a == b;
            };
            if (shown.method != saved.method || shown.temperature != saved.temperature ||
                !same(shown.query, saved.query) || !same(shown.keys, saved.keys) ||
                !same(shown.values, saved.values))
                return QStringLiteral("step: step %1 does not show the scene the lesson saved")
                    .arg(s->current() + 1);
        }
        return {};
    }

private:
    LessonSession *session() const { return window()->lessonSession(); }

    void open(std::uint64_t pick)
    {
        const QStringList paths = LessonSession::builtInPaths();
        if (paths.isEmpty())
            return;
        window()->openLesson(paths.at(MonkeyAction::choose(pick, paths.size())));
        if (session()->isOpen() && session()->currentStep().isScene())
            m_freshStep = session()->current();
    }

    // The step just stepped to by the last event, else −1.
    int m_freshStep = -1;
};
