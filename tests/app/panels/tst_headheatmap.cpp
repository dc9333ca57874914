#include "common/smallmatrices.h"
#include "common/windowrun.h"
#include "core/attention.h"
#include "model/scenemodel.h"
#include "panels/headcanvases.h"
#include "panels/headheatmap.h"
#include "text/numberformat.h"
#include "theme/heatramp.h"

#include <QHelpEvent>
#include <QTest>
#include <QToolTip>

#include <cmath>

namespace {

using smallmatrices::vec;

/// Three heads as three lenses: the x axis (d_k = 1), a rotation and a stretch (d_k = 2).
attn::MultiHeadParams threeHeads()
{
    attn::Matrix x(1, 2), rot(2, 2), stretch(2, 2);
    x << 1, 0;
    rot << 0.8, -0.6, 0.6, 0.8;
    stretch << 1.8, 0, 0, 0.4;
    const attn::Matrix eye = attn::Matrix::Identity(2, 2);
    attn::MultiHeadParams p;
    p.heads = {{x, x, eye}, {rot, rot, rot}, {stretch, stretch, stretch}};
    p.wo = attn::Matrix::Zero(2, 6);
    p.wo(0, 0) = 1;
    p.wo(1, 3) = 1;
    return p;
}

/// Every cell against an independent attend() on the model's displayed vectors.
void compareCells(const HeadHeatMap &map, const SceneModel &m)
{
    auto r = attn::attend(m.query(), m.keys(), m.values(), m.scene().method, m.scene().params());
    QVERIFY(r.ok());
    QCOMPARE(map.headCount(), int(r->heads.size()));
    QCOMPARE(map.keyCount(), m.keyCount());
    for (int h = 0; h < map.headCount(); ++h)
        for (int k = 0; k < map.keyCount(); ++k) {
            QCOMPARE(map.cellValue(h, k), r->heads[std::size_t(h)].softmax.weights[k]);
            QCOMPARE(map.cellValue(h, k), m.result().heads[std::size_t(h)].softmax.weights[k]);
        }
}

} // namespace

class TestHeadHeatMap : public QObject
{
    Q_OBJECT

private slots:
    void hintOutsideMultiHead();
    void defaultHeadsByHand();
    void cellsFollowModel();
    void tooltipNamesCell();
    void maskedKey();
    void manyKeysPaint();
    void colourRamp();
    void canvasesWrap();
};

void TestHeadHeatMap::hintOutsideMultiHead()
{
    SceneModel model;
    HeadHeatMap map(&model);
    QVERIFY(!map.showsGrid());
    QCOMPARE(map.headCount(), 0);
    QVERIFY(std::isnan(map.cellValue(0, 0)));
    model.setMethod(attn::Method::MultiHead);
    QVERIFY(map.showsGrid());
    model.setMethod(attn::Method::Scaled);
    QVERIFY(!map.showsGrid());
}

void TestHeadHeatMap::defaultHeadsByHand()
{
    SceneModel model;
    HeadHeatMap map(&model);
    model.setMethod(attn::Method::MultiHead);
    QCOMPARE(map.headCount(), 2);
    QCOMPARE(map.keyCount(), 3);
    // Head 1 sees x: scores 1.2×(0.5, 1.5, 0.8) = 0.6, 1.8, 0.96 (d_k = 1, no scaling).
    const double e1[] = {std::exp(0.6), std::exp(1.8), std::exp(0.96)};
    const double s1 = e1[0] + e1[1] + e1[2];
    // Head 2 sees y: 0.8×(1.0, 0.5, 1.2) = 0.8, 0.4, 0.96.
    const double e2[] = {std::exp(0.8), std::exp(0.4), std::exp(0.96)};
    const double s2 = e2[0] + e2[1] + e2[2];
    for (int k = 0; k < 3; ++k) {
        QVERIFY(qFuzzyCompare(map.cellValue(0, k), e1[k] / s1));
        QVERIFY(qFuzzyCompare(map.cellValue(1, k), e2[k] / s2));
    }
}

void TestHeadHeatMap::cellsFollowModel()
{
    SceneModel model;
    HeadHeatMap map(&model);
    QVERIFY(showAndWait(map, QSize(600, 300)));
    QVERIFY(model.setMultiHead(threeHeads()));
    model.setMethod(attn::Method::MultiHead);
    compareCells(map, model);
    const attn::Vector positions[] = {vec(-1.5, 0.3), vec(0, 0), vec(2, -2), vec(0.1, 3)};
    for (const attn::Vector &q : positions) {
        QVERIFY(model.setQuery(q));
        compareCells(map, model);
    }
    QVERIFY(model.setTemperature(0.2));
    compareCells(map, model);
    QVERIFY(model.addKey(vec(-1, 1), vec(0, 1)));
    QCOMPARE(map.keyCount(), 4);
    compareCells(map, model);
    // Cells tile the grid without gaps or overlaps.
    QCOMPARE(map.cellRect(0, 1).left(), map.cellRect(0, 0).right() + 1);
    QCOMPARE(map.cellRect(1, 0).top(), map.cellRect(0, 0).bottom() + 1);
    QVERIFY(map.rect().contains(map.cellRect(2, 3)));
}

void TestHeadHeatMap::tooltipNamesCell()
{
    SceneModel model;
    HeadHeatMap map(&model);
    model.setMethod(attn::Method::MultiHead);
    QVERIFY(showAndWait(map, QSize(600, 300)));
    const QPoint pos = map.cellRect(1, 2).center();
    QHelpEvent help(QEvent::ToolTip, pos, map.mapToGlobal(pos));
    QApplication::sendEvent(&map, &help);
    const QString text = QToolTip::text();
    QVERIFY2(text.contains(QStringLiteral("Head 2")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("k₃")), qPrintable(text));
    // Head 2's score of k₃ is 0.8 × 1.2 = 0.96.
    QVERIFY2(text.contains(QStringLiteral("0.960")), qPrintable(text));
    QVERIFY2(text.contains(NumberFormat::number(map.cellValue(1, 2))), qPrintable(text));
    QToolTip::hideText();
}

void TestHeadHeatMap::maskedKey()
{
    SceneModel model;
    HeadHeatMap map(&model);
    model.setMethod(attn::Method::MultiHead);
    QVERIFY(model.setMasked(0, true));
    QCOMPARE(map.cellValue(0, 0), 0.0);
    QCOMPARE(map.cellValue(1, 0), 0.0);
    compareCells(map, model);
}

void TestHeadHeatMap::manyKeysPaint()
{
    SceneModel model;
    HeadHeatMap map(&model);
    model.setMethod(attn::Method::MultiHead);
    for (int i = 0; i < 61; ++i)
        QVERIFY(model.addKey(vec(std::cos(i * 0.1), std::sin(i * 0.1)), vec(1, 0)));
    QCOMPARE(map.keyCount(), 64);
    compareCells(map, model);
    map.resize(800, 260);
    const QImage image = map.grab().toImage();
    QVERIFY(!image.isNull());
}

void TestHeadHeatMap::colourRamp()
{
    // Heavier weights are darker, so that the eye finds each head's favourite key.
    auto lightness = [](double w) { return HeatRamp::color(w).lightnessF(); };
    for (int i = 0; i < 10; ++i)
        QVERIFY(lightness(i / 10.0) > lightness((i + 1) / 10.0));
}

void TestHeadHeatMap::canvasesWrap()
{
    SceneModel model;
    HeadCanvases canvases(&model);
    QCOMPARE(canvases.headCount(), 0);
    QVERIFY(model.setMultiHead(threeHeads()));
    model.setMethod(attn::Method::MultiHead);
    QCOMPARE(canvases.headCount(), 3);
    // A wide, low dock puts the three canvases side by side; a narrow, tall one stacks them.
    canvases.resize(900, 300);
    QCOMPARE(canvases.columns(), 3);
    canvases.resize(300, 900);
    QCOMPARE(canvases.columns(), 1);
    canvases.resize(600, 600);
    QCOMPARE(canvases.columns(), 2);
    for (int h = 0; h < 3; ++h) {
        QVERIFY(canvases.rect().contains(canvases.tileRect(h)));
        for (int g = 0; g < h; ++g)
            QVERIFY(!canvases.tileRect(h).intersects(canvases.tileRect(g)));
    }
    QVERIFY(!canvases.grab().toImage().isNull());
}

QTEST_MAIN(TestHeadHeatMap)
#include "tst_headheatmap.moc"
