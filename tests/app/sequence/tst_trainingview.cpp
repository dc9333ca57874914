#include "core/sequencefile.h"
#include "core/sequenceforward.h"
#include "core/sequencetrainer.h"
#include "core/trainingtask.h"
#include "model/sequencesession.h"
#include "model/trainingsession.h"
#include "sequence/sequenceembeddingcanvas.h"
#include "sequence/sequenceheatmapgrid.h"
#include "sequence/sequenceqkcanvas.h"
#include "sequence/sequencewindow.h"
#include "sequence/trainingchart.h"
#include "sequence/trainingview.h"
#include "sequence/weightheatmaps.h"
#include "theme/colorscheme.h"
#include "theme/heatramp.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QElapsedTimer>
#include <QImage>
#include <QLabel>
#include <QLineSeries>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalSpy>
#include <QSlider>
#include <QSpinBox>
#include <QTabBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

// The Training tab driven like a learner would: open the previous-token task, click Play, watch
// a few hundred steps, pause, scrub back along the timeline, fork, switch the head off — and
// every map checked against the core's forward pass on the snapshot it claims to show.
class TestTrainingView : public QObject
{
    Q_OBJECT

    static attn::SequenceDocument task() { return attn::TrainingTask::previousToken({}); }

    static void openTask(SequenceWindow &window, const attn::SequenceDocument &document = task())
    {
        QVERIFY(
            window.session()->loadText(QByteArray::fromStdString(attn::writeSequence(document))));
        QTabBar *bar = window.tabs()->tabBar();
        QTest::mouseClick(bar, Qt::LeftButton, {}, bar->tabRect(1).center());
        QCOMPARE(window.tabs()->currentIndex(), 1);
    }

    static void showWindow(SequenceWindow &window)
    {
        window.resize(1280, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
    }

    // The maps and q/k planes show exactly the core's pass of `model` on example `e`.
    static void checkViews(TrainingView *view, const attn::SequenceModel &model, int e)
    {
        const auto &tokens = view->session()->document().examples[std::size_t(e)].tokens;
        auto expected = attn::SequenceForward::run(model, tokens);
        QVERIFY(expected.ok());
        const auto &shown = view->viewSession()->forward();
        QCOMPARE(shown.tokens, tokens);
        const QImage image = view->heatmaps()->grab().toImage();
        for (std::size_t l = 0; l < expected->layers.size(); ++l)
            for (std::size_t h = 0; h < expected->layers[l].heads.size(); ++h) {
                const auto &want = expected->layers[l].heads[h];
                QCOMPARE(shown.layers[l].heads[h].weights, want.weights);
                QCOMPARE(shown.layers[l].heads[h].q, want.q);
                QCOMPARE(shown.layers[l].heads[h].k, want.k);
                for (int i = 0; i < int(tokens.size()); ++i)
                    for (int j = 0; j <= i; ++j) {
                        const QRect cell = view->heatmaps()->cellRect(int(l), int(h), i, j);
                        QVERIFY(!cell.isEmpty());
                        QCOMPARE(image.pixelColor(cell.center() * image.devicePixelRatio()).rgb(),
                                 HeatRamp::color(want.weights(i, j)).rgb());
                    }
            }
        QCOMPARE(view->weights()->entries().front().matrix, model.weights.embedding);
    }

private slots:
    void trainsScrubsForksAndAblates()
    {
        SequenceWindow window;
        showWindow(window);
        openTask(window);
        TrainingView *view = window.trainingView();
        TrainingSession *session = view->session();
        QCOMPARE(session->step(), 0);
        QCOMPARE(session->document().examples.size(), task().examples.size());

        QSignalSpy progressed(session, &TrainingSession::progressed);
        QElapsedTimer clock;
        clock.start();
        QTest::mouseClick(view->playButton(), Qt::LeftButton);
        QVERIFY(session->isRunning());
        QTRY_VERIFY_WITH_TIMEOUT(session->step() >= 100, 120000);

        // While it trains, a click on the learning-rate slider is handled at once (the step
        // arithmetic is elsewhere), and the views follow.
        qint64 slowest = 0;
        for (int i = 0; i < 5; ++i) {
            QElapsedTimer t;
            t.start();
            QTest::keyClick(view->rateSlider(), i % 2 ? Qt::Key_Left : Qt::Key_Right);
            slowest = std::max(slowest, t.elapsed());
            QTest::qWait(30);
        }
        QTRY_VERIFY_WITH_TIMEOUT(session->step() >= 300, 120000);
        const double seconds = clock.elapsed() / 1000.0;
        const double updates = progressed.count() / seconds;
        qInfo("%d steps in %.2f s: %.0f view updates per second, %.0f steps/s, slowest key %lld ms",
              session->step(), seconds, updates, session->stepsPerSecond(), slowest);
        QVERIFY2(updates >= 15, qPrintable(QString::number(updates)));
        QVERIFY(slowest < 100);
        QVERIFY(view->speedLabel()->text().contains(QStringLiteral("steps/s")));

        QTest::mouseClick(view->playButton(), Qt::LeftButton);
        QVERIFY(!session->isRunning());
        QTest::qWait(200);
        const TrainingSnapshot &last = session->snapshots().back();
        QCOMPARE(view->shownIndex(), int(session->snapshots().size()) - 1);
        QVERIFY(*last.loss < 0.5 * *session->snapshots().front().loss);
        QVERIFY(view->statusLabel()->text().contains(QString::number(last.step)));
        checkViews(view, last.model, 0);
        // The loss chart holds the session's curve, its marker on the shown step.
        QCOMPARE(view->lossChart()->line(0)->count(), int(session->points().size()));
        QCOMPARE(view->lossChart()->marker(), last.step);

        // Scrub back to the start with the keyboard, then a few pages on.
        view->timeline()->setFocus();
        QTest::keyClick(view->timeline(), Qt::Key_Home);
        QCOMPARE(view->shownIndex(), 0);
        checkViews(view, task().model, 0);
        QTest::keyClick(view->timeline(), Qt::Key_PageUp);
        QTest::keyClick(view->timeline(), Qt::Key_PageUp);
        const int index = view->shownIndex();
        QVERIFY(index > 0);
        const TrainingSnapshot earlier = session->snapshots()[std::size_t(index)];
        checkViews(view, earlier.model, 0);
        QCOMPARE(view->lossChart()->marker(), earlier.step);
        // Another example.
        QTest::keyClick(view->exampleBox(), Qt::Key_Up);
        QCOMPARE(view->exampleBox()->value(), 2);
        checkViews(view, earlier.model, 1);

        // Switch the head off: the numbers are those of the model with W_O zeroed by hand.
        QCheckBox *head = view->headBox(0, 0);
        QVERIFY(head && head->isChecked());
        QTest::mouseClick(head, Qt::LeftButton, {}, QPoint(8, head->height() / 2));
        QVERIFY(!head->isChecked());
        attn::SequenceModel silent = earlier.model;
        silent.weights.layers[0].wo.setZero();
        checkViews(view, silent, 1);
        const auto evaluation = attn::SequenceEvaluation::evaluate(silent, task().examples);
        const QString loss = QLocale().toString(*evaluation->loss(), 'g', 3);
        QVERIFY2(view->statusLabel()->text().contains(loss),
                 qPrintable(view->statusLabel()->text()));
        QVERIFY(view->statusLabel()->text().contains(QStringLiteral("switched off")));
        QTest::mouseClick(head, Qt::LeftButton, {}, QPoint(8, head->height() / 2));
        QVERIFY(head->isChecked());
        checkViews(view, earlier.model, 1);

        // Fork there: later snapshots go, and training goes on from the shown parameters and
        // optimiser state.
        QTest::mouseClick(view->continueButton(), Qt::LeftButton);
        QCOMPARE(session->step(), earlier.step);
        QCOMPARE(int(session->snapshots().size()), index + 1);
        QTest::mouseClick(view->stepButton(), Qt::LeftButton);
        QTRY_COMPARE(session->step(), earlier.step + 1);
        QCOMPARE(view->shownIndex(), int(session->snapshots().size()) - 1);
        attn::SequenceTrainer trainer(earlier.model, task().examples, session->settings(),
                                      earlier.optimizer);
        QVERIFY(trainer.step().ok());
        checkViews(view, trainer.model(), 1);

        // Save the trained model: it opens as an ordinary sequence file.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("trained.json"));
        QVERIFY(view->saveTrainedModel(path));
        SequenceSession reopened;
        QVERIFY(reopened.loadFile(path));
        QCOMPARE(reopened.model().weights.embedding, trainer.model().weights.embedding);
        // The loss chart as PNG and SVG.
        QVERIFY(view->exportLossChart(dir.filePath(QStringLiteral("loss.png"))));
        QCOMPARE(QImage(dir.filePath(QStringLiteral("loss.png"))).size(), QSize(800, 500));
        QVERIFY(view->exportLossChart(dir.filePath(QStringLiteral("loss.svg"))));
        QFile svg(dir.filePath(QStringLiteral("loss.svg")));
        QVERIFY(svg.open(QIODevice::ReadOnly));
        QVERIFY(svg.readAll().contains("<svg"));
    }

    // D = 2 (the copy task): the plane shows the shown snapshot's embedding rows, point for
    // point, and stays read-only; with D = 8 it is not there at all.
    void embeddingsOnThePlaneWhenDIsTwo()
    {
        SequenceWindow window;
        showWindow(window);
        const attn::SequenceDocument copy =
            attn::TrainingTask::make(attn::TrainingTask::defaults(attn::TrainingTaskKind::Copy));
        QCOMPARE(copy.model.dModel, 2);
        openTask(window, copy);
        TrainingView *view = window.trainingView();
        SequenceEmbeddingCanvas *plane = view->embeddingCanvas();
        QVERIFY(plane->isVisible());
        QVERIFY(!plane->draggable());
        for (int i = 0; i < 5; ++i)
            QTest::mouseClick(view->stepButton(), Qt::LeftButton);
        QTRY_COMPARE(view->session()->step(), 5);
        QTest::mouseClick(view->playButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(view->session()->step() >= 40, 60000);
        QTest::mouseClick(view->playButton(), Qt::LeftButton);
        QTRY_VERIFY(!view->session()->isRunning());
        QTest::qWait(100);

        const TrainingSnapshot &shown =
            view->session()->snapshots()[std::size_t(view->shownIndex())];
        const attn::Matrix &e = shown.model.weights.embedding;
        QVERIFY(!(e - copy.model.weights.embedding).isZero()); // training moved them
        QCOMPARE(view->viewSession()->model().weights.embedding, e);
        // Without positions x_i = E[token i]: the filled input dot sits on the embedding row.
        const QImage image = plane->grab().toImage();
        const auto &tokens = view->viewSession()->tokens();
        for (int t : tokens) {
            const QPointF at = plane->toWidget(e(t, 0), e(t, 1));
            QVERIFY(plane->plotRect().contains(at.toPoint()));
            QCOMPARE(image.pixelColor((at * image.devicePixelRatio()).toPoint()).rgb(),
                     ColorScheme::query().rgb());
            // And the drawing's own inverse mapping gives the row back.
            const QPointF back = plane->toModel(at);
            QVERIFY(std::abs(back.x() - e(t, 0)) < 1e-9 && std::abs(back.y() - e(t, 1)) < 1e-9);
        }
        // A drag on a point changes nothing: neither the run nor the shown model.
        const int steps = view->session()->step();
        const QPoint from = plane->toWidget(e(tokens[0], 0), e(tokens[0], 1)).toPoint();
        QTest::mousePress(plane, Qt::LeftButton, {}, from);
        QTest::mouseMove(plane, from + QPoint(30, 20));
        QTest::mouseRelease(plane, Qt::LeftButton, {}, from + QPoint(30, 20));
        QCOMPARE(view->viewSession()->model().weights.embedding, e);
        QCOMPARE(view->session()->step(), steps);
        QCOMPARE(int(view->session()->snapshots().size()), view->shownIndex() + 1);

        // Scrub back to step 0: the plane shows the starting rows.
        view->timeline()->setFocus();
        QTest::keyClick(view->timeline(), Qt::Key_Home);
        QCOMPARE(view->viewSession()->model().weights.embedding, copy.model.weights.embedding);

        openTask(window); // D = 8
        QVERIFY(!view->embeddingCanvas()->isVisible());
    }

    // The charts and maps tell a screen reader what they show; the loss chart writes a PDF.
    void accessibleDescriptionsAndPdf()
    {
        SequenceWindow window;
        showWindow(window);
        openTask(window);
        TrainingView *view = window.trainingView();
        for (int i = 0; i < 3; ++i)
            QTest::mouseClick(view->stepButton(), Qt::LeftButton);
        QTRY_COMPARE(view->session()->step(), 3);
        const TrainingSnapshot &last = view->session()->snapshots().back();
        QCOMPARE(view->lossChart()->accessibleName(), QStringLiteral("Loss (cross-entropy)"));
        const QString loss = QLocale().toString(*last.loss, 'g', 3);
        QVERIFY2(view->lossChart()->accessibleDescription().contains(loss),
                 qPrintable(view->lossChart()->accessibleDescription()));
        QVERIFY(view->lossChart()->accessibleDescription().contains(QStringLiteral("step 3")));
        QVERIFY(!view->accuracyChart()->accessibleDescription().isEmpty());
        QVERIFY(!view->inductionChart()->accessibleName().isEmpty());
        const QString weights = view->weights()->accessibleDescription();
        QVERIFY(weights.contains(QStringLiteral("E (embedding), 6 × 8")));
        QVERIFY(weights.contains(QStringLiteral("U (unembedding)")));
        const QString maps = view->heatmaps()->accessibleDescription();
        QVERIFY2(maps.contains(QStringLiteral("Step 3")), qPrintable(maps));
        QVERIFY(!view->heatmaps()->accessibleName().isEmpty());
        QVERIFY(view->qkCanvas()->accessibleDescription().contains(QStringLiteral("Step 3")));

        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("loss.pdf"));
        QVERIFY(view->exportLossChart(path));
        QFile pdf(path);
        QVERIFY(pdf.open(QIODevice::ReadOnly));
        const QByteArray bytes = pdf.readAll();
        QVERIFY(bytes.startsWith("%PDF-"));
        QVERIFY(bytes.trimmed().endsWith("%%EOF"));
        // One page of 800 × 500 pixels at 96 per inch: 600 × 375 points.
        QVERIFY(bytes.contains("/MediaBox [0 0 600.000000 375.000000]"));
        // A file that cannot be written is refused.
        QVERIFY(!view->exportLossChart(dir.filePath(QStringLiteral("missing/loss.pdf"))));
    }

    void divergenceIsSaidAndNothingInfiniteIsShown()
    {
        SequenceWindow window;
        window.resize(1280, 800);
        window.show();
        openTask(window);
        TrainingView *view = window.trainingView();
        view->optimizerBox()->setFocus();
        QTest::keyClick(view->optimizerBox(), Qt::Key_Down); // SGD
        QCOMPARE(view->session()->settings().optimizer, attn::OptimizerKind::Sgd);
        view->rateSlider()->setFocus();
        QTest::keyClick(view->rateSlider(), Qt::Key_End); // 100
        QCOMPARE(view->session()->settings().learningRate, 100.0);
        QTest::mouseClick(view->playButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(!view->session()->isRunning(), 60000);
        QVERIFY(view->messageLabel()->isVisible());
        QVERIFY(view->messageLabel()->text().contains(QStringLiteral("finite")));
        for (const attn::Matrix *m : view->viewSession()->model().weights.matrices())
            QVERIFY(m->allFinite());
        QVERIFY(!view->statusLabel()->text().contains(QStringLiteral("nan"), Qt::CaseInsensitive));
        QVERIFY(!view->statusLabel()->text().contains(QStringLiteral("inf"), Qt::CaseInsensitive));
    }

    void editingTheSentenceKeepsTheRun()
    {
        SequenceWindow window;
        openTask(window);
        TrainingView *view = window.trainingView();
        QTest::mouseClick(view->stepButton(), Qt::LeftButton);
        QTRY_COMPARE(view->session()->step(), 1);
        // A new sentence is not a new model: the run stays.
        QVERIFY(window.session()->setText(QStringLiteral("A B C"), SequenceSession::Split::Space));
        QCOMPARE(view->session()->step(), 1);
        // A new model starts again.
        QVERIFY(window.session()->setTemperature(2.0));
        QCOMPARE(view->session()->step(), 0);
        QCOMPARE(view->session()->document().model.temperature, 2.0);
    }

    // 4 layers of 8 heads: the 32 head switches scroll sideways in their row instead of widening
    // the window (they made it about 4,000 pixels wide), and the last one can still be reached
    // and clicked.
    void manyHeadsKeepTheWindowsWidth()
    {
        auto options = attn::TrainingTask::defaults(attn::TrainingTaskKind::PreviousToken);
        options.layers = 4;
        options.heads = 8;
        SequenceWindow window;
        showWindow(window);
        openTask(window, attn::TrainingTask::make(options));
        TrainingView *view = window.trainingView();
        QCheckBox *last = view->headBox(3, 7);
        QVERIFY(last && last->isChecked());
        QVERIFY(!view->headBox(3, 8));
        QApplication::processEvents();
        QVERIFY2(window.minimumSizeHint().width() < 1280,
                 qPrintable(QString::number(window.minimumSizeHint().width())));
        QCOMPARE(window.width(), 1280);
        // Out of sight at first; the row scrolls to it.
        QScrollArea *row = nullptr;
        for (QWidget *w = last->parentWidget(); w && !row; w = w->parentWidget())
            row = qobject_cast<QScrollArea *>(w);
        QVERIFY(row);
        QVERIFY(row->horizontalScrollBar()->isVisible());
        QVERIFY(
            !row->viewport()->rect().contains(last->mapTo(row->viewport(), last->rect().center())));
        row->ensureWidgetVisible(last);
        QVERIFY(
            row->viewport()->rect().contains(last->mapTo(row->viewport(), last->rect().center())));
        // Whole, not cut by the scroll bar.
        QVERIFY(last->mapTo(row->viewport(), QPoint(0, last->height() - 1)).y() <
                row->viewport()->height());
        QTest::mouseClick(last, Qt::LeftButton, {}, QPoint(8, last->height() / 2));
        QVERIFY(!last->isChecked());
    }
};

QTEST_MAIN(TestTrainingView)
#include "tst_trainingview.moc"
