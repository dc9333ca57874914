// Two runs side by side on the Training tab, driven like a teacher would: the New training task
// dialog asks for a comparison, Step and Play drive both runs, and every number and map is
// checked against runs made here with the core's SequenceTrainer alone (same document, same
// seed, each normaliser), bit for bit; the first-token weights in the captions against a naive
// average of the core's forward pass. Cancelling or closing the dialog during training loses
// nothing, and switching the comparison off gives the single run back untouched.
//
// With ATTENTION_CANVAS_SCREENSHOTS=folder set, screenshots() also writes the Sequence window's
// Training tab with both runs of the attention-sink task (softmax beside softmax₁ or sigmoid) in
// both languages, at 1280 × 800 and 1920 × 1080, plain and in
// presentation mode's type with the high-contrast theme.

#include "common/windowrun.h"
#include "core/sequenceevaluation.h"
#include "core/sequencefile.h"
#include "core/sequenceforward.h"
#include "core/sequencetrainer.h"
#include "core/trainingtask.h"
#include "model/language.h"
#include "model/sequencesession.h"
#include "model/trainingsession.h"
#include "sequence/newtrainingtaskdialog.h"
#include "sequence/sequenceheatmapgrid.h"
#include "sequence/sequencewindow.h"
#include "sequence/trainingchart.h"
#include "sequence/trainingview.h"
#include "theme/appearance.h"
#include "theme/colorscheme.h"
#include "theme/heatramp.h"

#include <algorithm>

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QImage>
#include <QLabel>
#include <QLineSeries>
#include <QMessageBox>
#include <QPushButton>
#include <QScopeGuard>
#include <QSlider>
#include <QTabWidget>
#include <QTest>
#include <QTimer>

#include <bit>
#include <cmath>
#include <cstdint>

using attn::Normaliser;
using attn::TrainingTask;
using attn::TrainingTaskKind;

namespace {

template <typename T> T *child(QWidget *parent, const char *name)
{
    T *w = parent->findChild<T *>(name);
    if (!w)
        qFatal("no child %s", name);
    return w;
}

// Picks combo entry `index` with the keyboard (Home, then Down).
void choose(QComboBox *combo, int index)
{
    combo->setFocus();
    QTest::keyClick(combo, Qt::Key_Home);
    for (int i = 0; i < index; ++i)
        QTest::keyClick(combo, Qt::Key_Down);
}

bool sameBits(double a, double b)
{
    return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b);
}

// The entry of "Compare with" that names `n`.
int entryOf(QComboBox *combo, Normaliser n)
{
    return combo->findData(int(n));
}

// A run made here without any session or view: the task's document with `normaliser`, trained
// `steps` steps by the core's trainer; the training loss after each number of steps, measured
// on the parameters of that step (as one Step at a time shows it).
struct Reference
{
    attn::SequenceModel model;
    std::vector<double> losses; ///< index = step
};

Reference train(attn::SequenceDocument document, Normaliser normaliser, int steps)
{
    document.model.normaliser = normaliser;
    attn::SequenceTrainer trainer(document.model, document.examples, document.trainingSettings);
    Reference r;
    for (int i = 0; i < steps; ++i) {
        r.losses.push_back(*trainer.evaluate()->loss());
        if (!trainer.step())
            qFatal("the reference run diverged");
    }
    r.losses.push_back(*trainer.evaluate()->loss());
    r.model = trainer.model();
    return r;
}

// The mean weight of positions i ≥ 1 on position 0 over every example, by a plain loop over the
// core's forward pass (not TrainingTask::firstTokenScore).
double firstTokenWeight(const attn::SequenceModel &model,
                        const std::vector<attn::SequenceExample> &examples, int layer, int head)
{
    double sum = 0;
    int count = 0;
    for (const auto &example : examples) {
        auto pass = attn::SequenceForward::run(model, example.tokens);
        if (!pass)
            qFatal("forward pass refused");
        const attn::Matrix &w = pass->layers[std::size_t(layer)].heads[std::size_t(head)].weights;
        for (int i = 1; i < int(example.tokens.size()); ++i, ++count)
            sum += w(i, 0);
    }
    return sum / count;
}

attn::SequenceDocument firstTokenTask()
{
    return TrainingTask::make(TrainingTask::defaults(TrainingTaskKind::FirstToken));
}

} // namespace

Q_DECLARE_METATYPE(attn::Normaliser)
Q_DECLARE_METATYPE(attn::TrainingTaskKind)

class TestTrainingComparison : public QObject
{
    Q_OBJECT

    TemporarySettings m_settings;

    // Opens the first-token task with a comparison through the New task button and its dialog.
    static void createWithComparison(SequenceWindow &window, Normaliser comparison)
    {
        bool seen = false;
        QTimer::singleShot(0, [&] {
            auto *dialog = qobject_cast<NewTrainingTaskDialog *>(QApplication::activeModalWidget());
            QVERIFY(dialog);
            seen = true;
            choose(child<QComboBox>(dialog, "task"), int(TrainingTaskKind::FirstToken));
            auto *compare = child<QComboBox>(dialog, "comparison");
            QCOMPARE(compare->currentIndex(), 0); // "(none)" unless asked
            choose(compare, entryOf(compare, comparison));
            QCOMPARE(dialog->comparison(), std::optional(comparison));
            QTest::mouseClick(dialog->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok),
                              Qt::LeftButton);
        });
        QTest::mouseClick(window.newTaskButton(), Qt::LeftButton);
        QVERIFY(seen);
    }

    // The maps on both sides show exactly the core's pass of the reference models on example
    // `e`, pixel for pixel.
    static void checkMaps(TrainingView *view, const attn::SequenceModel &first,
                          const attn::SequenceModel &second, int e)
    {
        const auto &tokens = view->session()->document().examples[std::size_t(e)].tokens;
        const std::pair<SequenceSession *, SequenceHeatmapGrid *> sides[] = {
            {view->viewSession(), view->heatmaps()},
            {view->comparisonViewSession(), view->comparisonHeatmaps()}};
        const attn::SequenceModel *models[] = {&first, &second};
        for (int side = 0; side < 2; ++side) {
            auto [session, grid] = sides[side];
            QVERIFY(grid->isVisible());
            auto expected = attn::SequenceForward::run(*models[side], tokens);
            QVERIFY(expected.ok());
            QCOMPARE(session->forward().tokens, tokens);
            const QImage image = grid->grab().toImage();
            for (std::size_t l = 0; l < expected->layers.size(); ++l)
                for (std::size_t h = 0; h < expected->layers[l].heads.size(); ++h) {
                    const attn::Matrix &want = expected->layers[l].heads[h].weights;
                    QVERIFY(session->forward().layers[l].heads[h].weights == want);
                    for (int i = 0; i < int(tokens.size()); ++i)
                        for (int j = 0; j < int(tokens.size()); ++j) {
                            const QRect cell = grid->cellRect(int(l), int(h), i, j);
                            QVERIFY(!cell.isEmpty());
                            if (session->model().causal && j > i)
                                continue; // hatched
                            QCOMPARE(
                                image.pixelColor(cell.center() * image.devicePixelRatio()).rgb(),
                                HeatRamp::color(want(i, j)).rgb());
                        }
                }
        }
    }

    // Both runs' record against the references: every kept loss and the newest parameters.
    static void checkAgainst(const TrainingSession *session, const Reference &reference)
    {
        QCOMPARE(session->step(), int(reference.losses.size()) - 1);
        QCOMPARE(session->points().size(), reference.losses.size());
        for (const TrainingPoint &p : session->points()) {
            QVERIFY(p.loss);
            QVERIFY2(sameBits(*p.loss, reference.losses[std::size_t(p.step)]),
                     qPrintable(QStringLiteral("step %1: %2 against %3")
                                    .arg(p.step)
                                    .arg(*p.loss, 0, 'g', 17)
                                    .arg(reference.losses[std::size_t(p.step)], 0, 'g', 17)));
        }
        const TrainingSnapshot &last = session->snapshots().back();
        QVERIFY(sameBits(*last.loss, reference.losses.back()));
        const auto got = last.model.weights.matrices();
        const auto want = reference.model.weights.matrices();
        QCOMPARE(got.size(), want.size());
        for (std::size_t i = 0; i < got.size(); ++i)
            QVERIFY(*got[i] == *want[i]);
    }

private slots:
    void dialogTrainsBothRunsBitForBit_data()
    {
        QTest::addColumn<Normaliser>("comparison");
        QTest::newRow("softmax1") << Normaliser::Softmax1;
        QTest::newRow("sigmoid") << Normaliser::Sigmoid;
        QTest::newRow("sparsemax") << Normaliser::Sparsemax;
    }

    void dialogTrainsBothRunsBitForBit()
    {
        QFETCH(Normaliser, comparison);
        SequenceWindow window;
        QVERIFY(showAndWait(window, QSize(1280, 800)));
        const std::string before = attn::writeSequence(window.session()->document());
        createWithComparison(window, comparison);
        QCOMPARE(window.tabs()->currentIndex(), SequenceWindow::kTrainingTab);
        TrainingView *view = window.trainingView();
        QCOMPARE(view->comparison(), std::optional(comparison));
        TrainingSession *first = view->session();
        TrainingSession *second = view->comparisonSession();
        QVERIFY(second);
        // The same document but for the normaliser.
        const attn::SequenceDocument task = firstTokenTask();
        QCOMPARE(attn::writeSequence(first->document()), attn::writeSequence(task));
        attn::SequenceDocument expected = task;
        expected.model.normaliser = comparison;
        QCOMPARE(attn::writeSequence(second->document()), attn::writeSequence(expected));
        QCOMPARE(view->comparisonBox()->currentData().toInt(), int(comparison));

        constexpr int kSteps = 7;
        for (int i = 0; i < kSteps; ++i)
            QTest::mouseClick(view->stepButton(), Qt::LeftButton);
        QTRY_COMPARE(first->step(), kSteps);
        QTRY_COMPARE(second->step(), kSteps);
        QTest::qWait(50); // the last batches drawn
        const Reference softmax = train(task, Normaliser::Softmax, kSteps);
        const Reference other = train(task, comparison, kSteps);
        checkAgainst(first, softmax);
        checkAgainst(second, other);
        // The two normalisers really trained different models.
        QVERIFY(!(softmax.model.weights.embedding == other.model.weights.embedding));

        // The maps: each run's newest weights, side by side.
        QCOMPARE(view->shownIndex(), int(first->snapshots().size()) - 1);
        QCOMPARE(view->comparisonShownIndex(), int(second->snapshots().size()) - 1);
        checkMaps(view, softmax.model, other.model, 0);
        // Side by side: the second run's maps to the right of the first's, at the same height.
        SequenceHeatmapGrid *left = view->heatmaps(), *right = view->comparisonHeatmaps();
        QVERIFY(right->mapTo(view, QPoint(0, 0)).x() >=
                left->mapTo(view, QPoint(left->width(), 0)).x());
        QCOMPARE(right->mapTo(view, QPoint(0, 0)).y(), left->mapTo(view, QPoint(0, 0)).y());
        // Each caption names its normaliser and its head's mean weight on the first token.
        const attn::SequenceModel *models[] = {&softmax.model, &other.model};
        const QString names[] = {QStringLiteral("softmax"),
                                 comparison == Normaliser::Softmax1  ? QStringLiteral("softmax₁")
                                 : comparison == Normaliser::Sigmoid ? QStringLiteral("sigmoid")
                                                                     : QStringLiteral("sparsemax")};
        for (int run = 0; run < 2; ++run) {
            QLabel *caption = view->runCaption(run);
            QVERIFY(caption->isVisible());
            // Measured off the window's thread: it arrives a little later.
            QTRY_VERIFY2(caption->text().startsWith(names[run] + QStringLiteral(", step 7")),
                         qPrintable(caption->text()));
            const double weight = firstTokenWeight(*models[run], task.examples, 0, 0);
            QVERIFY2(caption->text().endsWith(QLocale().toString(weight, 'g', 3)),
                     qPrintable(caption->text()));
        }
        QCOMPARE(view->comparisonHeatmaps()->accessibleDescription(), view->runCaption(1)->text());
        // The loss chart: a line per run, named by its normaliser.
        TrainingChart *loss = view->lossChart();
        QCOMPARE(loss->lineCount(), 2);
        QCOMPARE(loss->line(0)->name(), names[0]);
        QCOMPARE(loss->line(1)->name(), names[1]);
        for (int run = 0; run < 2; ++run) {
            const Reference &r = run == 0 ? softmax : other;
            QCOMPARE(loss->line(run)->count(), kSteps + 1);
            for (int i = 0; i <= kSteps; ++i)
                QVERIFY(sameBits(loss->line(run)->at(i).y(), r.losses[std::size_t(i)]));
        }
        // The status: each run's step, and its held-out loss (its own evaluation on the
        // held-out examples).
        const QString status = view->statusLabel()->text();
        QVERIFY2(status.contains(names[1] + QStringLiteral(" — Step 7")), qPrintable(status));
        const auto held = attn::SequenceEvaluation::evaluate(other.model, task.heldOut);
        QVERIFY(status.section(QLatin1Char('\n'), 1)
                    .contains(QLocale().toString(*held->loss(), 'g', 3)));

        // The head switched off on both sides: each run's loss measured again without it.
        QCheckBox *head = view->headBox(0, 0);
        QTest::mouseClick(head, Qt::LeftButton, {}, QPoint(8, head->height() / 2));
        QVERIFY(!head->isChecked());
        for (int run = 0; run < 2; ++run) {
            attn::SequenceModel silent = *models[run];
            silent.weights.layers[0].wo.setZero();
            const auto e = attn::SequenceEvaluation::evaluate(silent, task.examples);
            const QString line = view->statusLabel()->text().section(QLatin1Char('\n'), run, run);
            QVERIFY2(line.contains(QLocale().toString(*e->loss(), 'g', 3)) &&
                         line.contains(QStringLiteral("switched off")),
                     qPrintable(line));
        }
        QTest::mouseClick(head, Qt::LeftButton, {}, QPoint(8, head->height() / 2));
        QVERIFY(head->isChecked());

        // Scrub back to step 3: both sides show step 3, and Step forks both there.
        view->timeline()->setFocus();
        QTest::keyClick(view->timeline(), Qt::Key_Home);
        for (int i = 0; i < 3; ++i)
            QTest::keyClick(view->timeline(), Qt::Key_Right);
        QCOMPARE(first->snapshots()[std::size_t(view->shownIndex())].step, 3);
        QCOMPARE(second->snapshots()[std::size_t(view->comparisonShownIndex())].step, 3);
        checkMaps(view, train(task, Normaliser::Softmax, 3).model, train(task, comparison, 3).model,
                  0);
        QTest::mouseClick(view->stepButton(), Qt::LeftButton);
        QTRY_COMPARE(first->step(), 4);
        QTRY_COMPARE(second->step(), 4);
        QTest::qWait(50);
        checkAgainst(first, train(task, Normaliser::Softmax, 4));
        checkAgainst(second, train(task, comparison, 4));

        // Undo takes back the task, as without a comparison.
        QVERIFY(window.session()->undo());
        QCOMPARE(attn::writeSequence(window.session()->document()), before);
    }

    void playPauseAndSwitchingOff()
    {
        SequenceWindow window;
        QVERIFY(showAndWait(window, QSize(1280, 800)));
        createWithComparison(window, Normaliser::Sigmoid);
        TrainingView *view = window.trainingView();
        TrainingSession *first = view->session();
        TrainingSession *second = view->comparisonSession();
        QTest::mouseClick(view->playButton(), Qt::LeftButton);
        QVERIFY(first->isRunning() && second->isRunning());
        // However unequal their speeds, the runs keep step (within one).
        QTRY_VERIFY_WITH_TIMEOUT(first->step() >= 10 && second->step() >= 10 &&
                                     std::abs(first->step() - second->step()) <= 1,
                                 120000);
        QTest::mouseClick(view->playButton(), Qt::LeftButton);
        QVERIFY(!first->isRunning() && !second->isRunning());
        // And stop at the same step: the one behind makes its last step after the pause.
        QTRY_COMPARE(first->step(), second->step());
        QTest::qWait(100);
        QCOMPARE(first->step(), second->step());
        const int stoppedAt = first->step();
        QCOMPARE(first->snapshots()[std::size_t(view->shownIndex())].step, stoppedAt);
        QCOMPARE(second->snapshots()[std::size_t(view->comparisonShownIndex())].step, stoppedAt);
        QCOMPARE(view->playButton()->text(), QStringLiteral("&Play"));
        // Step after a pause: one more step each.
        QTest::mouseClick(view->stepButton(), Qt::LeftButton);
        QTRY_COMPARE(first->step(), stoppedAt + 1);
        QTRY_COMPARE(second->step(), stoppedAt + 1);

        // A higher learning rate reaches both runs.
        view->rateSlider()->setFocus();
        QTest::keyClick(view->rateSlider(), Qt::Key_Right);
        QCOMPARE(second->settings().learningRate, first->settings().learningRate);

        // Off: the single view of today, the first run's record untouched.
        const int kept = first->step();
        const std::size_t points = first->points().size();
        choose(view->comparisonBox(), 0);
        QVERIFY(!view->comparison());
        QVERIFY(!view->comparisonSession());
        QVERIFY(!view->comparisonHeatmaps()->isVisible());
        QVERIFY(!view->runCaption(0)->isVisible());
        QCOMPARE(first->step(), kept);
        QCOMPARE(first->points().size(), points);
        // The single run's maps have the whole middle column again.
        QApplication::processEvents();
        QCOMPARE(view->heatmaps()->width(), view->heatmaps()->parentWidget()->width());
        QCOMPARE(view->lossChart()->lineCount(), 2);
        QCOMPARE(view->lossChart()->line(0)->name(), QStringLiteral("training"));
        QCOMPARE(view->lossChart()->line(1)->name(), QStringLiteral("held-out"));
        QVERIFY(!view->statusLabel()->text().contains(QLatin1Char('\n')));

        // On again from the Training tab: both runs from step 0, the box listing the other three.
        QComboBox *box = view->comparisonBox();
        QCOMPARE(box->count(), 4);
        QCOMPARE(entryOf(box, Normaliser::Softmax), -1); // the document's own
        choose(box, entryOf(box, Normaliser::Sparsemax));
        QCOMPARE(view->comparison(), std::optional(Normaliser::Sparsemax));
        QVERIFY(view->comparisonSession());
        QCOMPARE(first->step(), 0);
        QCOMPARE(view->comparisonSession()->step(), 0);
        QCOMPARE(view->comparisonSession()->document().model.normaliser, Normaliser::Sparsemax);
        QVERIFY(view->comparisonHeatmaps()->isVisible());
    }

    void cancellingOrClosingTheDialogLosesNothing_data()
    {
        QTest::addColumn<bool>("close");
        QTest::newRow("Escape") << false;
        QTest::newRow("close") << true;
    }

    void cancellingOrClosingTheDialogLosesNothing()
    {
        QFETCH(bool, close);
        SequenceWindow window;
        QVERIFY(showAndWait(window, QSize(1280, 800)));
        createWithComparison(window, Normaliser::Softmax1);
        TrainingView *view = window.trainingView();
        TrainingSession *first = view->session();
        TrainingSession *second = view->comparisonSession();
        QTest::mouseClick(view->playButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(first->step() >= 5 && second->step() >= 5, 60000);
        const std::string document = attn::writeSequence(window.session()->document());
        int during = 0;
        QTimer::singleShot(0, [&] {
            auto *dialog = qobject_cast<NewTrainingTaskDialog *>(QApplication::activeModalWidget());
            QVERIFY(dialog);
            // Another task and comparison chosen, then thrown away; training goes on meanwhile.
            choose(child<QComboBox>(dialog, "task"), int(TrainingTaskKind::Copy));
            choose(child<QComboBox>(dialog, "comparison"), 0);
            const int at = second->step();
            QTRY_VERIFY_WITH_TIMEOUT(second->step() > at, 60000);
            during = second->step();
            if (close)
                dialog->close();
            else
                QTest::keyClick(dialog, Qt::Key_Escape);
        });
        QTest::mouseClick(window.newTaskButton(), Qt::LeftButton);
        QVERIFY(during > 0);
        QCOMPARE(attn::writeSequence(window.session()->document()), document);
        QCOMPARE(view->comparison(), std::optional(Normaliser::Softmax1));
        QCOMPARE(view->comparisonSession(), second);
        QVERIFY(first->isRunning() && second->isRunning());
        QVERIFY(second->step() >= during);
        // Nothing was reset: the records still start at step 0 and run on without a gap.
        QCOMPARE(first->snapshots().front().step, 0);
        QCOMPARE(second->points().front().step, 0);
        QVERIFY(second->points().back().step >= during - 1);
        QTest::mouseClick(view->playButton(), Qt::LeftButton);
        QVERIFY(!first->isRunning() && !second->isRunning());
    }

    // The window goes away while both runs train: both threads stop, nothing is left behind.
    void closingTheWindowWhileTraining()
    {
        auto *window = new SequenceWindow;
        QVERIFY(showAndWait(*window, QSize(1280, 800)));
        createWithComparison(*window, Normaliser::Sigmoid);
        TrainingView *view = window->trainingView();
        QTest::mouseClick(view->playButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(view->comparisonSession()->step() >= 3, 60000);
        // Closing while training asks first (SequenceCloseGuard): answer "Stop and Close".
        QTimer::singleShot(0, [] {
            if (auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget()))
                box->accept();
        });
        window->close();
        delete window;
        QTest::qWait(50); // no batch arrives for a view that is gone
    }

    void screenshots_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<QSize>("size");
        QTest::addColumn<bool>("presenting");
        QTest::addColumn<TrainingTaskKind>("kind");
        QTest::addColumn<Normaliser>("comparison");
        for (const char *language : {"en", "zh_CN"})
            for (QSize size : {QSize(1280, 800), QSize(1920, 1080)})
                for (bool presenting : {false, true})
                    QTest::newRow(qPrintable(QStringLiteral("%1-%2x%3%4")
                                                 .arg(QLatin1String(language))
                                                 .arg(size.width())
                                                 .arg(size.height())
                                                 .arg(presenting ? "-presenting" : "")))
                        << QString::fromLatin1(language) << size << presenting
                        << TrainingTaskKind::Sink << Normaliser::Softmax1;
        QTest::newRow("en-1280x800-sink-sigmoid") << QStringLiteral("en") << QSize(1280, 800)
                                                  << false << TrainingTaskKind::Sink
                                                  << Normaliser::Sigmoid;
        QTest::newRow("zh_CN-1280x800-sink-sigmoid")
            << QStringLiteral("zh_CN") << QSize(1280, 800) << false << TrainingTaskKind::Sink
            << Normaliser::Sigmoid;
        // More than one map a side: two layers, and two heads.
        QTest::newRow("en-1280x800-induction")
            << QStringLiteral("en") << QSize(1280, 800) << false << TrainingTaskKind::Induction
            << Normaliser::Sigmoid;
        QTest::newRow("zh_CN-1280x800-two-heads")
            << QStringLiteral("zh_CN") << QSize(1280, 800) << false << TrainingTaskKind::TwoHeads
            << Normaliser::Sparsemax;
    }

    void screenshots()
    {
        const QString folder = qEnvironmentVariable("ATTENTION_CANVAS_SCREENSHOTS");
        if (folder.isEmpty())
            QSKIP("set ATTENTION_CANVAS_SCREENSHOTS to a folder to write the screenshots");
        QFETCH(QString, language);
        QFETCH(QSize, size);
        QFETCH(bool, presenting);
        QFETCH(TrainingTaskKind, kind);
        QFETCH(Normaliser, comparison);
        QVERIFY(Language::install(language));
        const auto english = qScopeGuard([] { Language::install(QStringLiteral("en")); });
        const QFont normal = QApplication::font();
        const auto restore = qScopeGuard([&] {
            QApplication::setFont(normal);
            Appearance::instance()->setLineScale(1);
            Appearance::instance()->setTheme(ColorScheme::Theme::Light);
        });
        if (presenting) {
            QFont large = normal;
            large.setPointSizeF(normal.pointSizeF() * 1.5);
            QApplication::setFont(large);
            Appearance::instance()->setLineScale(1.6);
            Appearance::instance()->setTheme(ColorScheme::Theme::HighContrast);
        }
        SequenceWindow window;
        QVERIFY(showAndWait(window, size));
        QVERIFY(window.session()->openDocument(TrainingTask::make(TrainingTask::defaults(kind))));
        window.tabs()->setCurrentIndex(SequenceWindow::kTrainingTab);
        TrainingView *view = window.trainingView();
        view->setComparison(comparison);
        QTest::mouseClick(view->playButton(), Qt::LeftButton);
        // The whole run the task's training block asks for (the sink forms over it).
        const int steps = std::min(TrainingTask::defaults(kind).steps, 300);
        QTRY_VERIFY_WITH_TIMEOUT(
            view->session()->step() >= steps && view->comparisonSession()->step() >= steps,
            240000);
        QTest::mouseClick(view->playButton(), Qt::LeftButton);
        QTRY_COMPARE(view->comparisonSession()->step(), view->session()->step());
        QTest::qWait(200);
        const QString path = QDir(folder).filePath(
            QStringLiteral("training-compare-%1.png").arg(QTest::currentDataTag()));
        QVERIFY(window.grab().save(path));
        qInfo("wrote %s", qPrintable(path));
        if (size == QSize(1280, 800) && kind == TrainingTaskKind::Sink) {
            NewTrainingTaskDialog dialog(&window);
            dialog.setComparison(Normaliser::Sigmoid);
            QVERIFY(showAndWait(dialog));
            QVERIFY(dialog.grab().save(QDir(folder).filePath(
                QStringLiteral("training-dialog-%1.png").arg(QTest::currentDataTag()))));
        }
        // And today's single run, for comparison.
        view->setComparison(std::nullopt);
        QTest::qWait(100);
        QVERIFY(window.grab().save(QDir(folder).filePath(
            QStringLiteral("training-single-%1.png").arg(QTest::currentDataTag()))));
    }
};

QTEST_MAIN(TestTrainingComparison)
#include "tst_trainingcomparison.moc"
