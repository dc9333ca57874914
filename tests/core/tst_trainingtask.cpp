// The built-in "previous token" task: a valid sequence file, the same from the same seed, and
// trainable to ≥ 95% accuracy from its default seed in its own number of steps with rotary
// positions, while without positions it stays well below (the causal mask alone tells a little
// about position: the second token sees only two keys, so it is not at chance either).

#include "core/sequencefile.h"
#include "core/sequencetrainer.h"
#include "core/trainingtask.h"

#include <QTest>

using attn::PositionKind;
using attn::TrainingTask;

namespace {

// Trains the document with its own settings and steps; returns the final accuracy.
double trainedAccuracy(const attn::SequenceDocument &d, double *firstLoss, double *lastLoss)
{
    attn::SequenceTrainer trainer(d.model, d.examples, d.trainingSettings);
    for (int i = 0; i < d.trainingSettings.steps; ++i) {
        auto r = trainer.step();
        if (!r)
            return -1;
        if (i == 0)
            *firstLoss = *r->loss();
    }
    auto e = trainer.evaluate();
    *lastLoss = *e->loss();
    return *e->accuracy();
}

} // namespace

class TestTrainingTask : public QObject
{
    Q_OBJECT

private slots:
    void validAndReproducible()
    {
        const attn::SequenceDocument d = TrainingTask::previousToken({});
        QVERIFY(attn::validateSequence(d).ok());
        const std::string text = attn::writeSequence(d);
        QCOMPARE(attn::writeSequence(TrainingTask::previousToken({})), text);
        auto back = attn::parseSequence(text);
        QVERIFY(back.ok());
        QCOMPARE(back->trainingSettings.steps, d.trainingSettings.steps);
        QCOMPARE(back->trainingSettings.learningRate, d.trainingSettings.learningRate);
        // Targets: null first, then the token before.
        for (const attn::SequenceExample &ex : d.examples) {
            QCOMPARE(ex.targets.front(), -1);
            for (std::size_t i = 1; i < ex.tokens.size(); ++i)
                QCOMPARE(ex.targets[i], ex.tokens[i - 1]);
        }
        TrainingTask::PreviousTokenOptions other;
        other.seed = 2;
        QVERIFY(attn::writeSequence(TrainingTask::previousToken(other)) != text);
    }

    void learnsWithRotaryPositions()
    {
        const attn::SequenceDocument d = TrainingTask::previousToken({});
        double first = 0, last = 0;
        const double accuracy = trainedAccuracy(d, &first, &last);
        qInfo("rotary: loss %.4f -> %.4f, accuracy %.3f after %d steps", first, last, accuracy,
              d.trainingSettings.steps);
        QVERIFY(accuracy >= 0.95);
    }

    void stallsWithoutPositions()
    {
        TrainingTask::PreviousTokenOptions o;
        o.positions = PositionKind::None;
        const attn::SequenceDocument d = TrainingTask::previousToken(o);
        double first = 0, last = 0;
        const double accuracy = trainedAccuracy(d, &first, &last);
        qInfo("none: loss %.4f -> %.4f, accuracy %.3f", first, last, accuracy);
        QVERIFY(accuracy < 0.8);
        QVERIFY(last > 0.5);
    }
};

QTEST_APPLESS_MAIN(TestTrainingTask)
#include "tst_trainingtask.moc"
