#include "common/naivereference.h"
#include "core/attention.h"
#include "core/normaliser.h"
#include "core/softmax.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <random>

using attn::Normaliser;
using naive::DVec;
using naive::Real;
using naive::Vec;

Q_DECLARE_METATYPE(attn::Normaliser)

namespace {

constexpr Normaliser kAll[] = {Normaliser::Softmax, Normaliser::Sparsemax, Normaliser::Softmax1,
                               Normaliser::Sigmoid};

// Sparsemax by the textbook's sort (Martins & Astudillo 2016, Algorithm 1) in long double: sort
// z descending, k = max{j : 1 + j z₍ⱼ₎ > Σᵢ≤ⱼ z₍ᵢ₎}, τ* = (Σᵢ≤ₖ z₍ᵢ₎ − 1)/k, wᵢ = max(zᵢ − τ*, 0).
// Masked keys are left out of the sort and get 0.
struct SparsemaxRef
{
    Vec weights;
    Real threshold = 0;
    int k = 0;
};

SparsemaxRef sparsemaxRef(const Vec &z, const attn::Mask &mask = {})
{
    Vec sorted;
    for (std::size_t i = 0; i < z.size(); ++i) {
        if (mask.empty() || !mask[i])
            sorted.push_back(z[i]);
    }
    std::sort(sorted.begin(), sorted.end(), std::greater<>());
    SparsemaxRef r;
    Real cumulative = 0, atK = 0;
    for (std::size_t j = 0; j < sorted.size(); ++j) {
        cumulative += sorted[j];
        if (1 + Real(j + 1) * sorted[j] > cumulative) {
            r.k = int(j + 1);
            atK = cumulative;
        }
    }
    r.threshold = (atK - 1) / r.k;
    for (std::size_t i = 0; i < z.size(); ++i) {
        const bool masked = !mask.empty() && mask[i];
        r.weights.push_back(masked ? Real(0) : std::max<Real>(z[i] - r.threshold, 0));
    }
    return r;
}

attn::SoftmaxTrace run(Normaliser n, const DVec &scores, double tau = 1.0,
                       const attn::Mask &mask = {}, std::optional<double> bias = std::nullopt)
{
    auto r = attn::normalise(naive::toEigen(scores), tau, mask, n, bias);
    if (!r) {
        qWarning("normalise failed: %s", attn::describe(r.error()).c_str());
        return {};
    }
    return std::move(r).value();
}

// One data row per normaliser.
void everyNormaliser()
{
    QTest::addColumn<Normaliser>("normaliser");
    for (Normaliser n : kAll)
        QTest::newRow(attn::normaliserId(n)) << n;
}

// L(z) = g · w(z), the loss whose gradient the backward pass returns.
double loss(Normaliser n, const attn::Vector &z, const attn::Vector &g)
{
    attn::Vector w(z.size());
    attn::normaliseRow(n, z, w);
    return g.dot(w);
}

} // namespace

class TestNormaliser : public QObject
{
    Q_OBJECT

private slots:
    void identifiers();
    void sparsemaxHandWorked_data();
    void sparsemaxHandWorked();
    void sparsemaxMatchesSortDefinition();
    void sparsemaxIsOnSimplex();
    void smallTemperatureIsOneHot_data();
    void smallTemperatureIsOneHot();
    void sparsemaxLargeTemperatureIsUniform();
    void softmax1IsSoftmaxWithAZeroKey_data();
    void softmax1IsSoftmaxWithAZeroKey();
    void sigmoidValues();
    void masksGiveExactZeros_data();
    void masksGiveExactZeros();
    void extremeScoresStayFinite_data();
    void extremeScoresStayFinite();
    void backwardMatchesFiniteDifferences_data();
    void backwardMatchesFiniteDifferences();
    void backwardInPlaceAndStrided();
    void rowOfAMatrixEqualsVector();
    void badBiasRefused();
    void attendUsesTheNormaliser();
    void everyHeadUsesTheNormaliser();
    void everyWayIsTheMeanOfEachNormaliser();
};

void TestNormaliser::identifiers()
{
    const char *ids[] = {"softmax", "sparsemax", "softmax1", "sigmoid"};
    for (int i = 0; i < 4; ++i) {
        QCOMPARE(attn::normaliserId(kAll[i]), ids[i]);
        Normaliser n = Normaliser::Softmax;
        QVERIFY(attn::normaliserFromId(ids[i], n));
        QCOMPARE(n, kAll[i]);
    }
    Normaliser n = Normaliser::Sigmoid;
    QVERIFY(!attn::normaliserFromId("Softmax", n));
    QVERIFY(!attn::normaliserFromId("", n));
    QCOMPARE(n, Normaliser::Sigmoid);
    QVERIFY(attn::normaliserInfo(Normaliser::Sparsemax).sumsToOne);
    QVERIFY(!attn::normaliserInfo(Normaliser::Softmax1).sumsToOne);
    QVERIFY(!attn::normaliserInfo(Normaliser::Sigmoid).sumsToOne);
}

void TestNormaliser::sparsemaxHandWorked_data()
{
    QTest::addColumn<DVec>("z");
    QTest::addColumn<DVec>("weights");
    QTest::addColumn<double>("threshold");
    QTest::addColumn<int>("support");
    // Sorted 0.5, 0.3, −0.2; sums 0.5, 0.8, 0.6. j = 2: 1 + 0.6 > 0.8; j = 3: 1 − 0.6 ≤ 0.6.
    // k = 2, τ* = (0.8 − 1)/2 = −0.1.
    QTest::newRow("two of three") << DVec{0.5, 0.3, -0.2} << DVec{0.6, 0.4, 0.0} << -0.1 << 2;
    // j = 2: 1 + 2·0 = 1, not > 1: the second key sits exactly on the threshold τ* = 0.
    QTest::newRow("key on the threshold") << DVec{1, 0, -1} << DVec{1, 0, 0} << 0.0 << 1;
    // Ties: (2 − 1)/2 = 0.5 for the two tied leaders; the third (0) is below it.
    QTest::newRow("tied pair") << DVec{1, 0, 1} << DVec{0.5, 0, 0.5} << 0.5 << 2;
    // All equal: (0.6 − 1)/3 = −2/15, each weight 0.2 + 2/15 = 1/3.
    QTest::newRow("all tied") << DVec{0.2, 0.2, 0.2} << DVec{1. / 3, 1. / 3, 1. / 3} << -2.0 / 15
                              << 3;
    QTest::newRow("single key") << DVec{7} << DVec{1} << 6.0 << 1;
    // Close scores: sorted 0.1, 0, −0.1, sums 0.1, 0.1, 0; k = 3, τ* = −1/3.
    QTest::newRow("all kept") << DVec{0, 0.1, -0.1} << DVec{1. / 3, 0.1 + 1. / 3, -0.1 + 1. / 3}
                              << -1.0 / 3 << 3;
}

void TestNormaliser::sparsemaxHandWorked()
{
    QFETCH(DVec, z);
    QFETCH(DVec, weights);
    QFETCH(double, threshold);
    QFETCH(int, support);
    const attn::SoftmaxTrace t = run(Normaliser::Sparsemax, z);
    NAIVE_COMPARE(t.weights, naive::toLong(weights), 1e-15L);
    QCOMPARE_LE(std::abs(t.threshold - threshold), 1e-15);
    QCOMPARE(t.support, support);
    QCOMPARE_LE(std::abs(t.weightSum - 1.0), 1e-15);
    for (std::size_t i = 0; i < weights.size(); ++i) {
        if (weights[i] == 0)
            QCOMPARE(t.weights[Eigen::Index(i)], 0.0); // exactly
    }
    // The step table's sort and running sums.
    DVec sorted = z;
    std::sort(sorted.begin(), sorted.end(), std::greater<>());
    NAIVE_COMPARE(t.sortedLogits, naive::toLong(sorted), 0.0L);
    double sum = 0;
    for (std::size_t j = 0; j < sorted.size(); ++j) {
        sum += sorted[j];
        QCOMPARE_LE(std::abs(t.cumulativeSums[Eigen::Index(j)] - sum), 1e-15);
    }
}

void TestNormaliser::sparsemaxMatchesSortDefinition()
{
    std::mt19937_64 gen(17);
    for (int trial = 0; trial < 400; ++trial) {
        const std::size_t n = 1 + trial % 64;
        const double spread = trial % 3 == 0 ? 0.2 : trial % 3 == 1 ? 2.0 : 20.0;
        const DVec z = naive::randomVector(gen, n, -spread, spread);
        attn::Mask mask(n, false);
        for (std::size_t i = 0; i + 1 < n; i += 3)
            mask[i] = trial % 2 == 1;
        const SparsemaxRef ref = sparsemaxRef(naive::toLong(z), mask);
        const attn::SoftmaxTrace t = run(Normaliser::Sparsemax, z, 1.0, mask);
        NAIVE_COMPARE(t.weights, ref.weights, 1e-13L);
        QCOMPARE_LE(std::abs(t.threshold - double(ref.threshold)), 1e-13);
        QCOMPARE(t.support, ref.k);
    }
}

void TestNormaliser::sparsemaxIsOnSimplex()
{
    // The Euclidean projection onto the simplex: w ≥ 0, Σ w = 1, and (its optimality condition)
    // zᵢ − wᵢ is the same τ* on the support and zᵢ ≤ τ* off it.
    std::mt19937_64 gen(4);
    for (int trial = 0; trial < 200; ++trial) {
        const DVec z = naive::randomVector(gen, 2 + trial % 30, -3, 3);
        const attn::SoftmaxTrace t = run(Normaliser::Sparsemax, z);
        QVERIFY((t.weights.array() >= 0).all());
        QCOMPARE_LE(std::abs(t.weights.sum() - 1.0), 1e-14);
        for (std::size_t i = 0; i < z.size(); ++i) {
            const double w = t.weights[Eigen::Index(i)];
            if (w > 0)
                QCOMPARE_LE(std::abs(z[i] - w - t.threshold), 1e-14);
            else
                QCOMPARE_LE(z[i], t.threshold + 1e-14);
        }
    }
}

void TestNormaliser::smallTemperatureIsOneHot_data()
{
    QTest::addColumn<Normaliser>("normaliser");
    QTest::newRow("softmax") << Normaliser::Softmax;
    QTest::newRow("sparsemax") << Normaliser::Sparsemax;
    QTest::newRow("softmax1") << Normaliser::Softmax1;
}

void TestNormaliser::smallTemperatureIsOneHot()
{
    // The largest score (the second, 0.9) by 0.1: at τ = 1e-4 its z leads by 1000.
    QFETCH(Normaliser, normaliser);
    const attn::SoftmaxTrace t = run(normaliser, {0.3, 0.9, 0.8, -2}, 1e-4);
    NAIVE_COMPARE(t.weights, (Vec{0, 1, 0, 0}), 1e-15L);
}

void TestNormaliser::sparsemaxLargeTemperatureIsUniform()
{
    // At τ = 1e6 every z is within 3e-6 of the others, far less than 1/n: all keys stay in the
    // support and each weight is 1/n up to that spread.
    const attn::SoftmaxTrace t = run(Normaliser::Sparsemax, {0.3, 0.9, 0.8, -2, 1.5}, 1e6);
    QCOMPARE(t.support, 5);
    NAIVE_COMPARE(t.weights, (Vec{0.2L, 0.2L, 0.2L, 0.2L, 0.2L}), 1e-5L);
}

void TestNormaliser::softmax1IsSoftmaxWithAZeroKey_data()
{
    QTest::addColumn<DVec>("scores");
    QTest::addColumn<double>("tau");
    QTest::newRow("article") << DVec{1.4, 2.2, 1.92} << 1.0;
    QTest::newRow("all negative") << DVec{-3, -1, -2} << 1.0;
    QTest::newRow("nothing relevant") << DVec{0, 0, 0, 0} << 1.0;
    QTest::newRow("large, hot") << DVec{40, 38, -5} << 0.5;
    QTest::newRow("single") << DVec{0.7} << 2.0;
}

void TestNormaliser::softmax1IsSoftmaxWithAZeroKey()
{
    QFETCH(DVec, scores);
    QFETCH(double, tau);
    // softmax over the keys plus one key of score 0 (z = 0 whatever τ), that key's weight dropped.
    Vec extended;
    for (double s : scores)
        extended.push_back(Real(s) / tau);
    extended.push_back(0);
    const naive::Softmax ref = naive::softmax(extended);
    Vec expected(ref.weights.begin(), ref.weights.end() - 1);
    const attn::SoftmaxTrace t = run(Normaliser::Softmax1, scores, tau);
    NAIVE_COMPARE(t.weights, expected, 1e-15L);
    NAIVE_COMPARE(t.nothingWeight, ref.weights.back(), 1e-15L);
    NAIVE_COMPARE(t.weightSum, 1 - ref.weights.back(), 1e-15L);
    QCOMPARE_GT(t.nothingWeight, 0.0); // Σ w may still round to 1 (here e^−80)
}

void TestNormaliser::sigmoidValues()
{
    // Default b = −ln 3 for three keys: σ(z − ln 3) = 1 / (1 + 3e^{−z}).
    const attn::SoftmaxTrace t = run(Normaliser::Sigmoid, {0, 2, -1}, 1.0);
    NAIVE_COMPARE(t.bias, -std::log(3.0L), 1e-15L);
    NAIVE_COMPARE(t.weights,
                  (Vec{1 / 4.0L, 1 / (1 + 3 * std::exp(-2.0L)), 1 / (1 + 3 * std::exp(1.0L))}),
                  1e-15L);
    // With z = 0 everywhere each weight is 1/(n + 1).
    const attn::SoftmaxTrace zero = run(Normaliser::Sigmoid, {0, 0, 0, 0, 0}, 1.0);
    NAIVE_COMPARE(zero.weights, (Vec(5, 1 / 6.0L)), 1e-15L);
    // A given bias, and τ dividing the scores before it is added: σ(4/2 + 0.5).
    const attn::SoftmaxTrace given = run(Normaliser::Sigmoid, {4, -4}, 2.0, {}, 0.5);
    NAIVE_COMPARE(given.weights, (Vec{1 / (1 + std::exp(-2.5L)), 1 / (1 + std::exp(1.5L))}),
                  1e-15L);
    QCOMPARE(given.bias, 0.5);
    // n counts the unmasked keys only: b = −ln 2.
    const attn::SoftmaxTrace masked =
        run(Normaliser::Sigmoid, {0, 5, 0}, 1.0, {false, true, false});
    NAIVE_COMPARE(masked.weights, (Vec{1 / 3.0L, 0, 1 / 3.0L}), 1e-15L);
}

void TestNormaliser::masksGiveExactZeros_data()
{
    everyNormaliser();
}

void TestNormaliser::masksGiveExactZeros()
{
    QFETCH(Normaliser, normaliser);
    // The masked key has the largest score: it must not take part in any maximum or sum.
    const attn::Mask mask{false, true, false, false};
    const attn::SoftmaxTrace t = run(normaliser, {0.5, 9, 0.3, -0.2}, 1.0, mask);
    QCOMPARE(t.weights[1], 0.0);
    const attn::SoftmaxTrace without = run(normaliser, {0.5, 0.3, -0.2});
    QCOMPARE_LE(std::abs(t.weights[0] - without.weights[0]), 1e-15);
    QCOMPARE_LE(std::abs(t.weights[2] - without.weights[1]), 1e-15);
    QCOMPARE_LE(std::abs(t.weights[3] - without.weights[2]), 1e-15);
    auto all = attn::normalise(naive::toEigen(DVec{1, 2}), 1.0, {true, true}, normaliser);
    QVERIFY(!all);
    QCOMPARE(all.error().code, attn::ErrorCode::AllMasked);
}

void TestNormaliser::extremeScoresStayFinite_data()
{
    QTest::addColumn<Normaliser>("normaliser");
    QTest::addColumn<double>("tau");
    for (Normaliser n : kAll) {
        QTest::addRow("%s τ=1", attn::normaliserId(n)) << n << 1.0;
        QTest::addRow("%s τ=1e-3", attn::normaliserId(n)) << n << 1e-3;
    }
}

void TestNormaliser::extremeScoresStayFinite()
{
    QFETCH(Normaliser, normaliser);
    QFETCH(double, tau);
    const DVec scores{1e308, -1e308, 0, 1e308, -1e308};
    const attn::SoftmaxTrace t = run(normaliser, scores, tau);
    for (const attn::Vector *v :
         {&t.logits, &t.shifted, &t.exps, &t.weights, &t.sortedLogits, &t.cumulativeSums})
        QVERIFY(naive::allFinite(*v));
    QVERIFY(std::isfinite(t.sum) && std::isfinite(t.threshold) && std::isfinite(t.weightSum));
    // The two huge keys share everything (softmax, sparsemax; softmax₁'s extra key has
    // exp(−1e308) = 0) or each gets σ(huge) = 1 (sigmoid); the others get 0, except that sigmoid
    // gives the key of score 0 σ(−ln 5) = 1/6.
    const double top = normaliser == Normaliser::Sigmoid ? 1.0 : 0.5;
    NAIVE_COMPARE(t.weights,
                  (Vec{top, 0, normaliser == Normaliser::Sigmoid ? 1 / 6.0L : 0, top, 0}), 1e-15L);
}

void TestNormaliser::backwardMatchesFiniteDifferences_data()
{
    everyNormaliser();
}

void TestNormaliser::backwardMatchesFiniteDifferences()
{
    QFETCH(Normaliser, normaliser);
    std::mt19937_64 gen(99);
    for (int trial = 0; trial < 50; ++trial) {
        const Eigen::Index n = 1 + trial % 20;
        const attn::Vector z = naive::toEigen(naive::randomVector(gen, std::size_t(n), -2, 2));
        const attn::Vector g = naive::toEigen(naive::randomVector(gen, std::size_t(n), -1, 1));
        attn::Vector w(n), dz(n);
        attn::normaliseRow(normaliser, z, w);
        attn::normaliseRowBackward(normaliser, w, g, dz);
        const double h = 1e-6;
        for (Eigen::Index i = 0; i < n; ++i) {
            attn::Vector plus = z, minus = z;
            plus[i] += h;
            minus[i] -= h;
            const double numeric =
                (loss(normaliser, plus, g) - loss(normaliser, minus, g)) / (2 * h);
            // Sparsemax is piecewise linear: a step across a support boundary would bend the
            // difference quotient. Random z lie 1e-6 from a boundary with negligible chance.
            QCOMPARE_LE(std::abs(dz[i] - numeric), 1e-8);
        }
    }
}

void TestNormaliser::backwardInPlaceAndStrided()
{
    const attn::Vector z = naive::toEigen(DVec{0.4, -0.3, 0.9, 0.1});
    const attn::Vector g = naive::toEigen(DVec{1, -2, 0.5, 3});
    for (Normaliser n : kAll) {
        attn::Vector w(4), dz(4);
        attn::normaliseRow(n, z, w);
        attn::normaliseRowBackward(n, w, g, dz);
        attn::Vector inPlace = g;
        attn::normaliseRowBackward(n, w, inPlace, inPlace);
        QCOMPARE(inPlace, dz);
        // The rows of column-major matrices: strided views, no copies.
        attn::Matrix wm(3, 4), gm(3, 4), dzm(3, 4);
        wm.row(1) = w.transpose();
        gm.row(1) = g.transpose();
        attn::normaliseRowBackward(n, wm.row(1).transpose(), gm.row(1).transpose(),
                                   dzm.row(1).transpose());
        QCOMPARE(attn::Vector(dzm.row(1).transpose()), dz);
    }
}

void TestNormaliser::rowOfAMatrixEqualsVector()
{
    // Rows of a column-major matrix go through the scalar exp, contiguous vectors through the
    // vectorised one; the two agree to an ulp or so, and masks (−∞) give 0 in both.
    const double inf = std::numeric_limits<double>::infinity();
    const attn::Vector z = naive::toEigen(DVec{0.4, -inf, 0.9, 0.1, -1.3});
    for (Normaliser n : kAll) {
        attn::Vector w(5);
        const attn::RowFacts f = attn::normaliseRow(n, z, w);
        attn::Matrix zm = attn::Matrix::Zero(2, 5), wm(2, 5);
        zm.row(0) = z.transpose();
        const attn::RowFacts g =
            attn::normaliseRow(n, zm.row(0).transpose(), wm.row(0).transpose());
        QCOMPARE(wm(0, 1), 0.0);
        QCOMPARE(w[1], 0.0);
        QCOMPARE_LE((attn::Vector(wm.row(0).transpose()) - w).cwiseAbs().maxCoeff(), 1e-15);
        QCOMPARE(f.support, g.support);
        QCOMPARE(f.support,
                 n == Normaliser::Sparsemax ? 2 : 4); // y = (−0.5, 0) above τ* − max = −0.75
    }
}

void TestNormaliser::badBiasRefused()
{
    auto r = attn::normalise(naive::toEigen(DVec{1, 2}), 1.0, {}, Normaliser::Sigmoid,
                             std::numeric_limits<double>::infinity());
    QVERIFY(!r);
    QCOMPARE(r.error().code, attn::ErrorCode::NonFinite);
    QCOMPARE(r.error().subject, std::string("sigmoid_bias"));
}

void TestNormaliser::attendUsesTheNormaliser()
{
    // The article's dot scores 1.4, 2.2, 1.92 through sparsemax: sorted 2.2, 1.92, 1.4, sums
    // 2.2, 4.12, 5.52; j = 2: 1 + 3.84 > 4.12; j = 3: 1 + 4.2 = 5.2 ≤ 5.52. τ* = 3.12/2 = 1.56,
    // w = (0, 0.64, 0.36); o = 0.64·(0, 1) + 0.36·(1, 1) = (0.36, 1).
    using namespace naive::inputs;
    attn::AttentionParams p;
    p.normaliser = Normaliser::Sparsemax;
    auto r = attn::attend(naive::toEigen(kArticleQuery), naive::toEigen(kArticleKeys),
                          naive::toEigen(kArticleValues), attn::Method::Dot, p);
    NAIVE_REQUIRE_OK(r);
    NAIVE_COMPARE(r->weights, (Vec{0, 0.64L, 0.36L}), 1e-14L);
    NAIVE_COMPARE(r->output, (Vec{0.36L, 1}), 1e-14L);
    QCOMPARE(r->trace.normaliser, Normaliser::Sparsemax);
    QCOMPARE(r->weights[0], 0.0);
    NAIVE_COMPARE(r->trace.threshold, 1.56L, 1e-14L);
}

void TestNormaliser::everyHeadUsesTheNormaliser()
{
    // The default split of the identity into two one-dimensional heads: head 1 scores the x
    // coordinates (1.2·0.5, 1.2·1.5, 1.2·0.8 = 0.6, 1.8, 0.96), head 2 the y (0.8, 0.4, 0.96),
    // each divided by √1. Sigmoid with b = −ln 3 per key, per head.
    using namespace naive::inputs;
    attn::AttentionParams p;
    p.normaliser = Normaliser::Sigmoid;
    auto split = attn::splitHeads(attn::Matrix::Identity(2, 2), attn::Matrix::Identity(2, 2),
                                  attn::Matrix::Identity(2, 2), attn::Matrix::Identity(2, 2), 2);
    NAIVE_REQUIRE_OK(split);
    p.multiHead = *split;
    auto r = attn::attend(naive::toEigen(kArticleQuery), naive::toEigen(kArticleKeys),
                          naive::toEigen(kArticleValues), attn::Method::MultiHead, p);
    NAIVE_REQUIRE_OK(r);
    auto sigma = [](Real s) { return 1 / (1 + 3 * std::exp(-s)); };
    NAIVE_COMPARE(r->heads[0].softmax.weights, (Vec{sigma(0.6L), sigma(1.8L), sigma(0.96L)}),
                  1e-15L);
    NAIVE_COMPARE(r->heads[1].softmax.weights, (Vec{sigma(0.8L), sigma(0.4L), sigma(0.96L)}),
                  1e-15L);
    QCOMPARE(r->heads[1].softmax.normaliser, Normaliser::Sigmoid);
}

void TestNormaliser::everyWayIsTheMeanOfEachNormaliser()
{
    // Two rows of scores (two heads) at τ = 2 with the second key masked and a given sigmoid
    // bias: each normaliser by the textbook formulas in long double on z = s/τ over the unmasked
    // keys, then the mean of the two rows.
    const naive::DRows scores{{1.0, 9.0, -0.6, 2.4}, {-3.0, 0.0, 0.5, -1.0}};
    const attn::Mask mask{false, true, false, false};
    const double tau = 2, bias = -0.7;
    Vec mean[4] = {Vec(4, 0), Vec(4, 0), Vec(4, 0), Vec(4, 0)};
    Real nothing = 0;
    for (const auto &row : scores) {
        Vec z;
        for (double s : row)
            z.push_back(Real(s) / Real(tau));
        Real sum = 0;
        for (std::size_t i = 0; i < 4; ++i)
            sum += mask[i] ? 0 : std::exp(z[i]);
        const Vec sparse = sparsemaxRef(z, mask).weights;
        for (std::size_t i = 0; i < 4; ++i) {
            if (mask[i])
                continue;
            mean[0][i] += std::exp(z[i]) / sum / 2;
            mean[1][i] += sparse[i] / 2;
            mean[2][i] += std::exp(z[i]) / (1 + sum) / 2;
            mean[3][i] += 1 / (1 + std::exp(-(z[i] + Real(bias)))) / 2;
        }
        nothing += 1 / (1 + sum) / 2;
    }
    const attn::EveryNormaliser every =
        attn::normaliseEveryWay(naive::toEigen(scores), tau, mask, bias);
    QCOMPARE(every.weights.rows(), 4);
    QCOMPARE(every.weights.cols(), 4);
    for (int n = 0; n < 4; ++n) {
        const attn::Vector got = every.weights.row(n).transpose();
        Real total = 0;
        for (Real w : mean[n])
            total += w;
        NAIVE_COMPARE(got, mean[n], 1e-14L);
        QVERIFY(std::abs(Real(every.weightSum[std::size_t(n)]) - total) < 1e-14L);
        QCOMPARE(every.weights(n, 1), 0.0); // masked: exactly 0 for every normaliser
    }
    QVERIFY(std::abs(Real(every.nothing) - nothing) < 1e-14L);
    // Softmax and sparsemax sum to 1, softmax₁ leaves `nothing` out of 1.
    QVERIFY(std::abs(every.weightSum[0] - 1) < 1e-14);
    QVERIFY(std::abs(every.weightSum[1] - 1) < 1e-14);
    QVERIFY(std::abs(every.weightSum[2] + every.nothing - 1) < 1e-14);

    // One row is that row; the default bias is −ln n of the unmasked keys, as in normalise().
    const attn::EveryNormaliser one =
        attn::normaliseEveryWay(naive::toEigen(naive::DRows{{1.4, 2.2, 1.92}}), 1.0, {});
    auto sigma = [](Real s) { return 1 / (1 + 3 * std::exp(-s)); };
    const attn::Vector sigmoid = one.weights.row(3).transpose();
    const attn::Vector sparsemax = one.weights.row(1).transpose();
    NAIVE_COMPARE(sigmoid, (Vec{sigma(1.4L), sigma(2.2L), sigma(1.92L)}), 1e-14L);
    NAIVE_COMPARE(sparsemax, (Vec{0, 0.64L, 0.36L}), 1e-14L);
}

QTEST_APPLESS_MAIN(TestNormaliser)
#include "tst_normaliser.moc"
