#include "common/datacolumns.h"
#include "common/labparams.h"
#include "core/dimensionexperiment.h"
#include "core/dimensionlab.h"
#include "model/dimensionlabmodel.h"

#include <QSignalSpy>
#include <QTest>

#include <cmath>

namespace {
constexpr int kIdleTimeout = 180000;

using labparams::params;

bool sameSummary(const attn::DimensionSummary &a, const attn::DimensionSummary &b)
{
    auto same = [](double x, double y) { return x == y || (std::isnan(x) && std::isnan(y)); };
    return a.dimension == b.dimension && a.rawVariance == b.rawVariance &&
           a.scaledVariance == b.scaledVariance && a.theoryRawVariance == b.theoryRawVariance &&
           a.theoryScaledVariance == b.theoryScaledVariance &&
           same(a.meanMaxWeightRaw, b.meanMaxWeightRaw) &&
           same(a.meanMaxWeightScaled, b.meanMaxWeightScaled) &&
           same(a.meanEntropyRaw, b.meanEntropyRaw) &&
           same(a.meanEntropyScaled, b.meanEntropyScaled) && a.trials == b.trials;
}
} // namespace

Q_DECLARE_METATYPE(attn::DimensionExperimentParams)

class TestDimensionLabModel : public QObject
{
    Q_OBJECT

private slots:
    void varianceNearTheory_data();
    void varianceNearTheory();
    void pointEqualsCore_data();
    void pointEqualsCore();
    void sweepEqualsCore();
    void sameSeedRepeats();
    void dimensionRecomputesPointOnly();
    void editsCoalesce();
    void staleRunIsCancelled();
    void curvesNeverMixParameters();
    void progressReported();
    void cancelKeepsWhatIsShown();
    void refusesOutOfRange_data();
    void refusesOutOfRange();
};

void TestDimensionLabModel::varianceNearTheory_data()
{
    labparams::addVarianceRows();
}

void TestDimensionLabModel::varianceNearTheory()
{
    QFETCH(int, dimension);
    QFETCH(double, sigma);

    DimensionLabModel model;
    QVERIFY(model.setParams(params(dimension, sigma, 10000, 8, 1)));
    QTRY_VERIFY_WITH_TIMEOUT(!model.isBusy(), kIdleTimeout);
    QVERIFY(model.hasPoint());
    QCOMPARE(model.pointParams().dimension, dimension);
    const double theory = dimension * std::pow(sigma, 4); // d σ⁴, by hand
    const attn::DimensionSummary &s = model.pointSummary();
    QVERIFY2(std::abs(s.rawVariance - theory) <= 0.05 * theory,
             qPrintable(QString("variance %1, theory %2").arg(s.rawVariance).arg(theory)));
    QVERIFY(qFuzzyCompare(s.theoryRawVariance, theory));
    QVERIFY(std::abs(s.scaledVariance - std::pow(sigma, 4)) <= 0.05 * std::pow(sigma, 4));
    // The same figure as the core's run with these parameters.
    const auto core = attn::runDimensionExperiment(params(dimension, sigma, 10000, 8, 1));
    QVERIFY(core.ok());
    QCOMPARE(s.rawVariance, core->rawVariance);
    QCOMPARE(s.scaledVariance, core->scaledVariance);
}

void TestDimensionLabModel::pointEqualsCore_data()
{
    QTest::addColumn<attn::DimensionExperimentParams>("p");

    QTest::newRow("default") << params(512, 1.0, 10000, 8, 1);
    QTest::newRow("small") << params(3, 0.7, 1000, 2, 9);
    QTest::newRow("many keys") << params(64, 2.0, 5000, 512, 4);
}

void TestDimensionLabModel::pointEqualsCore()
{
    QFETCH(attn::DimensionExperimentParams, p);

    DimensionLabModel model;
    QVERIFY(model.setParams(p));
    QTRY_VERIFY_WITH_TIMEOUT(!model.isBusy(), kIdleTimeout);
    const auto core = attn::runDimensionExperiment(p);
    QVERIFY(core.ok());
    QVERIFY(model.point().raw == core->raw);
    QVERIFY(model.point().scaled == core->scaled);
    QVERIFY(sameSummary(model.pointSummary(), attn::summarize(p, *core)));
    const auto h = attn::scoreHistograms(*core, DimensionLabModel::kHistogramBins);
    QVERIFY(h.ok());
    QVERIFY(model.histograms().raw.counts == h->raw.counts);
    QVERIFY(model.histograms().scaled.counts == h->scaled.counts);
    QCOMPARE(model.histograms().raw.lo, h->raw.lo);
    QCOMPARE(model.histograms().raw.hi, h->raw.hi);
}

void TestDimensionLabModel::sweepEqualsCore()
{
    DimensionLabModel model;
    const auto p = params(8, 1.3, 1000, 4, 21);
    QVERIFY(model.setParams(p));
    QTRY_VERIFY_WITH_TIMEOUT(!model.isBusy(), kIdleTimeout);
    QVERIFY(model.sweepComplete());
    const std::vector<int> dims = attn::sweepDimensions();
    QCOMPARE(model.sweep().size(), dims.size());
    for (std::size_t i = 0; i < dims.size(); ++i) {
        auto q = p;
        q.dimension = dims[i];
        const auto core = attn::runDimensionExperiment(q);
        QVERIFY(core.ok());
        QVERIFY2(sameSummary(model.sweep()[i], attn::summarize(q, *core)),
                 qPrintable(QString("d = %1").arg(dims[i])));
    }
}

void TestDimensionLabModel::sameSeedRepeats()
{
    const auto p = params(100, 0.9, 3000, 6, 1234);
    DimensionLabModel a, b;
    QVERIFY(a.setParams(p));
    QVERIFY(b.setParams(p));
    QTRY_VERIFY_WITH_TIMEOUT(!a.isBusy() && !b.isBusy(), kIdleTimeout);
    QVERIFY(a.point().raw == b.point().raw);
    QVERIFY(a.histograms().raw.counts == b.histograms().raw.counts);
    QVERIFY(a.histograms().scaled.counts == b.histograms().scaled.counts);
    QCOMPARE(a.sweep().size(), b.sweep().size());
    for (std::size_t i = 0; i < a.sweep().size(); ++i)
        QVERIFY(sameSummary(a.sweep()[i], b.sweep()[i]));

    // Another seed draws other samples; going back repeats the first pictures.
    const std::vector<double> first = a.point().raw;
    a.setSeed(1235);
    QTRY_VERIFY_WITH_TIMEOUT(!a.isBusy(), kIdleTimeout);
    QVERIFY(a.point().raw != first);
    a.setSeed(1234);
    QTRY_VERIFY_WITH_TIMEOUT(!a.isBusy(), kIdleTimeout);
    QVERIFY(a.point().raw == first);
    for (std::size_t i = 0; i < a.sweep().size(); ++i)
        QVERIFY(sameSummary(a.sweep()[i], b.sweep()[i]));
}

void TestDimensionLabModel::dimensionRecomputesPointOnly()
{
    DimensionLabModel model;
    QVERIFY(model.setParams(params(32, 1, 1000, 8, 2)));
    QTRY_VERIFY_WITH_TIMEOUT(!model.isBusy(), kIdleTimeout);
    QSignalSpy points(&model, &DimensionLabModel::pointChanged);
    QSignalSpy sweeps(&model, &DimensionLabModel::sweepChanged);
    QVERIFY(model.setDimension(64));
    QVERIFY(model.isBusy());
    QTRY_VERIFY_WITH_TIMEOUT(!model.isBusy(), kIdleTimeout);
    QCOMPARE(points.count(), 1);
    QCOMPARE(sweeps.count(), 0);
    QCOMPARE(model.pointParams().dimension, 64);
    QVERIFY(model.sweepComplete());

    // σ changes the curves too.
    QVERIFY(model.setSigma(2.0));
    QTRY_VERIFY_WITH_TIMEOUT(!model.isBusy(), kIdleTimeout);
    QVERIFY(sweeps.count() > 0);
    QVERIFY(model.sweepComplete());
    QCOMPARE(model.sweep().front().theoryScaledVariance, 16.0);
}

void TestDimensionLabModel::editsCoalesce()
{
    DimensionLabModel model;
    QVERIFY(model.setParams(params(4, 1, 1000, 8, 2)));
    QTRY_VERIFY_WITH_TIMEOUT(!model.isBusy(), kIdleTimeout);
    QSignalSpy points(&model, &DimensionLabModel::pointChanged);
    // A slider dragged across its range within one pass of the event loop: one run, for the last.
    for (int d = 1; d <= 4096; d *= 2)
        QVERIFY(model.setDimension(d));
    QVERIFY(model.setDimension(300));
    QTRY_VERIFY_WITH_TIMEOUT(!model.isBusy(), kIdleTimeout);
    QCOMPARE(points.count(), 1);
    QCOMPARE(model.pointParams().dimension, 300);
}

void TestDimensionLabModel::staleRunIsCancelled()
{
    DimensionLabModel model;
    // Heavy: about a minute of work if it ran to the end.
    QVERIFY(model.setParams(params(4096, 1, 1000000, 8, 3)));
    QSignalSpy points(&model, &DimensionLabModel::pointChanged);
    QSignalSpy progress(&model, &DimensionLabModel::progressChanged);
    QTRY_VERIFY_WITH_TIMEOUT(progress.count() > 0 && model.progress() > 0, kIdleTimeout);
    QVERIFY(model.isBusy());
    QVERIFY(model.setParams(params(16, 1, 1000, 8, 3)));
    QTRY_VERIFY_WITH_TIMEOUT(!model.isBusy(), kIdleTimeout);
    // Only the new parameters ever reached the views.
    QCOMPARE(points.count(), 1);
    QCOMPARE(model.pointParams().dimension, 16);
    QCOMPARE(model.pointParams().samples, 1000);
    QVERIFY(model.sweepComplete());
    for (const attn::DimensionSummary &s : model.sweep())
        QCOMPARE(s.trials, 1000 / 8);
}

void TestDimensionLabModel::curvesNeverMixParameters()
{
    DimensionLabModel model;
    QVERIFY(model.setParams(params(8, 1, 20000, 8, 6)));
    QTRY_VERIFY_WITH_TIMEOUT(!model.isBusy(), kIdleTimeout);
    // Every picture of the curves while the new sweep grows: all old (2,500 trials of 8 keys)
    // or all new (312 trials of 64 keys), never both.
    int pictures = 0;
    bool mixed = false;
    connect(&model, &DimensionLabModel::sweepChanged, this, [&] {
        ++pictures;
        for (const attn::DimensionSummary &s : model.sweep())
            mixed = mixed || s.trials != model.sweep().front().trials;
    });
    QVERIFY(model.setKeys(64));
    QTRY_VERIFY_WITH_TIMEOUT(!model.isBusy(), kIdleTimeout);
    QVERIFY(pictures >= int(attn::sweepDimensions().size()));
    QVERIFY(!mixed);
    QCOMPARE(model.sweep().size(), attn::sweepDimensions().size());
    QCOMPARE(model.sweep().back().trials, 20000 / 64);
}

void TestDimensionLabModel::progressReported()
{
    DimensionLabModel model;
    QTRY_VERIFY_WITH_TIMEOUT(!model.isBusy(), kIdleTimeout); // the first run, at construction
    QSignalSpy busy(&model, &DimensionLabModel::busyChanged);
    QSignalSpy progress(&model, &DimensionLabModel::progressChanged);
    QVERIFY(model.setParams(params(1024, 1, 20000, 8, 5)));
    QTRY_VERIFY_WITH_TIMEOUT(!model.isBusy(), kIdleTimeout);
    QVERIFY(busy.count() >= 2);
    QCOMPARE(busy.first().at(0).toBool(), true);
    QCOMPARE(busy.last().at(0).toBool(), false);
    QVERIFY(progress.count() >= 2);
    for (const QList<QVariant> &args : std::as_const(progress)) {
        const double f = args.at(0).toDouble();
        QVERIFY(f >= 0 && f <= 1);
    }
    QCOMPARE(model.progress(), 1.0);
}

void TestDimensionLabModel::refusesOutOfRange_data()
{
    dataColumns<QString, double>("field", "value");

    QTest::newRow("d=0") << "dimension" << 0.0;
    QTest::newRow("d=4097") << "dimension" << 4097.0;
    QTest::newRow("sigma=0") << "sigma" << 0.0;
    QTest::newRow("sigma=nan") << "sigma" << std::nan("");
    QTest::newRow("sigma=5") << "sigma" << 5.0;
    QTest::newRow("N=999") << "samples" << 999.0;
    QTest::newRow("N=1000001") << "samples" << 1000001.0;
    QTest::newRow("n=1") << "keys" << 1.0;
    QTest::newRow("n=513") << "keys" << 513.0;
}

void TestDimensionLabModel::refusesOutOfRange()
{
    QFETCH(QString, field);
    QFETCH(double, value);

    DimensionLabModel model;
    const attn::DimensionExperimentParams before = model.params();
    QSignalSpy changed(&model, &DimensionLabModel::paramsChanged);
    bool ok = true;
    if (field == "dimension")
        ok = model.setDimension(int(value));
    else if (field == "sigma")
        ok = model.setSigma(value);
    else if (field == "samples")
        ok = model.setSamples(int(value));
    else
        ok = model.setKeys(int(value));
    QVERIFY(!ok);
    QCOMPARE(changed.count(), 0);
    QCOMPARE(model.params().dimension, before.dimension);
    QCOMPARE(model.params().sigma, before.sigma);
    QCOMPARE(model.params().samples, before.samples);
    QCOMPARE(model.params().keys, before.keys);
}

void TestDimensionLabModel::cancelKeepsWhatIsShown()
{
    // cancel() in the middle of the lab's largest run: not busy at once, the point and the whole
    // curves of the last finished run stay, nothing of the cancelled run arrives later, and the
    // next edit computes again.
    DimensionLabModel model;
    QVERIFY(model.setParams(params(64, 1, 2000, 8, 3)));
    QTRY_VERIFY_WITH_TIMEOUT(!model.isBusy(), kIdleTimeout);
    const std::vector<attn::DimensionSummary> curves = model.sweep();
    const double variance = model.pointSummary().rawVariance;
    QVERIFY(!curves.empty());

    QVERIFY(
        model.setParams(params(DimensionLabModel::kMaxDimension, 1, DimensionLabModel::kMaxSamples,
                               DimensionLabModel::kMaxKeys, 3)));
    QTRY_VERIFY_WITH_TIMEOUT(model.progress() > 0, kIdleTimeout);
    QSignalSpy points(&model, &DimensionLabModel::pointChanged);
    model.cancel();
    QVERIFY(!model.isBusy());
    QVERIFY(model.wasCancelled());
    QCOMPARE(model.progress(), 1.0);
    QCOMPARE(model.pointParams().dimension, 64);
    QCOMPARE(model.pointSummary().rawVariance, variance);
    QCOMPARE(model.sweep().size(), curves.size());
    for (std::size_t i = 0; i < curves.size(); ++i)
        QCOMPARE(model.sweep()[i].rawVariance, curves[i].rawVariance);
    QTest::qWait(300);
    QCOMPARE(points.count(), 0);
    QCOMPARE(model.sweep().size(), curves.size());

    QVERIFY(model.setParams(params(32, 1, 2000, 8, 3)));
    QVERIFY(!model.wasCancelled());
    QTRY_VERIFY_WITH_TIMEOUT(!model.isBusy(), kIdleTimeout);
    QCOMPARE(model.pointParams().dimension, 32);
}

QTEST_GUILESS_MAIN(TestDimensionLabModel)
#include "tst_dimensionlabmodel.moc"
