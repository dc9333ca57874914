#include "canvas/viewtransform.h"
#include "common/datacolumns.h"
#include "common/naivereference.h"
#include "core/selfattention.h"
#include "lab/selfattentionheatmap.h"
#include "lab/selfattentionpage.h"
#include "lab/tokencanvas.h"
#include "model/selfattentionmodel.h"
#include "theme/appearance.h"
#include "theme/colorscheme.h"
#include "theme/heatramp.h"
#include "widgets/matrixeditor.h"
#include "widgets/matrixview.h"

#include <QApplication>
#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QImage>
#include <QLabel>
#include <QMenu>
#include <QSpinBox>
#include <QTest>
#include <QToolButton>

#include <cmath>

using Projection = SelfAttentionModel::Projection;
using Preset = SelfAttentionModel::Preset;
using Step = SelfAttentionPage::Step;

namespace {
/// The core's result for the model's inputs, computed here and not read from the model.
attn::SelfAttentionResult coreResult(const SelfAttentionModel &m)
{
    auto r = attn::selfAttention(m.tokens(), m.projection(Projection::Query),
                                 m.projection(Projection::Key), m.projection(Projection::Value),
                                 m.causal());
    return r.value();
}

void compareHeatMap(const SelfAttentionHeatMap &map, const SelfAttentionModel &m)
{
    const attn::SelfAttentionResult r = coreResult(m);
    QCOMPARE(map.tokenCount(), m.tokenCount());
    for (int i = 0; i < m.tokenCount(); ++i) {
        double sum = 0;
        for (int j = 0; j < m.tokenCount(); ++j) {
            QCOMPARE(map.cellValue(i, j), r.weights(i, j));
            QCOMPARE(map.cellText(i, j), QString::number(r.weights(i, j), 'f', 2));
            sum += map.cellValue(i, j);
        }
        QVERIFY2(std::abs(sum - 1) < 1e-12,
                 qPrintable(QString("row %1 sums to %2").arg(i).arg(sum)));
    }
}

void compareMatrix(const MatrixView *view, const attn::Matrix &expected)
{
    QCOMPARE(view->matrix().rows(), expected.rows());
    QCOMPARE(view->matrix().cols(), expected.cols());
    for (Eigen::Index r = 0; r < expected.rows(); ++r)
        for (Eigen::Index c = 0; c < expected.cols(); ++c) {
            QCOMPARE(view->value(int(r), int(c)), expected(r, c));
            QCOMPARE(view->cellText(int(r), int(c)), MatrixView::format(expected(r, c)));
        }
}

QToolButton *stepButton(SelfAttentionPage &page, Step step)
{
    const char *names[] = {"stepX",     "stepQkv",     "stepScores",
                           "stepScale", "stepSoftmax", "stepOutput"};
    return page.findChild<QToolButton *>(names[int(step)]);
}
} // namespace

class TestSelfAttentionPage : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void dragTokenChangesQkv();
    void heatMapRowsSumToOne();
    void causalCheckboxMasksUpperTriangle();
    void stepsShowCoreMatrices();
    void presetMenuSetsProjection();
    void editorEditsProjection();
    void tokenCountSpin();
    void selectionFollowsHeatMapClick();
    void arrowKeysNudgeToken();
    void matrixFormat_data();
    void matrixFormat();
    void heatMapHasNumbersAndScale_data();
    void heatMapHasNumbersAndScale();
    void legendLeavesTokenLabelsFree();

private:
    SelfAttentionModel *m_model = nullptr;
    SelfAttentionPage *m_page = nullptr;
};

void TestSelfAttentionPage::init()
{
    m_model = new SelfAttentionModel;
    m_page = new SelfAttentionPage(m_model);
    m_page->resize(1260, 740);
    m_page->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_page));
}

void TestSelfAttentionPage::cleanup()
{
    delete m_page;
    delete m_model;
}

void TestSelfAttentionPage::dragTokenChangesQkv()
{
    m_model->applyPreset(Projection::Query, Preset::Rotation90);
    m_model->applyPreset(Projection::Key, Preset::ProjectX);
    TokenCanvas *canvas = m_page->canvas();
    const QPointF centre = canvas->tokenPosition(2);
    const QPoint from = centre.toPoint();
    QCOMPARE(canvas->tokenAt(from), 2);
    const QPoint to = from + QPoint(-40, 30);
    QTest::mousePress(canvas, Qt::LeftButton, {}, from);
    QCOMPARE(canvas->draggedToken(), 2);
    // The view holds still during a drag; it may refit after the release.
    const ViewTransform view = canvas->view();
    QTest::mouseMove(canvas, from + QPoint(-20, 15));
    QTest::mouseMove(canvas, to);
    QTest::mouseRelease(canvas, Qt::LeftButton, {}, to);
    QCOMPARE(canvas->draggedToken(), -1);
    QCOMPARE(canvas->selectedToken(), 2);

    // The token keeps its offset from the pointer: it lands where `to` plus that offset maps.
    const attn::Vector x = m_model->token(2);
    const QPointF world = view.toWorld(QPointF(to) + (centre - QPointF(from)));
    QVERIFY(std::abs(x[0] - world.x()) < 1e-9);
    QVERIFY(std::abs(x[1] - world.y()) < 1e-9);

    // Q, K, V of the moved token as the core says, and by hand: rotation by 90° takes (a, b) to
    // (−b, a); the projection onto x keeps (a, 0); the identity keeps (a, b).
    const attn::SelfAttentionResult r = coreResult(*m_model);
    QCOMPARE(m_model->result().q, r.q);
    QCOMPARE(m_model->result().k, r.k);
    QCOMPARE(m_model->result().v, r.v);
    QVERIFY(std::abs(r.q(2, 0) + x[1]) < 1e-12 && std::abs(r.q(2, 1) - x[0]) < 1e-12);
    QVERIFY(std::abs(r.k(2, 0) - x[0]) < 1e-12 && r.k(2, 1) == 0);
    QVERIFY(r.v(2, 0) == x[0] && r.v(2, 1) == x[1]);
    compareHeatMap(*m_page->heatMap(), *m_model);
    // The step view shows the new Q, K, V.
    QTest::mouseClick(stepButton(*m_page, Step::Projections), Qt::LeftButton);
    const QList<MatrixView *> views = m_page->stepMatrices();
    QCOMPARE(views.size(), 3);
    compareMatrix(views[0], r.q);
    compareMatrix(views[1], r.k);
    compareMatrix(views[2], r.v);

    // A press away from every token moves nothing.
    const attn::Matrix before = m_model->tokens();
    QTest::mousePress(canvas, Qt::LeftButton, {}, QPoint(3, canvas->height() - 3));
    QTest::mouseMove(canvas, QPoint(50, canvas->height() - 50));
    QTest::mouseRelease(canvas, Qt::LeftButton, {}, QPoint(50, canvas->height() - 50));
    QCOMPARE(m_model->tokens(), before);
}

void TestSelfAttentionPage::heatMapRowsSumToOne()
{
    compareHeatMap(*m_page->heatMap(), *m_model);
    m_model->applyPreset(Projection::Query, Preset::Random);
    m_model->applyPreset(Projection::Key, Preset::Rotation45);
    QVERIFY(m_model->setTokenCount(7));
    compareHeatMap(*m_page->heatMap(), *m_model);
    // By hand for two tokens with identity projections: x₁ = (1.2, 0.4), x₂ = (0.3, 1.1);
    // scores/√2: row 1 = (1.6, 0.8)/√2, row 2 = (0.8, 1.3)/√2.
    QVERIFY(m_model->setTokenCount(2));
    for (int i = 0; i < 3; ++i)
        m_model->applyPreset(Projection(i), Preset::Identity);
    const double s = std::sqrt(2.0);
    const double w01 = 1 / (1 + std::exp((1.6 - 0.8) / s));
    const double w10 = 1 / (1 + std::exp((1.3 - 0.8) / s));
    QVERIFY(std::abs(m_page->heatMap()->cellValue(0, 1) - w01) < 1e-12);
    QVERIFY(std::abs(m_page->heatMap()->cellValue(1, 0) - w10) < 1e-12);
}

void TestSelfAttentionPage::causalCheckboxMasksUpperTriangle()
{
    QVERIFY(m_model->setTokenCount(5));
    auto *causal = m_page->findChild<QCheckBox *>("causalCheck");
    QVERIFY(causal);
    QTest::mouseClick(causal, Qt::LeftButton);
    QVERIFY(m_model->causal());
    SelfAttentionHeatMap *map = m_page->heatMap();
    for (int i = 0; i < 5; ++i)
        for (int j = 0; j < 5; ++j) {
            QCOMPARE(map->isMasked(i, j), j > i);
            if (j > i)
                QCOMPARE(map->cellValue(i, j), 0.0);
        }
    QCOMPARE(map->cellValue(0, 0), 1.0);
    compareHeatMap(*map, *m_model);
    m_page->setStep(Step::Softmax);
    compareMatrix(m_page->stepMatrices().front(), coreResult(*m_model).weights);
    QTest::mouseClick(causal, Qt::LeftButton);
    QVERIFY(!m_model->causal());
    QVERIFY(map->cellValue(0, 4) > 0);
}

void TestSelfAttentionPage::stepsShowCoreMatrices()
{
    m_model->applyPreset(Projection::Value, Preset::Rotation45);
    QVERIFY(m_model->setTokenCount(6));
    const attn::SelfAttentionResult r = coreResult(*m_model);
    struct Expect
    {
        Step step;
        QList<const attn::Matrix *> matrices;
    };
    const Expect expects[] = {
        {Step::Inputs, {&m_model->tokens()}}, {Step::Projections, {&r.q, &r.k, &r.v}},
        {Step::Scores, {&r.rawScores}},       {Step::Scaled, {&r.scaledScores}},
        {Step::Softmax, {&r.weights}},        {Step::Output, {&r.output}}};
    for (const Expect &e : expects) {
        QTest::mouseClick(stepButton(*m_page, e.step), Qt::LeftButton);
        QCOMPARE(m_page->step(), e.step);
        QVERIFY(stepButton(*m_page, e.step)->isChecked());
        const QList<MatrixView *> views = m_page->stepMatrices();
        QCOMPARE(views.size(), e.matrices.size());
        for (int i = 0; i < views.size(); ++i) {
            QVERIFY(views[i]->isVisible());
            compareMatrix(views[i], *e.matrices[i]);
        }
    }
    // The scaling step names √d_k = √2 in its caption.
    QTest::mouseClick(stepButton(*m_page, Step::Scaled), Qt::LeftButton);
    QVERIFY(m_page->findChild<QLabel *>("stepCaption")->text().contains("1.414"));
}

void TestSelfAttentionPage::presetMenuSetsProjection()
{
    QMenu *menu = m_page->presetMenu(Projection::Key);
    QVERIFY(menu);
    QAction *rotate = nullptr;
    for (QAction *a : menu->actions())
        if (Preset(a->data().toInt()) == Preset::Rotation90)
            rotate = a;
    QVERIFY(rotate);
    QCOMPARE(rotate->text(), QString("Rotate by 90°"));
    rotate->trigger();
    attn::Matrix expected(2, 2);
    expected << 0, 1, -1, 0;
    QVERIFY((m_model->projection(Projection::Key) - expected).norm() < 1e-12);
    MatrixEditor *editor = m_page->projectionEditor(Projection::Key);
    QCOMPARE(editor->entry(0, 1)->value(), 1.0);
    QCOMPARE(editor->entry(1, 0)->value(), -1.0);
    QCOMPARE(editor->entry(0, 0)->value(), 0.0);
    compareHeatMap(*m_page->heatMap(), *m_model);
}

void TestSelfAttentionPage::editorEditsProjection()
{
    MatrixEditor *editor = m_page->projectionEditor(Projection::Query);
    QDoubleSpinBox *box = editor->entry(1, 0);
    box->setFocus();
    QTest::keyClick(box, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(box, "0.5");
    QTest::keyClick(box, Qt::Key_Return);
    QCOMPARE(m_model->projection(Projection::Query)(1, 0), 0.5);
    // q₁ = x₁ W_q = (1.2, 0.4) [1 0; 0.5 1] = (1.4, 0.4).
    QVERIFY(std::abs(m_model->result().q(0, 0) - 1.4) < 1e-12);
    QVERIFY(std::abs(m_model->result().q(0, 1) - 0.4) < 1e-12);
    compareHeatMap(*m_page->heatMap(), *m_model);
}

void TestSelfAttentionPage::tokenCountSpin()
{
    auto *spin = m_page->findChild<QSpinBox *>("tokensSpin");
    QVERIFY(spin);
    QCOMPARE(spin->value(), SelfAttentionModel::kDefaultTokens);
    spin->setFocus();
    for (int i = 0; i < 10; ++i)
        QTest::keyClick(spin, Qt::Key_Up);
    QCOMPARE(spin->value(), SelfAttentionModel::kMaxTokens);
    QCOMPARE(m_model->tokenCount(), SelfAttentionModel::kMaxTokens);
    QCOMPARE(m_page->heatMap()->tokenCount(), 8);
    compareHeatMap(*m_page->heatMap(), *m_model);
    m_page->canvas()->setSelectedToken(7);
    for (int i = 0; i < 10; ++i)
        QTest::keyClick(spin, Qt::Key_Down);
    QCOMPARE(m_model->tokenCount(), SelfAttentionModel::kMinTokens);
    QCOMPARE(m_page->canvas()->selectedToken(), 1);
    QCOMPARE(m_page->heatMap()->selectedRow(), 1);
}

void TestSelfAttentionPage::selectionFollowsHeatMapClick()
{
    SelfAttentionHeatMap *map = m_page->heatMap();
    QTest::mouseClick(map, Qt::LeftButton, {}, map->cellRect(3, 1).center());
    QCOMPARE(m_page->canvas()->selectedToken(), 3);
    QCOMPARE(map->selectedRow(), 3);
    QTest::mouseClick(m_page->canvas(), Qt::LeftButton, {},
                      m_page->canvas()->tokenPosition(1).toPoint());
    QCOMPARE(map->selectedRow(), 1);
}

void TestSelfAttentionPage::arrowKeysNudgeToken()
{
    TokenCanvas *canvas = m_page->canvas();
    canvas->setFocus();
    QTest::keyClick(canvas, Qt::Key_2);
    QCOMPARE(canvas->selectedToken(), 1);
    const attn::Vector before = m_model->token(1);
    QTest::keyClick(canvas, Qt::Key_Right);
    QTest::keyClick(canvas, Qt::Key_Up);
    QVERIFY(std::abs(m_model->token(1)[0] - (before[0] + TokenCanvas::kNudge)) < 1e-12);
    QVERIFY(std::abs(m_model->token(1)[1] - (before[1] + TokenCanvas::kNudge)) < 1e-12);
    compareHeatMap(*m_page->heatMap(), *m_model);
}

void TestSelfAttentionPage::matrixFormat_data()
{
    dataColumns<double, QString>("value", "text");

    QTest::newRow("zero") << 0.0 << "0.000";
    QTest::newRow("tiny negative") << -1e-6 << "0.000";
    QTest::newRow("negative") << -1.25 << QString::fromUtf8("−1.250");
    QTest::newRow("round") << 0.12349 << "0.123";
    QTest::newRow("large") << 1234.5 << "1234.500";
}

void TestSelfAttentionPage::matrixFormat()
{
    QFETCH(double, value);
    QFETCH(QString, text);
    QCOMPARE(MatrixView::format(value), text);
}

namespace {
double wcag(const QColor &a, const QColor &b)
{
    auto lin = [](double c) {
        return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
    };
    auto lum = [&](const QColor &c) {
        return 0.2126 * lin(c.redF()) + 0.7152 * lin(c.greenF()) + 0.0722 * lin(c.blueF());
    };
    const double la = lum(a), lb = lum(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}
} // namespace

void TestSelfAttentionPage::heatMapHasNumbersAndScale_data()
{
    dataColumns<double, int>("fontScale", "theme");
    QTest::newRow("light") << 1.0 << int(ColorScheme::Theme::Light);
    QTest::newRow("dark") << 1.0 << int(ColorScheme::Theme::Dark);
    QTest::newRow("high contrast") << 1.0 << int(ColorScheme::Theme::HighContrast);
    QTest::newRow("presentation font") << 1.5 << int(ColorScheme::Theme::Light);
}

void TestSelfAttentionPage::heatMapHasNumbersAndScale()
{
    // Every cell carries its weight, readable on its colour (WCAG 4.5:1), and a colour scale
    // from 0 to 1 stands beside the grid — also with presentation mode's font in a
    // 1280 × 800 window, where the heat map is short.
    QFETCH(double, fontScale);
    QFETCH(int, theme);
    Appearance::instance()->setTheme(ColorScheme::Theme(theme));
    const QFont before = QApplication::font();
    QFont font = before;
    font.setPointSizeF(before.pointSizeF() * fontScale);
    QApplication::setFont(font);
    m_page->resize(1240, 640);
    QTest::qWait(20);
    QVERIFY(m_model->setTokenCount(8));
    SelfAttentionHeatMap *map = m_page->heatMap();
    QTRY_COMPARE(map->tokenCount(), 8);
    const QRect scale = map->scaleRect();
    QVERIFY(!scale.isEmpty());
    QVERIFY(!scale.intersects(map->cellRect(0, 7)));
    QVERIFY(map->rect().contains(scale));
    QVERIFY(map->showsNumbers());
    const QImage image = map->grab().toImage();
    const double dpr = image.devicePixelRatio();
    // The scale's ends in the ramp's colours: weight 1 at the top, 0 at the bottom.
    auto near = [](const QColor &a, const QColor &b) {
        return std::abs(a.red() - b.red()) < 12 && std::abs(a.green() - b.green()) < 12 &&
               std::abs(a.blue() - b.blue()) < 12;
    };
    QVERIFY(near(image.pixelColor((QPointF(scale.center().x(), scale.top() + 2) * dpr).toPoint()),
                 HeatRamp::color(1.0)));
    QVERIFY(
        near(image.pixelColor((QPointF(scale.center().x(), scale.bottom() - 2) * dpr).toPoint()),
             HeatRamp::color(0.0)));
    const QFontMetrics fm(map->numberFont());
    QVERIFY(map->numberFont().pointSizeF() >= 6);
    for (int r = 0; r < 8; ++r)
        for (int c = 0; c < 8; ++c) {
            const QRect cell = map->cellRect(r, c);
            QVERIFY(cell.width() >= fm.horizontalAdvance(map->cellText(r, c)));
            QVERIFY(cell.height() >= fm.capHeight() + 4);
            const QColor fill = HeatRamp::color(map->cellValue(r, c));
            // The cell's number is drawn: some pixel in the cell differs from its fill, and the
            // text colour has the contrast.
            QVERIFY(wcag(ColorScheme::textOn(fill), fill) >= 4.5);
        }
    QApplication::setFont(before);
    Appearance::instance()->setTheme(ColorScheme::Theme::Light);
}

void TestSelfAttentionPage::legendLeavesTokenLabelsFree()
{
    // Drag a token into the top-left corner, where the legend used to sit: the legend moves, and
    // covers no token and no token label (on a canvas of a 1920 × 1080 Lab; a cramped canvas may
    // have no free corner, and the legend then takes the least crowded one).
    m_page->resize(1800, 980);
    TokenCanvas *canvas = m_page->canvas();
    QTRY_VERIFY(canvas->width() > 600);
    const QRect legend = canvas->legendRect();
    const QPoint from = canvas->tokenPosition(0).toPoint();
    const QPoint to = legend.center();
    QTest::mousePress(canvas, Qt::LeftButton, {}, from);
    for (int i = 1; i <= 4; ++i)
        QTest::mouseMove(canvas, from + (to - from) * i / 4);
    QTest::mouseRelease(canvas, Qt::LeftButton, {}, to);
    const QRect moved = canvas->legendRect();

    for (int i = 0; i < m_model->tokenCount(); ++i) {
        const QPointF p = canvas->tokenPosition(i);
        QVERIFY2(!QRectF(moved).intersects(QRectF(p - QPointF(7, 7), QSizeF(14, 14))),
                 qPrintable(QString::number(i)));
        QVERIFY2(!QRectF(moved).intersects(canvas->tokenLabelRect(i)),
                 qPrintable(QString::number(i)));
    }
}

QTEST_MAIN(TestSelfAttentionPage)
#include "tst_selfattentionpage.moc"
