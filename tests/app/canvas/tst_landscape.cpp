#include "canvas/canvaswidget.h"
#include "canvas/landscapelayer.h"
#include "canvas/selection.h"
#include "common/canvaswindow.h"
#include "common/datacolumns.h"
#include "common/smallmatrices.h"
#include "core/attention.h"
#include "core/scores.h"
#include "document/sceneeditor.h"
#include "model/scenemodel.h"
#include "theme/colorscheme.h"

#include <QMenu>
#include <QPainter>
#include <QSignalSpy>
#include <QTest>
#include <QVBoxLayout>

#include <cmath>
#include <functional>
#include <memory>

using smallmatrices::mat;
using smallmatrices::vec;

namespace {

using Edit = std::function<void(SceneModel &, CanvasWidget &)>;

/// The core's score of one key at `world`, asked here directly (not through the field): the
/// method's score function for one key, or for multi-head attend() with one key.
double coreScore(const SceneModel &m, QPointF world, int head)
{
    attn::Matrix key(1, 2);
    key << world.x(), world.y();
    const attn::Scene &s = m.scene();
    if (s.method == attn::Method::MultiHead) {
        attn::AttentionParams p = s.params();
        p.mask.clear();
        auto r = attn::attend(m.query(), key, key, s.method, p);
        if (!r)
            qFatal("attend failed");
        return head < 0 ? r->scores[0] : r->heads[std::size_t(head)].scores[0];
    }
    auto r = attn::computeScores(m.query(), key, s.method, s.params());
    if (!r)
        qFatal("computeScores failed");
    return r->scores[0];
}

int channelDistance(QRgb a, QRgb b)
{
    return std::max({std::abs(qRed(a) - qRed(b)), std::abs(qGreen(a) - qGreen(b)),
                     std::abs(qBlue(a) - qBlue(b))});
}

QImage render(const CanvasWidget &canvas)
{
    QImage image(canvas.size(), QImage::Format_RGB32);
    QPainter p(&image);
    canvas.paintScene(p, canvas.rect());
    return image;
}

} // namespace

Q_DECLARE_METATYPE(Edit)

class TestLandscape : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void samplesEqualCoreScores_data();
    void samplesEqualCoreScores();
    void pixelsShowTheScores();
    void isoLinesLabelsAndLegend();
    void colourMapIsCentredAtZero();
    void toggle();
    void followsTheQueryDuringADrag();
    void headChosenFromTheMenu();

private:
    std::unique_ptr<QWidget> m_window;
    SceneModel *m_model = nullptr;
    Selection *m_selection = nullptr;
    CanvasWidget *m_canvas = nullptr;
};

void TestLandscape::init()
{
    SceneEditor *editor = nullptr; // the canvas edits through it; the tests need not
    QVERIFY(canvaswindow::open(m_window, m_model, editor, m_selection, m_canvas));
    m_canvas->resetView();
}

void TestLandscape::cleanup()
{
    m_window.reset();
}

void TestLandscape::samplesEqualCoreScores_data()
{
    dataColumns<Edit, int>("edit", "head");
    for (int m = 0; m < attn::kMethodCount; ++m) {
        const auto method = attn::Method(m);
        QTest::addRow("%s", attn::methodId(method))
            << Edit([method](SceneModel &s, CanvasWidget &) { s.setMethod(method); }) << -1;
    }
    QTest::newRow("multihead, head 1") << Edit([](SceneModel &s, CanvasWidget &c) {
        s.setMethod(attn::Method::MultiHead);
        c.setLandscapeHead(0);
    }) << 0;
    QTest::newRow("multihead, head 2") << Edit([](SceneModel &s, CanvasWidget &c) {
        s.setMethod(attn::Method::MultiHead);
        c.setLandscapeHead(1);
    }) << 1;
    QTest::newRow("general, skewed W") << Edit([](SceneModel &s, CanvasWidget &) {
        s.setMethod(attn::Method::General);
        QVERIFY(s.setGeneral(mat(1, 1.5, -0.5, 0.8)));
    }) << -1;
    QTest::newRow("scaled, d = 64, normalised") << Edit([](SceneModel &s, CanvasWidget &) {
        s.setMethod(attn::Method::Scaled);
        QVERIFY(s.setScaleDim(64.0));
        s.setNormalised(true);
    }) << -1;
    QTest::newRow("additive, query moved, zoomed out") << Edit([](SceneModel &s, CanvasWidget &c) {
        s.setMethod(attn::Method::Additive);
        QVERIFY(s.setQuery(vec(-1.7, 0.3)));
        c.zoomOut();
        c.zoomOut();
    }) << -1;
}

void TestLandscape::samplesEqualCoreScores()
{
    QFETCH(Edit, edit);
    QFETCH(int, head);
    edit(*m_model, *m_canvas);
    m_canvas->setLandscapeVisible(true);
    render(*m_canvas);
    const LandscapeLayer *layer = m_canvas->landscape();
    QVERIFY(layer->hasField());
    QCOMPARE(layer->cellSize(), LandscapeLayer::kFullCell);
    const attn::ScoreField &f = layer->field();
    // The field covers the canvas: one sample per cell.
    QCOMPARE(f.values.cols(), (800 + LandscapeLayer::kFullCell - 1) / LandscapeLayer::kFullCell);
    QCOMPARE(f.values.rows(), (600 + LandscapeLayer::kFullCell - 1) / LandscapeLayer::kFullCell);
    int checked = 0;
    for (int j = 0; j < f.values.rows(); j += 17) {
        for (int i = 0; i < f.values.cols(); i += 19) {
            // Where the canvas says the sample is, and what a key there would score.
            const QPointF world = m_canvas->view().toWorld(layer->samplePoint(i, j));
            const double expected = coreScore(*m_model, world, head);
            const double got = f.values(j, i);
            QVERIFY2(std::abs(got - expected) <= 1e-9 * std::max(1.0, std::abs(expected)),
                     qPrintable(QStringLiteral("sample (%1, %2) at (%3, %4): %5 vs core %6")
                                    .arg(i)
                                    .arg(j)
                                    .arg(world.x())
                                    .arg(world.y())
                                    .arg(got)
                                    .arg(expected)));
            ++checked;
        }
    }
    QVERIFY(checked > 100);
}

void TestLandscape::pixelsShowTheScores()
{
    // Where the plain canvas shows only background, the landscape's pixel has the colour of the
    // core's score there (the iso-lines and their labels cover a few pixels: allow 5 %).
    m_model->setMethod(attn::Method::Additive);
    const QImage plain = render(*m_canvas);
    m_canvas->setLandscapeVisible(true);
    const QImage shaded = render(*m_canvas);
    const LandscapeLayer *layer = m_canvas->landscape();
    const QRgb bg = ColorScheme::background().rgb();
    int compared = 0, matched = 0;
    for (int y = 5; y < 600; y += 17) {
        for (int x = 5; x < 800; x += 19) {
            if (plain.pixel(x, y) != bg || layer->legendBox().contains(QPointF(x, y)))
                continue;
            const QPointF world = m_canvas->view().toWorld(QPointF(x + 0.5, y + 0.5));
            const QRgb expected =
                LandscapeLayer::colourFor(coreScore(*m_model, world, -1), layer->colourRange())
                    .rgb();
            ++compared;
            if (channelDistance(shaded.pixel(x, y), expected) <= 3)
                ++matched;
        }
    }
    QVERIFY(compared > 500);
    QVERIFY2(matched >= compared * 95 / 100,
             qPrintable(QStringLiteral("%1 of %2").arg(matched).arg(compared)));
}

void TestLandscape::isoLinesLabelsAndLegend()
{
    m_canvas->setLandscapeVisible(true);
    render(*m_canvas);
    const LandscapeLayer *layer = m_canvas->landscape();
    // Dot with q = (1.2, 0.8) over the first view: a few levels, each labelled once, labels
    // inside the canvas, apart from each other and from the legend.
    QVERIFY(layer->levels().size() >= 3);
    QVERIFY(layer->levels().size() <= 12);
    const QRectF area(0, 0, 800, 600);
    QVERIFY(area.contains(layer->legendBox()));
    const auto &boxes = layer->labelBoxes();
    QVERIFY(boxes.size() >= 3);
    for (qsizetype a = 0; a < boxes.size(); ++a) {
        QVERIFY(area.contains(boxes[a]));
        QVERIFY(!boxes[a].intersects(layer->legendBox()));
        for (qsizetype b = a + 1; b < boxes.size(); ++b)
            QVERIFY(!boxes[a].intersects(boxes[b]));
    }
    // The range is symmetric and covers every level.
    for (const double level : layer->levels())
        QVERIFY(std::abs(level) < layer->colourRange());
    QVERIFY(layer->caption().contains(QStringLiteral("Score")));
}

void TestLandscape::colourMapIsCentredAtZero()
{
    const QColor bg = ColorScheme::background();
    QCOMPARE(LandscapeLayer::colourFor(0, 2.0), bg);
    const QColor warm = LandscapeLayer::colourFor(2.0, 2.0);
    const QColor cool = LandscapeLayer::colourFor(-2.0, 2.0);
    QVERIFY(warm != cool);
    QVERIFY(warm.red() > warm.blue()); // positive: warm
    QVERIFY(cool.blue() > cool.red()); // negative: cool
    // Beyond the range the ends are kept; halfway is between white and the end.
    QCOMPARE(LandscapeLayer::colourFor(10.0, 2.0), warm);
    QCOMPARE(LandscapeLayer::colourFor(-10.0, 2.0), cool);
    const QColor half = LandscapeLayer::colourFor(1.0, 2.0);
    QVERIFY(half.blue() < bg.blue() && half.blue() > warm.blue());
    // Not a number: background.
    QCOMPARE(LandscapeLayer::colourFor(std::nan(""), 2.0), bg);
}

void TestLandscape::toggle()
{
    QSignalSpy spy(m_canvas, &CanvasWidget::landscapeVisibleChanged);
    QVERIFY(!m_canvas->landscapeVisible());
    const QImage off = render(*m_canvas);
    m_canvas->setLandscapeVisible(true);
    m_canvas->setLandscapeVisible(true);
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.at(0).at(0).toBool(), true);
    const QImage on = render(*m_canvas);
    QVERIFY(on != off);
    m_canvas->setLandscapeVisible(false);
    QCOMPARE(spy.count(), 2);
    QCOMPARE(render(*m_canvas), off);
}

void TestLandscape::followsTheQueryDuringADrag()
{
    m_canvas->setLandscapeVisible(true);
    m_canvas->setSnapToGrid(false);
    m_canvas->repaint();
    QCOMPARE(m_canvas->landscape()->cellSize(), LandscapeLayer::kFullCell);
    const QPoint from = m_canvas->view().toScreen(QPointF(1.2, 0.8)).toPoint();
    const QPoint to = m_canvas->view().toScreen(QPointF(-0.5, 1.1)).toPoint();
    QTest::mousePress(m_canvas, Qt::LeftButton, {}, from);
    for (int k = 1; k <= 5; ++k)
        QTest::mouseMove(m_canvas, from + (to - from) * k / 5);
    m_canvas->repaint();
    // While dragging: the coarse field, already for the new query.
    const LandscapeLayer *layer = m_canvas->landscape();
    QCOMPARE(layer->cellSize(), LandscapeLayer::kDraftCell);
    const attn::Vector q = m_model->query();
    QVERIFY(std::abs(q[0] - (-0.5)) < 0.02 && std::abs(q[1] - 1.1) < 0.02);
    for (int i = 0; i < layer->field().values.cols(); i += 17) {
        const QPointF world = m_canvas->view().toWorld(layer->samplePoint(i, 20));
        QVERIFY(std::abs(layer->field().values(20, i) - (q[0] * world.x() + q[1] * world.y())) <
                1e-9);
    }
    QTest::mouseRelease(m_canvas, Qt::LeftButton, {}, to);
    m_canvas->repaint();
    QCOMPARE(layer->cellSize(), LandscapeLayer::kFullCell);
}

void TestLandscape::headChosenFromTheMenu()
{
    m_model->setMethod(attn::Method::MultiHead);
    // Without the landscape the menu has no head choice.
    {
        std::unique_ptr<QMenu> menu(m_canvas->createContextMenu(QPoint(10, 10)));
        QVERIFY(!menu->findChild<QMenu *>(QStringLiteral("landscapeHeads")));
    }
    m_canvas->setLandscapeVisible(true);
    std::unique_ptr<QMenu> menu(m_canvas->createContextMenu(QPoint(10, 10)));
    auto *heads = menu->findChild<QMenu *>(QStringLiteral("landscapeHeads"));
    QVERIFY(heads);
    const auto actions = heads->actions();
    QCOMPARE(actions.size(), 3); // the mean and two heads
    QVERIFY(actions[0]->isChecked());
    actions[2]->trigger();
    QCOMPARE(m_canvas->landscapeHead(), 1);
    render(*m_canvas);
    const LandscapeLayer *layer = m_canvas->landscape();
    QVERIFY(layer->caption().contains(QStringLiteral("head 2")));
    // The default heads see x and y: head 2's score is q_y · y / √1.
    const QPointF world = m_canvas->view().toWorld(layer->samplePoint(100, 100));
    QVERIFY(std::abs(layer->field().values(100, 100) - m_model->query()[1] * world.y()) < 1e-9);
    // Another method: the head no longer applies.
    m_model->setMethod(attn::Method::Dot);
    render(*m_canvas);
    QVERIFY(!m_canvas->landscape()->caption().contains(QStringLiteral("head")));
}

QTEST_MAIN(TestLandscape)
#include "tst_landscape.moc"
