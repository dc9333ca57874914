#include "common/datacolumns.h"
#include "common/labparams.h"
#include "common/naivereference.h"
#include "core/dimensionexperiment.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <limits>

namespace {

using labparams::params;

long double mean(const std::vector<double> &x)
{
    long double s = 0;
    for (double v : x)
        s += v;
    return s / x.size();
}

long double unbiasedVariance(const std::vector<double> &x)
{
    const long double m = mean(x);
    long double s = 0;
    for (double v : x)
        s += (v - m) * (v - m);
    return s / (x.size() - 1);
}

struct TrialStats
{
    long double maxWeight = 0, entropy = 0;
};

/// Softmax statistics averaged over the full trials, taking trial t as samples [t·n, (t+1)·n).
TrialStats trialStats(const std::vector<double> &samples, std::size_t n)
{
    TrialStats s;
    const std::size_t trials = samples.size() / n;
    for (std::size_t t = 0; t < trials; ++t) {
        naive::Vec scores(samples.begin() + long(t * n), samples.begin() + long((t + 1) * n));
        const naive::Softmax sm = naive::softmax(scores);
        s.maxWeight += *std::max_element(sm.weights.begin(), sm.weights.end());
        s.entropy += naive::entropy(sm.weights);
    }
    s.maxWeight /= trials;
    s.entropy /= trials;
    return s;
}

} // namespace

Q_DECLARE_METATYPE(attn::DimensionExperimentParams)

class TestDimensionExperiment : public QObject
{
    Q_OBJECT

private slots:
    void varianceNearTheory_data();
    void varianceNearTheory();
    void statisticsMatchSamples_data();
    void statisticsMatchSamples();
    void softmaxStatisticsMatchSamples_data();
    void softmaxStatisticsMatchSamples();
    void sameSeedRepeats();
    void otherSeedDiffers();
    void scalingReducesSaturation();
    void entropiesInRange_data();
    void entropiesInRange();
    void boundariesAccepted_data();
    void boundariesAccepted();
    void badParameters_data();
    void badParameters();
    void progressAndCancel();
};

void TestDimensionExperiment::varianceNearTheory_data()
{
    labparams::addVarianceRows();
}

void TestDimensionExperiment::varianceNearTheory()
{
    QFETCH(int, dimension);
    QFETCH(double, sigma);

    const auto r = attn::runDimensionExperiment(params(dimension, sigma, 10000));
    NAIVE_REQUIRE_OK(r);
    const double theory = dimension * std::pow(sigma, 4);
    NAIVE_COMPARE(r->theoryVariance, theory, 1e-15L);
    QVERIFY2(std::fabs(r->rawVariance - theory) <= 0.05 * theory,
             qPrintable(QString("raw variance %1, theory %2").arg(r->rawVariance).arg(theory)));
    // Dividing by √d leaves σ⁴.
    const double scaledTheory = std::pow(sigma, 4);
    QVERIFY2(std::fabs(r->scaledVariance - scaledTheory) <= 0.05 * scaledTheory,
             qPrintable(QString("scaled variance %1").arg(r->scaledVariance)));
    // The mean is 0 with a standard error of √(dσ⁴/N) = 1% of the standard deviation.
    QVERIFY(std::fabs(r->rawMean) <= 0.05 * std::sqrt(theory));
}

void TestDimensionExperiment::statisticsMatchSamples_data()
{
    dataColumns<attn::DimensionExperimentParams, int>("p", "trials");

    // `trials` counts the full trials, the ones the softmax statistics average over: ⌊N / n⌋
    // (the header draws ⌈N / n⌉, the last one possibly short, but averages over full ones only).
    QTest::newRow("d=16 N=10000 n=8") << params(16, 1, 10000, 8) << 1250;
    QTest::newRow("d=4 N=10 n=3") << params(4, 2.0, 10, 3, 5) << 3;
    QTest::newRow("d=64 N=7 n=7") << params(64, 1, 7, 7, 9) << 1;
    QTest::newRow("d=1 N=5 n=2") << params(1, 0.3, 5, 2, 3) << 2;
    QTest::newRow("d=33 N=1000 n=1024") << params(33, 1.5, 1000, 1024) << 0;
}

void TestDimensionExperiment::statisticsMatchSamples()
{
    QFETCH(attn::DimensionExperimentParams, p);
    QFETCH(int, trials);

    const auto r = attn::runDimensionExperiment(p);
    NAIVE_REQUIRE_OK(r);
    QCOMPARE(r->raw.size(), std::size_t(p.samples));
    QCOMPARE(r->scaled.size(), std::size_t(p.samples));
    QCOMPARE(r->trials, trials);
    const long double root = std::sqrt(static_cast<long double>(p.dimension));
    for (std::size_t i = 0; i < r->raw.size(); ++i) {
        QVERIFY(std::isfinite(r->raw[i]));
        NAIVE_COMPARE(r->scaled[i], r->raw[i] / root, 1e-14L);
    }
    NAIVE_COMPARE(r->rawMean, mean(r->raw), 1e-12L);
    NAIVE_COMPARE(r->scaledMean, mean(r->scaled), 1e-12L);
    NAIVE_COMPARE(r->rawVariance, unbiasedVariance(r->raw), 1e-12L);
    NAIVE_COMPARE(r->scaledVariance, unbiasedVariance(r->scaled), 1e-12L);
    NAIVE_COMPARE(r->theoryVariance, p.dimension * std::pow(static_cast<long double>(p.sigma), 4),
                  1e-14L);
}

void TestDimensionExperiment::softmaxStatisticsMatchSamples_data()
{
    QTest::addColumn<attn::DimensionExperimentParams>("p");

    QTest::newRow("d=16 N=800 n=8") << params(16, 1, 800, 8);
    QTest::newRow("d=64 N=300 n=3") << params(64, 1, 300, 3, 4);
    QTest::newRow("d=4 N=40 n=10") << params(4, 2, 40, 10, 6);
    // 100 full trials and a short one of 3, which the softmax statistics leave out.
    QTest::newRow("d=16 N=803 n=8") << params(16, 1, 803, 8, 2);
}

void TestDimensionExperiment::softmaxStatisticsMatchSamples()
{
    QFETCH(attn::DimensionExperimentParams, p);

    // Recomputes the softmax statistics from the reported samples, taking the samples as drawn
    // trial by trial (header: "⌈N / n⌉ trials of one query against n fresh keys").
    const auto r = attn::runDimensionExperiment(p);
    NAIVE_REQUIRE_OK(r);
    const TrialStats raw = trialStats(r->raw, std::size_t(p.keys));
    const TrialStats scaled = trialStats(r->scaled, std::size_t(p.keys));
    NAIVE_COMPARE(r->meanMaxWeightRaw, raw.maxWeight, 1e-12L);
    NAIVE_COMPARE(r->meanMaxWeightScaled, scaled.maxWeight, 1e-12L);
    NAIVE_COMPARE(r->meanEntropyRaw, raw.entropy, 1e-12L);
    NAIVE_COMPARE(r->meanEntropyScaled, scaled.entropy, 1e-12L);
}

void TestDimensionExperiment::sameSeedRepeats()
{
    const auto a = attn::runDimensionExperiment(params(32, 0.8, 2000, 8, 77));
    const auto b = attn::runDimensionExperiment(params(32, 0.8, 2000, 8, 77));
    NAIVE_REQUIRE_OK(a);
    NAIVE_REQUIRE_OK(b);
    QVERIFY(a->raw == b->raw);
    QVERIFY(a->scaled == b->scaled);
    QCOMPARE(a->rawMean, b->rawMean);
    QCOMPARE(a->rawVariance, b->rawVariance);
    QCOMPARE(a->scaledVariance, b->scaledVariance);
    QCOMPARE(a->meanMaxWeightRaw, b->meanMaxWeightRaw);
    QCOMPARE(a->meanMaxWeightScaled, b->meanMaxWeightScaled);
    QCOMPARE(a->meanEntropyRaw, b->meanEntropyRaw);
    QCOMPARE(a->meanEntropyScaled, b->meanEntropyScaled);
}

void TestDimensionExperiment::otherSeedDiffers()
{
    const auto a = attn::runDimensionExperiment(params(32, 0.8, 2000, 8, 77));
    const auto b = attn::runDimensionExperiment(params(32, 0.8, 2000, 8, 78));
    NAIVE_REQUIRE_OK(a);
    NAIVE_REQUIRE_OK(b);
    QCOMPARE(a->raw.size(), b->raw.size());
    std::size_t same = 0;
    for (std::size_t i = 0; i < a->raw.size(); ++i)
        same += a->raw[i] == b->raw[i];
    QCOMPARE(same, std::size_t(0));
    QVERIFY(a->rawVariance != b->rawVariance);
}

void TestDimensionExperiment::scalingReducesSaturation()
{
    // At d = 512 raw scores have a standard deviation of √512 ≈ 22.6: softmax is nearly one-hot.
    // Scaled scores have variance 1 and spread the weight over the keys.
    const auto r = attn::runDimensionExperiment(params(512, 1, 4000, 8));
    NAIVE_REQUIRE_OK(r);
    QVERIFY2(
        r->meanMaxWeightRaw > r->meanMaxWeightScaled,
        qPrintable(
            QString("raw %1, scaled %2").arg(r->meanMaxWeightRaw).arg(r->meanMaxWeightScaled)));
    QVERIFY(r->meanMaxWeightRaw > 0.8);
    QVERIFY(r->meanMaxWeightScaled < 0.6);
    QVERIFY(r->meanEntropyRaw < r->meanEntropyScaled);
}

void TestDimensionExperiment::entropiesInRange_data()
{
    QTest::addColumn<attn::DimensionExperimentParams>("p");

    QTest::newRow("d=1 n=2") << params(1, 1, 200, 2);
    QTest::newRow("d=16 n=8") << params(16, 1, 800, 8);
    QTest::newRow("d=512 n=8") << params(512, 1, 400, 8);
    QTest::newRow("d=4096 n=2 sigma 3") << params(4096, 3, 20, 2);
    QTest::newRow("d=64 n=1024") << params(64, 1, 4096, 1024);
    QTest::newRow("d=2 n=16 sigma 0.01") << params(2, 0.01, 320, 16);
}

void TestDimensionExperiment::entropiesInRange()
{
    QFETCH(attn::DimensionExperimentParams, p);

    const auto r = attn::runDimensionExperiment(p);
    NAIVE_REQUIRE_OK(r);
    const double maxEntropy = std::log(double(p.keys)) + 1e-12;
    for (double h : {r->meanEntropyRaw, r->meanEntropyScaled}) {
        QVERIFY2(h >= 0 && h <= maxEntropy, qPrintable(QString::number(h, 'g', 17)));
    }
    // The largest of n weights is at least the uniform 1/n and at most 1.
    for (double w : {r->meanMaxWeightRaw, r->meanMaxWeightScaled}) {
        QVERIFY2(w >= 1.0 / p.keys - 1e-12 && w <= 1 + 1e-12,
                 qPrintable(QString::number(w, 'g', 17)));
    }
}

void TestDimensionExperiment::boundariesAccepted_data()
{
    QTest::addColumn<attn::DimensionExperimentParams>("p");

    QTest::newRow("d=1") << params(1, 1, 100, 8);
    QTest::newRow("d=4096") << params(4096, 1, 8, 8);
    QTest::newRow("N=1") << params(8, 1, 1, 2);
    QTest::newRow("N=1000000") << params(1, 1, 1000000, 1024);
    QTest::newRow("n=2") << params(8, 1, 100, 2);
    QTest::newRow("n=1024") << params(8, 1, 2048, 1024);
    QTest::newRow("tiny sigma") << params(8, 1e-3, 100, 8);
}

void TestDimensionExperiment::boundariesAccepted()
{
    QFETCH(attn::DimensionExperimentParams, p);

    const auto r = attn::runDimensionExperiment(p);
    NAIVE_REQUIRE_OK(r);
    QCOMPARE(r->raw.size(), std::size_t(p.samples));
    QCOMPARE(r->trials, p.samples / p.keys);
    // Whatever the sizes, the panel must never be handed a NaN (N = 1 has no unbiased variance,
    // and N < n leaves no full trial to average over).
    for (double x :
         {r->rawMean, r->rawVariance, r->scaledMean, r->scaledVariance, r->theoryVariance,
          r->meanMaxWeightRaw, r->meanMaxWeightScaled, r->meanEntropyRaw, r->meanEntropyScaled})
        QVERIFY2(std::isfinite(x), qPrintable(QString::number(x)));
}

void TestDimensionExperiment::badParameters_data()
{
    QTest::addColumn<attn::DimensionExperimentParams>("p");

    QTest::newRow("d=0") << params(0, 1, 100);
    QTest::newRow("d=-3") << params(-3, 1, 100);
    QTest::newRow("d=4097") << params(4097, 1, 100);
    QTest::newRow("sigma 0") << params(16, 0, 100);
    QTest::newRow("sigma -1") << params(16, -1, 100);
    QTest::newRow("sigma NaN") << params(16, std::numeric_limits<double>::quiet_NaN(), 100);
    QTest::newRow("sigma inf") << params(16, std::numeric_limits<double>::infinity(), 100);
    QTest::newRow("N=0") << params(16, 1, 0);
    QTest::newRow("N=1000001") << params(16, 1, 1000001);
    QTest::newRow("n=1") << params(16, 1, 100, 1);
    QTest::newRow("n=0") << params(16, 1, 100, 0);
    QTest::newRow("n=1025") << params(16, 1, 2050, 1025);
}

void TestDimensionExperiment::badParameters()
{
    QFETCH(attn::DimensionExperimentParams, p);

    const auto r = attn::runDimensionExperiment(p);
    QVERIFY(!r.ok());
    QVERIFY(!r.error().subject.empty());
}

void TestDimensionExperiment::progressAndCancel()
{
    std::vector<double> seen;
    const auto r = attn::runDimensionExperiment(params(64, 1, 200000, 8), [&](double f) {
        seen.push_back(f);
        return true;
    });
    NAIVE_REQUIRE_OK(r);
    QVERIFY(!seen.empty());
    for (std::size_t i = 0; i < seen.size(); ++i) {
        QVERIFY(seen[i] >= 0 && seen[i] <= 1);
        if (i > 0)
            QVERIFY(seen[i] >= seen[i - 1]);
    }

    int calls = 0;
    const auto c = attn::runDimensionExperiment(params(64, 1, 200000, 8), [&](double) {
        ++calls;
        return false;
    });
    QVERIFY(!c.ok());
    QCOMPARE(c.error().code, attn::ErrorCode::BadArgument);
    QCOMPARE(c.error().subject, std::string("cancelled"));
    // Cancelling stops the run: the callback is not asked again.
    QCOMPARE(calls, 1);

    // At the lab's largest d and n the callback still comes every kDrawsPerProgressCall draws
    // (a cancel waits for the next call): (n + 1) d draws per trial of n samples.
    int largeCalls = 0;
    const int d = 4096, n = 512, samples = 20 * n;
    const auto large = attn::runDimensionExperiment(params(d, 1, samples, n), [&](double) {
        ++largeCalls;
        return true;
    });
    NAIVE_REQUIRE_OK(large);
    const long long draws = (long long)(samples / n) * (n + 1) * d;
    QVERIFY2(largeCalls >= draws / attn::kDrawsPerProgressCall,
             qPrintable(QString::number(largeCalls)));
}

QTEST_APPLESS_MAIN(TestDimensionExperiment)
#include "tst_dimensionexperiment.moc"
