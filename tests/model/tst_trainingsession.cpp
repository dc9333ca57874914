#include "common/plainsequencenumbers.h"
#include "core/sequenceevaluation.h"
#include "core/sequencetrainer.h"
#include "core/trainingtask.h"
#include "model/trainingpace.h"
#include "model/trainingsession.h"

#include <QSignalSpy>
#include <QTest>

#include <cmath>
#include <memory>

// The Training view's session against the core trainer run by hand in this thread: the worker
// thread, the slicing into batches and the thinning must not change a single bit of the run.
class TestTrainingSession : public QObject
{
    Q_OBJECT

    static attn::SequenceDocument task() { return attn::TrainingTask::previousToken({}); }

    static bool finite(const attn::SequenceModel &model)
    {
        for (const attn::Matrix *m : model.weights.matrices())
            if (!m->allFinite())
                return false;
        return true;
    }

    // Pauses and lets the batches already on their way arrive.
    static void settle(TrainingSession &session)
    {
        session.pause();
        QTest::qWait(200);
    }

    static const TrainingSnapshot *at(const TrainingSession &session, int step)
    {
        for (const auto &s : session.snapshots())
            if (s.step == step)
                return &s;
        return nullptr;
    }

private slots:
    // A document too large to measure on the caller's thread starts with its model alone; the
    // worker's first batch brings step 0's numbers, which are the plain ones.
    void largeDocumentIsMeasuredByTheWorker()
    {
        attn::SequenceDocument document = task();
        const std::vector<attn::SequenceExample> examples = document.examples;
        QVERIFY(TrainingSession::measureWork(document) <= TrainingSession::kMeasureHereWork);
        while (TrainingSession::measureWork(document) <= TrainingSession::kMeasureHereWork)
            document.examples.insert(document.examples.end(), examples.begin(), examples.end());
        TrainingSession session;
        QSignalSpy progressed(&session, &TrainingSession::progressed);
        session.setDocument(document);
        QCOMPARE(session.snapshots().size(), std::size_t(1));
        QCOMPARE(session.snapshots().front().step, 0);
        QVERIFY(!session.snapshots().front().loss);
        QVERIFY(session.points().empty());
        QTRY_VERIFY_WITH_TIMEOUT(session.snapshots().front().loss.has_value(), 60000);
        const PlainNumbers plain = plainNumbers(document.model, document.examples);
        QCOMPARE(session.snapshots().size(), std::size_t(1));
        QVERIFY(std::abs(*session.snapshots().front().loss - plain.loss) < 1e-9);
        QVERIFY(std::abs(*session.snapshots().front().accuracy - plain.accuracy) < 1e-12);
        QCOMPARE(session.points().size(), std::size_t(1));
        QCOMPARE(session.points().front().step, 0);
        QVERIFY(progressed.count() >= 1);
        // The small task is still measured at once.
        session.setDocument(task());
        QVERIFY(session.snapshots().front().loss.has_value());
        QCOMPARE(session.points().size(), std::size_t(1));
    }

    void trainsInTheBackgroundExactlyAsTheCore()
    {
        TrainingSession session;
        session.setDocument(task());
        QCOMPARE(int(session.snapshots().size()), 1);
        QCOMPARE(session.step(), 0);
        QSignalSpy progressed(&session, &TrainingSession::progressed);
        session.play();
        QVERIFY(session.isRunning());
        QTRY_VERIFY_WITH_TIMEOUT(session.step() >= 300, 120000);
        settle(session);
        QVERIFY(!session.isRunning());
        const int last = session.step();

        // Every step up to 200 kept, then every second one; the newest always last.
        const attn::SnapshotPolicy policy;
        int expected = 0;
        for (const TrainingSnapshot &s : session.snapshots()) {
            if (s.step == last)
                break;
            QCOMPARE(s.step, expected);
            do
                ++expected;
            while (!policy.keeps(expected));
        }
        QCOMPARE(session.snapshots().back().step, last);

        // The same run by hand: bit-identical parameters and losses at every kept step.
        const attn::SequenceDocument document = task();
        attn::SequenceTrainer trainer(document.model, document.examples, document.trainingSettings);
        std::vector<std::optional<double>> losses;
        for (int step = 0; step <= last; ++step) {
            if (const TrainingSnapshot *s = at(session, step)) {
                for (std::size_t m = 0; m < s->model.weights.matrices().size(); ++m)
                    QVERIFY2(*s->model.weights.matrices()[m] ==
                                 *trainer.model().weights.matrices()[m],
                             qPrintable(QStringLiteral("step %1 matrix %2").arg(step).arg(m)));
                const auto evaluation = trainer.evaluate();
                QCOMPARE(s->loss, evaluation->loss());
                QCOMPARE(s->accuracy, evaluation->accuracy());
            }
            if (step < last) {
                auto result = trainer.step();
                QVERIFY(result.ok());
                losses.push_back(result->loss());
            }
        }
        losses.push_back(trainer.evaluate()->loss());
        for (const TrainingPoint &p : session.points())
            QCOMPARE(p.loss, losses[std::size_t(p.step)]);
        QCOMPARE(session.points().back().step, last);

        // Previous token with rotary positions: the loss falls far in a few hundred steps.
        QVERIFY(*session.snapshots().back().loss < 0.5 * *session.snapshots().front().loss);
        QVERIFY(session.stepsPerSecond() > 0);
        QVERIFY(progressed.count() >= 2);
    }

    void pausesStepsAndForks()
    {
        TrainingSession session;
        session.setDocument(task());
        for (int i = 0; i < 3; ++i) {
            session.stepOnce();
            QTRY_COMPARE(session.step(), i + 1);
        }
        QVERIFY(!session.isRunning());
        const TrainingSnapshot two = session.snapshots()[2];
        QCOMPARE(two.step, 2);

        // Fork at step 2: step 3 is dropped, and the next step starts from step 2's parameters
        // and Adam's moments and step count as they were then; the new learning rate keeps
        // them too.
        QSignalSpy restarted(&session, &TrainingSession::restarted);
        session.continueFrom(2);
        QCOMPARE(restarted.count(), 1);
        QCOMPARE(session.step(), 2);
        QCOMPARE(int(session.snapshots().size()), 3);
        QCOMPARE(session.points().back().step, 2);
        session.setLearningRate(0.02);
        session.stepOnce();
        QTRY_COMPARE(session.step(), 3);
        QCOMPARE(two.optimizer.steps, 2);
        attn::TrainingSettings settings = task().trainingSettings;
        attn::SequenceTrainer trainer(two.model, task().examples, settings, two.optimizer);
        settings.learningRate = 0.02;
        trainer.setSettings(settings);
        QVERIFY(trainer.step().ok());
        QCOMPARE(session.snapshots().back().optimizer.steps, 3);
        QCOMPARE(session.snapshots().back().model.weights.embedding,
                 trainer.model().weights.embedding);
        QCOMPARE(session.snapshots().back().model.weights.layers[0].wo,
                 trainer.model().weights.layers[0].wo);

        // Reset: back to step 0 with the document's own parameters.
        session.reset();
        QCOMPARE(session.step(), 0);
        QCOMPARE(int(session.snapshots().size()), 1);
        QCOMPARE(session.snapshots()[0].model.weights.embedding, task().model.weights.embedding);
        QCOMPARE(session.settings().learningRate, 0.02); // the learner's choice stays
    }

    // "Continue from here" on a thinned snapshot (past the dense first 200 steps) and then n
    // steps: bit for bit the straight run, since the snapshot carries Adam's moments and t.
    void forkFromAThinnedSnapshotEqualsTheStraightRun()
    {
        TrainingSession session;
        session.setDocument(task());
        session.play();
        QTRY_VERIFY_WITH_TIMEOUT(session.step() >= 230, 120000);
        settle(session);
        const attn::SnapshotPolicy policy;
        int index = -1;
        for (std::size_t i = 0; i < session.snapshots().size(); ++i)
            if (session.snapshots()[i].step > 200 &&
                policy.stride(session.snapshots()[i].step) > 1) {
                index = int(i);
                break;
            }
        QVERIFY(index > 0);
        const TrainingSnapshot from = session.snapshots()[std::size_t(index)];
        QCOMPARE(from.optimizer.steps, from.step);
        session.continueFrom(index);
        constexpr int kSteps = 5;
        for (int i = 1; i <= kSteps; ++i) {
            session.stepOnce();
            QTRY_COMPARE(session.step(), from.step + i);
        }
        const attn::SequenceDocument document = task();
        attn::SequenceTrainer straight(document.model, document.examples,
                                       document.trainingSettings);
        for (int i = 0; i < from.step + kSteps; ++i)
            QVERIFY(straight.step().ok());
        const auto a = straight.model().weights.matrices();
        const auto b = session.snapshots().back().model.weights.matrices();
        for (std::size_t m = 0; m < a.size(); ++m)
            QVERIFY2(*a[m] == *b[m], qPrintable(QStringLiteral("matrix %1").arg(m)));
        QCOMPARE(session.snapshots().back().loss, straight.evaluate()->loss());
    }

    void divergenceStopsWithTheLastFiniteParameters()
    {
        TrainingSession session;
        session.setDocument(task());
        session.setOptimizer(attn::OptimizerKind::Sgd);
        session.setLearningRate(1e12);
        QSignalSpy stopped(&session, &TrainingSession::stopped);
        session.play();
        QTRY_COMPARE_WITH_TIMEOUT(stopped.count(), 1, 30000);
        QVERIFY(!session.isRunning());
        QVERIFY(session.message().contains(QStringLiteral("no longer a finite number")));
        for (const TrainingSnapshot &s : session.snapshots()) {
            QVERIFY(finite(s.model));
            if (s.loss)
                QVERIFY(std::isfinite(*s.loss));
        }
        for (const TrainingPoint &p : session.points())
            if (p.loss)
                QVERIFY(std::isfinite(*p.loss));
        // The message names the step that failed: one after the newest kept parameters.
        QVERIFY(session.message().contains(QString::number(session.step() + 1)));
    }

    void measuresHeldOutExamples()
    {
        attn::SequenceDocument document = task();
        attn::TrainingTask::PreviousTokenOptions other;
        other.seed = 99;
        other.examples = 5;
        document.heldOut = attn::TrainingTask::previousToken(other).examples;
        TrainingSession session;
        session.setDocument(document);
        const auto held = attn::SequenceEvaluation::evaluate(document.model, document.heldOut);
        QCOMPARE(session.snapshots()[0].heldOutLoss, held->loss());
        session.stepOnce();
        QTRY_COMPARE(session.step(), 1);
        attn::SequenceTrainer trainer(document.model, document.examples, document.trainingSettings);
        QVERIFY(trainer.step().ok());
        const auto after = attn::SequenceEvaluation::evaluate(trainer.model(), document.heldOut);
        QCOMPARE(session.snapshots().back().heldOutLoss, after->loss());
        QCOMPARE(session.snapshots().back().heldOutAccuracy, after->accuracy());
        // Without held-out examples there is nothing to measure.
        session.setDocument(task());
        QVERIFY(!session.snapshots()[0].heldOutLoss);
    }

    void playThenPauseAtOnceStaysPaused()
    {
        TrainingSession session;
        session.setDocument(task());
        session.play();
        session.pause(); // perhaps before the worker has even seen the play
        // The worker may have begun a step before the pause (its thread can run as soon as the
        // play is posted): that step is finished and shown, never half applied. None starts
        // after the pause, so the run stays where it stopped.
        QTest::qWait(300);
        QVERIFY(!session.isRunning());
        const int paused = session.step();
        QTest::qWait(300);
        QVERIFY(!session.isRunning());
        QCOMPARE(session.step(), paused);
    }

    // Two sessions sharing a TrainingPace (two runs compared side by side): however unequal
    // their speeds (sparsemax sorts every row; the first run starts first), they keep step,
    // stop at the same step, and each run is still the core's run, bit for bit. A run left
    // alone (its pair gone) trains on by itself.
    void pairedRunsKeepStep()
    {
        attn::SequenceDocument sparse = task();
        sparse.model.normaliser = attn::Normaliser::Sparsemax;
        TrainingSession first, second;
        first.setDocument(task());
        second.setDocument(sparse);
        auto pace = std::make_shared<TrainingPace>();
        first.setPace(pace, 0);
        second.setPace(pace, 1);
        first.play();
        QTest::qWait(50); // the first run alone for a while
        second.play();
        // The first run's head start is made up (the steps seen here come in batches, so only
        // the workers themselves are ever exactly within one).
        QTRY_VERIFY_WITH_TIMEOUT(first.step() >= 150 && second.step() >= 150 &&
                                     std::abs(first.step() - second.step()) <= 1,
                                 120000);
        first.pause();
        second.pause();
        QTRY_COMPARE(first.step(), second.step());
        QTest::qWait(200);
        QCOMPARE(first.step(), second.step());
        const int last = first.step();
        // The pairing changed when the steps were made, not what they computed.
        const std::pair<TrainingSession *, const attn::SequenceDocument *> runs[] = {
            {&first, nullptr}, {&second, &sparse}};
        for (const auto &[session, document] : runs) {
            const attn::SequenceDocument d = document ? *document : task();
            attn::SequenceTrainer trainer(d.model, d.examples, d.trainingSettings);
            for (int i = 0; i < last; ++i)
                QVERIFY(trainer.step().ok());
            QVERIFY(session->snapshots().back().model.weights.embedding ==
                    trainer.model().weights.embedding);
            QVERIFY(session->snapshots().back().model.weights.layers[0].wo ==
                    trainer.model().weights.layers[0].wo);
        }

        // Alone again: the first run no longer waits for the second.
        first.setPace(nullptr, 0);
        first.play();
        QTRY_VERIFY_WITH_TIMEOUT(first.step() >= last + 20, 60000);
        settle(first);
        QCOMPARE(second.step(), last);
    }

    void nothingToLearnWithoutTargets()
    {
        attn::SequenceDocument document = task();
        for (auto &example : document.examples)
            example.targets.clear();
        TrainingSession session;
        session.setDocument(document);
        QVERIFY(!session.canTrain());
        session.play();
        QVERIFY(!session.isRunning());
    }
};

QTEST_GUILESS_MAIN(TestTrainingSession)
#include "tst_trainingsession.moc"
