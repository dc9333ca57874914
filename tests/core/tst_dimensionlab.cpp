#include "common/datacolumns.h"
#include "common/labparams.h"
#include "core/dimensionlab.h"

#include <QTest>

#include <cmath>

using labparams::params;

class TestDimensionLab : public QObject
{
    Q_OBJECT

private slots:
    void summaryCopiesAndDerives_data();
    void summaryCopiesAndDerives();
    void summaryWithoutTrials();
    void sweepIsPowersOfTwo();
    void histogramsShareRange();
    void histogramsOfZeros();
};

void TestDimensionLab::summaryCopiesAndDerives_data()
{
    dataColumns<int, double, int, double>("d", "sigma", "keys", "sigma4");

    QTest::newRow("d=16 sigma=1") << 16 << 1.0 << 8 << 1.0;
    QTest::newRow("d=64 sigma=0.5") << 64 << 0.5 << 4 << 0.0625;
    QTest::newRow("d=3 sigma=2") << 3 << 2.0 << 2 << 16.0;
}

void TestDimensionLab::summaryCopiesAndDerives()
{
    QFETCH(int, d);
    QFETCH(double, sigma);
    QFETCH(int, keys);
    QFETCH(double, sigma4);

    const auto p = params(d, sigma, 1000, keys, 3);
    const auto r = attn::runDimensionExperiment(p);
    QVERIFY(r.ok());
    const attn::DimensionSummary s = attn::summarize(p, *r);
    QCOMPARE(s.dimension, d);
    QCOMPARE(s.rawVariance, r->rawVariance);
    QCOMPARE(s.scaledVariance, r->scaledVariance);
    QCOMPARE(s.theoryRawVariance, r->theoryVariance);
    QVERIFY(qFuzzyCompare(s.theoryRawVariance, d * sigma4));
    QVERIFY(qFuzzyCompare(s.theoryScaledVariance, sigma4));
    QVERIFY(qFuzzyCompare(s.varianceRatio, r->rawVariance / (d * sigma4)));
    QCOMPARE(s.meanMaxWeightRaw, r->meanMaxWeightRaw);
    QCOMPARE(s.meanMaxWeightScaled, r->meanMaxWeightScaled);
    QCOMPARE(s.meanEntropyRaw, r->meanEntropyRaw);
    QCOMPARE(s.meanEntropyScaled, r->meanEntropyScaled);
    QCOMPARE(s.trials, 1000 / keys);
    QVERIFY(qFuzzyCompare(s.uniformWeight, 1.0 / keys));
    QVERIFY(qFuzzyCompare(s.maxEntropy, std::log(double(keys))));
}

void TestDimensionLab::summaryWithoutTrials()
{
    // Fewer samples than keys: no full trial, so no softmax statistics (not zeros).
    const auto p = params(8, 1, 5, 8);
    const auto r = attn::runDimensionExperiment(p);
    QVERIFY(r.ok());
    const attn::DimensionSummary s = attn::summarize(p, *r);
    QCOMPARE(s.trials, 0);
    QVERIFY(std::isnan(s.meanMaxWeightRaw));
    QVERIFY(std::isnan(s.meanMaxWeightScaled));
    QVERIFY(std::isnan(s.meanEntropyRaw));
    QVERIFY(std::isnan(s.meanEntropyScaled));
    QVERIFY(std::isfinite(s.rawVariance));
}

void TestDimensionLab::sweepIsPowersOfTwo()
{
    const std::vector<int> expected{1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096};
    QVERIFY(attn::sweepDimensions() == expected);
    // Every one is accepted by the experiment.
    for (int d : expected)
        QVERIFY(attn::runDimensionExperiment(params(d, 1, 2, 2)).ok());
}

void TestDimensionLab::histogramsShareRange()
{
    attn::DimensionExperimentResult r;
    r.raw = {-8, -2, 0, 3, 6};
    r.scaled = {-4, -1, 0, 1.5, 3};
    // m = 8: bins of width 4 over [−8, 8]: [−8,−4) [−4,0) [0,4) [4,8].
    const auto h = attn::scoreHistograms(r, 4);
    QVERIFY(h.ok());
    QCOMPARE(h->raw.lo, -8.0);
    QCOMPARE(h->raw.hi, 8.0);
    QCOMPARE(h->scaled.lo, -8.0);
    QCOMPARE(h->scaled.hi, 8.0);
    QVERIFY((h->raw.counts == std::vector<long long>{1, 1, 2, 1}));
    QVERIFY((h->scaled.counts == std::vector<long long>{0, 2, 3, 0}));

    // The largest magnitude may sit in the scaled list (d < 1 never happens, but the rule holds).
    r.raw = {0.5};
    r.scaled = {-2};
    const auto h2 = attn::scoreHistograms(r, 2);
    QVERIFY(h2.ok());
    QCOMPARE(h2->raw.lo, -2.0);
    QCOMPARE(h2->raw.hi, 2.0);

    // A real run: every sample lands in a bin.
    const auto run = attn::runDimensionExperiment(params(64, 1, 3000, 8, 5));
    QVERIFY(run.ok());
    const auto h3 = attn::scoreHistograms(*run, 61);
    QVERIFY(h3.ok());
    for (const attn::Histogram *x : {&h3->raw, &h3->scaled}) {
        QCOMPARE(x->bins(), 61);
        QCOMPARE(x->below + x->above + x->skipped, 0LL);
        long long sum = 0;
        for (long long c : x->counts)
            sum += c;
        QCOMPARE(sum, 3000LL);
    }
}

void TestDimensionLab::histogramsOfZeros()
{
    attn::DimensionExperimentResult r;
    r.raw = {0, 0};
    r.scaled = {0, 0};
    const auto h = attn::scoreHistograms(r, 2);
    QVERIFY(h.ok());
    QCOMPARE(h->raw.lo, -1.0);
    QCOMPARE(h->raw.hi, 1.0);
    QVERIFY((h->raw.counts == std::vector<long long>{0, 2}));
    QVERIFY(!attn::scoreHistograms(r, 0).ok());
}

QTEST_APPLESS_MAIN(TestDimensionLab)
#include "tst_dimensionlab.moc"
