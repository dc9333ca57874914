#include "canvas/gridlayer.h"

#include "text/numberformat.h"
#include "theme/colorscheme.h"

#include <QFontMetricsF>
#include <QLineF>
#include <QPainter>
#include <QVarLengthArray>

#include <algorithm>
#include <cmath>
#include <numbers>

namespace {

/// The grid lines i·step inside [lo, hi]: from `first` to `last` (none when last < first).
struct IndexRange
{
    long long first = 0;
    long long last = -1;
};

/// None when the indices would not be exact integers (beyond 2⁵² a double no longer tells
/// neighbouring lines apart: a view zoomed in far from the origin) or when there would be
/// absurdly many; never a cast of an out-of-range double.
IndexRange gridIndices(double lo, double hi, double step)
{
    const double a = std::ceil(lo / step), b = std::floor(hi / step);
    constexpr double kExact = 4503599627370496.0; // 2⁵²
    if (!(std::abs(a) <= kExact && std::abs(b) <= kExact) || b - a > 100000)
        return {};
    return {static_cast<long long>(a), static_cast<long long>(b)};
}

QString tickText(double value, int decimals)
{
    return NumberFormat::number(value, decimals);
}

} // namespace

GridLayer::Steps GridLayer::stepsAtLeast(double minimum)
{
    // The tolerance keeps a minimum that is a nice step up to rounding (2.0000000001) at that
    // step rather than the next one up.
    const double major = NumberFormat::niceStep(minimum * (1 - 1e-9), 1);
    if (!(major > 0) || !std::isfinite(major))
        return {};
    const double exponent = std::floor(std::log10(major) + 1e-9);
    const double mantissa = std::round(major / std::pow(10.0, exponent));
    Steps g;
    g.major = major;
    g.minor = major / (mantissa == 2.0 ? 4 : 5);
    g.decimals = std::max(0, -int(exponent));
    return g;
}

GridLayer::Steps GridLayer::stepsFor(const ViewTransform &view, const QFontMetricsF &fm)
{
    const QRectF world = view.visibleWorld();
    const double scale = view.scale();
    Steps g = stepsAtLeast(kMinMajorPixels / scale);
    for (int attempt = 0; attempt < 6; ++attempt) {
        const double widest = std::max(fm.horizontalAdvance(tickText(world.left(), g.decimals)),
                                       fm.horizontalAdvance(tickText(world.right(), g.decimals)));
        if (g.major * scale >= widest + kLabelGap)
            break;
        g = stepsAtLeast(g.major * 1.01);
    }
    return g;
}

void GridLayer::paint(QPainter &painter, const ViewTransform &view, const QFont &tickFont)
{
    const QSizeF size = view.viewportSize();
    const QRectF world = view.visibleWorld();
    const double scale = view.scale();
    painter.setFont(tickFont);
    const QFontMetricsF fm(tickFont);
    const Steps g = stepsFor(view, fm);

    // One batched drawLines per kind of line: the grid is hundreds of lines at high zoom.
    QVarLengthArray<QLineF, 512> minor, major;
    const int ratio = int(std::lround(g.major / g.minor));
    const bool drawMinor = g.minor * scale >= kMinMinorPixels;
    const double step = drawMinor ? g.minor : g.major;
    const int every = drawMinor ? ratio : 1;
    const IndexRange xs = gridIndices(world.left(), world.right(), step);
    for (long long i = xs.first; i <= xs.last; ++i) {
        const double sx = std::round(view.toScreen(QPointF(i * step, 0)).x()) + 0.5;
        (i % every == 0 ? major : minor).append(QLineF(sx, 0, sx, size.height()));
    }
    const IndexRange ys = gridIndices(world.top(), world.bottom(), step);
    for (long long i = ys.first; i <= ys.last; ++i) {
        const double sy = std::round(view.toScreen(QPointF(0, i * step)).y()) + 0.5;
        (i % every == 0 ? major : minor).append(QLineF(0, sy, size.width(), sy));
    }
    painter.setRenderHint(QPainter::Antialiasing, false);
    painter.setPen(QPen(ColorScheme::gridMinor(), 1));
    painter.drawLines(minor.constData(), int(minor.size()));
    painter.setPen(QPen(ColorScheme::gridMajor(), 1));
    painter.drawLines(major.constData(), int(major.size()));

    // Axes, then their tick labels; labels stick to the border when an axis is scrolled away.
    const QPointF origin = view.toScreen(QPointF(0, 0));
    const double ox = std::round(origin.x()), oy = std::round(origin.y());
    painter.setPen(QPen(ColorScheme::axis(), 2));
    if (oy >= 0 && oy <= size.height())
        painter.drawLine(QPointF(0, oy), QPointF(size.width(), oy));
    if (ox >= 0 && ox <= size.width())
        painter.drawLine(QPointF(ox, 0), QPointF(ox, size.height()));

    const double h = fm.height();
    // Tick labels keep clear of an arrowhead lying on an axis (a unit value at (1, 0) or (0, 1)
    // would otherwise cover its "1"): the gap grows with the font, as the heads do in
    // presentation mode.
    const double gap = 4 + std::round(0.45 * h);
    const double labelTop = std::clamp(oy + gap, 2.0, std::max(2.0, size.height() - h - 2));
    painter.setPen(ColorScheme::axis());
    const IndexRange mxs = gridIndices(world.left(), world.right(), g.major);
    for (long long i = mxs.first; i <= mxs.last; ++i) {
        if (i == 0)
            continue;
        const QString text = tickText(i * g.major, g.decimals);
        const double sx = view.toScreen(QPointF(i * g.major, 0)).x();
        const double w = fm.horizontalAdvance(text);
        // A label cut by the border reads as a different number; leave it out.
        if (sx - w / 2 < 0 || sx + w / 2 > size.width())
            continue;
        painter.drawText(QRectF(sx - w / 2 - 2, labelTop, w + 4, h), Qt::AlignCenter, text);
    }
    const IndexRange mys = gridIndices(world.top(), world.bottom(), g.major);
    double widestY = 0;
    for (long long i = mys.first; i <= mys.last; ++i)
        widestY = std::max(widestY, fm.horizontalAdvance(tickText(i * g.major, g.decimals)));
    const double labelRight =
        std::clamp(ox - gap - 2, widestY + 4, std::max(widestY + 4, size.width() - 4));
    for (long long i = mys.first; i <= mys.last; ++i) {
        if (i == 0)
            continue;
        const QString text = tickText(i * g.major, g.decimals);
        const double sy = view.toScreen(QPointF(0, i * g.major)).y();
        if (sy - h / 2 < 0 || sy + h / 2 > size.height())
            continue;
        painter.drawText(QRectF(labelRight - widestY - 4, sy - h / 2, widestY + 4, h),
                         Qt::AlignRight | Qt::AlignVCenter, text);
    }
    if (world.contains(QPointF(0, 0))) {
        const QString zero = tickText(0, 0);
        painter.drawText(QRectF(ox - gap - 2 - fm.horizontalAdvance(zero), oy + gap,
                                fm.horizontalAdvance(zero), h),
                         Qt::AlignRight | Qt::AlignTop, zero);
    }
    QFont italic = tickFont;
    italic.setItalic(true);
    painter.setFont(italic);
    if (oy >= 0 && oy <= size.height())
        painter.drawText(QRectF(size.width() - h - 6, oy - h - 4, h, h), Qt::AlignCenter,
                         QStringLiteral("x"));
    if (ox >= 0 && ox <= size.width())
        painter.drawText(QRectF(ox + 8, 4, h, h), Qt::AlignCenter, QStringLiteral("y"));

    // The unit circle: where dot product and cosine agree. Dashes are drawn as one batch of short
    // chords, a fraction of the cost of a dashed antialiased ellipse, and only where visible.
    const double radius = view.toPixels(1);
    if (radius >= 3) {
        constexpr double kDashPeriod = 14, kDashOn = 8; // pixels along the circle
        const int dashes = std::clamp(int(2 * std::numbers::pi * radius / kDashPeriod), 12, 8000);
        const double period = 2 * std::numbers::pi / dashes;
        const double on = period * kDashOn / kDashPeriod;
        const QRectF visible = QRectF(QPointF(0, 0), size).adjusted(-4, -4, 4, 4);
        QVarLengthArray<QLineF, 512> chords;
        for (int k = 0; k < dashes; ++k) {
            const double a = k * period;
            const QPointF p0 = origin + radius * QPointF(std::cos(a), -std::sin(a));
            const QPointF p1 = origin + radius * QPointF(std::cos(a + on), -std::sin(a + on));
            if (visible.contains(p0) || visible.contains(p1))
                chords.append(QLineF(p0, p1));
        }
        painter.setRenderHint(QPainter::Antialiasing, true);
        painter.setPen(
            QPen(ColorScheme::faded(ColorScheme::axis(), 0.5), 1.5, Qt::SolidLine, Qt::FlatCap));
        painter.drawLines(chords.constData(), int(chords.size()));
    }
}

const QPixmap &GridLayer::picture(const ViewTransform &view, const QFont &tickFont,
                                  qreal devicePixelRatio)
{
    // Everything paint() reads besides the view: the theme's colours and the tick font (which
    // presentation mode enlarges).
    const std::array<QRgb, 4> colors{ColorScheme::background().rgba(),
                                     ColorScheme::gridMinor().rgba(),
                                     ColorScheme::gridMajor().rgba(), ColorScheme::axis().rgba()};
    if (m_pixmap.isNull() || !(m_view == view) || m_font != tickFont || m_colors != colors ||
        m_devicePixelRatio != devicePixelRatio) {
        m_view = view;
        m_font = tickFont;
        m_colors = colors;
        m_devicePixelRatio = devicePixelRatio;
        m_pixmap = QPixmap((view.viewportSize() * devicePixelRatio).toSize());
        m_pixmap.setDevicePixelRatio(devicePixelRatio);
        m_pixmap.fill(ColorScheme::background());
        QPainter painter(&m_pixmap);
        paint(painter, view, tickFont);
    }
    return m_pixmap;
}
