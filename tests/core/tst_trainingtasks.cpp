// The built-in training tasks: each a valid sequence file, the same from the same seed, with
// targets that follow its rule (checked here by the rule itself, position by position) and a
// held-out set drawn the same way; each reaching ≥ 95% accuracy from its default seed in the
// steps of its own training block, and generalising to its held-out examples. The two-heads task
// needs both heads: with one it stays well below. The induction task grows a previous-token
// head in layer 1 and an induction head in layer 2, its loss first on a plateau, then dropping.
// Each training prints its seconds.

#include "core/sequenceevaluation.h"
#include "core/sequencefile.h"
#include "core/sequencetrainer.h"
#include "core/trainingtask.h"

#include <QElapsedTimer>
#include <QFile>
#include <QTest>

#include <cmath>
#include <set>

using attn::TrainingTask;
using attn::TrainingTaskKind;

Q_DECLARE_METATYPE(attn::TrainingTaskKind)

namespace {

struct Trained
{
    attn::SequenceModel model;
    double accuracy = 0, heldOutAccuracy = 0, seconds = 0;
    std::vector<double> losses; ///< before each update
};

Trained train(const attn::SequenceDocument &d)
{
    QElapsedTimer timer;
    timer.start();
    attn::SequenceTrainer trainer(d.model, d.examples, d.trainingSettings);
    Trained t;
    for (int i = 0; i < d.trainingSettings.steps; ++i) {
        auto step = trainer.step();
        if (!step.ok())
            qFatal("training stopped at step %d", i + 1);
        t.losses.push_back(*step->loss());
    }
    t.model = trainer.model();
    t.accuracy = *trainer.evaluate()->accuracy();
    t.heldOutAccuracy = *attn::SequenceEvaluation::evaluate(t.model, d.heldOut)->accuracy();
    t.seconds = double(timer.elapsed()) / 1000;
    return t;
}

void addTasks()
{
    QTest::addColumn<TrainingTaskKind>("kind");
    for (int k = 0; k < attn::kTrainingTaskCount; ++k)
        QTest::newRow(attn::trainingTaskId(TrainingTaskKind(k))) << TrainingTaskKind(k);
}

// What position i of `tokens` should predict under each task's rule, written out again here.
int expectedTarget(TrainingTaskKind kind, const std::vector<int> &t, std::size_t i, int v)
{
    switch (kind) {
    case TrainingTaskKind::Copy:
        return t[i];
    case TrainingTaskKind::PreviousToken:
        return i == 0 ? -1 : t[i - 1];
    case TrainingTaskKind::FirstToken:
        return i == 0 ? -1 : t[0];
    case TrainingTaskKind::TwoHeads:
        return i == 0 ? -1 : t[i - 1] * v + t[0];
    case TrainingTaskKind::AssociativeRecall:
        // A key (token < v) seen before: the value that followed it.
        for (std::size_t j = 0; j + 1 < i; ++j)
            if (t[i] < v && t[j] == t[i])
                return t[j + 1];
        return -1;
    case TrainingTaskKind::Induction:
        // A token seen before: the one that followed it, unless that is the end of the example.
        if (i + 1 == t.size())
            return -1;
        for (std::size_t j = 0; j < i; ++j)
            if (t[j] == t[i])
                return t[j + 1];
        return -1;
    }
    return -2;
}

// Olsson et al.'s shape: the loss first stays near that of a uniform guess, ln V (here: falls
// less than 5% of it in the first 40 steps), then drops far faster than it fell on the plateau
// (its steepest 50 steps at least five times the plateau's mean rate), to below 0.1.
void checkPlateauThenDrop(const std::vector<double> &losses, int vocabulary)
{
    const double uniform = std::log(double(vocabulary));
    QVERIFY(std::abs(losses[0] - uniform) < 0.05 * uniform);
    QVERIFY(losses[40] > 0.95 * uniform);
    const double plateauRate = (losses[0] - losses[40]) / 40;
    double steepest = 0;
    int steepestAt = 0;
    for (std::size_t i = 0; i + 50 < losses.size(); ++i)
        if ((losses[i] - losses[i + 50]) / 50 > steepest) {
            steepest = (losses[i] - losses[i + 50]) / 50;
            steepestAt = int(i);
        }
    QString curve;
    for (std::size_t i = 0; i < losses.size(); i += 20)
        curve += QStringLiteral(" %1:%2").arg(i).arg(losses[i], 0, 'f', 3);
    qInfo("  loss every 20 steps:%s", qPrintable(curve));
    qInfo("  plateau %.4f per step (steps 0-40), steepest %.4f per step (steps %d-%d)", plateauRate,
          steepest, steepestAt, steepestAt + 50);
    QVERIFY(steepestAt >= 40);
    QVERIFY(steepest > 5 * plateauRate);
    QVERIFY(losses.back() < 0.1);
}

} // namespace

class TestTrainingTasks : public QObject
{
    Q_OBJECT

private slots:
    void idsRoundTrip()
    {
        std::set<std::string> ids;
        for (int k = 0; k < attn::kTrainingTaskCount; ++k) {
            TrainingTaskKind back;
            QVERIFY(attn::trainingTaskFromId(attn::trainingTaskId(TrainingTaskKind(k)), back));
            QCOMPARE(int(back), k);
            ids.insert(attn::trainingTaskId(TrainingTaskKind(k)));
        }
        QCOMPARE(int(ids.size()), attn::kTrainingTaskCount);
        TrainingTaskKind out;
        QVERIFY(!attn::trainingTaskFromId("Copy", out));
    }

    void validReproducibleAndByTheRule_data() { addTasks(); }
    void validReproducibleAndByTheRule()
    {
        QFETCH(TrainingTaskKind, kind);
        const TrainingTask::Options o = TrainingTask::defaults(kind);
        QVERIFY(TrainingTask::check(o).ok());
        const attn::SequenceDocument d = TrainingTask::make(o);
        auto valid = attn::validateSequence(d);
        QVERIFY2(valid.ok(), valid.ok() ? "" : attn::describe(valid.error()).c_str());
        QCOMPARE(int(d.examples.size()), o.examples);
        QCOMPARE(int(d.heldOut.size()), o.heldOut);
        QVERIFY(o.heldOut > 0);
        QCOMPARE(d.trainingSettings.steps, o.steps);
        const std::string text = attn::writeSequence(d);
        QCOMPARE(attn::writeSequence(TrainingTask::make(o)), text);
        TrainingTask::Options other = o;
        other.seed = 2;
        QVERIFY(attn::writeSequence(TrainingTask::make(other)) != text);
        auto back = attn::parseSequence(text);
        QVERIFY(back.ok());
        QCOMPARE(attn::writeSequence(*back), text);

        int scored = 0;
        for (const auto *set : {&d.examples, &d.heldOut})
            for (const attn::SequenceExample &ex : *set) {
                QVERIFY(int(ex.tokens.size()) <= o.length);
                for (std::size_t i = 0; i < ex.tokens.size(); ++i) {
                    QCOMPARE(ex.targets[i], expectedTarget(kind, ex.tokens, i, o.vocabulary));
                    scored += ex.targets[i] >= 0;
                }
            }
        QVERIFY(scored > 0);
    }

    // resources/sequences/task-<id>.json is the task's default document, so that the preset
    // and the dialog's default give the same training. AC_WRITE_TASK_PRESETS=1 rewrites them.
    void presetsAreTheDefaults_data() { addTasks(); }
    void presetsAreTheDefaults()
    {
        QFETCH(TrainingTaskKind, kind);
        const std::string expected =
            attn::writeSequence(TrainingTask::make(TrainingTask::defaults(kind)));
        QFile f(QStringLiteral(AC_SOURCE_DIR "/resources/sequences/task-%1.json")
                    .arg(QLatin1String(attn::trainingTaskId(kind))));
        if (qEnvironmentVariableIntValue("AC_WRITE_TASK_PRESETS") == 1) {
            QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
            f.write(expected.data(), qint64(expected.size()));
            f.close();
        }
        QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(f.fileName()));
        const QByteArray text = f.readAll();
        QVERIFY(std::string(text.constData(), std::size_t(text.size())) == expected);
    }

    void reachesItsAccuracy_data() { addTasks(); }
    void reachesItsAccuracy()
    {
        QFETCH(TrainingTaskKind, kind);
        const attn::SequenceDocument d = TrainingTask::make(TrainingTask::defaults(kind));
        const Trained t = train(d);
        qInfo("%s: %d steps in %.2f s, accuracy %.3f, held-out %.3f", attn::trainingTaskId(kind),
              d.trainingSettings.steps, t.seconds, t.accuracy, t.heldOutAccuracy);
        QVERIFY(t.accuracy >= 0.95);
        QVERIFY(t.heldOutAccuracy >= 0.9);
        if (kind == TrainingTaskKind::PreviousToken)
            QVERIFY(*TrainingTask::previousTokenScore(t.model, d.examples, 0, 0) > 0.9);
        if (kind == TrainingTaskKind::FirstToken)
            QVERIFY(*TrainingTask::firstTokenScore(t.model, d.examples, 0, 0) > 0.9);
        if (kind == TrainingTaskKind::Induction) {
            // Olsson et al.'s circuit: layer 1 looks one back, layer 2 finds what followed.
            const double previous = *TrainingTask::previousTokenScore(t.model, d.examples, 0, 0);
            const double induction = *TrainingTask::inductionScore(t.model, d.examples, 1, 0);
            qInfo("  layer 1 previous-token score %.3f, layer 2 induction score %.3f", previous,
                  induction);
            QVERIFY(previous > 0.5);
            QVERIFY(induction > 0.5);
            checkPlateauThenDrop(t.losses, int(d.model.vocabulary.size()));
        }
    }

    void twoHeadsNeedTwoHeads()
    {
        const attn::SequenceDocument d =
            TrainingTask::make(TrainingTask::defaults(TrainingTaskKind::TwoHeads));
        // Each head takes one job: one looks one back, the other at the start.
        const Trained two = train(d);
        QVERIFY(two.accuracy >= 0.95);
        const double p0 = *TrainingTask::previousTokenScore(two.model, d.examples, 0, 0);
        const double p1 = *TrainingTask::previousTokenScore(two.model, d.examples, 0, 1);
        const double f0 = *TrainingTask::firstTokenScore(two.model, d.examples, 0, 0);
        const double f1 = *TrainingTask::firstTokenScore(two.model, d.examples, 0, 1);
        qInfo("two heads: previous %.2f / %.2f, first %.2f / %.2f", p0, p1, f0, f1);
        QVERIFY((p0 > 0.9 && f1 > 0.9) || (p1 > 0.9 && f0 > 0.9));

        TrainingTask::Options o = TrainingTask::defaults(TrainingTaskKind::TwoHeads);
        o.heads = 1;
        const Trained one = train(TrainingTask::make(o));
        qInfo("one head: accuracy %.3f after %d steps (%.2f s)", one.accuracy, o.steps,
              one.seconds);
        QVERIFY(one.accuracy < 0.75);
    }

    void checkNamesTheOption()
    {
        TrainingTask::Options o = TrainingTask::defaults(TrainingTaskKind::Induction);
        o.vocabulary = o.length / 2 - 1; // fewer tokens than the repeated part needs
        auto r = TrainingTask::check(o);
        QVERIFY(!r.ok());
        QCOMPARE(r.error().code, attn::ErrorCode::OutOfRange);
        QCOMPARE(r.error().subject, std::string("vocabulary"));
        QCOMPARE(r.error().expected, (long long)(o.length / 2));

        o = TrainingTask::defaults(TrainingTaskKind::PreviousToken);
        o.keyDim = 3;
        r = TrainingTask::check(o);
        QCOMPARE(r.error().code, attn::ErrorCode::OddDimension);
        QCOMPARE(r.error().subject, std::string("key_dim"));
        o.positions = attn::PositionKind::None; // any d_k without rotation
        QVERIFY(TrainingTask::check(o).ok());
        QVERIFY(attn::validateSequence(TrainingTask::make(o)).ok());

        o = TrainingTask::defaults(TrainingTaskKind::TwoHeads);
        o.vocabulary = 17; // 289 pairs: more outputs than a file may hold
        QCOMPARE(TrainingTask::check(o).error().subject, std::string("vocabulary"));
        o = TrainingTask::defaults(TrainingTaskKind::Copy);
        o.length = attn::kMaxExampleTokens + 1;
        QCOMPARE(TrainingTask::check(o).error().subject, std::string("length"));
        o = TrainingTask::defaults(TrainingTaskKind::Copy);
        o.heldOut = 0; // no held-out set is allowed
        QVERIFY(TrainingTask::check(o).ok());
        QVERIFY(TrainingTask::make(o).heldOut.empty());
        o = TrainingTask::defaults(TrainingTaskKind::Copy);
        o.initScale = 0;
        QCOMPARE(TrainingTask::check(o).error().subject, std::string("init_scale"));
    }

    // The starting weights scale as asked: every matrix of a scaled start is the unscaled one
    // times the scale (the same draws), the examples unchanged.
    void initScaleScalesEveryStartingWeight()
    {
        for (int k = 0; k < attn::kTrainingTaskCount; ++k) {
            TrainingTask::Options o = TrainingTask::defaults(TrainingTaskKind(k));
            o.positions = attn::PositionKind::Learned; // the position table too
            o.initScale = 1;
            const attn::SequenceDocument one = TrainingTask::make(o);
            o.initScale = 0.25;
            const attn::SequenceDocument quarter = TrainingTask::make(o);
            const auto a = one.model.weights.matrices();
            const auto b = quarter.model.weights.matrices();
            QCOMPARE(a.size(), b.size());
            for (std::size_t m = 0; m < a.size(); ++m) {
                QVERIFY(a[m]->size() > 0);
                QVERIFY(((*a[m]) * 0.25 - *b[m]).cwiseAbs().maxCoeff() <= 1e-15);
            }
            QCOMPARE(quarter.examples.size(), one.examples.size());
            for (std::size_t e = 0; e < one.examples.size(); ++e)
                QCOMPARE(quarter.examples[e].tokens, one.examples[e].tokens);
        }
    }

    void everyPositionKindBuilds()
    {
        for (int k = 0; k < attn::kTrainingTaskCount; ++k)
            for (auto kind : {attn::PositionKind::None, attn::PositionKind::Sinusoidal,
                              attn::PositionKind::Learned, attn::PositionKind::Rotary}) {
                TrainingTask::Options o = TrainingTask::defaults(TrainingTaskKind(k));
                o.positions = kind;
                o.examples = 4;
                o.heldOut = 2;
                QVERIFY(TrainingTask::check(o).ok());
                auto valid = attn::validateSequence(TrainingTask::make(o));
                QVERIFY2(valid.ok(), valid.ok() ? "" : attn::describe(valid.error()).c_str());
            }
    }
};

QTEST_APPLESS_MAIN(TestTrainingTasks)
#include "tst_trainingtasks.moc"
