#include "common/datacolumns.h"
#include "common/smallmatrices.h"
#include "common/windowrun.h"
#include "core/attention.h"
#include "core/scene.h"
#include "model/scenemodel.h"
#include "panels/weightchart.h"
#include "theme/colorscheme.h"

#include <QApplication>
#include <QBarSet>
#include <QChart>
#include <QFontMetricsF>
#include <QGraphicsScene>
#include <QStackedBarSeries>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <tuple>

Q_DECLARE_METATYPE(attn::Method)

namespace {

using smallmatrices::vec;

/// The weights and scores the core gives for the model's displayed vectors, computed here so
/// that the chart is compared with an independent call, not with its own arithmetic.
attn::AttentionResult reference(const SceneModel &m)
{
    auto r = attn::attend(m.query(), m.keys(), m.values(), m.scene().method, m.scene().params());
    if (!r)
        qFatal("attend failed");
    return *r;
}

void compareWithModel(const WeightChart &chart, const SceneModel &model)
{
    const attn::AttentionResult ref = reference(model);
    const QList<double> weights = chart.displayedWeights();
    const QList<double> scores = chart.displayedScores();
    QCOMPARE(weights.size(), model.keyCount());
    QCOMPARE(scores.size(), model.keyCount());
    for (int i = 0; i < model.keyCount(); ++i) {
        QCOMPARE(weights[i], model.result().weights[i]);
        QCOMPARE(weights[i], ref.weights[i]);
        QCOMPARE(scores[i], model.result().scores[i]);
        QCOMPARE(scores[i], ref.scores[i]);
    }
}

QList<QBarSet *> barSets(WeightChart &chart)
{
    const auto series = chart.chart()->series();
    if (series.isEmpty())
        return {};
    return static_cast<QAbstractBarSeries *>(series.first())->barSets();
}

// Every bar as drawn, in the view's coordinates, in a fixed order.
QList<QRectF> barRects(WeightChart &chart)
{
    QList<QRectF> rects = chart.barRects();
    std::sort(rects.begin(), rects.end(), [](const QRectF &a, const QRectF &b) {
        return std::make_tuple(a.left(), a.top(), a.width(), a.height()) <
               std::make_tuple(b.left(), b.top(), b.width(), b.height());
    });
    return rects;
}

} // namespace

class TestWeightChart : public QObject
{
    Q_OBJECT

private slots:
    void followsQuery_data();
    void followsQuery();
    void dragKeepsSeries();
    void keyCountRebuilds();
    void negativeScoresFitTheAxis();
    void multiHeadShowsMeans();
    void keyColours();
    void axisLabelsUseTheMinusSign();
    void scoresAreCalledScoresBeforeSoftmax();
    void titlesFitAndKeepTheMean_data();
    void titlesFitAndKeepTheMean();
    void drawnBarsMatchAFreshChart_data();
    void drawnBarsMatchAFreshChart();
    void thresholdLineKeepsClearOfTheNumbers_data();
    void thresholdLineKeepsClearOfTheNumbers();
};

void TestWeightChart::followsQuery_data()
{
    dataColumns<attn::Method, double>("method", "temperature");
    const std::pair<attn::Method, const char *> methods[] = {
        {attn::Method::Dot, "dot"},           {attn::Method::Scaled, "scaled"},
        {attn::Method::Cosine, "cosine"},     {attn::Method::General, "general"},
        {attn::Method::Additive, "additive"}, {attn::Method::MultiHead, "multihead"}};
    for (const auto &[m, name] : methods) {
        QTest::addRow("%s τ=1", name) << m << 1.0;
        QTest::addRow("%s τ=0.3", name) << m << 0.3;
    }
}

void TestWeightChart::followsQuery()
{
    QFETCH(attn::Method, method);
    QFETCH(double, temperature);
    SceneModel model;
    WeightChart chart(&model);
    QVERIFY(showAndWait(chart, QSize(600, 500)));
    model.setMethod(method);
    QVERIFY(model.setTemperature(temperature));
    compareWithModel(chart, model);
    // A drag: the query visits several positions, including the origin and the third quadrant.
    const attn::Vector positions[] = {vec(1.2, 0.8), vec(-1.5, 0.3), vec(0, 0),
                                      vec(-2, -1.7), vec(0.4, -2.5), vec(3, 3)};
    for (const attn::Vector &q : positions) {
        QVERIFY(model.setQuery(q));
        compareWithModel(chart, model);
    }
}

void TestWeightChart::dragKeepsSeries()
{
    SceneModel model;
    WeightChart chart(&model);
    const auto series = chart.chart()->series();
    const QList<QBarSet *> sets = barSets(chart);
    QCOMPARE(sets.size(), 3);
    for (int step = 0; step < 20; ++step) {
        QVERIFY(model.setQuery(vec(std::cos(step * 0.3) * 2, std::sin(step * 0.3) * 2)));
        QVERIFY(model.setKey(1, vec(1.5, 0.5 + step * 0.05)));
    }
    // Values were replaced in place: the same series and the same sets.
    QCOMPARE(chart.chart()->series(), series);
    QCOMPARE(barSets(chart), sets);
    compareWithModel(chart, model);
}

void TestWeightChart::keyCountRebuilds()
{
    SceneModel model;
    WeightChart chart(&model);
    QVERIFY(model.addKey(vec(-1, 0.5), vec(0.5, 0.5)));
    QCOMPARE(chart.displayedWeights().size(), 4);
    QCOMPARE(barSets(chart).size(), 4);
    compareWithModel(chart, model);
    QVERIFY(model.removeKey(0));
    QVERIFY(model.removeKey(0));
    QCOMPARE(chart.displayedWeights().size(), 2);
    compareWithModel(chart, model);
    // Past 16 keys the bars share one category; the numbers must not change.
    for (int i = 0; i < 30; ++i)
        QVERIFY(model.addKey(vec(std::cos(i * 0.2), std::sin(i * 0.2)), vec(1, 0)));
    QCOMPARE(chart.displayedWeights().size(), 32);
    QCOMPARE(barSets(chart).size(), 32);
    compareWithModel(chart, model);
    QVERIFY(model.setQuery(vec(-0.7, 1.9)));
    compareWithModel(chart, model);
    while (model.keyCount() > 5)
        QVERIFY(model.removeKey(model.keyCount() - 1));
    QCOMPARE(barSets(chart).size(), 5);
    compareWithModel(chart, model);
}

void TestWeightChart::negativeScoresFitTheAxis()
{
    SceneModel model;
    WeightChart chart(&model);
    QVERIFY(model.setQuery(vec(-1.2, -0.8)));
    // Every dot score is negative now: −1.4, −2.2, −1.92.
    const QList<double> scores = chart.displayedScores();
    for (double s : scores) {
        QVERIFY(s < 0);
        QVERIFY(s >= chart.scoreAxisMin());
    }
    QVERIFY(chart.scoreAxisMin() <= -2.2);
    QVERIFY(chart.scoreAxisMax() >= 0);
    QVERIFY(model.setQuery(vec(12, 8)));
    for (double s : chart.displayedScores())
        QVERIFY(s <= chart.scoreAxisMax());
    QVERIFY(chart.scoreAxisMax() >= 22);
}

void TestWeightChart::multiHeadShowsMeans()
{
    SceneModel model;
    WeightChart chart(&model);
    model.setMethod(attn::Method::MultiHead);
    compareWithModel(chart, model);
    QVERIFY(chart.chart()->title().contains(QLatin1String("2 heads")));
    model.setMethod(attn::Method::Dot);
    QVERIFY(!chart.chart()->title().contains(QLatin1String("heads")));
}

void TestWeightChart::keyColours()
{
    SceneModel model;
    WeightChart chart(&model);
    const QList<QBarSet *> sets = barSets(chart);
    // Each bar has its key's colour, so that it can be matched to the arrow on the canvas.
    for (int i = 0; i < 3; ++i)
        QCOMPARE(sets[i]->color(), ColorScheme::keyColor(i, 3));
    QVERIFY(model.setMasked(1, true));
    QCOMPARE(chart.displayedWeights()[1], 0.0);
    QVERIFY(sets[1]->color() != ColorScheme::keyColor(1, 3)); // masked keys are greyed out
}

void TestWeightChart::axisLabelsUseTheMinusSign()
{
    SceneModel model;
    WeightChart chart(&model);
    QVERIFY(showAndWait(chart, QSize(500, 600)));
    QVERIFY(model.setQuery(vec(-1.2, -0.8))); // scores −1.4, −2.2, −1.92
    const QStringList labels = chart.scoreAxisLabels();
    QVERIFY2(!labels.isEmpty(), qPrintable(labels.join(u' ')));
    bool negative = false;
    for (const QString &label : labels) {
        QVERIFY2(!label.contains(QLatin1Char('-')), qPrintable(label)); // no hyphen-minus
        negative = negative || label.startsWith(QChar(0x2212));
    }
    QVERIFY2(negative, qPrintable(labels.join(u' ')));
    // The ticks are the axis's range, every step.
    QCOMPARE(labels.first(), QString(QChar(0x2212)) + QString::number(-chart.scoreAxisMin()));
    for (const QString &label : chart.weightAxisLabels())
        QVERIFY(!label.contains(QLatin1Char('-')));
    QCOMPARE(chart.weightAxisLabels().last(), QStringLiteral("1.0"));
}

void TestWeightChart::scoresAreCalledScoresBeforeSoftmax()
{
    // The lab calls the unscaled score "raw"; the chart's scaled scores are q·k/√d.
    SceneModel model;
    WeightChart chart(&model);
    model.setMethod(attn::Method::Scaled);
    QVERIFY(!chart.toolTip().contains(QLatin1String("raw")));
    QVERIFY(chart.toolTip().contains(QLatin1String("score before softmax")));
    QVERIFY2(chart.scoreTitle().contains(QLatin1String("before softmax")),
             qPrintable(chart.scoreTitle()));
}

void TestWeightChart::titlesFitAndKeepTheMean_data()
{
    dataColumns<QSize, double>("size", "fontScale");
    // The chart dock on a 1280 × 800 screen, at 1920 × 1080, and presentation mode's font.
    QTest::newRow("1280×800 dock") << QSize(330, 300) << 1.0;
    QTest::newRow("1920×1080 dock") << QSize(460, 480) << 1.0;
    QTest::newRow("presentation") << QSize(460, 480) << 1.6;
    QTest::newRow("presentation, narrow") << QSize(330, 420) << 1.6;
}

void TestWeightChart::titlesFitAndKeepTheMean()
{
    QFETCH(QSize, size);
    QFETCH(double, fontScale);
    SceneModel model;
    WeightChart chart(&model);
    QFont f = chart.font();
    f.setPointSizeF(f.pointSizeF() * fontScale);
    chart.setFont(f);
    QVERIFY(showAndWait(chart, size));
    for (attn::Method method : {attn::Method::Scaled, attn::Method::MultiHead}) {
        model.setMethod(method);
        QApplication::processEvents();
        for (const QString &title : {chart.weightTitle(), chart.scoreTitle()}) {
            QVERIFY2(!title.isEmpty(), "a title was dropped");
            // Qt Charts would cut a title wider than the chart.
            const QFontMetricsF fm(chart.chart()->titleFont());
            QVERIFY2(fm.horizontalAdvance(title) <=
                         chart.chart()->size().width() - chart.chart()->margins().left() -
                             chart.chart()->margins().right() - 2 * fm.height(),
                     qPrintable(title));
            if (method == attn::Method::MultiHead)
                QVERIFY2(title.contains(QLatin1String("Mean")), qPrintable(title));
        }
    }
}

void TestWeightChart::drawnBarsMatchAFreshChart_data()
{
    QTest::addColumn<int>("keys");
    QTest::newRow("3 keys, a category each") << 3;
    QTest::newRow("16 keys") << 16;
    QTest::newRow("64 keys, one shared category") << 64;
}

// A drag changes every bar's value; the bars (and the whole picture) must stand exactly where a
// chart built from scratch for the same numbers puts them.
void TestWeightChart::drawnBarsMatchAFreshChart()
{
    QFETCH(int, keys);
    attn::Scene scene = attn::Scene::defaultScene();
    scene.keys.resize(keys, 2);
    scene.values.resize(keys, 2);
    for (int i = 0; i < keys; ++i) {
        const double a = 2 * M_PI * i / keys;
        scene.keys.row(i) << 1.5 * std::cos(a), 1.5 * std::sin(a);
        scene.values.row(i) << 1, 0;
    }
    scene.mask.clear();
    SceneModel model;
    model.setScene(scene);
    WeightChart dragged(&model);
    QVERIFY(showAndWait(dragged, QSize(520, 620)));
    QApplication::processEvents();
    const QList<QRectF> before = barRects(dragged);
    for (int step = 0; step < 12; ++step)
        QVERIFY(model.setQuery(vec(1.3 * std::cos(step * 0.4), 1.3 * std::sin(step * 0.4))));
    // A new score range relabels the axis, which moves the plot area and then the other
    // chart's padding: a few layout passes, as the event loop gives them.
    for (int pass = 0; pass < 4; ++pass)
        QApplication::processEvents();
    const QList<QRectF> after = barRects(dragged);
    QVERIFY(after != before); // the bars did move

    WeightChart fresh(&model);
    QVERIFY(showAndWait(fresh, dragged.size()));
    QApplication::processEvents();
    QCOMPARE(after, barRects(fresh));
    QCOMPARE(after.size(), keys * 2);
    QCOMPARE(dragged.grab().toImage(), fresh.grab().toImage());
}

void TestWeightChart::thresholdLineKeepsClearOfTheNumbers_data()
{
    QTest::addColumn<QSize>("size");
    QTest::newRow("dock at 1280x800") << QSize(390, 400);
    QTest::newRow("dock at 1920x1080") << QSize(576, 560);
    QTest::newRow("wide and low, side by side") << QSize(700, 260);
}

// Sparsemax on the article's scores 1.4, 2.2, 1.92: the threshold τ* = 1.56 lies just above k₁'s
// bar, where its number used to stand.
void TestWeightChart::thresholdLineKeepsClearOfTheNumbers()
{
    QFETCH(QSize, size);
    SceneModel model;
    QVERIFY(model.setNormaliser(attn::Normaliser::Sparsemax));
    WeightChart chart(&model);
    QVERIFY(showAndWait(chart, size));
    for (int pass = 0; pass < 4; ++pass)
        QApplication::processEvents();
    QVERIFY(chart.thresholdShown());
    QVERIFY(std::abs(chart.thresholdScore() - 1.56) < 1e-12);
    const double y = chart.thresholdY();
    const QList<QRectF> labels = chart.scoreLabelRects();
    QCOMPARE(labels.size(), 3);
    for (const QRectF &r : labels)
        QVERIFY2(r.bottom() < y || r.top() > y,
                 qPrintable(QStringLiteral("label %1…%2 on the line at %3")
                                .arg(r.top())
                                .arg(r.bottom())
                                .arg(y)));
}

QTEST_MAIN(TestWeightChart)
#include "tst_weightchart.moc"
