// Presenting a lesson as a teacher does: the built-in lessons load and every step computes; a
// clicker's Page Down and Page Up (sent to the window as real key events) go through the steps,
// each step showing exactly what the lesson saved however the class changed the previous one;
// a question holds its numbers back until the next key; File → Open and Help → Lessons open
// lessons; a sequence step goes to the Sequence window.

#include "canvas/canvaswidget.h"
#include "common/clifiles.h"
#include "common/mainwindowfixture.h"
#include "core/lessonfile.h"
#include "core/scenefile.h"
#include "core/sequencefile.h"
#include "core/sequenceforward.h"
#include "core/sequencetrainer.h"
#include "core/trainingrun.h"
#include "core/trainingtask.h"
#include "document/scenedocument.h"
#include "lesson/lessonbar.h"
#include "mainwindow.h"
#include "model/language.h"
#include "model/lessonsession.h"
#include "model/scenemodel.h"
#include "model/sequencesession.h"
#include "panels/temperaturecontrol.h"
#include "sequence/sequencewindow.h"
#include "walkthrough/walkthrough.h"

#include <QAction>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QFileInfo>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTest>

namespace {
constexpr const char *kDocks[attn::kLessonPanelCount] = {"dockMethod", "dockExplanation",
                                                         "dockChart", "dockSteps", "dockHeads"};

attn::Lesson read(const QString &path)
{
    LessonSession session;
    QString why;
    if (!session.load(path, &why))
        qFatal("%s: %s", qPrintable(path), qPrintable(why));
    return session.lesson();
}
} // namespace

class TestLessonPresenter : public QObject
{
    Q_OBJECT

private slots:
    void cleanup()
    {
        m_window.reset();
        m_model.reset();
    }

    void builtInLessonsLoadAndCompute()
    {
        const QStringList paths = LessonSession::builtInPaths();
        QVERIFY(paths.size() >= 4);
        for (const QString &path : paths) {
            const attn::Lesson lesson = read(path);
            QVERIFY2(lesson.steps.size() >= 6, qPrintable(path));
            // Both languages everywhere: no text falls back to the other one.
            QVERIFY(!lesson.title.en.empty() && !lesson.title.zhCN.empty());
            for (std::size_t i = 0; i < lesson.steps.size(); ++i) {
                const attn::LessonStep &step = lesson.steps[i];
                const QString where = QStringLiteral("%1 step %2").arg(path).arg(i);
                QVERIFY2(step.note && !step.note->en.empty() && !step.note->zhCN.empty(),
                         qPrintable(where));
                if (step.question)
                    QVERIFY2(!step.question->prompt.en.empty() &&
                                 !step.question->prompt.zhCN.empty(),
                             qPrintable(where));
                if (step.isScene()) {
                    SceneModel model;
                    QVERIFY2(!model.setScene(std::get<attn::Scene>(step.content)),
                             qPrintable(where));
                    QVERIFY2(model.hasResult(), qPrintable(where));
                    QVERIFY(model.result().weights.allFinite());
                    QVERIFY(model.result().output.allFinite());
                } else {
                    const auto &doc = std::get<attn::SequenceDocument>(step.content);
                    auto pass = attn::SequenceForward::run(doc.model, doc.examples.front().tokens);
                    QVERIFY2(pass.ok() && pass->logits.allFinite(), qPrintable(where));
                }
            }
            // Written back, a built-in lesson reads as the same lesson.
            auto again = attn::parseLesson(attn::writeLesson(lesson));
            QVERIFY(again.ok());
            QCOMPARE(attn::writeLesson(*again), attn::writeLesson(lesson));
        }
    }

    // The article's numbers that the first lesson's notes quote, computed here by hand.
    void firstLessonQuotesTheNumbers()
    {
        const attn::Lesson lesson = read(QStringLiteral(":/lessons/01-query-key-value.json"));
        const double s[3] = {1.2 * 0.5 + 0.8 * 1.0, 1.2 * 1.5 + 0.8 * 0.5, 1.2 * 0.8 + 0.8 * 1.2};
        const double sum = std::exp(s[0]) + std::exp(s[1]) + std::exp(s[2]);
        const double w[3] = {std::exp(s[0]) / sum, std::exp(s[1]) / sum, std::exp(s[2]) / sum};
        const std::string &note = lesson.steps[1].note->en;
        for (double x : w)
            QVERIFY2(note.find(QString::number(x, 'f', 2).toStdString()) != std::string::npos,
                     note.c_str());
        const std::string &output = lesson.steps[4].note->en;
        const double ox = w[0] + w[2], oy = w[1] + w[2];
        QVERIFY(output.find(QStringLiteral("(%1, %2)")
                                .arg(QString::number(ox, 'f', 2), QString::number(oy, 'f', 2))
                                .toStdString()) != std::string::npos);
    }

    void aNumberTypedButNotCommittedStaysBehind()
    {
        // τ typed into its box without Enter, then a lesson opened: the step shows the scene the
        // lesson saved, not the typed τ (the box commits when hidden; the GUI monkey found it).
        QVERIFY(openMainWindow(m_model, m_window));
        MainWindow &w = *m_window;
        auto *box = w.findChild<TemperatureControl *>()->findChild<QDoubleSpinBox *>();
        QVERIFY(box);
        for (const QString &path : LessonSession::builtInPaths()) {
            const attn::Lesson lesson = read(path);
            if (!lesson.steps.front().isScene())
                continue;
            w.findChild<QDockWidget *>(QStringLiteral("dockMethod"))->show();
            box->setFocus();
            QTest::keyClick(box, Qt::Key_A, Qt::ControlModifier);
            QTest::keyClicks(box, QStringLiteral("7.5"));
            QVERIFY(w.openLesson(path));
            QCoreApplication::processEvents();
            QCOMPARE(attn::writeScene(m_model->scene()),
                     attn::writeScene(std::get<attn::Scene>(lesson.steps.front().content)));
        }
    }

    void clickerWalksEachStepExactly()
    {
        QVERIFY(openMainWindow(m_model, m_window));
        MainWindow &w = *m_window;
        const QString path = QStringLiteral(":/lessons/01-query-key-value.json");
        const attn::Lesson lesson = read(path);
        QVERIFY(w.openLesson(path));
        LessonSession *session = w.lessonSession();
        auto *walkthrough = w.findChild<Walkthrough *>();
        QVERIFY(walkthrough);
        QVERIFY(w.lessonBar()->isVisible());
        w.canvas()->setFocus();

        // Where each state should be: (step, asking), forward.
        QList<QPair<int, bool>> states;
        for (int i = 0; i < int(lesson.steps.size()); ++i) {
            if (lesson.steps[std::size_t(i)].question)
                states.append({i, true});
            states.append({i, false});
        }
        // `entered`: the step was just entered, so everything it saved is back, the scene too;
        // between a question and its answer the scene stays as the class left it.
        auto check = [&](int index, bool entered) {
            const auto [stepIndex, asking] = states[index];
            QCOMPARE(session->current(), stepIndex);
            QCOMPARE(session->isAsking(), asking);
            const attn::LessonStep &step = lesson.steps[std::size_t(stepIndex)];
            if (entered) {
                QCOMPARE(attn::writeScene(m_model->scene()),
                         attn::writeScene(std::get<attn::Scene>(step.content)));
                QVERIFY(!w.document()->isModified());
            }
            QCOMPARE(m_model->normalised(), step.view.normalised);
            QCOMPARE(w.canvas()->landscapeVisible(), step.view.landscape);
            // Open or closed (a dock tabbed behind another is open but not on top).
            for (int p = 0; p < attn::kLessonPanelCount; ++p)
                QCOMPARE(w.findChild<QDockWidget *>(QString::fromLatin1(kDocks[p]))
                             ->toggleViewAction()
                             ->isChecked(),
                         step.view.panels[std::size_t(p)]);
            if (asking) {
                // The question, and the numbers it asks for held back.
                QVERIFY(walkthrough->isActive());
                QVERIFY(!walkthrough->isRevealed());
                QVERIFY(!w.canvas()->weightsShown());
                QVERIFY(w.lessonBar()->captionText().contains(
                    QString::fromStdString(step.question->prompt.en)));
            } else {
                QCOMPARE(walkthrough->isActive(), step.view.walkthrough.has_value());
                if (step.view.walkthrough) {
                    QCOMPARE(walkthrough->step(), step.view.walkthrough->step);
                    QCOMPARE(walkthrough->isRevealed(), step.view.walkthrough->revealed);
                }
                QCOMPARE(w.lessonBar()->captionText(), QString::fromStdString(step.note->en));
            }
            QCOMPARE(w.lessonBar()->counterText(),
                     QStringLiteral("Step %1 of %2").arg(stepIndex + 1).arg(lesson.steps.size()));
        };
        // The class drags the query away before every key press: the next step starts clean.
        auto drag = [&] {
            CanvasWidget *canvas = w.canvas();
            const QPoint from =
                canvas->view().toScreen(canvas->tipOf({VectorHandle::Kind::Query, -1})).toPoint();
            const QPoint to = from + QPoint(-60, 45);
            QTest::mousePress(canvas, Qt::LeftButton, Qt::NoModifier, from);
            for (int i = 1; i <= 4; ++i)
                QTest::mouseMove(canvas, from + (to - from) * i / 4);
            QTest::mouseRelease(canvas, Qt::LeftButton, Qt::NoModifier, to);
        };

        check(0, true);
        for (int i = 1; i < states.size(); ++i) {
            drag();
            QVERIFY(w.document()->isModified());
            // Page Down and Space alternate: both are the clicker's "next".
            QTest::keyClick(w.canvas(), i % 2 ? Qt::Key_PageDown : Qt::Key_Space);
            QCoreApplication::processEvents();
            const bool entered = states[i].first != states[i - 1].first;
            if (!entered)
                QVERIFY(w.document()->isModified());
            check(i, entered);
        }
        // At the end Page Down does nothing.
        QTest::keyClick(w.canvas(), Qt::Key_PageDown);
        QCOMPARE(session->current(), int(lesson.steps.size()) - 1);
        // And back to the start, each step (at its answer, then its question) restored.
        for (int i = states.size() - 2; i >= 0; --i) {
            drag();
            QTest::keyClick(w.canvas(), Qt::Key_PageUp);
            QCoreApplication::processEvents();
            check(i, states[i].first != states[i + 1].first);
        }
        QCOMPARE(session->current(), 0);
    }

    void arrowsStayWithTheCanvas()
    {
        QVERIFY(openMainWindow(m_model, m_window));
        MainWindow &w = *m_window;
        QVERIFY(w.openLesson(QStringLiteral(":/lessons/03-five-scores.json")));
        LessonSession *session = w.lessonSession();
        // The canvas pans with → when nothing is selected: the lesson leaves it that key.
        w.canvas()->setFocus();
        const ViewTransform before = w.canvas()->view();
        QTest::keyClick(w.canvas(), Qt::Key_Right);
        QCOMPARE(session->current(), 0);
        QVERIFY(!(w.canvas()->view() == before));
        // Where nothing uses it (the window itself has the focus), → steps and ← steps back.
        w.canvas()->clearFocus();
        w.setFocus();
        QTest::keyClick(&w, Qt::Key_Right);
        QCOMPARE(session->current(), 1);
        QTest::keyClick(&w, Qt::Key_Left);
        QCOMPARE(session->current(), 0);
        // Ending the lesson gives the keys back.
        QTest::mouseClick(w.lessonBar()->findChild<QPushButton *>(QStringLiteral("lessonEnd")),
                          Qt::LeftButton);
        QVERIFY(!session->isOpen());
        QVERIFY(!w.lessonBar()->isVisible());
    }

    void captionToggles()
    {
        QVERIFY(openMainWindow(m_model, m_window));
        MainWindow &w = *m_window;
        QVERIFY(w.openLesson(QStringLiteral(":/lessons/02-scaling-temperature.json")));
        QVERIFY(w.lessonBar()->captionShown());
        w.lessonBar()->captionAction()->trigger();
        QVERIFY(!w.lessonBar()->captionShown());
        // A question is shown whatever the caption: it is what the class is asked.
        QTest::keyClick(w.canvas(), Qt::Key_PageDown);
        QVERIFY(w.lessonSession()->isAsking());
        QVERIFY(w.lessonBar()->captionShown());
        w.lessonBar()->captionAction()->trigger();
    }

    void menusOpenLessons()
    {
        QVERIFY(openMainWindow(m_model, m_window));
        MainWindow &w = *m_window;
        auto *menu = w.findChild<QMenu *>(QStringLiteral("menuLessons"));
        QVERIFY(menu);
        QCOMPARE(menu->actions().size(), LessonSession::builtInPaths().size());
        QCOMPARE(menu->actions().first()->text(),
                 QStringLiteral("Query, key, value and the dot product"));
        menu->actions().at(3)->trigger();
        QCOMPARE(w.lessonSession()->title(QStringLiteral("en")),
                 QStringLiteral("Multi-head attention"));
        QVERIFY(w.windowTitle().startsWith(QStringLiteral("Multi-head attention")));

        // File → Open takes a lesson file as readily as a scene.
        QTemporaryDir dir;
        QString why;
        const QString path = dir.filePath(QStringLiteral("copy.json"));
        QVERIFY(w.lessonSession()->save(path, &why));
        w.lessonSession()->close();
        QVERIFY(w.openScene(path));
        QVERIFY(w.lessonSession()->isOpen());
        QCOMPARE(w.lessonSession()->path(), path);
        // A scene file ends the lesson.
        const QString scene =
            clifiles::write(dir, QStringLiteral("scene.json"), clifiles::kArticleScene);
        QVERIFY(w.openScene(scene));
        QVERIFY(!w.lessonSession()->isOpen());
    }

    void sequenceStepUsesTheSequenceWindow()
    {
        QVERIFY(openMainWindow(m_model, m_window));
        MainWindow &w = *m_window;
        const QByteArray sequence = clifiles::identitySequence(R"([{"tokens": ["y", "x", "y"]}])");
        const QByteArray text = R"({"format": "attention-canvas-lesson", "version": 1,
            "title": {"en": "Mixed"}, "steps": [{"scene": )" +
                                QByteArray(clifiles::kArticleScene) + R"(}, {"sequence": )" +
                                sequence + R"(}]})";
        QTemporaryDir dir;
        const QString path = clifiles::write(dir, QStringLiteral("mixed.json"), text);
        QVERIFY(w.openLesson(path));
        w.canvas()->setFocus();
        QTest::keyClick(w.canvas(), Qt::Key_PageDown);
        SequenceWindow *window = w.sequenceWindow();
        QVERIFY(window->isVisible());
        QCOMPARE(window->session()->tokens(), (std::vector<int>{1, 0, 1}));
        QCOMPARE(attn::writeSequence(window->session()->document()),
                 attn::writeSequence(*attn::parseSequence(sequence.toStdString())));
        // The clicker works from the Sequence window too.
        window->activateWindow();
        QTest::keyClick(window, Qt::Key_PageUp);
        QCOMPARE(w.lessonSession()->current(), 0);
    }

    void trainingStepsOpenOnTheTrainingTab()
    {
        // The sixth lesson alternates models to train (a training block) with trained ones.
        QVERIFY(openMainWindow(m_model, m_window));
        MainWindow &w = *m_window;
        QVERIFY(w.openLesson(QStringLiteral(":/lessons/06-watching-attention-learn.json")));
        SequenceWindow *window = w.sequenceWindow();
        QVERIFY(window->isVisible());
        QCOMPARE(window->tabs()->currentIndex(), SequenceWindow::kTrainingTab);
        window->activateWindow();
        QTest::keyClick(window, Qt::Key_PageDown);
        QCOMPARE(w.lessonSession()->current(), 1);
        QVERIFY(!window->session()->document().training);
        QCOMPARE(window->tabs()->currentIndex(), 0);
        QTest::keyClick(window, Qt::Key_PageDown);
        QCOMPARE(window->tabs()->currentIndex(), SequenceWindow::kTrainingTab);
    }

    // Every number the sixth lesson's notes quote, from training its models here with the
    // files' own settings (what Play does) and measuring with the scores the Training tab shows.
    void sixthLessonQuotesItsTrainingRuns()
    {
        const attn::Lesson lesson =
            read(QStringLiteral(":/lessons/06-watching-attention-learn.json"));
        QCOMPARE(lesson.steps.size(), std::size_t(7));
        const auto doc = [&](std::size_t i) -> const attn::SequenceDocument & {
            return std::get<attn::SequenceDocument>(lesson.steps[i].content);
        };
        const auto quotes = [&](std::size_t i, double x, int decimals) {
            const QString number = QString::number(x, 'f', decimals);
            for (const std::string &note : {lesson.steps[i].note->en, lesson.steps[i].note->zhCN})
                if (note.find(number.toStdString()) == std::string::npos)
                    return false;
            return true;
        };
        struct Trained
        {
            attn::TrainingRun run;
            attn::SequenceModel model;
        };
        const auto train = [](const attn::SequenceDocument &d,
                              attn::Normaliser normaliser = attn::Normaliser::Softmax) {
            attn::SequenceModel model = d.model;
            model.normaliser = normaliser;
            attn::SequenceTrainer trainer(model, d.examples, d.trainingSettings);
            auto run = attn::TrainingRun::run(trainer, d.trainingSettings.steps);
            if (!run.ok())
                qFatal("training failed");
            return Trained{std::move(run).value(), trainer.model()};
        };
        const auto loss = [](const Trained &t, int step) { return *t.run.losses[step]; };
        // Trained models alternate with the models they came from: same weights after training.
        const std::pair<std::size_t, std::size_t> pairs[] = {{0, 1}, {3, 4}};
        for (const auto &[untrained, trained] : pairs) {
            QVERIFY(doc(untrained).training && !doc(trained).training);
            const Trained t = train(doc(untrained));
            QCOMPARE(attn::writeSequence({t.model, doc(untrained).examples, {}, {}, {}}),
                     attn::writeSequence({doc(trained).model, doc(untrained).examples, {}, {}, {}}));
        }
        using attn::TrainingTask;
        // Step 1 and 2: previous token.
        const Trained previous = train(doc(0));
        QVERIFY(quotes(0, loss(previous, 0), 2) && quotes(0, std::log(6.0), 2));
        QVERIFY(quotes(0, loss(previous, 30), 2));
        QVERIFY(quotes(0, 100 * *previous.run.accuracies[30], 0));
        QCOMPARE(*previous.run.accuracies[40], 1.0);
        QVERIFY(quotes(1, *TrainingTask::previousTokenScore(previous.model, doc(0).examples, 0, 0), 2));
        QCOMPARE(doc(0).trainingSettings.steps, 150);
        // Step 3: first token.
        const Trained first = train(doc(2));
        QVERIFY(quotes(2, loss(first, 0), 2) && quotes(2, loss(first, 10), 2));
        QVERIFY(loss(first, 20) < 0.001);
        QVERIFY(*TrainingTask::firstTokenScore(first.model, doc(2).examples, 0, 0) > 0.99);
        QCOMPARE(doc(2).trainingSettings.steps, 100);
        // Steps 4 and 5: induction.
        const Trained induction = train(doc(3));
        QVERIFY(quotes(3, loss(induction, 0), 2) && quotes(3, std::log(12.0), 2));
        for (int step : {40, 100, 150, 250})
            QVERIFY2(quotes(3, loss(induction, step), 2), qPrintable(QString::number(step)));
        QCOMPARE(doc(3).trainingSettings.steps, 300);
        QVERIFY(quotes(4, *TrainingTask::previousTokenScore(induction.model, doc(3).examples, 0, 0), 2));
        QVERIFY(quotes(4, *TrainingTask::inductionScore(induction.model, doc(3).examples, 1, 0), 2));
        // Step 6: two heads, two jobs.
        const Trained two = train(doc(5));
        QVERIFY(quotes(5, loss(two, 0), 2) && quotes(5, loss(two, 50), 2));
        QVERIFY(loss(two, 100) < 0.001);
        const double lookBack = *TrainingTask::previousTokenScore(two.model, doc(5).examples, 0, 0);
        const double lookFirst = *TrainingTask::firstTokenScore(two.model, doc(5).examples, 0, 1);
        QVERIFY2(quotes(5, lookBack, 2), qPrintable(QString::number(lookBack)));
        QVERIFY2(quotes(5, lookFirst, 2), qPrintable(QString::number(lookFirst)));
        // Step 7: the sink, three ways.
        QCOMPARE(doc(6).trainingSettings.steps, 300);
        for (auto [normaliser, decimals] : {std::pair{attn::Normaliser::Softmax, 2},
                                            {attn::Normaliser::Softmax1, 2},
                                            {attn::Normaliser::Sigmoid, 2}}) {
            const Trained sink = train(doc(6), normaliser);
            const double score = *TrainingTask::firstTokenScore(sink.model, doc(6).examples, 0, 0);
            QVERIFY2(quotes(6, score, decimals), qPrintable(QString::number(score)));
        }
    }

    // Not a check: with AC_LESSON_PICTURES=<folder> set, draws every step of every built-in
    // lesson as presented (both languages, 1280 × 800 and 1920 × 1080, normal and presentation
    // mode) into that folder, for looking at; AC_LESSON_ONLY=01-query-key-value,… limits it to
    // those lessons. Skipped otherwise. All of them take minutes on a busy machine: raise
    // QTEST_FUNCTION_TIMEOUT (milliseconds) above Qt Test's 300000. Presentation mode fills the
    // screen, so the offscreen platform needs a screen of the size, e.g.
    // QT_QPA_PLATFORM=offscreen:configfile=screen.json with {"screens": [{"width": 1920, …}]}.
    void pictures()
    {
        const QString folder = qEnvironmentVariable("AC_LESSON_PICTURES");
        if (folder.isEmpty())
            QSKIP("set AC_LESSON_PICTURES to a folder to draw the lessons");
        const QStringList only =
            qEnvironmentVariable("AC_LESSON_ONLY").split(u',', Qt::SkipEmptyParts);
        for (const QString &language : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
            QVERIFY(Language::install(language));
            for (const QSize size : {QSize(1280, 800), QSize(1920, 1080)}) {
                for (const bool presenting : {false, true}) {
                    QVERIFY(openMainWindow(m_model, m_window, size));
                    MainWindow &w = *m_window;
                    if (presenting) {
                        w.setPresentationMode(true);
                        w.resize(size);
                    }
                    for (const QString &path : LessonSession::builtInPaths()) {
                        const QString name = QFileInfo(path).baseName();
                        if (!only.isEmpty() && !only.contains(name))
                            continue;
                        QVERIFY(w.openLesson(path));
                        int state = 0;
                        do {
                            QTest::qWait(50);
                            const QString file =
                                QStringLiteral("%1/%2-%3-%4x%5%6-%7.png")
                                    .arg(folder, name, language)
                                    .arg(size.width())
                                    .arg(size.height())
                                    .arg(presenting ? QStringLiteral("-present") : QString())
                                    .arg(state++, 2, 10, QLatin1Char('0'));
                            // A sequence step is shown in the Sequence window.
                            QWidget *shown = w.lessonSession()->currentStep().isScene()
                                                 ? static_cast<QWidget *>(&w)
                                                 : w.sequenceWindow();
                            if (shown != &w)
                                shown->resize(size);
                            QTest::qWait(50);
                            QVERIFY(shown->grab().save(file));
                        } while (w.lessonSession()->next());
                    }
                    m_window.reset();
                }
            }
        }
        Language::install(QStringLiteral("en"));
    }

private:
    std::unique_ptr<SceneModel> m_model;
    std::unique_ptr<MainWindow> m_window;
};

QTEST_MAIN(TestLessonPresenter)
#include "tst_lessonpresenter.moc"
