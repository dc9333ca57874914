// Preparing a lesson as a teacher does, with real keys, clicks and drags on the main window: the
// current view added as a step and presented again exactly (scene, method, normaliser,
// normalised view, landscape, zoom and centre, panels, walkthrough stage); the note in both
// languages through its dialog; steps reordered by a drag in the list and by the keyboard;
// duplicate, delete, undo; save and load again byte for byte; a scene or sequence file as a
// one-step lesson; the question before unsaved lesson edits are lost.
//
// With ATTENTION_CANVAS_SCREENSHOTS=folder set, screenshots() writes the main window with the
// lesson editor open on a built-in lesson, and the note dialog, in both languages at 1280 × 800
// and 1920 × 1080.

#include "canvas/canvaswidget.h"
#include "canvas/viewtransform.h"
#include "common/mainwindowfixture.h"
#include "common/testsettings.h"
#include "core/lessonfile.h"
#include "core/scenefile.h"
#include "core/sequencefile.h"
#include "document/scenedocument.h"
#include "document/sceneeditor.h"
#include "lesson/lessoneditactions.h"
#include "lesson/lessoneditor.h"
#include "lesson/lessoneditorpanel.h"
#include "lesson/lessonpresenter.h"
#include "lesson/lessonsteplistmodel.h"
#include "lesson/lessontextdialog.h"
#include "mainwindow.h"
#include "model/language.h"
#include "model/lessonsession.h"
#include "model/scenemodel.h"
#include "walkthrough/walkthrough.h"

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QDialogButtonBox>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QInputMethodEvent>
#include <QListView>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QUndoStack>

#include <functional>

namespace {
constexpr const char *kDocks[attn::kLessonPanelCount] = {"dockMethod", "dockExplanation",
                                                         "dockChart", "dockSteps", "dockHeads"};

// A one-step lesson holding `step`, written: two steps are the same when these bytes are.
std::string bytesOf(const attn::LessonStep &step)
{
    attn::Lesson lesson;
    lesson.title.en = "t";
    lesson.steps.push_back(step);
    return attn::writeLesson(lesson);
}

QByteArray readFile(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Runs `act` on the modal widget of type T as soon as one is open (polled from a timer, as the
// dialogs run their own event loop).
template <class T> void whenModal(std::function<void(T *)> act)
{
    auto *timer = new QTimer;
    timer->setInterval(10);
    QObject::connect(timer, &QTimer::timeout, timer, [timer, act] {
        if (auto *w = qobject_cast<T *>(QApplication::activeModalWidget()); w && w->isVisible()) {
            timer->stop();
            timer->deleteLater();
            act(w);
        }
    });
    timer->start();
}

// Presses the message box's button labelled `label` (without its &) with a real click.
void answerBox(const QString &label, QString *name = nullptr)
{
    whenModal<QMessageBox>([label, name](QMessageBox *box) {
        if (name)
            *name = box->objectName();
        for (QAbstractButton *b : box->buttons())
            if (b->text().remove(QLatin1Char('&')) == label) {
                QTest::mouseClick(b, Qt::LeftButton);
                return;
            }
        box->reject();
    });
}
} // namespace

class TestLessonEditor : public QObject
{
    Q_OBJECT

    testsettings::Isolated m_isolated{"tst_lessoneditor"};

private:
    std::unique_ptr<SceneModel> m_model;
    std::unique_ptr<MainWindow> m_window;
    LessonEditActions *m_actions = nullptr;
    LessonSession *m_session = nullptr;

    bool open()
    {
        if (!openMainWindow(m_model, m_window, QSize(1280, 800)))
            return false;
        m_window->activateWindow();
        if (!QTest::qWaitForWindowActive(m_window.get()))
            return false;
        m_actions = m_window->lessonEditActions();
        m_session = m_window->lessonSession();
        return true;
    }

    // The command's key, pressed where the focus is.
    void press(QAction *action)
    {
        // A dialog that just closed may have left no window active: the window's keys need it.
        if (!m_window->isActiveWindow()) {
            m_window->activateWindow();
            QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
        }
        QWidget *focus = QApplication::focusWidget();
        if (!focus || focus->window() != m_window.get())
            focus = m_window.get();
        QTest::keySequence(focus, action->shortcut());
        QCoreApplication::processEvents();
    }

    QListView *list() const { return m_actions->panel()->list(); }

    // The window put into a state far from the default: every field a step saves differs.
    void setUpView()
    {
        MainWindow &w = *m_window;
        SceneEditor *editor = w.editor();
        editor->setMethod(attn::Method::Scaled);
        editor->setNormaliser(attn::Normaliser::Sparsemax);
        editor->setTemperature(0.7);
        editor->setQuery(attn::Vector{{0.4, 1.3}});
        w.findChild<QAction *>(QStringLiteral("actionNormalise"))->setChecked(true);
        w.canvas()->setLandscapeVisible(true);
        w.findChild<QDockWidget *>(QStringLiteral("dockHeads"))->hide();
        w.findChild<QDockWidget *>(QStringLiteral("dockExplanation"))->hide();
        auto *walkthrough = w.findChild<Walkthrough *>();
        walkthrough->setHoldBack(true);
        walkthrough->start();
        walkthrough->nextStep();
        walkthrough->nextStep();
        walkthrough->reveal();
        QCoreApplication::processEvents();
        QTest::qWait(20);
        w.canvas()->setView(ViewTransform(87.5, QPointF(0.25, -0.375), QSizeF(w.canvas()->size())));
    }

    // Whether the window shows `step` exactly as presenting it should.
    void compareWindow(const attn::LessonStep &step)
    {
        MainWindow &w = *m_window;
        QCOMPARE(attn::writeScene(m_model->scene()),
                 attn::writeScene(std::get<attn::Scene>(step.content)));
        QCOMPARE(m_model->normalised(), step.view.normalised);
        QCOMPARE(w.canvas()->landscapeVisible(), step.view.landscape);
        QVERIFY(step.view.zoom);
        QCOMPARE(w.canvas()->view().scale(), step.view.zoom->scale);
        QCOMPARE(w.canvas()->view().centre(),
                 QPointF(step.view.zoom->centreX, step.view.zoom->centreY));
        for (int p = 0; p < attn::kLessonPanelCount; ++p)
            QCOMPARE(!w.findChild<QDockWidget *>(QString::fromLatin1(kDocks[p]))->isHidden(),
                     step.view.panels[std::size_t(p)]);
        auto *walkthrough = w.findChild<Walkthrough *>();
        QCOMPARE(walkthrough->isActive(), step.view.walkthrough.has_value());
        if (step.view.walkthrough) {
            QCOMPARE(walkthrough->step(), step.view.walkthrough->step);
            QCOMPARE(walkthrough->isRevealed(), step.view.walkthrough->revealed);
        }
    }

    // A lesson of `n` steps, each a different temperature, made through the menu's commands.
    void makeLesson(int n)
    {
        for (int i = 0; i < n; ++i) {
            m_window->editor()->setTemperature(0.5 + i);
            press(m_actions->addStep());
        }
        QCOMPARE(m_session->stepCount(), n);
    }

    double temperatureOf(int step) const
    {
        return std::get<attn::Scene>(m_session->lesson().steps[std::size_t(step)].content)
            .temperature;
    }

private slots:
    void cleanup()
    {
        m_actions = nullptr;
        m_session = nullptr;
        m_window.reset();
        m_model.reset();
    }

    void addedViewIsPresentedExactly()
    {
        QVERIFY(open());
        setUpView();
        MainWindow &w = *m_window;
        const ViewTransform view = w.canvas()->view();
        const attn::Scene scene = m_model->scene();

        // No lesson yet: Add Current View as Step starts one, and opens the editor.
        QVERIFY(!m_session->isOpen());
        press(m_actions->addStep());
        QVERIFY(m_session->isOpen());
        QCOMPARE(m_session->stepCount(), 1);
        QVERIFY(m_actions->dock()->isVisible());
        QVERIFY(w.lessonEditor()->isModified());
        const attn::LessonStep step = m_session->lesson().steps.front();

        // What the step holds, field by field, as set above.
        QCOMPARE(attn::writeScene(std::get<attn::Scene>(step.content)), attn::writeScene(scene));
        QCOMPARE(std::get<attn::Scene>(step.content).method, attn::Method::Scaled);
        QCOMPARE(std::get<attn::Scene>(step.content).normaliser, attn::Normaliser::Sparsemax);
        QVERIFY(step.view.normalised);
        QVERIFY(step.view.landscape);
        QCOMPARE(step.view.zoom->scale, view.scale());
        QCOMPARE(step.view.zoom->scale, 87.5);
        QCOMPARE(QPointF(step.view.zoom->centreX, step.view.zoom->centreY), QPointF(0.25, -0.375));
        const std::array<bool, attn::kLessonPanelCount> panels{true, false, true, true, false};
        QCOMPARE(step.view.panels, panels);
        QVERIFY(step.view.walkthrough);
        QCOMPARE(step.view.walkthrough->step, int(Walkthrough::Exponentials));
        QVERIFY(step.view.walkthrough->revealed);
        QVERIFY(!step.note && !step.question);

        // Everything changed, then the step presented again: the window as it was captured.
        w.editor()->setMethod(attn::Method::Additive);
        w.findChild<QAction *>(QStringLiteral("actionNormalise"))->setChecked(false);
        w.canvas()->setLandscapeVisible(false);
        for (const char *dock : kDocks)
            w.findChild<QDockWidget *>(QString::fromLatin1(dock))->show();
        w.findChild<Walkthrough *>()->leave();
        w.canvas()->fitAll();
        m_window->editor()->setTemperature(3);
        press(m_actions->addStep());
        QCOMPARE(m_session->current(), 1);
        // Chosen in the list with a real click.
        const QRect first = list()->visualRect(m_actions->panel()->model()->index(0));
        QTest::mouseClick(list()->viewport(), Qt::LeftButton, Qt::NoModifier, first.center());
        QCOMPARE(m_session->current(), 0);
        QTest::qWait(30);
        compareWindow(step);
        // And the inverse of presenting is the step itself, byte for byte.
        QCOMPARE(bytesOf(m_window->lessonEditActions()->editor()->session()->lesson().steps[0]),
                 bytesOf(step));
        auto *presenter = m_window->findChild<LessonPresenter *>();
        QVERIFY(presenter);
        QCOMPARE(bytesOf(presenter->captureStep()), bytesOf(step));
    }

    void noteInBothLanguages()
    {
        QVERIFY(open());
        makeLesson(2);
        const QString english = QStringLiteral("Scaling keeps the spread steady.\nSee sqrt(d).");
        const QString chinese = QStringLiteral("缩放使分数的分布保持稳定。");
        whenModal<LessonTextDialog>([&](LessonTextDialog *d) {
            d->englishEdit()->setFocus();
            QTest::keyClicks(d->englishEdit(), QStringLiteral("Scaling keeps the spread steady."));
            QTest::keyClick(d->englishEdit(), Qt::Key_Return);
            QTest::keyClicks(d->englishEdit(), QStringLiteral("See sqrt(d)."));
            // Chinese arrives as an input method commits it (Qt Test types Latin-1 only).
            d->chineseEdit()->setFocus();
            QInputMethodEvent commit;
            commit.setCommitString(chinese);
            QApplication::sendEvent(d->chineseEdit(), &commit);
            QTest::mouseClick(d->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok),
                              Qt::LeftButton);
        });
        press(m_actions->editNote());
        const attn::LessonStep &step = m_session->lesson().steps[1];
        QVERIFY(step.note);
        QCOMPARE(QString::fromStdString(step.note->en), english);
        QCOMPARE(QString::fromStdString(step.note->zhCN), chinese);
        QVERIFY(!m_session->lesson().steps[0].note);
        // The list shows the note's first line; the bar under the canvas the whole note.
        QVERIFY(m_actions->panel()->model()->text(1).contains(
            QStringLiteral("Scaling keeps the spread steady.")));
        QCOMPARE(m_session->note(QStringLiteral("zh_CN")), chinese);

        // Emptied in both languages: the step has no note; undo brings it back.
        whenModal<LessonTextDialog>([](LessonTextDialog *d) {
            d->englishEdit()->clear();
            d->chineseEdit()->clear();
            d->accept();
        });
        press(m_actions->editNote());
        QVERIFY(!m_session->lesson().steps[1].note);
        press(m_actions->undo());
        QCOMPARE(QString::fromStdString(m_session->lesson().steps[1].note->zhCN), chinese);

        // Too long for the file: OK is refused and says why.
        whenModal<LessonTextDialog>([](LessonTextDialog *d) {
            d->englishEdit()->setPlainText(
                QString(attn::kMaxLessonNoteBytes + 1, QLatin1Char('x')));
            QVERIFY(!d->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok)->isEnabled());
            d->reject();
        });
        press(m_actions->editNote());
        QCOMPARE(QString::fromStdString(m_session->lesson().steps[1].note->en), english);
    }

    void reorderByDragAndByKeys()
    {
        QVERIFY(open());
        makeLesson(4);
        LessonStepListModel *model = m_actions->panel()->model();
        QListView *view = list();
        QTest::qWait(20);
        // Drag step 1 below step 3: press, move past the drag distance (the view starts its
        // drag), then the drag's events over the list where a drop lands after row 2.
        const QRect from = view->visualRect(model->index(0));
        const QRect over = view->visualRect(model->index(2));
        QTest::mousePress(view->viewport(), Qt::LeftButton, Qt::NoModifier, from.center());
        QTest::mouseMove(view->viewport(),
                         from.center() + QPoint(0, QApplication::startDragDistance() + 2));
        QTest::mouseRelease(view->viewport(), Qt::LeftButton, Qt::NoModifier,
                            from.center() + QPoint(0, QApplication::startDragDistance() + 2));
        std::unique_ptr<QMimeData> mime(model->mimeData({model->index(0)}));
        const QPoint drop(over.center().x(), over.bottom() - 1);
        QDragEnterEvent enter(drop, Qt::MoveAction, mime.get(), Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(view->viewport(), &enter);
        QVERIFY(enter.isAccepted());
        QDragMoveEvent move(drop, Qt::MoveAction, mime.get(), Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(view->viewport(), &move);
        QVERIFY(move.isAccepted());
        QDropEvent dropEvent(QPointF(drop), Qt::MoveAction, mime.get(), Qt::LeftButton,
                             Qt::NoModifier);
        QApplication::sendEvent(view->viewport(), &dropEvent);
        QCOMPARE(temperatureOf(0), 1.5);
        QCOMPARE(temperatureOf(1), 2.5);
        QCOMPARE(temperatureOf(2), 0.5);
        QCOMPARE(temperatureOf(3), 3.5);
        // The moved step is the one on show, and the list's current row.
        QCOMPARE(m_session->current(), 2);
        QCOMPARE(view->currentIndex().row(), 2);
        QCOMPARE(m_model->scene().temperature, 0.5);

        // The keyboard: Alt+Shift+Up and Down in the list move the step on show.
        view->setFocus();
        QTest::keyClick(view, Qt::Key_Up, Qt::AltModifier | Qt::ShiftModifier);
        QCOMPARE(temperatureOf(1), 0.5);
        QCOMPARE(m_session->current(), 1);
        QTest::keyClick(view, Qt::Key_Up, Qt::AltModifier | Qt::ShiftModifier);
        QCOMPARE(temperatureOf(0), 0.5);
        QVERIFY(!m_actions->moveUp()->isEnabled());
        QTest::keyClick(view, Qt::Key_Up, Qt::AltModifier | Qt::ShiftModifier);
        QCOMPARE(temperatureOf(0), 0.5);
        QTest::keyClick(view, Qt::Key_Down, Qt::AltModifier | Qt::ShiftModifier);
        QCOMPARE(temperatureOf(1), 0.5);
        QCOMPARE(view->currentIndex().row(), 1);
        // Each move is one undo step; undoing all of them gives the first order back.
        QUndoStack *stack = m_window->lessonEditor()->undoStack();
        for (int i = 0; i < 4; ++i)
            press(m_actions->undo());
        // The Add steps are left: three, the first step having started the lesson (a new lesson
        // starts a fresh history, like a new scene).
        QCOMPARE(stack->index(), 3);
        for (int i = 0; i < 4; ++i)
            QCOMPARE(temperatureOf(i), 0.5 + i);
    }

    void duplicateAndDelete()
    {
        QVERIFY(open());
        makeLesson(3);
        m_session->goTo(1);
        press(m_actions->duplicateStep());
        QCOMPARE(m_session->stepCount(), 4);
        QCOMPARE(m_session->current(), 2);
        QCOMPARE(bytesOf(m_session->lesson().steps[1]), bytesOf(m_session->lesson().steps[2]));
        press(m_actions->deleteStep());
        press(m_actions->deleteStep());
        QCOMPARE(m_session->stepCount(), 2);
        QCOMPARE(temperatureOf(0), 0.5);
        QCOMPARE(temperatureOf(1), 1.5);
        press(m_actions->deleteStep());
        QCOMPARE(m_session->stepCount(), 1);
        // The last step stays: a lesson has at least one.
        QVERIFY(!m_actions->deleteStep()->isEnabled());
        press(m_actions->deleteStep());
        QCOMPARE(m_session->stepCount(), 1);
        while (m_window->lessonEditor()->undoStack()->canUndo() &&
               m_window->lessonEditor()->undoStack()->index() > 2)
            press(m_actions->undo());
        QCOMPARE(m_session->stepCount(), 3);
        for (int i = 0; i < 3; ++i)
            QCOMPARE(temperatureOf(i), 0.5 + i);
    }

    void saveAndLoadByteForByte()
    {
        QVERIFY(open());
        makeLesson(3);
        m_window->lessonEditor()->setNote(1, attn::LessonText{"A note", "一个注释"});
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("mine.json"));
        QVERIFY(m_actions->saveLessonAs(path));
        QVERIFY(!m_window->lessonEditor()->isModified());
        QCOMPARE(m_window->lessonEditor()->filePath(), path);
        const QByteArray saved = readFile(path);
        QCOMPARE(saved, QByteArray::fromStdString(attn::writeLesson(m_session->lesson())));
        // Opened as any lesson file is, and saved again with Save: the same bytes.
        QVERIFY(m_window->openLesson(path));
        QVERIFY(!m_window->lessonEditor()->isModified());
        QCOMPARE(m_window->lessonEditor()->filePath(), path);
        QCOMPARE(m_window->lessonEditor()->bytes(), saved);
        press(m_actions->duplicateStep());
        QVERIFY(m_window->lessonEditor()->isModified());
        press(m_actions->undo());
        QVERIFY(!m_window->lessonEditor()->isModified());
        QFile::remove(path);
        press(m_actions->save());
        QCOMPARE(readFile(path), saved);

        // A built-in lesson saved and read back: the same bytes again.
        QVERIFY(m_window->openLesson(QStringLiteral(":/lessons/01-query-key-value.json")));
        QVERIFY(m_window->lessonEditor()->filePath().isEmpty());
        const QString copy = dir.filePath(QStringLiteral("copy.json"));
        QVERIFY(m_actions->saveLessonAs(copy));
        LessonSession again;
        QVERIFY(again.load(copy, nullptr));
        QCOMPARE(QByteArray::fromStdString(attn::writeLesson(again.lesson())), readFile(copy));
    }

    void sceneOrSequenceFileAsOneStepLesson()
    {
        QVERIFY(open());
        QTemporaryDir dir;
        attn::Scene scene = m_model->scene();
        scene.method = attn::Method::Cosine;
        scene.temperature = 2.5;
        const QString scenePath = dir.filePath(QStringLiteral("cosine.json"));
        {
            QFile f(scenePath);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(attn::writeScene(scene).c_str());
        }
        QVERIFY(m_actions->openFileAsLesson(scenePath));
        QCOMPARE(m_session->stepCount(), 1);
        QVERIFY(m_session->currentStep().isScene());
        QCOMPARE(attn::writeScene(std::get<attn::Scene>(m_session->currentStep().content)),
                 attn::writeScene(scene));
        QCOMPARE(m_session->title(QStringLiteral("en")), QStringLiteral("cosine"));
        QCOMPARE(attn::writeScene(m_model->scene()), attn::writeScene(scene));
        QVERIFY(m_window->lessonEditor()->isModified());
        QVERIFY(m_window->lessonEditor()->filePath().isEmpty());

        // A sequence file: the step of a built-in lesson that holds one.
        LessonSession builtIn;
        QVERIFY(builtIn.load(QStringLiteral(":/lessons/05-positions.json"), nullptr));
        const attn::LessonStep *sequenceStep = nullptr;
        for (const attn::LessonStep &s : builtIn.lesson().steps)
            if (!s.isScene())
                sequenceStep = &s;
        QVERIFY(sequenceStep);
        const auto &document = std::get<attn::SequenceDocument>(sequenceStep->content);
        const QString sequencePath = dir.filePath(QStringLiteral("positions.json"));
        {
            QFile f(sequencePath);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(attn::writeSequence(document).c_str());
        }
        QString question;
        answerBox(QStringLiteral("Discard"), &question);
        QVERIFY(m_window->lessonEditActions()->maybeSave());
        QCOMPARE(question, QStringLiteral("unsavedLessonBox"));
        QVERIFY(m_actions->openFileAsLesson(sequencePath));
        QCOMPARE(m_session->stepCount(), 1);
        QVERIFY(!m_session->currentStep().isScene());
        QCOMPARE(
            attn::writeSequence(std::get<attn::SequenceDocument>(m_session->currentStep().content)),
            attn::writeSequence(document));

        // Not a scene, a sequence or a lesson: refused with a warning, nothing changes.
        const QString junk = dir.filePath(QStringLiteral("junk.json"));
        {
            QFile f(junk);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("{\"format\": \"something\"}");
        }
        answerBox(QStringLiteral("OK"));
        QVERIFY(!m_actions->openFileAsLesson(junk));
        QVERIFY(!m_session->currentStep().isScene());
    }

    void unsavedEditsAreAskedAbout()
    {
        QVERIFY(open());
        makeLesson(2);
        // File → New with unsaved lesson edits: Cancel keeps the lesson.
        QString question;
        answerBox(QStringLiteral("Cancel"), &question);
        m_window->findChild<QAction *>(QStringLiteral("actionNew"))->trigger();
        QCOMPARE(question, QStringLiteral("unsavedLessonBox"));
        QVERIFY(m_session->isOpen());
        QCOMPARE(m_session->stepCount(), 2);
        // Discard lets it go.
        answerBox(QStringLiteral("Discard"));
        m_window->findChild<QAction *>(QStringLiteral("actionNew"))->trigger();
        QVERIFY(!m_session->isOpen());
        QVERIFY(!m_window->lessonEditor()->isModified());
    }

    void screenshots_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<QSize>("size");
        for (const char *language : {"en", "zh_CN"})
            for (const QSize size : {QSize(1280, 800), QSize(1920, 1080)})
                QTest::newRow(qPrintable(QStringLiteral("%1-%2x%3")
                                             .arg(QLatin1String(language))
                                             .arg(size.width())
                                             .arg(size.height())))
                    << QString::fromLatin1(language) << size;
    }

    void screenshots()
    {
        const QString folder = qEnvironmentVariable("ATTENTION_CANVAS_SCREENSHOTS");
        if (folder.isEmpty())
            QSKIP("set ATTENTION_CANVAS_SCREENSHOTS to a folder to write the screenshots");
        QFETCH(QString, language);
        QFETCH(QSize, size);
        QVERIFY(Language::install(language));
        const auto english = qScopeGuard([] { Language::install(QStringLiteral("en")); });
        QVERIFY(openMainWindow(m_model, m_window, size));
        m_actions = m_window->lessonEditActions();
        m_session = m_window->lessonSession();
        QVERIFY(m_window->openLesson(QStringLiteral(":/lessons/03-five-scores.json")));
        m_actions->showEditor()->trigger();
        m_session->goTo(2);
        m_session->next();
        m_window->lessonEditor()->duplicateStep(2);
        QTest::qWait(300);
        const QString tag = QString::fromLatin1(QTest::currentDataTag());
        QVERIFY(m_window->grab().save(
            QDir(folder).filePath(QStringLiteral("lesson-editor-%1.png").arg(tag))));
        if (size == QSize(1280, 800)) {
            bool grabbed = false;
            whenModal<LessonTextDialog>([&](LessonTextDialog *d) {
                QTest::qWait(100);
                grabbed = d->grab().save(
                    QDir(folder).filePath(QStringLiteral("lesson-note-%1.png").arg(tag)));
                d->reject();
            });
            m_actions->editNote()->trigger();
            QVERIFY(grabbed);
            m_window->menuBar()->setActiveAction(m_actions->menu()->menuAction());
            QTest::qWait(200);
            QVERIFY(m_actions->menu()->grab().save(
                QDir(folder).filePath(QStringLiteral("lesson-menu-%1.png").arg(tag))));
            m_actions->menu()->close();
        }
    }
};

QTEST_MAIN(TestLessonEditor)

#include "tst_lessoneditor.moc"
