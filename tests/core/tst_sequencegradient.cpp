// The sequence model's gradient against central finite differences of its loss, entry by entry
// for every parameter group, for each position kind, causal on and off, one and two layers, one
// and several heads, at a temperature other than 1.

#include "core/sequencebackward.h"
#include "core/sequenceevaluation.h"
#include "naivesequence.h"

#include <QTest>

#include <cmath>

using attn::Matrix;
using attn::PositionKind;
using attn::SequenceExample;
using attn::SequenceModel;

Q_DECLARE_METATYPE(attn::PositionKind)
Q_DECLARE_METATYPE(attn::Normaliser)

namespace {

double lossOf(const SequenceModel &m, const std::vector<SequenceExample> &examples)
{
    auto e = attn::SequenceEvaluation::evaluate(m, examples);
    return e ? e->loss().value_or(0) : std::nan("");
}

// Examples of several lengths with a few unscored positions, drawn from `seed`.
std::vector<SequenceExample> examplesFor(int vocabulary, std::uint64_t seed)
{
    attn::Random rng(seed);
    std::vector<SequenceExample> out;
    for (int length : {5, 3, 6}) {
        SequenceExample ex;
        for (int i = 0; i < length; ++i) {
            ex.tokens.push_back(int(rng.uniform() * vocabulary));
            ex.targets.push_back(i == 1 ? -1 : int(rng.uniform() * vocabulary));
        }
        out.push_back(ex);
    }
    out.push_back({{1, 0, 2}, {}}); // no targets: takes no part
    return out;
}

// Many examples, so that the gradient stacks them: 21 of length 4 (more than one full stack of
// examples and a partial one), interleaved with 2 of length 3. Position 0 is never scored and
// position 2 only sometimes, so that the last layer skips queries nobody scores.
std::vector<SequenceExample> manyExamplesFor(int vocabulary, std::uint64_t seed)
{
    attn::Random rng(seed);
    std::vector<SequenceExample> out;
    for (int e = 0; e < 23; ++e) {
        const int length = e == 5 || e == 17 ? 3 : 4;
        SequenceExample ex;
        for (int i = 0; i < length; ++i) {
            ex.tokens.push_back(int(rng.uniform() * vocabulary));
            const bool scored = i != 0 && (i != 2 || e % 3 == 0);
            ex.targets.push_back(scored ? int(rng.uniform() * vocabulary) : -1);
        }
        out.push_back(ex);
    }
    return out;
}

// The derivative of the loss along one entry by the five-point central difference
// (−f(+2h) + 8f(+h) − 8f(−h) + f(−2h)) / 12h, whose truncation error is O(h⁴): with h = 1e-3 both
// it (~1e-12) and the rounding error (~1e-16 · loss / h) stay far below the tolerance.
double centralDifference(SequenceModel &m, const std::vector<SequenceExample> &examples,
                         double &entry)
{
    // Sparsemax is piecewise linear: a smaller step is less likely to cross a kink (a key
    // entering or leaving the support), and its truncation error is 0 between kinks. (Not much
    // smaller: the loss comes back in double, whose rounding grows as 1e-16 / h.)
    const double h = m.normaliser == attn::Normaliser::Sparsemax ? 1e-4 : 1e-3, saved = entry;
    auto at = [&](double offset) {
        entry = saved + offset;
        return lossOf(m, examples);
    };
    const double d = (-at(2 * h) + 8 * at(h) - 8 * at(-h) + at(-2 * h)) / (12 * h);
    entry = saved;
    return d;
}

// |a − b| relative to the larger of the two, with a floor of 1e-4 so that entries whose exact
// gradient is 0 (an unused token's row, a masked key) compare by an absolute 1e-10.
double relativeError(double a, double b)
{
    return std::abs(a - b) / std::max({std::abs(a), std::abs(b), 1e-4});
}

const char *const kGroupNames[] = {"embedding", "positions", "wq", "wk", "wv", "wo", "unembedding"};

} // namespace

class TestSequenceGradient : public QObject
{
    Q_OBJECT

private slots:
    void matchesFiniteDifferences_data()
    {
        QTest::addColumn<PositionKind>("kind");
        QTest::addColumn<bool>("causal");
        QTest::addColumn<int>("layers");
        QTest::addColumn<int>("heads");
        QTest::addColumn<bool>("many");
        QTest::addColumn<attn::Normaliser>("normaliser");
        for (PositionKind kind : {PositionKind::None, PositionKind::Sinusoidal,
                                  PositionKind::Learned, PositionKind::Rotary})
            for (bool causal : {false, true})
                for (int layers : {1, 2})
                    for (int heads : {1, 3})
                        QTest::addRow("%s causal=%d layers=%d heads=%d", attn::positionKindId(kind),
                                      int(causal), layers, heads)
                            << kind << causal << layers << heads << false
                            << attn::Normaliser::Softmax;
        QTest::addRow("many examples, rotary causal layers=2 heads=3")
            << PositionKind::Rotary << true << 2 << 3 << true << attn::Normaliser::Softmax;
        QTest::addRow("many examples, learned layers=2 heads=1")
            << PositionKind::Learned << false << 2 << 1 << true << attn::Normaliser::Softmax;
        // The other normalisers, each with and without the causal mask and stacked examples.
        for (attn::Normaliser normaliser : {attn::Normaliser::Sparsemax,
                                            attn::Normaliser::Softmax1, attn::Normaliser::Sigmoid}) {
            const char *id = attn::normaliserId(normaliser);
            QTest::addRow("%s rotary causal layers=2 heads=3", id)
                << PositionKind::Rotary << true << 2 << 3 << false << normaliser;
            QTest::addRow("%s learned layers=1 heads=1", id)
                << PositionKind::Learned << false << 1 << 1 << false << normaliser;
            QTest::addRow("%s many examples, sinusoidal causal layers=2 heads=1", id)
                << PositionKind::Sinusoidal << true << 2 << 1 << true << normaliser;
        }
    }

    void matchesFiniteDifferences()
    {
        QFETCH(PositionKind, kind);
        QFETCH(bool, causal);
        QFETCH(int, layers);
        QFETCH(int, heads);
        QFETCH(bool, many);
        QFETCH(attn::Normaliser, normaliser);
        const int vocabulary = 5, d = 4, dk = 4, dv = 3;
        SequenceModel m =
            naiveseq::randomModel(17 + std::uint64_t(layers) * 7 + std::uint64_t(heads), vocabulary,
                                  d, layers, heads, dk, dv, kind, causal, 0.7, 6);
        m.normaliser = normaliser;
        const auto examples = many ? manyExamplesFor(vocabulary, 99) : examplesFor(vocabulary, 99);
        auto g = attn::SequenceGradient::compute(m, examples);
        QVERIFY(g.ok());
        // The loss it reports is the loss of the forward pass.
        QCOMPARE(*g->evaluation.loss(), lossOf(m, examples));

        // Walk the model's matrices and the gradient's in the same order (SequenceWeights
        // ::matrices()), naming each group.
        std::vector<Matrix *> params = m.weights.matrices();
        attn::SequenceWeights grad = g->gradient;
        std::vector<Matrix *> grads = grad.matrices();
        QCOMPARE(params.size(), grads.size());
        std::vector<int> group(params.size());
        group[0] = 0;
        group[1] = 1;
        std::size_t at = 2;
        for (int l = 0; l < layers; ++l) {
            for (int h = 0; h < heads; ++h) {
                group[at++] = 2;
                group[at++] = 3;
                group[at++] = 4;
            }
            group[at++] = 5;
        }
        group[at++] = 6;
        QCOMPARE(at, params.size());

        double worst[7] = {}, largest[7] = {};
        int entries[7] = {};
        for (std::size_t p = 0; p < params.size(); ++p) {
            Matrix &w = *params[p];
            const Matrix &gw = *grads[p];
            QCOMPARE(gw.rows(), w.rows());
            QCOMPARE(gw.cols(), w.cols());
            for (Eigen::Index r = 0; r < w.rows(); ++r)
                for (Eigen::Index c = 0; c < w.cols(); ++c) {
                    const double fd = centralDifference(m, examples, w(r, c));
                    const double e = relativeError(gw(r, c), fd);
                    const int k = group[p];
                    worst[k] = std::max(worst[k], e);
                    largest[k] = std::max(largest[k], std::abs(fd));
                    ++entries[k];
                    if (e > 1e-6)
                        QFAIL(qPrintable(QStringLiteral("%1 matrix %2 (%3, %4): gradient %5, "
                                                        "finite difference %6")
                                             .arg(QLatin1String(kGroupNames[k]))
                                             .arg(p)
                                             .arg(r)
                                             .arg(c)
                                             .arg(gw(r, c), 0, 'g', 17)
                                             .arg(fd, 0, 'g', 17)));
                }
        }
        // Every group that exists was checked and has a gradient worth checking (not all zero).
        for (int k = 0; k < 7; ++k) {
            if (k == 1 && kind != PositionKind::Learned) {
                QCOMPARE(entries[k], 0);
                continue;
            }
            QVERIFY2(entries[k] > 0, kGroupNames[k]);
            QVERIFY2(largest[k] > 1e-3, kGroupNames[k]);
        }
        qInfo("worst relative errors: E %.1e P %.1e q %.1e k %.1e v %.1e O %.1e U %.1e", worst[0],
              worst[1], worst[2], worst[3], worst[4], worst[5], worst[6]);
    }

    // All parameters moved at once along a random direction: the loss changes at the rate the
    // gradient's scalar product with that direction says (rotary, causal, two layers, τ = 1.6).
    void directionalDerivative()
    {
        SequenceModel m =
            naiveseq::randomModel(5, 6, 4, 2, 2, 2, 2, PositionKind::Rotary, true, 1.6);
        const auto examples = examplesFor(6, 3);
        auto g = attn::SequenceGradient::compute(m, examples);
        QVERIFY(g.ok());
        attn::Random rng(8);
        attn::SequenceWeights direction = m.weights.zerosLike();
        double expected = 0;
        const auto gm = g->gradient.matrices();
        const auto dm = direction.matrices();
        for (std::size_t p = 0; p < dm.size(); ++p)
            for (Eigen::Index i = 0; i < dm[p]->size(); ++i) {
                (*dm[p])(i) = rng.uniform(-1, 1);
                expected += (*dm[p])(i) * (*gm[p])(i);
            }
        auto along = [&](double t) {
            SequenceModel moved = m;
            const auto mm = moved.weights.matrices();
            for (std::size_t p = 0; p < mm.size(); ++p)
                *mm[p] += t * *dm[p];
            return lossOf(moved, examples);
        };
        const double h = 1e-3;
        const double fd = (-along(2 * h) + 8 * along(h) - 8 * along(-h) + along(-2 * h)) / (12 * h);
        QVERIFY2(
            relativeError(expected, fd) < 1e-7,
            qPrintable(QStringLiteral("%1 vs %2").arg(expected, 0, 'g', 17).arg(fd, 0, 'g', 17)));
    }

    void noTargetsGiveZeroGradient()
    {
        SequenceModel m = naiveseq::randomModel(1, 3, 2, 1, 1, 2, 2, PositionKind::None, false);
        std::vector<SequenceExample> examples = {{{0, 1, 2}, {}}};
        auto g = attn::SequenceGradient::compute(m, examples);
        QVERIFY(g.ok());
        QVERIFY(!g->evaluation.loss());
        for (const Matrix *w : g->gradient.matrices())
            QCOMPARE(w->cwiseAbs().sum(), 0.0);
    }
};

QTEST_APPLESS_MAIN(TestSequenceGradient)
#include "tst_sequencegradient.moc"
