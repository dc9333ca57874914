#include "common/datacolumns.h"
#include "common/naivereference.h"
#include "core/softmax.h"

#include <QTest>

#include <cfloat>
#include <cmath>
#include <limits>
#include <numeric>

using naive::DVec;

namespace {

using namespace naive::inputs;

using naive::checkDistribution;

// Every intermediate against the naive reference: the logits and their maximum to 1e-15, the
// values computed from them to 1e-13.
void compareTrace(const attn::SoftmaxTrace &t, const naive::Softmax &ref)
{
    NAIVE_COMPARE(t.logits, ref.logits, 1e-15L);
    NAIVE_COMPARE(t.maxLogit, ref.maxLogit, 1e-15L);
    NAIVE_COMPARE(t.shifted, ref.shifted, 1e-13L);
    NAIVE_COMPARE(t.exps, ref.exps, 1e-13L);
    NAIVE_COMPARE(t.sum, ref.sum, 1e-13L);
    NAIVE_COMPARE(t.weights, ref.weights, 1e-13L);
}

void checkTraceFinite(const attn::SoftmaxTrace &t)
{
    QVERIFY(naive::allFinite(t.logits));
    QVERIFY(std::isfinite(t.maxLogit));
    QVERIFY(naive::allFinite(t.shifted));
    QVERIFY(naive::allFinite(t.exps));
    QVERIFY(std::isfinite(t.sum));
    QVERIFY(naive::allFinite(t.weights));
}

} // namespace

class TestSoftmax : public QObject
{
    Q_OBJECT

private slots:
    void articleExample();
    void traceMatchesNaive_data();
    void traceMatchesNaive();
    void weightsAreADistribution_data();
    void weightsAreADistribution();
    void constantShiftChangesNothing_data();
    void constantShiftChangesNothing();
    void permutationPermutesWeights_data();
    void permutationPermutesWeights();
    void temperatureDividesScores_data();
    void temperatureDividesScores();
    void smallTemperatureIsOneHot_data();
    void smallTemperatureIsOneHot();
    void largeTemperatureIsUniform_data();
    void largeTemperatureIsUniform();
    void extremeScoresStayFinite_data();
    void extremeScoresStayFinite();
    void maskedEntriesAreZero_data();
    void maskedEntriesAreZero();
    void errors_data();
    void errors();
    void entropy_data();
    void entropy();
};

void TestSoftmax::articleExample()
{
    // Dot scores 1.4, 2.2, 1.92: max 2.2, shifted (−0.8, 0, −0.28), exps (e^−0.8, 1, e^−0.28)
    // = (0.449329, 1, 0.755784), sum 2.205113, weights (0.203767, 0.453492, 0.342742).
    const auto r = attn::softmax(naive::toEigen(DVec{1.4, 2.2, 1.92}));
    NAIVE_REQUIRE_OK(r);
    const naive::Softmax ref = naive::softmax({1.4L, 2.2L, 1.92L});
    NAIVE_COMPARE(r->weights, ref.weights, 1e-14L);
    NAIVE_COMPARE(r->weights, (naive::Vec{0.2037669, 0.4534916, 0.3427415}), 1e-6L);
    NAIVE_COMPARE(r->maxLogit, 2.2L, 1e-15L);
    NAIVE_COMPARE(r->sum, 2.2051127L, 1e-7L);
}

void TestSoftmax::traceMatchesNaive_data()
{
    dataColumns<DVec, double>("scores", "temperature");

    QTest::newRow("article dot") << DVec{1.4, 2.2, 1.92} << 1.0;
    QTest::newRow("article scaled")
        << DVec{1.4 / std::sqrt(2.0), 2.2 / std::sqrt(2.0), 1.92 / std::sqrt(2.0)} << 1.0;
    QTest::newRow("tau 0.5") << DVec{1.4, 2.2, 1.92} << 0.5;
    QTest::newRow("tau 3") << DVec{1.4, 2.2, 1.92} << 3.0;
    QTest::newRow("tau 0.1 negative") << DVec{-3.0, -1.5, -7.25, -1.5} << 0.1;
    QTest::newRow("single score") << DVec{42.0} << 1.0;
    QTest::newRow("ties") << DVec{0.5, 0.5, 0.5, 0.5} << 1.0;
    QTest::newRow("wide range") << DVec{-700.0, 0.0, 30.0, 700.0, 699.0} << 1.0;
    QTest::newRow("large equal") << DVec{1e300, 1e300} << 1.0;
    std::mt19937_64 gen(7);
    QTest::newRow("random 10") << naive::randomVector(gen, 10, -5, 5) << 1.7;
    QTest::newRow("random 50") << naive::randomVector(gen, 50, -20, 20) << 0.3;
}

void TestSoftmax::traceMatchesNaive()
{
    QFETCH(DVec, scores);
    QFETCH(double, temperature);

    const auto r = attn::softmax(naive::toEigen(scores), temperature);
    NAIVE_REQUIRE_OK(r);
    const naive::Softmax ref = naive::softmax(naive::toLong(scores), temperature);
    compareTrace(*r, ref);
    // exp(0) = 1 for the maximum, so the sum is at least 1 and every exp at most 1 (an exp may
    // underflow to 0 in the "wide range" row: e^−1400 is below the smallest double).
    QVERIFY(r->sum >= 1.0);
    for (Eigen::Index i = 0; i < r->exps.size(); ++i)
        QVERIFY(r->exps(i) >= 0 && r->exps(i) <= 1);
}

void TestSoftmax::weightsAreADistribution_data()
{
    dataColumns<DVec, double>("scores", "temperature");

    QTest::newRow("article") << DVec{1.4, 2.2, 1.92} << 1.0;
    QTest::newRow("zeros") << DVec{0.0, 0.0, 0.0} << 1.0;
    QTest::newRow("spread") << DVec{-100.0, 0.0, 100.0} << 1.0;
    QTest::newRow("tiny tau") << DVec{1.0, 1.0 + 1e-9, 0.5} << 1e-6;
    std::mt19937_64 gen(11);
    for (int i = 0; i < 5; ++i)
        QTest::addRow("random %d", i)
            << naive::randomVector(gen, std::size_t(3 + 7 * i), -30, 30) << 0.25 * (i + 1);
}

void TestSoftmax::weightsAreADistribution()
{
    QFETCH(DVec, scores);
    QFETCH(double, temperature);

    const auto r = attn::softmax(naive::toEigen(scores), temperature);
    NAIVE_REQUIRE_OK(r);
    checkDistribution(r->weights);
}

void TestSoftmax::constantShiftChangesNothing_data()
{
    dataColumns<DVec, double>("scores", "shift");

    // Dyadic scores and shifts, so that s + c is exact in double and any difference in the
    // weights comes from softmax, not from rounding the input.
    const DVec s{0.5, 1.25, -2.0, 3.0, 0.75};
    QTest::newRow("+1") << s << 1.0;
    QTest::newRow("-7.5") << s << -7.5;
    QTest::newRow("+1024") << s << 1024.0;
    QTest::newRow("-1024") << s << -1024.0;
    QTest::newRow("+2^20") << s << 1048576.0;
    QTest::newRow("+2^40") << s << 1099511627776.0;
}

void TestSoftmax::constantShiftChangesNothing()
{
    QFETCH(DVec, scores);
    QFETCH(double, shift);

    DVec shiftedScores = scores;
    for (double &x : shiftedScores)
        x += shift;
    const auto a = attn::softmax(naive::toEigen(scores));
    const auto b = attn::softmax(naive::toEigen(shiftedScores));
    NAIVE_REQUIRE_OK(a);
    NAIVE_REQUIRE_OK(b);
    const naive::Softmax ref = naive::softmax(naive::toLong(scores));
    NAIVE_COMPARE(a->weights, ref.weights, 1e-12L);
    NAIVE_COMPARE(b->weights, ref.weights, 1e-12L);
}

void TestSoftmax::permutationPermutesWeights_data()
{
    dataColumns<DVec, std::vector<int>>("scores", "permutation");

    QTest::newRow("article reversed") << DVec{1.4, 2.2, 1.92} << std::vector<int>{2, 1, 0};
    QTest::newRow("article rotated") << DVec{1.4, 2.2, 1.92} << std::vector<int>{1, 2, 0};
    QTest::newRow("ties") << DVec{1.0, 3.0, 1.0, 3.0} << std::vector<int>{3, 0, 2, 1};
    std::mt19937_64 gen(3);
    QTest::newRow("random 6") << naive::randomVector(gen, 6, -4, 4)
                              << std::vector<int>{5, 3, 1, 0, 2, 4};
}

void TestSoftmax::permutationPermutesWeights()
{
    QFETCH(DVec, scores);
    QFETCH(std::vector<int>, permutation);

    DVec permuted(scores.size());
    for (std::size_t i = 0; i < scores.size(); ++i)
        permuted[i] = scores[std::size_t(permutation[i])];
    const auto a = attn::softmax(naive::toEigen(scores), 0.8);
    const auto b = attn::softmax(naive::toEigen(permuted), 0.8);
    NAIVE_REQUIRE_OK(a);
    NAIVE_REQUIRE_OK(b);
    for (std::size_t i = 0; i < scores.size(); ++i)
        NAIVE_COMPARE(b->weights(Eigen::Index(i)), a->weights(permutation[i]), 1e-15L);
}

void TestSoftmax::temperatureDividesScores_data()
{
    dataColumns<DVec, double>("scores", "temperature");

    for (double tau : {0.05, 0.5, 1.0, 2.0, 10.0, 1000.0})
        QTest::addRow("article tau %g", tau) << DVec{1.4, 2.2, 1.92} << tau;
    QTest::newRow("negative tau 0.25") << DVec{-1.0, -2.0, -0.5} << 0.25;
}

void TestSoftmax::temperatureDividesScores()
{
    QFETCH(DVec, scores);
    QFETCH(double, temperature);

    // The reference divides first and then runs softmax at τ = 1.
    naive::Vec divided;
    for (double s : scores)
        divided.push_back(naive::Real(s) / temperature);
    const naive::Softmax ref = naive::softmax(divided);
    const auto r = attn::softmax(naive::toEigen(scores), temperature);
    NAIVE_REQUIRE_OK(r);
    NAIVE_COMPARE(r->weights, ref.weights, 1e-13L);
    NAIVE_COMPARE(r->logits, divided, 1e-15L);
    QCOMPARE(r->weights.size(), Eigen::Index(scores.size()));
}

void TestSoftmax::smallTemperatureIsOneHot_data()
{
    dataColumns<DVec, int>("scores", "winner");

    // τ = 0.01: the article's logits become 140, 220, 192; the runner-up trails by 28,
    // so its weight is about e^−28 ≈ 7e−13.
    QTest::newRow("article") << DVec{1.4, 2.2, 1.92} << 1;
    QTest::newRow("first") << DVec{5.0, 4.5, -1.0, 0.0} << 0;
    QTest::newRow("last") << DVec{-1.0, -0.9, -0.6} << 2;
}

void TestSoftmax::smallTemperatureIsOneHot()
{
    QFETCH(DVec, scores);
    QFETCH(int, winner);

    const auto r = attn::softmax(naive::toEigen(scores), 0.01);
    NAIVE_REQUIRE_OK(r);
    for (Eigen::Index i = 0; i < r->weights.size(); ++i) {
        if (i == winner)
            QVERIFY2(r->weights(i) > 1 - 1e-11, qPrintable(QString::number(r->weights(i))));
        else
            QVERIFY2(r->weights(i) < 1e-11, qPrintable(QString::number(r->weights(i))));
    }
}

void TestSoftmax::largeTemperatureIsUniform_data()
{
    QTest::addColumn<DVec>("scores");

    // τ = 1e6 leaves logit differences of order 1e−6, so every weight is 1/n within ~1e−6.
    QTest::newRow("article") << DVec{1.4, 2.2, 1.92};
    QTest::newRow("five") << DVec{-3.0, 0.0, 3.0, 1.0, 2.0};
    QTest::newRow("two") << DVec{10.0, -10.0};
}

void TestSoftmax::largeTemperatureIsUniform()
{
    QFETCH(DVec, scores);

    const auto r = attn::softmax(naive::toEigen(scores), 1e6);
    NAIVE_REQUIRE_OK(r);
    const double uniform = 1.0 / double(scores.size());
    for (Eigen::Index i = 0; i < r->weights.size(); ++i)
        QVERIFY2(std::fabs(r->weights(i) - uniform) < 2e-5,
                 qPrintable(QString::number(r->weights(i), 'g', 17)));
}

void TestSoftmax::extremeScoresStayFinite_data()
{
    dataColumns<DVec, double, DVec>("scores", "temperature", "expectedWeights");

    // Exact by hand: shifted values are 0 for the winner and ≤ −1e8 elsewhere, whose exp is 0.
    QTest::newRow("+-1e308") << DVec{1e308, -1e308, 0.0} << 1.0 << DVec{1, 0, 0};
    QTest::newRow("-1e308 all") << DVec{-1e308, -1e308} << 1.0 << DVec{0.5, 0.5};
    QTest::newRow("+1e308 all") << DVec{1e308, 1e308, 1e308, 1e308} << 1.0
                                << DVec{0.25, 0.25, 0.25, 0.25};
    QTest::newRow("DBL_MAX") << DVec{DBL_MAX, -DBL_MAX} << 1.0 << DVec{1, 0};
    QTest::newRow("-DBL_MAX wins") << DVec{-DBL_MAX, -1e308} << 1.0 << DVec{0, 1};
    // 1e308 / 0.5 overflows a double: the logit saturates, and the other one still loses.
    QTest::newRow("logit overflow") << DVec{1e308, 0.0} << 0.5 << DVec{1, 0};
    QTest::newRow("logit overflow low") << DVec{-1e308, 0.0} << 0.5 << DVec{0, 1};
    // Tiny τ: logits 1e300 and 2e300, difference 1e300.
    QTest::newRow("tiny tau") << DVec{1.0, 2.0} << 1e-300 << DVec{0, 1};
    QTest::newRow("huge tau") << DVec{1e308, -1e308} << 1e300 << DVec{1, 0};
}

void TestSoftmax::extremeScoresStayFinite()
{
    QFETCH(DVec, scores);
    QFETCH(double, temperature);
    QFETCH(DVec, expectedWeights);

    const auto r = attn::softmax(naive::toEigen(scores), temperature);
    NAIVE_REQUIRE_OK(r);
    checkTraceFinite(*r);
    if (QTest::currentTestFailed())
        return;
    checkDistribution(r->weights);
    if (QTest::currentTestFailed())
        return;
    NAIVE_COMPARE(r->weights, naive::toLong(expectedWeights), 1e-15L);

    // The long-double reference does not overflow; the core saturates at ±DBL_MAX instead.
    const naive::Softmax ref = naive::softmax(naive::toLong(scores), temperature);
    NAIVE_COMPARE(r->logits, naive::saturate(ref.logits), 1e-15L);
    NAIVE_COMPARE(r->maxLogit, naive::saturate(ref.maxLogit), 1e-15L);
    // Shifted values cannot be compared with the reference here: once a logit saturates, the
    // difference to the maximum is taken in double. They must still be ≤ 0 with a 0 at the max.
    bool sawZero = false;
    for (Eigen::Index i = 0; i < r->shifted.size(); ++i) {
        QVERIFY(r->shifted(i) <= 0);
        sawZero = sawZero || r->shifted(i) == 0;
    }
    QVERIFY(sawZero);
    QVERIFY(r->sum >= 1.0);
}

void TestSoftmax::maskedEntriesAreZero_data()
{
    dataColumns<DVec, QString, double>("scores", "mask", "temperature");

    QTest::newRow("none") << DVec{1.4, 2.2, 1.92} << "---" << 1.0;
    QTest::newRow("middle") << DVec{1.0, 2.0, 3.0} << "-x-" << 1.0;
    // Masking the maximum: the shift must use the largest logit that is left (3), giving
    // shifted (−2, 2, 0), exps (e^−2, 0, 1), weights (e^−2, 0, 1) / (1 + e^−2).
    QTest::newRow("mask the max") << DVec{1.0, 5.0, 3.0} << "-x-" << 1.0;
    QTest::newRow("mask the max tau") << DVec{1.0, 5.0, 3.0} << "-x-" << 0.5;
    QTest::newRow("one left") << DVec{1.4, 2.2, 1.92} << "xx-" << 1.0;
    QTest::newRow("first and last") << DVec{-1.0, 0.5, 0.25, 9.0} << "x--x" << 2.0;
    QTest::newRow("huge masked") << DVec{1e308, 1.0, 2.0} << "x--" << 1.0;
}

void TestSoftmax::maskedEntriesAreZero()
{
    QFETCH(DVec, scores);
    QFETCH(QString, mask);
    QFETCH(double, temperature);

    const attn::Mask m = naive::toMask(mask);
    const auto r = attn::softmax(naive::toEigen(scores), temperature, m);
    NAIVE_REQUIRE_OK(r);
    const naive::Softmax ref = naive::softmax(naive::toLong(scores), temperature, m);
    for (std::size_t i = 0; i < m.size(); ++i) {
        if (!m[i])
            continue;
        QCOMPARE(r->weights(Eigen::Index(i)), 0.0);
        QCOMPARE(r->exps(Eigen::Index(i)), 0.0);
    }
    // Masked logits and their shifted values are still reported.
    compareTrace(*r, ref);
    checkDistribution(r->weights);
}

void TestSoftmax::errors_data()
{
    dataColumns<DVec, double, QString, int>("scores", "temperature", "mask", "code");

    using attn::ErrorCode;
    const DVec s{1.4, 2.2, 1.92};
    QTest::newRow("no scores") << DVec{} << 1.0 << "" << int(ErrorCode::NoKeys);
    QTest::newRow("NaN score") << DVec{1.0, kNaN, 2.0} << 1.0 << "" << int(ErrorCode::NonFinite);
    QTest::newRow("+inf score") << DVec{1.0, kInf} << 1.0 << "" << int(ErrorCode::NonFinite);
    QTest::newRow("-inf score") << DVec{-kInf, 1.0} << 1.0 << "" << int(ErrorCode::NonFinite);
    QTest::newRow("tau 0") << s << 0.0 << "" << int(ErrorCode::BadTemperature);
    QTest::newRow("tau -0") << s << -0.0 << "" << int(ErrorCode::BadTemperature);
    QTest::newRow("tau -1") << s << -1.0 << "" << int(ErrorCode::BadTemperature);
    QTest::newRow("tau NaN") << s << kNaN << "" << int(ErrorCode::BadTemperature);
    QTest::newRow("tau +inf") << s << kInf << "" << int(ErrorCode::BadTemperature);
    QTest::newRow("tau -inf") << s << -kInf << "" << int(ErrorCode::BadTemperature);
    QTest::newRow("all masked") << s << 1.0 << "xxx" << int(ErrorCode::AllMasked);
    QTest::newRow("single masked") << DVec{3.0} << 1.0 << "x" << int(ErrorCode::AllMasked);
    QTest::newRow("mask too short") << s << 1.0 << "-x" << int(ErrorCode::CountMismatch);
    QTest::newRow("mask too long") << s << 1.0 << "-x--" << int(ErrorCode::CountMismatch);
}

void TestSoftmax::errors()
{
    QFETCH(DVec, scores);
    QFETCH(double, temperature);
    QFETCH(QString, mask);
    QFETCH(int, code);

    const auto r = attn::softmax(naive::toEigen(scores), temperature, naive::toMask(mask));
    QVERIFY(!r.ok());
    QCOMPARE(int(r.error().code), code);
    if (r.error().code == attn::ErrorCode::CountMismatch) {
        // One mask entry per score: the two counts are the expected and actual sizes.
        const auto n = static_cast<long long>(scores.size());
        const auto m = static_cast<long long>(mask.size());
        QVERIFY((r.error().expected == n && r.error().actual == m) ||
                (r.error().expected == m && r.error().actual == n));
    }
}

void TestSoftmax::entropy_data()
{
    dataColumns<DVec, double>("weights", "expected");

    QTest::newRow("one-hot") << DVec{0, 1, 0} << 0.0;
    QTest::newRow("single") << DVec{1} << 0.0;
    QTest::newRow("uniform 2") << DVec{0.5, 0.5} << std::log(2.0);
    QTest::newRow("uniform 4") << DVec{0.25, 0.25, 0.25, 0.25} << std::log(4.0);
    // −(½ ln ½ + 2 · ¼ ln ¼) = ½ ln 2 + ln 2 = 1.5 ln 2.
    QTest::newRow("half quarter quarter") << DVec{0.5, 0.25, 0.25} << 1.5 * std::log(2.0);
    // 0 log 0 = 0, so a zero weight adds nothing.
    QTest::newRow("with zero") << DVec{0.5, 0.0, 0.5} << std::log(2.0);
    QTest::newRow("0.7 0.2 0.1") << DVec{0.7, 0.2, 0.1}
                                 << double(naive::entropy({0.7L, 0.2L, 0.1L}));
}

void TestSoftmax::entropy()
{
    QFETCH(DVec, weights);
    QFETCH(double, expected);

    NAIVE_COMPARE(attn::entropy(naive::toEigen(weights)), naive::Real(expected), 1e-14L);
}

QTEST_APPLESS_MAIN(TestSoftmax)
#include "tst_softmax.moc"
