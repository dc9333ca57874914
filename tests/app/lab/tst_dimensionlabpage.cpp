#include "common/datacolumns.h"
#include "common/labparams.h"
#include "core/dimensionlab.h"
#include "lab/dimensionlabpage.h"
#include "lab/saturationchart.h"
#include "lab/scorehistogramchart.h"
#include "lab/variancechart.h"
#include "model/dimensionlabmodel.h"
#include "text/numberformat.h"

#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QGroupBox>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSlider>
#include <QSpinBox>
#include <QStyle>
#include <QStyleOptionSlider>
#include <QTest>
#include <QTimer>

#include <cmath>

namespace {
constexpr int kIdleTimeout = 180000;

using labparams::params;

/// Types a number into a spin box as a user does: select all, type, Enter.
void typeInto(QAbstractSpinBox *box, const QString &text)
{
    box->setFocus();
    QTest::keyClick(box, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(box, text);
    QTest::keyClick(box, Qt::Key_Return);
}

/// Where the style draws the slider's handle, so that a press grabs it.
QPoint handleCentre(const QSlider *slider)
{
    QStyleOptionSlider opt;
    opt.initFrom(slider);
    opt.orientation = slider->orientation();
    opt.minimum = slider->minimum();
    opt.maximum = slider->maximum();
    opt.sliderPosition = slider->sliderPosition();
    opt.sliderValue = slider->value();
    opt.upsideDown = slider->invertedAppearance();
    return slider->style()
        ->subControlRect(QStyle::CC_Slider, &opt, QStyle::SC_SliderHandle, slider)
        .center();
}

/// Shows `page` and waits until its model's run is done; false when the window never appears or
/// the run never ends.
bool showAndSettle(DimensionLabPage &page, const DimensionLabModel &model)
{
    page.show();
    return QTest::qWaitForWindowExposed(&page) &&
           QTest::qWaitFor([&model] { return !model.isBusy(); }, kIdleTimeout);
}

/// The chart against the core's histograms of the core's own run.
void compareHistogram(const DimensionLabPage &page, const attn::DimensionExperimentParams &p)
{
    const auto run = attn::runDimensionExperiment(p);
    QVERIFY(run.ok());
    const auto h = attn::scoreHistograms(*run, DimensionLabModel::kHistogramBins);
    QVERIFY(h.ok());
    const QList<QPointF> raw = page.histogramChart()->rawPoints();
    const QList<QPointF> scaled = page.histogramChart()->scaledPoints();
    QCOMPARE(raw.size(), 2 * h->raw.bins());
    QCOMPARE(scaled.size(), 2 * h->scaled.bins());
    double rawTotal = 0, scaledTotal = 0;
    for (int i = 0; i < h->raw.bins(); ++i) {
        // Each bin is a step from its left edge to its right edge at its share of the samples.
        QCOMPARE(raw[2 * i], QPointF(h->raw.binLeft(i), double(h->raw.counts[i]) / p.samples));
        QCOMPARE(raw[2 * i + 1].x(), h->raw.binRight(i));
        QCOMPARE(scaled[2 * i].y(), double(h->scaled.counts[i]) / p.samples);
        rawTotal += raw[2 * i].y();
        scaledTotal += scaled[2 * i].y();
    }
    QVERIFY(std::abs(rawTotal - 1) < 1e-9);
    QVERIFY(std::abs(scaledTotal - 1) < 1e-9);
}
} // namespace

class TestDimensionLabPage : public QObject
{
    Q_OBJECT

private slots:
    void sliderMappings_data();
    void sliderMappings();
    void sliderTriggersRecompute();
    void spinBoxesDriveModel();
    void chartsShowCoreNumbers();
    void readoutsShowCoreNumbers();
    void staysResponsiveDuringHeavyRun();
    void sameSeedSamePictures();
    void upToDateIsPlainText();
    void cancelStopsTheLargestRunAndKeepsTheFigures();
};

void TestDimensionLabPage::sliderMappings_data()
{
    dataColumns<int, int, int, int>("position", "dimension", "samples", "keys");

    // Ten steps per doubling of d and n, twenty per decade of N, rounded to two digits.
    QTest::newRow("start") << 0 << 1 << 1000 << 2;
    QTest::newRow("10") << 10 << 2 << 3200 << 4;
    QTest::newRow("20") << 20 << 4 << 10000 << 8;
    QTest::newRow("60") << 60 << 64 << 1000000 << 128;
    QTest::newRow("80") << 80 << 256 << -1 << 512;
    QTest::newRow("90") << 90 << 512 << -1 << -1;
    QTest::newRow("120") << 120 << 4096 << -1 << -1;
}

void TestDimensionLabPage::sliderMappings()
{
    QFETCH(int, position);
    QFETCH(int, dimension);
    QFETCH(int, samples);
    QFETCH(int, keys);

    QCOMPARE(DimensionLabPage::dimensionAt(position), dimension);
    QCOMPARE(DimensionLabPage::positionOfDimension(dimension), position);
    if (samples > 0) {
        QCOMPARE(DimensionLabPage::samplesAt(position), samples);
        QCOMPARE(DimensionLabPage::positionOfSamples(samples), position);
    }
    if (keys > 0) {
        QCOMPARE(DimensionLabPage::keysAt(position), keys);
        QCOMPARE(DimensionLabPage::positionOfKeys(keys), position);
    }
    QCOMPARE(DimensionLabPage::sigmaAt(125), 1.25);
    QCOMPARE(DimensionLabPage::positionOfSigma(1.25), 125);
}

void TestDimensionLabPage::sliderTriggersRecompute()
{
    DimensionLabModel model;
    QVERIFY(model.setParams(params(64, 1, 2000, 8, 1)));
    DimensionLabPage page(&model);
    page.resize(1260, 740);
    QVERIFY(showAndSettle(page, model));
    auto *slider = page.findChild<QSlider *>("dimensionSlider");
    auto *spin = page.findChild<QSpinBox *>("dimensionSpin");
    QVERIFY(slider && spin);
    QCOMPARE(slider->value(), 60);

    // Page Up: ten steps, one doubling.
    QTest::keyClick(slider, Qt::Key_PageUp);
    QCOMPARE(slider->value(), 70);
    QCOMPARE(model.params().dimension, 128);
    QCOMPARE(spin->value(), 128);
    // The key press returned before the work was done: it runs in a worker thread.
    QVERIFY(model.isBusy());
    QTRY_VERIFY_WITH_TIMEOUT(!model.isBusy(), kIdleTimeout);
    QCOMPARE(model.pointParams().dimension, 128);
    compareHistogram(page, params(128, 1, 2000, 8, 1));

    // Dragging the handle with the mouse moves d too.
    const QPoint from = handleCentre(slider);
    QTest::mousePress(slider, Qt::LeftButton, {}, from);
    QTest::mouseMove(slider, from + QPoint(slider->width() / 4, 0));
    QTest::mouseRelease(slider, Qt::LeftButton, {}, from + QPoint(slider->width() / 4, 0));
    QVERIFY(slider->value() > 70);
    QCOMPARE(model.params().dimension, DimensionLabPage::dimensionAt(slider->value()));
    QTRY_VERIFY_WITH_TIMEOUT(!model.isBusy(), kIdleTimeout);
    QCOMPARE(model.pointParams().dimension, DimensionLabPage::dimensionAt(slider->value()));
}

void TestDimensionLabPage::spinBoxesDriveModel()
{
    DimensionLabModel model;
    QVERIFY(model.setParams(params(16, 1, 1000, 8, 1)));
    DimensionLabPage page(&model);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    typeInto(page.findChild<QSpinBox *>("dimensionSpin"), "300");
    QCOMPARE(model.params().dimension, 300);
    // d = 300 lies between slider positions; the slider takes the nearest.
    QCOMPARE(page.findChild<QSlider *>("dimensionSlider")->value(), 82);
    typeInto(page.findChild<QDoubleSpinBox *>("sigmaSpin"), "0.5");
    QCOMPARE(model.params().sigma, 0.5);
    QCOMPARE(page.findChild<QSlider *>("sigmaSlider")->value(), 50);
    typeInto(page.findChild<QSpinBox *>("samplesSpin"), "2500");
    QCOMPARE(model.params().samples, 2500);
    typeInto(page.findChild<QSpinBox *>("keysSpin"), "16");
    QCOMPARE(model.params().keys, 16);
    QCOMPARE(page.findChild<QSlider *>("keysSlider")->value(), 30);
    typeInto(page.findChild<QSpinBox *>("seedSpin"), "77");
    QCOMPARE(model.params().seed, std::uint64_t(77));
    QTRY_VERIFY_WITH_TIMEOUT(!model.isBusy(), kIdleTimeout);
    compareHistogram(page, params(300, 0.5, 2500, 16, 77));
}

void TestDimensionLabPage::chartsShowCoreNumbers()
{
    DimensionLabModel model;
    const auto p = params(32, 1.5, 1000, 4, 8);
    QVERIFY(model.setParams(p));
    DimensionLabPage page(&model);
    QTRY_VERIFY_WITH_TIMEOUT(!model.isBusy(), kIdleTimeout);
    compareHistogram(page, p);

    using V = VarianceChart::Series;
    using S = SaturationChart::Series;
    const std::vector<int> dims = attn::sweepDimensions();
    const QList<QPointF> rawVar = page.varianceChart()->points(V::RawMeasured);
    const QList<QPointF> theory = page.varianceChart()->points(V::RawTheory);
    const QList<QPointF> scaledVar = page.varianceChart()->points(V::ScaledMeasured);
    const QList<QPointF> scaledTheory = page.varianceChart()->points(V::ScaledTheory);
    const QList<QPointF> maxRaw = page.saturationChart()->points(S::MaxWeightRaw);
    const QList<QPointF> maxScaled = page.saturationChart()->points(S::MaxWeightScaled);
    const QList<QPointF> entRaw = page.saturationChart()->points(S::EntropyRaw);
    const QList<QPointF> entScaled = page.saturationChart()->points(S::EntropyScaled);
    QCOMPARE(rawVar.size(), int(dims.size()));
    for (std::size_t i = 0; i < dims.size(); ++i) {
        auto q = p;
        q.dimension = dims[i];
        const auto r = attn::runDimensionExperiment(q);
        QVERIFY(r.ok());
        const int k = int(i);
        QCOMPARE(rawVar[k], QPointF(dims[i], r->rawVariance));
        QCOMPARE(scaledVar[k], QPointF(dims[i], r->scaledVariance));
        // Theory by hand: d σ⁴ and σ⁴ with σ = 1.5.
        QVERIFY(qFuzzyCompare(theory[k].y(), dims[i] * 5.0625));
        QVERIFY(qFuzzyCompare(scaledTheory[k].y(), 5.0625));
        QCOMPARE(maxRaw[k].y(), r->meanMaxWeightRaw);
        QCOMPARE(maxScaled[k].y(), r->meanMaxWeightScaled);
        QCOMPARE(entRaw[k].y(), r->meanEntropyRaw);
        QCOMPARE(entScaled[k].y(), r->meanEntropyScaled);
    }
    // The rings at the current d sit on the point's figures.
    const auto r = attn::runDimensionExperiment(p);
    const QList<QPointF> ring = page.varianceChart()->points(V::Current);
    QCOMPARE(ring.size(), 2);
    QCOMPARE(ring[0], QPointF(32, r->rawVariance));
    QCOMPARE(ring[1], QPointF(32, r->scaledVariance));
    const QList<QPointF> weightRing = page.saturationChart()->points(S::CurrentWeight);
    QCOMPARE(weightRing[0].y(), r->meanMaxWeightRaw);
    QCOMPARE(weightRing[1].y(), r->meanMaxWeightScaled);
    // Without scaling softmax saturates at large d: nearly all weight on one key, entropy near 0.
    QVERIFY(maxRaw.last().y() > 0.95);
    QVERIFY(maxScaled.last().y() < maxRaw.last().y() - 0.1);
    QVERIFY(entRaw.last().y() < entScaled.last().y());
}

void TestDimensionLabPage::readoutsShowCoreNumbers()
{
    DimensionLabModel model;
    const auto p = params(512, 1, 10000, 8, 1);
    QVERIFY(model.setParams(p));
    DimensionLabPage page(&model);
    QTRY_VERIFY_WITH_TIMEOUT(!model.isBusy(), kIdleTimeout);
    const auto r = attn::runDimensionExperiment(p);
    QVERIFY(r.ok());
    auto text = [&page](const char *name) { return page.findChild<QLabel *>(name)->text(); };
    QCOMPARE(text("rawVarianceValue"), NumberFormat::number(r->rawVariance, 3));
    QCOMPARE(text("scaledVarianceValue"), NumberFormat::number(r->scaledVariance, 3));
    // Theory by hand: d σ⁴ = 512 and σ⁴ = 1.
    QCOMPARE(text("rawTheoryValue"), NumberFormat::number(512, 3));
    QCOMPARE(text("scaledTheoryValue"), NumberFormat::number(1, 3));
    QCOMPARE(text("rawMaxWeightValue"), NumberFormat::number(r->meanMaxWeightRaw, 3));
    QCOMPARE(text("scaledMaxWeightValue"), NumberFormat::number(r->meanMaxWeightScaled, 3));
    QCOMPARE(text("rawEntropyValue"), NumberFormat::number(r->meanEntropyRaw, 3));
    QCOMPARE(text("scaledEntropyValue"), NumberFormat::number(r->meanEntropyScaled, 3));
    const QString uniform = text("uniformLabel");
    QVERIFY(uniform.contains(NumberFormat::number(0.125, 3)));
    QVERIFY(uniform.contains(NumberFormat::number(std::log(8.0), 3)));
    QCOMPARE(page.findChild<QGroupBox *>("resultsBox")->title(), QString("At d = 512"));
}

void TestDimensionLabPage::staysResponsiveDuringHeavyRun()
{
    DimensionLabModel model;
    QVERIFY(model.setParams(params(4, 1, 1000, 8, 1)));
    DimensionLabPage page(&model);
    QVERIFY(showAndSettle(page, model));
    auto *bar = page.findChild<QProgressBar *>("progressBar");
    QCOMPARE(bar->value(), bar->maximum());

    // A million samples at d = 2048: far too much for one event-loop pass.
    typeInto(page.findChild<QSpinBox *>("dimensionSpin"), "2048");
    auto *samples = page.findChild<QSlider *>("samplesSlider");
    samples->setFocus();
    QTest::keyClick(samples, Qt::Key_End);
    QCOMPARE(model.params().samples, 1000000);
    QVERIFY(model.isBusy());

    // The event loop keeps running: a timer fires again and again while the worker computes,
    // and the progress bar moves.
    int ticks = 0;
    QTimer timer;
    connect(&timer, &QTimer::timeout, [&ticks] { ++ticks; });
    timer.start(5);
    QTRY_VERIFY_WITH_TIMEOUT(bar->value() > 0 && bar->value() < bar->maximum(), kIdleTimeout);
    QTRY_VERIFY_WITH_TIMEOUT(ticks >= 10, kIdleTimeout);
    QVERIFY(model.isBusy());
    QVERIFY(bar->isVisible());

    // Another slider move cancels the stale run; the new one finishes.
    QTest::keyClick(samples, Qt::Key_Home);
    QCOMPARE(model.params().samples, 1000);
    QTRY_VERIFY_WITH_TIMEOUT(!model.isBusy(), kIdleTimeout);
    QCOMPARE(model.pointParams().samples, 1000);
    QCOMPARE(bar->value(), bar->maximum());
    compareHistogram(page, params(2048, 1, 1000, 8, 1));
}

void TestDimensionLabPage::sameSeedSamePictures()
{
    const auto p = params(200, 0.8, 4000, 5, 99);
    DimensionLabModel a, b;
    QVERIFY(a.setParams(p));
    QVERIFY(b.setParams(p));
    DimensionLabPage pageA(&a), pageB(&b);
    QTRY_VERIFY_WITH_TIMEOUT(!a.isBusy() && !b.isBusy(), kIdleTimeout);
    QCOMPARE(pageA.histogramChart()->rawPoints(), pageB.histogramChart()->rawPoints());
    QCOMPARE(pageA.histogramChart()->scaledPoints(), pageB.histogramChart()->scaledPoints());
    for (auto s : {VarianceChart::Series::RawMeasured, VarianceChart::Series::ScaledMeasured})
        QCOMPARE(pageA.varianceChart()->points(s), pageB.varianceChart()->points(s));
    for (auto s : {SaturationChart::Series::MaxWeightRaw, SaturationChart::Series::EntropyScaled})
        QCOMPARE(pageA.saturationChart()->points(s), pageB.saturationChart()->points(s));
}

void TestDimensionLabPage::cancelStopsTheLargestRunAndKeepsTheFigures()
{
    // The lab's largest run (d = 4096, a million samples, 512 keys, with the curves) takes many
    // seconds; Cancel beside the progress bar stops it and the figures on show stay.
    const auto small = params(64, 1, 2000, 8, 3);
    DimensionLabModel model;
    QVERIFY(model.setParams(small));
    DimensionLabPage page(&model);
    QVERIFY(showAndSettle(page, model));
    const std::vector<attn::DimensionSummary> curves = model.sweep();
    QVERIFY(!curves.empty());
    const attn::DimensionSummary point = model.pointSummary();
    auto *cancel = page.findChild<QPushButton *>("cancelButton");
    QVERIFY(cancel);
    QVERIFY(!cancel->isVisible());

    QVERIFY(
        model.setParams(params(DimensionLabModel::kMaxDimension, 1, DimensionLabModel::kMaxSamples,
                               DimensionLabModel::kMaxKeys, 3)));
    QTRY_VERIFY(cancel->isVisible());
    // Let it get going, so that the workers are in the middle of their loops.
    QTest::qWait(200);
    QVERIFY(model.isBusy());
    QElapsedTimer clock;
    clock.start();
    QTest::mouseClick(cancel, Qt::LeftButton);
    // Done for the window at once; 100 ms is the goal (bench_longwork), the bound is for slow
    // machines.
    QVERIFY(!model.isBusy());
    QVERIFY2(clock.elapsed() < 2000, qPrintable(QString::number(clock.elapsed())));
    QVERIFY(model.wasCancelled());
    auto *status = page.findChild<QLabel *>("statusLabel");
    QVERIFY(status->isVisible());
    QVERIFY(status->text().contains(QStringLiteral("Cancelled")));
    // Nothing that was there is lost: the point's figures and the whole curves.
    QCOMPARE(model.pointParams().dimension, small.dimension);
    QCOMPARE(model.pointSummary().rawVariance, point.rawVariance);
    QCOMPARE(model.sweep().size(), curves.size());
    for (std::size_t i = 0; i < curves.size(); ++i)
        QCOMPARE(model.sweep()[i].rawVariance, curves[i].rawVariance);
    // Nothing of the cancelled run arrives later either.
    QTest::qWait(500);
    QVERIFY(!model.isBusy());
    QCOMPARE(model.pointParams().dimension, small.dimension);
    QCOMPARE(model.sweep().size(), curves.size());
    // And the next edit computes again.
    QVERIFY(model.setParams(params(32, 1, 2000, 8, 3)));
    QVERIFY(!model.wasCancelled());
    QTRY_VERIFY_WITH_TIMEOUT(!model.isBusy(), kIdleTimeout);
    QCOMPARE(model.pointParams().dimension, 32);
}

QTEST_MAIN(TestDimensionLabPage)
void TestDimensionLabPage::upToDateIsPlainText()
{
    // Once a run is done, "Up to date" is plain text: a full progress bar in the accent colour
    // looked like a primary button.
    DimensionLabModel model;
    QVERIFY(model.setParams(params(4, 1, 1000, 8, 1)));
    DimensionLabPage page(&model);
    QVERIFY(showAndSettle(page, model));
    auto *bar = page.findChild<QProgressBar *>("progressBar");
    auto *status = page.findChild<QLabel *>("statusLabel");
    QVERIFY(status);
    QVERIFY(!bar->isVisible());
    QVERIFY(status->isVisible());
    QCOMPARE(status->text(), QString("Up to date"));
    // A new run shows the bar again, in the same place.
    typeInto(page.findChild<QSpinBox *>("dimensionSpin"), "2048");
    if (model.isBusy()) {
        QVERIFY(bar->isVisible());
        QVERIFY(!status->isVisible());
    }
    QTRY_VERIFY_WITH_TIMEOUT(!model.isBusy(), kIdleTimeout);
    QVERIFY(status->isVisible());
}

#include "tst_dimensionlabpage.moc"
