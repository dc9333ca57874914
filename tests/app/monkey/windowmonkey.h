#pragma once

// What the Sequence window's and the Lab's monkeys share: a top-level window whose plane the
// mouse drags points on, and the same plausible events everywhere else in it: keys to the focus
// widget, numbers and words typed into every box, combo boxes stepped with the arrow keys,
// buttons clicked, tabs switched, sliders scrubbed, wheel turns, the language switched, a
// dialog opened on top and focus taken away.

#include "app/monkey/monkeyinput.h"
#include "app/monkey/monkeytarget.h"
#include "model/language.h"

#include <QAbstractSlider>
#include <QTabBar>

class WindowMonkey : public MonkeyTarget
{
public:
    enum Kind
    {
        PressPoint,
        Move,
        Release,
        Key,
        Type,
        Combo,
        ClickButton,
        Tab,
        Slider,
        Wheel,
        Language,
        Dialog,
        FocusLoss,
        Own, ///< the window's own events (SequenceMonkey: training, presets, undo)
        KindCount
    };

    std::vector<int> weights() const override
    {
        //      press move rel key type combo btn tab slide whl lang dlg focus own
        return {8, 14, 5, 5, 7, 4, 5, 3, 3, 2, 2, 2, 2, ownWeight()};
    }

    QString kindName(int kind) const override
    {
        static const char *names[] = {"press point", "move",   "release",    "key",    "type",
                                      "combo",       "button", "tab",        "slider", "wheel",
                                      "language",    "dialog", "focus loss", "own"};
        return QString::fromLatin1(names[kind]);
    }

    void finish() override
    {
        if (m_held != Qt::NoButton && plane())
            monkey::mouse(plane(), QEvent::MouseButtonRelease, m_pos, Qt::LeftButton, Qt::NoButton);
        m_held = Qt::NoButton;
        destroy();
        Language::install(QStringLiteral("en"));
    }

    void act(const MonkeyAction &a) override
    {
        QWidget *w = window();
        switch (Kind(a.kind)) {
        case PressPoint: {
            QWidget *p = plane();
            if (m_held != Qt::NoButton || !p || !monkey::reachable(p))
                return;
            const QList<QPointF> points = pointPositions();
            m_pos = points.isEmpty()
                        ? QPointF((a.x + 1) / 2 * p->width(), (a.y + 1) / 2 * p->height())
                        : points.at(MonkeyAction::choose(a.pick, points.size())) +
                              QPointF(a.x, a.y) * 6;
            m_held = Qt::LeftButton;
            monkey::mouse(p, QEvent::MouseButtonPress, m_pos, Qt::LeftButton, m_held);
            return;
        }
        case Move: {
            QWidget *p = plane();
            if (!p || !monkey::reachable(p))
                return;
            m_pos += QPointF(a.x, a.y) * (a.variant % 8 == 0 ? 1500 : 40);
            monkey::mouse(p, QEvent::MouseMove, m_pos, Qt::NoButton, m_held);
            return;
        }
        case Release: {
            QWidget *p = plane();
            if (m_held == Qt::NoButton)
                return;
            m_held = Qt::NoButton;
            if (p && monkey::reachable(p))
                monkey::mouse(p, QEvent::MouseButtonRelease, m_pos, Qt::LeftButton, Qt::NoButton);
            return;
        }
        case Key: {
            static const QList<QKeyCombination> keys = {
                Qt::Key_Escape,       Qt::Key_Delete,
                Qt::Key_Left,         Qt::Key_Right,
                Qt::Key_Up,           Qt::Key_Down,
                Qt::Key_PageUp,       Qt::Key_PageDown,
                Qt::Key_Home,         Qt::Key_End,
                Qt::Key_Tab,          Qt::Key_Backtab,
                Qt::Key_Space,        Qt::Key_Return,
                Qt::CTRL | Qt::Key_Z, Qt::CTRL | Qt::SHIFT | Qt::Key_Z,
                Qt::Key_F1,           Qt::CTRL | Qt::Key_Tab,
                Qt::CTRL | Qt::Key_A};
            QWidget *target = monkey::keyTarget(w);
            const QKeyCombination k = keys.at(MonkeyAction::choose(a.pick, keys.size()));
            if (monkey::reachable(target))
                QTest::keyClick(target, k.key(), k.keyboardModifiers());
            return;
        }
        case Type: {
            const QList<QWidget *> boxes = monkey::typingBoxes(w);
            if (boxes.isEmpty())
                return;
            QWidget *box = boxes.at(MonkeyAction::choose(a.pick, boxes.size()));
            QStringList texts = monkey::typedTexts();
            texts << extraTexts();
            monkey::typeInto(box, texts.at(MonkeyAction::choose(a.variant, texts.size())),
                             a.variant / 64);
            return;
        }
        case Combo: {
            const QList<QComboBox *> boxes = monkey::reachableChildren<QComboBox>(w);
            if (boxes.isEmpty())
                return;
            QComboBox *box = boxes.at(MonkeyAction::choose(a.pick, boxes.size()));
            static const Qt::Key keys[] = {Qt::Key_Down, Qt::Key_Up, Qt::Key_Home, Qt::Key_End};
            box->setFocus(Qt::MouseFocusReason);
            QTest::keyClick(box, keys[a.variant % 4]);
            return;
        }
        case ClickButton: {
            QList<QAbstractButton *> buttons;
            for (QAbstractButton *b : monkey::reachableChildren<QAbstractButton>(w))
                if (!forbidden(b))
                    buttons << b;
            if (!buttons.isEmpty())
                QTest::mouseClick(buttons.at(MonkeyAction::choose(a.pick, buttons.size())),
                                  Qt::LeftButton);
            return;
        }
        case Tab: {
            const QList<QTabBar *> bars = monkey::reachableChildren<QTabBar>(w);
            if (bars.isEmpty())
                return;
            QTabBar *bar = bars.at(MonkeyAction::choose(a.pick, bars.size()));
            if (bar->count() > 0)
                QTest::mouseClick(
                    bar, Qt::LeftButton, {},
                    bar->tabRect(MonkeyAction::choose(a.variant, bar->count())).center());
            return;
        }
        case Slider: {
            const QList<QAbstractSlider *> sliders = monkey::reachableChildren<QAbstractSlider>(w);
            if (sliders.isEmpty())
                return;
            QAbstractSlider *s = sliders.at(MonkeyAction::choose(a.pick, sliders.size()));
            static const Qt::Key keys[] = {Qt::Key_Left,     Qt::Key_Right, Qt::Key_PageUp,
                                           Qt::Key_PageDown, Qt::Key_Home,  Qt::Key_End};
            if (a.variant % 3 == 0) {
                // A click along the groove (a scrub).
                const QPoint at(int((a.x + 1) / 2 * s->width()), int((a.y + 1) / 2 * s->height()));
                QTest::mouseClick(s, Qt::LeftButton, {}, at);
            } else {
                s->setFocus(Qt::MouseFocusReason);
                QTest::keyClick(s, keys[a.variant % 6]);
            }
            return;
        }
        case Wheel: {
            QList<QWidget *> all = monkey::reachableChildren<QWidget>(w);
            if (all.isEmpty())
                return;
            QWidget *target = all.at(MonkeyAction::choose(a.pick, all.size()));
            monkey::wheel(
                target, QPointF((a.x + 1) / 2 * target->width(), (a.y + 1) / 2 * target->height()),
                a.variant % 2 ? 120 : -120);
            return;
        }
        case Language:
            Language::install(Language::current() == QStringLiteral("en") ? QStringLiteral("zh_CN")
                                                                          : QStringLiteral("en"));
            return;
        case Dialog: {
            // A dialog on top of the window, often in the middle of a drag: the plane is
            // blocked and the release goes elsewhere.
            if (!monkey::reachable(w))
                return;
            QMessageBox box(QMessageBox::Information, QStringLiteral("Monkey"),
                            QStringLiteral("A dialog in the middle of things"),
                            QMessageBox::Ok | QMessageBox::Cancel, w);
            box.exec();
            return;
        }
        case FocusLoss: {
            if (a.variant % 2 == 0) {
                QEvent off(QEvent::WindowDeactivate);
                QApplication::sendEvent(w, &off);
                QEvent on(QEvent::WindowActivate);
                QApplication::sendEvent(w, &on);
            } else {
                const QList<QWidget *> boxes = monkey::typingBoxes(w);
                if (!boxes.isEmpty())
                    boxes.at(MonkeyAction::choose(a.pick, boxes.size()))
                        ->setFocus(Qt::MouseFocusReason);
            }
            return;
        }
        case Own:
            own(a);
            return;
        case KindCount:
            break;
        }
    }

protected:
    virtual QWidget *window() const = 0;
    /// The plane points are dragged on (null when there is none now).
    virtual QWidget *plane() const = 0;
    /// Where the draggable points are drawn on plane().
    virtual QList<QPointF> pointPositions() const = 0;
    virtual bool forbidden(QAbstractButton *) const { return false; }
    virtual QStringList extraTexts() const { return {}; }
    virtual int ownWeight() const { return 0; }
    virtual void own(const MonkeyAction &) {}
    virtual void destroy() = 0;

    bool showWindow(QWidget *w, QSize size)
    {
        w->resize(size);
        w->show();
        if (!QTest::qWaitForWindowExposed(w))
            return false;
        w->activateWindow();
        // Best effort: the events go to the widgets directly, active window or not.
        (void)QTest::qWaitForWindowActive(w);
        return true;
    }

    Qt::MouseButtons m_held = Qt::NoButton;
    QPointF m_pos;
};
