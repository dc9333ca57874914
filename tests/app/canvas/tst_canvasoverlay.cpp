#include "canvas/canvasfonts.h"
#include "canvas/canvaslegend.h"
#include "canvas/canvasmode.h"
#include "canvas/canvasoverlay.h"
#include "canvas/canvasreveal.h"
#include "canvas/draghint.h"
#include "canvas/scenehandles.h"
#include "canvas/viewfitter.h"
#include "common/testsettings.h"
#include "common/windowrun.h"
#include "model/scenemodel.h"
#include "theme/colorscheme.h"

#include <QImage>
#include <QPainter>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

namespace {

/// A mode that only notes that it was asked to draw, and with which font.
class RecordingMode : public CanvasMode
{
public:
    RecordingMode() : CanvasMode(nullptr) {}
    void paintOverlay(QPainter &painter) const override
    {
        painted = true;
        font = painter.font();
    }
    mutable bool painted = false;
    mutable QFont font;
};

/// Whether any pixel of `area` differs from `background`.
bool anyDrawn(const QImage &image, const QRect &area, QRgb background)
{
    for (int y = area.top(); y <= area.bottom(); ++y)
        for (int x = area.left(); x <= area.right(); ++x)
            if (image.pixel(x, y) != background)
                return true;
    return false;
}

} // namespace

class TestCanvasOverlay : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();

    void legendIsOnByDefaultAndRemembered();
    void dragHintIsHitOnlyWhereItIsDrawn();
    void dragHintStaysDismissed();
    void paintDrawsTheFrameOnlyWithFocus();
    void frameIsTwoPixelsOnTheEdge();
    void paintDrawsTheLegendOnlyWhenShown();
    void paintHandsTheModeTheTickFont();

private:
    QImage paint(const CanvasOverlay &overlay, bool focused, const RecordingMode &mode) const;

    std::unique_ptr<QTemporaryDir> m_settings;
    SceneModel m_model;
    SceneHandles m_handles{&m_model};
    CanvasReveal m_reveal{&m_model};
    CanvasFonts m_fonts;
    const QSize m_size{800, 600};
};

void TestCanvasOverlay::initTestCase()
{
    testsettings::isolate("tst_canvasoverlay");
    QFont base;
    base.setPixelSize(16);
    m_fonts = CanvasFonts::from(base);
}

void TestCanvasOverlay::init()
{
    // Each test starts as on a first start: no settings.
    m_settings = std::make_unique<QTemporaryDir>();
    QVERIFY(useSettingsIn(*m_settings));
}

QImage TestCanvasOverlay::paint(const CanvasOverlay &overlay, bool focused,
                                const RecordingMode &mode) const
{
    QImage image(m_size, QImage::Format_ARGB32_Premultiplied);
    image.fill(ColorScheme::background());
    QPainter painter(&image);
    overlay.paint(painter, ViewFitter::home(m_size), {}, focused, m_fonts, mode);
    return image;
}

void TestCanvasOverlay::legendIsOnByDefaultAndRemembered()
{
    {
        CanvasOverlay overlay(&m_model, &m_handles, &m_reveal);
        QVERIFY(overlay.legendVisible());
        QVERIFY(overlay.setLegendVisible(false));
        QVERIFY(!overlay.setLegendVisible(false)); // no change
        QVERIFY(!overlay.legendVisible());
    }
    QCOMPARE(QSettings().value(QStringLiteral("canvas/legend")).toBool(), false);
    CanvasOverlay next(&m_model, &m_handles, &m_reveal);
    QVERIFY(!next.legendVisible());
}

void TestCanvasOverlay::dragHintIsHitOnlyWhereItIsDrawn()
{
    CanvasOverlay overlay(&m_model, &m_handles, &m_reveal);
    QVERIFY(overlay.dragHintVisible());
    const QRectF hint = DragHint::rect(m_size, m_fonts.label);
    QVERIFY(QRectF(QPointF(0, 0), QSizeF(m_size)).contains(hint));
    QVERIFY(overlay.dragHintAt(hint.center(), m_size, m_fonts.label));
    QVERIFY(!overlay.dragHintAt(hint.topLeft() - QPointF(2, 2), m_size, m_fonts.label));
    QVERIFY(!overlay.dragHintAt(QPointF(400, 20), m_size, m_fonts.label));
}

void TestCanvasOverlay::dragHintStaysDismissed()
{
    const QRectF hint = DragHint::rect(m_size, m_fonts.label);
    {
        CanvasOverlay overlay(&m_model, &m_handles, &m_reveal);
        QVERIFY(overlay.dismissDragHint());
        QVERIFY(!overlay.dismissDragHint()); // was no longer showing
        QVERIFY(!overlay.dragHintVisible());
        QVERIFY(!overlay.dragHintAt(hint.center(), m_size, m_fonts.label));
        // Nothing is drawn where it was.
        const QImage image = paint(overlay, false, RecordingMode());
        QVERIFY(!anyDrawn(image, hint.toRect(), ColorScheme::background().rgba()));
    }
    CanvasOverlay next(&m_model, &m_handles, &m_reveal);
    QVERIFY(!next.dragHintVisible());
}

void TestCanvasOverlay::paintDrawsTheFrameOnlyWithFocus()
{
    CanvasOverlay overlay(&m_model, &m_handles, &m_reveal);
    const QRgb background = ColorScheme::background().rgba();
    // The frame is a 2-pixel line on the rectangle inset by one pixel: the left edge covers
    // x = 0..2 halfway down (where neither the legend nor the hint is).
    const QRect leftEdge(0, 300, 2, 1);
    QVERIFY(!anyDrawn(paint(overlay, false, RecordingMode()), leftEdge, background));
    const QImage focused = paint(overlay, true, RecordingMode());
    QVERIFY(anyDrawn(focused, leftEdge, background));
    // In the key colour at alpha 140 over the background.
    QColor expected = ColorScheme::key();
    const QColor bg = ColorScheme::background();
    const double a = 140 / 255.0;
    const QColor got = focused.pixelColor(1, 300);
    QVERIFY(std::abs(got.red() - (a * expected.red() + (1 - a) * bg.red())) <= 2);
    QVERIFY(std::abs(got.green() - (a * expected.green() + (1 - a) * bg.green())) <= 2);
    QVERIFY(std::abs(got.blue() - (a * expected.blue() + (1 - a) * bg.blue())) <= 2);
}

void TestCanvasOverlay::frameIsTwoPixelsOnTheEdge()
{
    // What a 2-pixel pen draws on the rectangle inset by one pixel, without antialiasing: the
    // two outermost rows and columns, except the two left corners, which its joins leave out.
    CanvasOverlay overlay(&m_model, &m_handles, &m_reveal);
    overlay.setLegendVisible(false);
    overlay.dismissDragHint();
    const QImage image = paint(overlay, true, RecordingMode());
    const QRgb background = ColorScheme::background().rgba();
    QColor c = ColorScheme::key();
    c.setAlpha(140);
    QImage expectedImage(1, 1, QImage::Format_ARGB32_Premultiplied);
    expectedImage.fill(ColorScheme::background());
    {
        QPainter p(&expectedImage);
        p.fillRect(QRect(0, 0, 1, 1), c);
    }
    const QRgb frame = expectedImage.pixel(0, 0);
    const int w = m_size.width(), h = m_size.height();
    int wrong = 0;
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            const bool edge = x < 2 || y < 2 || x >= w - 2 || y >= h - 2;
            const bool leftCorner = x == 0 && (y == 0 || y == h - 1);
            const QRgb want = edge && !leftCorner ? frame : background;
            if (image.pixel(x, y) != want)
                ++wrong;
        }
    }
    QCOMPARE(wrong, 0);
}

void TestCanvasOverlay::paintDrawsTheLegendOnlyWhenShown()
{
    CanvasOverlay overlay(&m_model, &m_handles, &m_reveal);
    QVERIFY(m_model.hasResult());
    // With a result the legend's box has its corner at (12, 12).
    const QRect box = CanvasLegend(&m_model, &m_reveal).rect(m_fonts.tick, 12).toAlignedRect();
    const QRgb background = ColorScheme::background().rgba();
    QVERIFY(anyDrawn(paint(overlay, false, RecordingMode()), box, background));
    overlay.setLegendVisible(false);
    QVERIFY(!anyDrawn(paint(overlay, false, RecordingMode()), box, background));
}

void TestCanvasOverlay::paintHandsTheModeTheTickFont()
{
    CanvasOverlay overlay(&m_model, &m_handles, &m_reveal);
    RecordingMode mode;
    paint(overlay, true, mode);
    QVERIFY(mode.painted);
    QCOMPARE(mode.font.pixelSize(), m_fonts.tick.pixelSize());
}

QTEST_MAIN(TestCanvasOverlay)
#include "tst_canvasoverlay.moc"
