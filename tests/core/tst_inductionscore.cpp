#include "core/inductionscore.h"
#include "core/snapshotpolicy.h"
#include "naivesequence.h"

#include <QTest>

// The prefix-matching score on hand-made attention maps and on a model whose attention is even
// (zero queries and keys), where every number can be worked out on paper.

namespace {

// A forward pass of one layer and one head whose attention map is `weights`: all of a pass the
// score reads, so that the hand-made maps below are set in one line.
attn::SequenceForward oneHead(std::vector<int> tokens, attn::Matrix weights)
{
    attn::SequenceForward f;
    f.tokens = std::move(tokens);
    f.layers.resize(1);
    f.layers[0].heads.resize(1);
    f.layers[0].heads[0].weights = std::move(weights);
    return f;
}

// The score of that one head over one pass.
attn::InductionScore scoreOf(const attn::SequenceForward &f)
{
    attn::InductionScore score;
    score.add(f);
    return score;
}

} // namespace

class TestInductionScore : public QObject
{
    Q_OBJECT

private slots:
    void handMadeMap()
    {
        // Tokens A B A B: position 2 (A) last saw A at 0, so it should look at 1; position 3
        // (B) last saw B at 1, so at 2. Positions 0 and 1 have no earlier occurrence.
        attn::Matrix w = attn::Matrix::Zero(4, 4);
        w(2, 1) = 0.7;
        w(2, 0) = 0.3;
        w(3, 2) = 0.4;
        w(3, 3) = 0.6;
        const attn::InductionScore score = scoreOf(oneHead({0, 1, 0, 1}, w));
        QCOMPARE(score.counted, 2LL);
        QCOMPARE(*score.score(0, 0), (0.7 + 0.4) / 2);
        QVERIFY(!score.score(0, 1));
        QVERIFY(!score.score(1, 0));
    }

    void mostRecentOccurrenceCounts()
    {
        // A A A: position 1 looks at 1 (after A at 0), position 2 at 2 (after A at 1, the most
        // recent), not at 1.
        attn::Matrix w = attn::Matrix::Zero(3, 3);
        w(1, 1) = 1;
        w(2, 1) = 0.5;
        w(2, 2) = 0.25;
        const attn::InductionScore score = scoreOf(oneHead({0, 0, 0}, w));
        QCOMPARE(*score.score(0, 0), (1 + 0.25) / 2);
    }

    void noRepeatsNoScore()
    {
        const attn::InductionScore score =
            scoreOf(oneHead({0, 1, 2}, attn::Matrix::Constant(3, 3, 1.0 / 3)));
        QVERIFY(!score.score(0, 0));
    }

    void evenCausalAttention()
    {
        // Zero W_q and W_k: every score 0, so under the causal mask w(i, j) = 1/(i + 1).
        auto model = naiveseq::randomModel(5, 3, 4, 2, 1, 2, 2, attn::PositionKind::None, true);
        for (auto &layer : model.weights.layers)
            for (auto &head : layer.heads) {
                head.wq.setZero();
                head.wk.setZero();
            }
        // Example 1: A B A B → positions 2 and 3 count: 1/3 and 1/4.
        // Example 2: C C → position 1 counts: 1/2.
        const std::vector<attn::SequenceExample> examples = {{{0, 1, 0, 1}, {}}, {{2, 2}, {}}};
        auto score = attn::InductionScore::measure(model, examples);
        QVERIFY(score.ok());
        QCOMPARE(score->counted, 3LL);
        const double expected = (1.0 / 3 + 1.0 / 4 + 1.0 / 2) / 3;
        QVERIFY(std::abs(*score->score(0, 0) - expected) < 1e-12);
        QVERIFY(std::abs(*score->score(1, 0) - expected) < 1e-12);
    }

    void snapshotPolicyThinsByDoubling()
    {
        const attn::SnapshotPolicy policy;
        int kept = 0;
        for (int step = 0; step < 200; ++step)
            kept += policy.keeps(step);
        QCOMPARE(kept, 200);
        QVERIFY(policy.keeps(200) && !policy.keeps(201) && policy.keeps(202));
        QCOMPARE(policy.stride(399), 2);
        QCOMPARE(policy.stride(400), 4);
        QVERIFY(policy.keeps(400) && !policy.keeps(402) && policy.keeps(404));
        // 200 dense steps, then 100 per doubling: 200 + 100 · 4 up to 3200.
        kept = 0;
        for (int step = 0; step < 3200; ++step)
            kept += policy.keeps(step);
        QCOMPARE(kept, 600);
        QCOMPARE(attn::SnapshotPolicy{1000}.stride(999), 1);
    }
};

QTEST_APPLESS_MAIN(TestInductionScore)
#include "tst_inductionscore.moc"
