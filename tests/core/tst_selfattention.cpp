#include "common/datacolumns.h"
#include "common/naivereference.h"
#include "core/selfattention.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <limits>

using naive::DRows;
using naive::DVec;

namespace {

using namespace naive::inputs;

attn::Result<attn::SelfAttentionResult> run(const DRows &x, const DRows &wq, const DRows &wk,
                                            const DRows &wv, bool causal, double temperature = 1)
{
    return attn::selfAttention(naive::toEigen(x), naive::toEigen(wq), naive::toEigen(wk),
                               naive::toEigen(wv), causal, temperature);
}

} // namespace

class TestSelfAttention : public QObject
{
    Q_OBJECT

private slots:
    void handExample();
    void matchesNaive_data();
    void matchesNaive();
    void causalMaskZeroesUpperTriangle_data();
    void causalMaskZeroesUpperTriangle();
    void errors_data();
    void errors();
};

void TestSelfAttention::handExample()
{
    // X = [[1, 0], [0, 1]], W_q = W_k = W_v = I: Q = K = V = X, Q Kᵀ = I, scaled by √2:
    // diagonal 1/√2, off-diagonal 0. Row weights (e^{1/√2}, 1)/(e^{1/√2} + 1) = (0.669762,
    // 0.330238) and mirrored; output = weights (V = I).
    const DRows eye{{1, 0}, {0, 1}};
    const auto r = run(eye, eye, eye, eye, false);
    NAIVE_REQUIRE_OK(r);
    NAIVE_COMPARE(r->scale, std::sqrt(2.0L), 1e-15L);
    NAIVE_COMPARE(r->rawScores, (naive::Mat{{1, 0}, {0, 1}}), 0.0L);
    const naive::Real a = std::exp(1 / std::sqrt(2.0L));
    const naive::Mat w{{a / (a + 1), 1 / (a + 1)}, {1 / (a + 1), a / (a + 1)}};
    NAIVE_COMPARE(r->weights, w, 1e-15L);
    NAIVE_COMPARE(r->output, w, 1e-15L);
    NAIVE_COMPARE(r->weights(0, 0), 0.669762L, 1e-6L);

    // Causal: token 0 sees only itself (weight exactly 1), token 1 sees both.
    const auto c = run(eye, eye, eye, eye, true);
    NAIVE_REQUIRE_OK(c);
    QCOMPARE(c->weights(0, 0), 1.0);
    QCOMPARE(c->weights(0, 1), 0.0);
    NAIVE_COMPARE(c->weights, (naive::Mat{{1, 0}, {1 / (a + 1), a / (a + 1)}}), 1e-15L);
}

void TestSelfAttention::matchesNaive_data()
{
    dataColumns<DRows, DRows, DRows, DRows, bool, double>("x", "wq", "wk", "wv", "causal",
                                                          "temperature");

    std::mt19937_64 gen(47);
    struct Shape
    {
        std::size_t n, din, dk, dv;
    };
    for (Shape s : {Shape{3, 2, 2, 2}, Shape{4, 3, 2, 3}, Shape{5, 4, 4, 2}, Shape{1, 3, 3, 3},
                    Shape{6, 2, 5, 1}}) {
        const DRows x = naive::randomRows(gen, s.n, s.din, -2, 2);
        const DRows wq = naive::randomRows(gen, s.din, s.dk),
                    wk = naive::randomRows(gen, s.din, s.dk),
                    wv = naive::randomRows(gen, s.din, s.dv);
        for (bool causal : {false, true})
            for (double tau : {1.0, 0.5, 3.0})
                QTest::addRow("n=%zu d_in=%zu d_k=%zu d_v=%zu%s tau %g", s.n, s.din, s.dk, s.dv,
                              causal ? " causal" : "", tau)
                    << x << wq << wk << wv << causal << tau;
    }
}

void TestSelfAttention::matchesNaive()
{
    QFETCH(DRows, x);
    QFETCH(DRows, wq);
    QFETCH(DRows, wk);
    QFETCH(DRows, wv);
    QFETCH(bool, causal);
    QFETCH(double, temperature);

    const auto r = run(x, wq, wk, wv, causal, temperature);
    NAIVE_REQUIRE_OK(r);
    const naive::SelfAttentionRef ref =
        naive::selfAttention(naive::toLong(x), naive::toLong(wq), naive::toLong(wk),
                             naive::toLong(wv), causal, temperature);
    NAIVE_COMPARE(r->q, ref.q, 1e-13L);
    NAIVE_COMPARE(r->k, ref.k, 1e-13L);
    NAIVE_COMPARE(r->v, ref.v, 1e-13L);
    NAIVE_COMPARE(r->rawScores, ref.raw, 1e-13L);
    NAIVE_COMPARE(r->scaledScores, ref.scaled, 1e-13L);
    NAIVE_COMPARE(r->scale, ref.scale, 1e-15L);
    NAIVE_COMPARE(r->weights, ref.weights, 1e-13L);
    NAIVE_COMPARE(r->output, ref.output, 1e-13L);
    for (Eigen::Index i = 0; i < r->weights.rows(); ++i) {
        long double sum = 0;
        for (Eigen::Index j = 0; j < r->weights.cols(); ++j) {
            QVERIFY(r->weights(i, j) >= 0);
            sum += r->weights(i, j);
        }
        QVERIFY2(std::fabs(double(sum) - 1) <= 1e-12, qPrintable(QString("row %1").arg(i)));
    }
}

void TestSelfAttention::causalMaskZeroesUpperTriangle_data()
{
    dataColumns<DRows, double>("x", "temperature");

    std::mt19937_64 gen(53);
    QTest::newRow("n=4") << naive::randomRows(gen, 4, 3, -2, 2) << 1.0;
    QTest::newRow("n=8 tau 0.1") << naive::randomRows(gen, 8, 3, -2, 2) << 0.1;
    // Large inputs make the masked scores the largest ones: they must still get exactly 0.
    QTest::newRow("n=5 large") << naive::randomRows(gen, 5, 3, -1e3, 1e3) << 1.0;
}

void TestSelfAttention::causalMaskZeroesUpperTriangle()
{
    QFETCH(DRows, x);
    QFETCH(double, temperature);

    std::mt19937_64 gen(59);
    const DRows wq = naive::randomRows(gen, 3, 2), wk = naive::randomRows(gen, 3, 2),
                wv = naive::randomRows(gen, 3, 4);
    const auto r = run(x, wq, wk, wv, true, temperature);
    NAIVE_REQUIRE_OK(r);
    QVERIFY(naive::allFinite(r->weights));
    for (Eigen::Index i = 0; i < r->weights.rows(); ++i) {
        long double sum = 0;
        for (Eigen::Index j = 0; j < r->weights.cols(); ++j) {
            if (j > i)
                QCOMPARE(r->weights(i, j), 0.0);
            sum += r->weights(i, j);
        }
        QVERIFY(std::fabs(double(sum) - 1) <= 1e-12);
    }
    QCOMPARE(r->weights(0, 0), 1.0);
    const naive::SelfAttentionRef ref =
        naive::selfAttention(naive::toLong(x), naive::toLong(wq), naive::toLong(wk),
                             naive::toLong(wv), true, temperature);
    NAIVE_COMPARE(r->weights, ref.weights, 1e-12L);
    NAIVE_COMPARE(r->output, ref.output, 1e-12L);
}

void TestSelfAttention::errors_data()
{
    dataColumns<DRows, DRows, DRows, DRows, double, std::vector<int>>("x", "wq", "wk", "wv",
                                                                      "temperature", "codes");

    using attn::ErrorCode;
    const DRows x{{1, 2, 3}, {4, 5, 6}};
    const DRows w32{{1, 0}, {0, 1}, {1, 1}};
    const DRows w22{{1, 0}, {0, 1}};
    const DRows w33{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    const std::vector<int> dimension{int(ErrorCode::DimensionMismatch)};
    const std::vector<int> nonFinite{int(ErrorCode::NonFinite)};
    const std::vector<int> temperature{int(ErrorCode::BadTemperature)};
    QTest::newRow("W_q rows != d_in") << x << w22 << w32 << w32 << 1.0 << dimension;
    QTest::newRow("W_k rows != d_in") << x << w32 << w22 << w32 << 1.0 << dimension;
    QTest::newRow("W_v rows != d_in") << x << w32 << w32 << w22 << 1.0 << dimension;
    QTest::newRow("W_q, W_k columns differ") << x << w32 << w33 << w32 << 1.0 << dimension;
    QTest::newRow("NaN in X") << DRows{{1, kNaN, 3}, {4, 5, 6}} << w32 << w32 << w32 << 1.0
                              << nonFinite;
    QTest::newRow("inf in W_k") << x << w32 << DRows{{1, 0}, {kInf, 1}, {1, 1}} << w32 << 1.0
                                << nonFinite;
    QTest::newRow("NaN in W_v") << x << w32 << w32 << DRows{{1, 0}, {0, 1}, {1, kNaN}} << 1.0
                                << nonFinite;
    QTest::newRow("tau 0") << x << w32 << w32 << w32 << 0.0 << temperature;
    QTest::newRow("tau -2") << x << w32 << w32 << w32 << -2.0 << temperature;
    QTest::newRow("tau NaN") << x << w32 << w32 << w32 << kNaN << temperature;
    QTest::newRow("tau inf") << x << w32 << w32 << w32 << kInf << temperature;
    QTest::newRow("no tokens") << DRows{} << w32 << w32 << w32 << 1.0
                               << std::vector<int>{int(ErrorCode::NoKeys),
                                                   int(ErrorCode::DimensionMismatch)};
}

void TestSelfAttention::errors()
{
    QFETCH(DRows, x);
    QFETCH(DRows, wq);
    QFETCH(DRows, wk);
    QFETCH(DRows, wv);
    QFETCH(double, temperature);
    QFETCH(std::vector<int>, codes);

    const auto r = attn::selfAttention(naive::toEigen(x, 3), naive::toEigen(wq), naive::toEigen(wk),
                                       naive::toEigen(wv), false, temperature);
    QVERIFY(!r.ok());
    QVERIFY2(std::find(codes.begin(), codes.end(), int(r.error().code)) != codes.end(),
             attn::describe(r.error()).c_str());
}

QTEST_APPLESS_MAIN(TestSelfAttention)
#include "tst_selfattention.moc"
