// The sequence model's forward pass against the naive loops of naivesequence.h, for every
// position kind, causal on and off, one and two layers, one and several heads; and the three
// facts about positions the Sequence window teaches (permutations, RoPE's shift invariance and
// the sinusoidal encoding's lack of it).

#include "core/sequenceevaluation.h"
#include "core/sequenceforward.h"
#include "naivesequence.h"

#include <QTest>

#include <cmath>
#include <numeric>

using attn::Matrix;
using attn::PositionKind;
using attn::SequenceForward;
using attn::SequenceModel;

Q_DECLARE_METATYPE(attn::PositionKind)
Q_DECLARE_METATYPE(attn::Normaliser)

namespace {

// |a − b| within tol·(1 + |b|); NaN in the reference stands for a masked entry (−∞ here).
bool close(double a, naiveseq::Real b, double tol)
{
    if (std::isnan(double(b)))
        return std::isinf(a) && a < 0;
    return std::abs(naiveseq::Real(a) - b) <= tol * (1 + std::abs(b));
}

#define COMPARE_ROWS(actual, expected, tol)                                                        \
    do {                                                                                           \
        const Matrix &a_ = (actual);                                                               \
        const naiveseq::Rows &e_ = (expected);                                                     \
        QCOMPARE(std::size_t(a_.rows()), e_.size());                                               \
        for (std::size_t r_ = 0; r_ < e_.size(); ++r_) {                                           \
            QCOMPARE(std::size_t(a_.cols()), e_[r_].size());                                       \
            for (std::size_t c_ = 0; c_ < e_[r_].size(); ++c_)                                     \
                QVERIFY2(close(a_(long(r_), long(c_)), e_[r_][c_], tol),                           \
                         qPrintable(QStringLiteral(#actual "(%1, %2) = %3, expected %4")           \
                                        .arg(r_)                                                   \
                                        .arg(c_)                                                   \
                                        .arg(a_(long(r_), long(c_)), 0, 'g', 17)                   \
                                        .arg(double(e_[r_][c_]), 0, 'g', 17)));                    \
        }                                                                                          \
    } while (false)

const PositionKind kKinds[] = {PositionKind::None, PositionKind::Sinusoidal, PositionKind::Learned,
                               PositionKind::Rotary};

} // namespace

class TestSequenceForward : public QObject
{
    Q_OBJECT

private slots:
    void matchesNaiveLoops_data()
    {
        QTest::addColumn<PositionKind>("kind");
        QTest::addColumn<bool>("causal");
        QTest::addColumn<int>("layers");
        QTest::addColumn<int>("heads");
        QTest::addColumn<int>("first");
        QTest::addColumn<attn::Normaliser>("normaliser");
        for (PositionKind kind : kKinds)
            for (bool causal : {false, true})
                for (int layers : {1, 2})
                    for (int heads : {1, 3}) {
                        const int first = kind == PositionKind::Learned ? 2 : 5;
                        QTest::addRow("%s causal=%d layers=%d heads=%d", attn::positionKindId(kind),
                                      int(causal), layers, heads)
                            << kind << causal << layers << heads << first
                            << attn::Normaliser::Softmax;
                    }
        for (attn::Normaliser normaliser : {attn::Normaliser::Sparsemax,
                                            attn::Normaliser::Softmax1, attn::Normaliser::Sigmoid})
            for (bool causal : {false, true})
                QTest::addRow("%s rotary causal=%d layers=2 heads=3", attn::normaliserId(normaliser),
                              int(causal))
                    << PositionKind::Rotary << causal << 2 << 3 << 5 << normaliser;
    }

    void matchesNaiveLoops()
    {
        QFETCH(PositionKind, kind);
        QFETCH(bool, causal);
        QFETCH(int, layers);
        QFETCH(int, heads);
        QFETCH(int, first);
        QFETCH(attn::Normaliser, normaliser);
        SequenceModel m =
            naiveseq::randomModel(7 + 13 * layers + heads, 5, 6, layers, heads, 4, 3, kind, causal);
        m.normaliser = normaliser;
        const std::vector<int> tokens{3, 0, 4, 4, 1, 2};
        for (int start : {0, first}) {
            auto f = SequenceForward::run(m, tokens, start);
            QVERIFY(f.ok());
            const naiveseq::Run e = naiveseq::forward(m, tokens, start);
            COMPARE_ROWS(f->input, e.input, 1e-13);
            QCOMPARE(f->layers.size(), e.layers.size());
            for (std::size_t l = 0; l < e.layers.size(); ++l) {
                QCOMPARE(f->layers[l].heads.size(), e.layers[l].heads.size());
                for (std::size_t h = 0; h < e.layers[l].heads.size(); ++h) {
                    const auto &a = f->layers[l].heads[h];
                    const auto &b = e.layers[l].heads[h];
                    COMPARE_ROWS(a.q, b.q, 1e-12);
                    COMPARE_ROWS(a.k, b.k, 1e-12);
                    COMPARE_ROWS(a.v, b.v, 1e-12);
                    COMPARE_ROWS(a.scores, b.scores, 1e-12);
                    COMPARE_ROWS(a.weights, b.weights, 1e-12);
                    COMPARE_ROWS(a.output, b.output, 1e-12);
                }
                COMPARE_ROWS(f->layers[l].output, e.layers[l].output, 1e-12);
            }
            COMPARE_ROWS(f->logits, e.logits, 1e-12);
            QCOMPARE(f->predictions, e.predictions);
            // The first query sees only itself: all its weight there, for the normalisers whose
            // weights sum to 1 (softmax₁ and sigmoid give it σ(z), the same number).
            if (causal && attn::normaliserInfo(normaliser).sumsToOne)
                for (const auto &layer : f->layers)
                    for (const auto &head : layer.heads)
                        QCOMPARE(head.weights(0, 0), 1.0);
        }
    }

    void lossAndAccuracyMatchNaiveLoops()
    {
        for (PositionKind kind : kKinds) {
            const SequenceModel m = naiveseq::randomModel(99, 4, 4, 2, 2, 2, 2, kind, true);
            std::vector<attn::SequenceExample> examples = {
                {{0, 1, 2, 3}, {1, 2, 3, -1}}, {{3, 3}, {}}, {{2, 0, 1}, {-1, 0, 0}}};
            naiveseq::Real sum = 0;
            int scored = 0, correct = 0;
            for (const auto &ex : examples) {
                const naiveseq::Run e = naiveseq::forward(m, ex.tokens);
                for (std::size_t i = 0; i < ex.targets.size(); ++i) {
                    if (ex.targets[i] < 0)
                        continue;
                    ++scored;
                    sum += naiveseq::tokenLoss(e.logits[i], ex.targets[i]);
                    correct += e.predictions[i] == ex.targets[i];
                }
            }
            auto r = attn::SequenceEvaluation::evaluate(m, examples);
            QVERIFY(r.ok());
            QCOMPARE(r->scored, 5);
            QVERIFY(close(*r->loss(), sum / scored, 1e-13));
            QCOMPARE(*r->accuracy(), double(correct) / scored);

            const std::vector<attn::SequenceExample> unscored = {{{0, 1}, {}}, {{1}, {-1}}};
            auto none = attn::SequenceEvaluation::evaluate(m, unscored);
            QVERIFY(none.ok());
            QVERIFY(!none->loss());
            QVERIFY(!none->accuracy());
        }
    }

    void tiesPredictTheFirstOutput()
    {
        SequenceModel m = naiveseq::randomModel(3, 3, 2, 1, 1, 2, 2, PositionKind::None, false);
        m.weights.unembedding.row(2) = m.weights.unembedding.row(1);
        m.weights.unembedding.row(0).setZero();
        // Logits 0, x, x: the prediction is output 1 whenever x ≥ 0, never 2.
        auto f = SequenceForward::run(m, std::vector<int>{0, 1, 2});
        QVERIFY(f.ok());
        for (int i = 0; i < 3; ++i) {
            QVERIFY(f->predictions[std::size_t(i)] != 2);
            QCOMPARE(f->logits(i, 1), f->logits(i, 2));
        }
    }

    // Without positions and without a mask, attention treats its input as a set: permuting the
    // tokens permutes every row of every intermediate (and both axes of the weights).
    void permutingTokensPermutesEverything()
    {
        const SequenceModel m =
            naiveseq::randomModel(11, 6, 4, 2, 3, 2, 2, PositionKind::None, false);
        const std::vector<int> tokens{5, 1, 3, 0, 2};
        const std::vector<int> perm{3, 0, 4, 1, 2}; // new position i holds old token perm[i]
        std::vector<int> permuted;
        for (int p : perm)
            permuted.push_back(tokens[std::size_t(p)]);
        auto a = SequenceForward::run(m, tokens);
        auto b = SequenceForward::run(m, permuted);
        QVERIFY(a.ok() && b.ok());
        for (int i = 0; i < 5; ++i) {
            const int p = perm[std::size_t(i)];
            for (std::size_t l = 0; l < 2; ++l) {
                QVERIFY((b->layers[l].output.row(i) - a->layers[l].output.row(p)).norm() < 1e-13);
                for (std::size_t h = 0; h < 3; ++h)
                    for (int j = 0; j < 5; ++j)
                        QVERIFY(std::abs(b->layers[l].heads[h].weights(i, j) -
                                         a->layers[l].heads[h].weights(p, perm[std::size_t(j)])) <
                                1e-14);
            }
            QVERIFY((b->logits.row(i) - a->logits.row(p)).norm() < 1e-12);
        }
    }

    // RoPE: q_i·k_j depends on i − j only, so moving every token by m changes no score.
    void rotaryScoresIgnoreACommonShift()
    {
        for (bool causal : {false, true}) {
            const SequenceModel m =
                naiveseq::randomModel(5, 4, 8, 2, 2, 4, 3, PositionKind::Rotary, causal);
            const std::vector<int> tokens{0, 1, 2, 3, 2, 1};
            auto base = SequenceForward::run(m, tokens, 0);
            QVERIFY(base.ok());
            for (int shift : {1, 7, 100, 1000}) {
                auto moved = SequenceForward::run(m, tokens, shift);
                QVERIFY(moved.ok());
                for (std::size_t l = 0; l < 2; ++l)
                    for (std::size_t h = 0; h < 2; ++h) {
                        const Matrix &s0 = base->layers[l].heads[h].scores;
                        const Matrix &s1 = moved->layers[l].heads[h].scores;
                        for (int i = 0; i < 6; ++i)
                            for (int j = 0; j < 6; ++j) {
                                if (causal && j > i)
                                    continue;
                                QVERIFY2(std::abs(s0(i, j) - s1(i, j)) <= 1e-12,
                                         qPrintable(QString::number(s0(i, j) - s1(i, j))));
                            }
                        // The rotated q themselves did move.
                        QVERIFY((base->layers[l].heads[h].q - moved->layers[l].heads[h].q).norm() >
                                1e-3);
                    }
                QVERIFY((base->logits - moved->logits).cwiseAbs().maxCoeff() <= 1e-12);
            }
        }
    }

    void sinusoidalScoresChangeWithAShift()
    {
        const SequenceModel m =
            naiveseq::randomModel(5, 4, 8, 1, 2, 4, 3, PositionKind::Sinusoidal, false);
        const std::vector<int> tokens{0, 1, 2, 3, 2, 1};
        auto base = SequenceForward::run(m, tokens, 0);
        auto moved = SequenceForward::run(m, tokens, 7);
        QVERIFY(base.ok() && moved.ok());
        const Matrix diff = base->layers[0].heads[0].scores - moved->layers[0].heads[0].scores;
        QVERIFY(diff.cwiseAbs().maxCoeff() > 1e-2);
    }

    void sinusoidalPositionsOfTwoDimensionsLieOnTheUnitCircle()
    {
        for (int pos = 0; pos < 20; ++pos) {
            const attn::Vector p = attn::sinusoidalPosition(pos, 2, 10000);
            QVERIFY(std::abs(p(0) - std::sin(double(pos))) < 1e-15);
            QVERIFY(std::abs(p(1) - std::cos(double(pos))) < 1e-15);
            QVERIFY(std::abs(p.norm() - 1) < 1e-15);
        }
    }

    void refusesWhatItCannotRun()
    {
        const SequenceModel m =
            naiveseq::randomModel(1, 3, 2, 1, 1, 2, 2, PositionKind::Learned, false, 1, 4);
        auto empty = SequenceForward::run(m, std::vector<int>{});
        QVERIFY(!empty.ok());
        QCOMPARE(empty.error().subject, std::string("tokens"));
        auto outside = SequenceForward::run(m, std::vector<int>{0, 3});
        QVERIFY(!outside.ok());
        QCOMPARE(outside.error().code, attn::ErrorCode::BadArgument);
        auto negative = SequenceForward::run(m, std::vector<int>{0}, -1);
        QVERIFY(!negative.ok());
        QVERIFY(SequenceForward::run(m, std::vector<int>{0, 1, 2, 0}).ok());
        auto pastTable = SequenceForward::run(m, std::vector<int>{0, 1, 2}, 2);
        QVERIFY(!pastTable.ok());
        QCOMPARE(pastTable.error().code, attn::ErrorCode::DimensionMismatch);
        QCOMPARE(pastTable.error().subject, std::string("positions.table"));
        QCOMPARE(pastTable.error().expected, 5);
    }

    void overflowIsRefusedNotPropagated()
    {
        SequenceModel m = naiveseq::randomModel(4, 3, 2, 1, 1, 2, 2, PositionKind::None, false);
        m.weights.embedding.setConstant(1e200);
        auto f = SequenceForward::run(m, std::vector<int>{0, 1, 2});
        QVERIFY(!f.ok());
        QCOMPARE(f.error().code, attn::ErrorCode::NonFinite);
        QCOMPARE(f.error().subject, std::string("logits"));
    }

    void weightsContainerWalksEveryMatrix()
    {
        const SequenceModel m =
            naiveseq::randomModel(1, 3, 4, 2, 2, 2, 3, PositionKind::Learned, false, 1, 5);
        // 3×4 + 5×4 + 2 × (2 × (2·4 + 2·4 + 3·4) + 4·6) + 3×4
        QCOMPARE(m.weights.parameterCount(), 12 + 20 + 2 * (2 * 28 + 24) + 12);
        QCOMPARE(m.weights.matrices().size(), std::size_t(2 + 2 * (2 * 3 + 1) + 1));
        const attn::SequenceWeights z = m.weights.zerosLike();
        for (const Matrix *x : z.matrices())
            QVERIFY(x->isZero(0));
        QCOMPARE(z.parameterCount(), m.weights.parameterCount());
    }
};

QTEST_APPLESS_MAIN(TestSequenceForward)
#include "tst_sequenceforward.moc"
