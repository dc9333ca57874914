#include "sequence/spanlinerasterizer.h"

#include <QImage>

#include <algorithm>
#include <cmath>

namespace {

// clampedMean(f0, f1, y, y + 1) − y for an edge spanning [low, high] across the column,
// inverse = 1 / (high − low), or 0 for a level edge: the share of row [y, y + 1] above the
// edge, without branches for the rows the edge crosses.
inline double shareAbove(double low, double high, double inverse, double y)
{
    if (y + 1 <= low)
        return 1;
    if (y >= high)
        return 0;
    if (inverse == 0)
        return low - y; // level: the edge cuts the row at `low`
    const double a = std::max(low, y) - y, b = std::min(high, y + 1) - y;
    return ((b * b - a * a) / 2 + std::max(0.0, high - std::max(low, y + 1))) * inverse;
}

// Each of the four bytes of `x` times a / 255, rounded, two bytes per multiplication.
inline quint32 byteMultiply(quint32 x, quint32 a)
{
    quint32 t = (x & 0xff00ff) * a;
    t = ((t + ((t >> 8) & 0xff00ff) + 0x800080) >> 8) & 0xff00ff;
    x = ((x >> 8) & 0xff00ff) * a;
    x = (x + ((x >> 8) & 0xff00ff) + 0x800080) & 0xff00ff00;
    return x | t;
}

} // namespace

double SpanLineRasterizer::clampedMean(double f0, double f1, double low, double high)
{
    if (f0 > f1)
        std::swap(f0, f1); // the mean of a linear edge does not depend on its direction
    if (f1 - f0 < 1e-9)
        return std::clamp((f0 + f1) / 2, low, high);
    // The integral of clamp(u) over [f0, f1]: `low` below the row, `high` above it, u inside.
    double integral = 0;
    if (f0 < low)
        integral += low * (std::min(f1, low) - f0);
    if (f1 > high)
        integral += high * (f1 - std::max(f0, high));
    const double a = std::max(f0, low), b = std::min(f1, high);
    if (b > a)
        integral += (b * b - a * a) / 2;
    return integral / (f1 - f0);
}

void SpanLineRasterizer::drawLine(QImage &image, QPointF from, QPointF to, double width,
                                  QRgb colour)
{
    drawSegment(image, from, to, width, colour, nullptr);
}

void SpanLineRasterizer::drawSegment(QImage &image, QPointF from, QPointF to, double width,
                                     QRgb colour, const Dashes *dashes)
{
    if (!(to.x() > from.x()) || !(width > 0) || qAlpha(colour) == 0 ||
        (image.format() != QImage::Format_RGB32 &&
         image.format() != QImage::Format_ARGB32_Premultiplied))
        return;
    const double slope = (to.y() - from.y()) / (to.x() - from.x());
    // Half the thickness measured along a column: the band across the line is `width` wide.
    const double half = width / 2 * std::sqrt(1 + slope * slope);
    // The ends are square to the line, as QPainter's flat caps: a steep line's corners reach
    // beyond from.x() and to.x() by half its width times the sine of its angle.
    const double length = std::hypot(to.x() - from.x(), to.y() - from.y());
    const double ux = (to.x() - from.x()) / length, uy = (to.y() - from.y()) / length;
    const double reach = width / 2 * std::abs(uy);
    const int firstColumn = std::max(0, int(std::floor(from.x() - reach)));
    const int lastColumn = std::min(image.width() - 1, int(std::ceil(to.x() + reach)) - 1);
    // Source over, premultiplied: d = c·s + (1 − c·α)·d for coverage c. With an opaque
    // destination the alpha byte stays 255: c·α + (1 − c·α)·255/255.
    const quint32 source = qPremultiply(colour);
    uchar *const bits = image.bits(); // detaches once, not per pixel
    const qsizetype stride = image.bytesPerLine();
    const auto compose = [source](QRgb *pixel, quint32 coverage) {
        const quint32 s = coverage >= 255 ? source : byteMultiply(source, coverage);
        *pixel = s + byteMultiply(*pixel, 255 - qAlpha(s));
    };
    for (int x = firstColumn; x <= lastColumn; ++x) {
        // Where the centre line (unbounded: the ends are cut below) enters and leaves the
        // column.
        const double y0 = from.y() + (x - from.x()) * slope;
        const double y1 = y0 + slope;
        const double centreLow = std::min(y0, y1), centreHigh = std::max(y0, y1);
        const double topLow = centreLow - half, topHigh = centreHigh - half;
        const double bottomLow = centreLow + half, bottomHigh = centreHigh + half;
        // Both edges move by the same amount across the column.
        const double rise = centreHigh - centreLow;
        const double inverse = rise > 1e-9 ? 1 / rise : 0;
        const int firstRow = std::max(0, int(std::floor(topLow)));
        const int lastRow = std::min(image.height() - 1, int(std::ceil(bottomHigh)) - 1);
        // Only the columns an end's square corners reach need the distance along the line.
        const bool nearEnd = x < from.x() + reach + 1 || x + 1 > to.x() - reach - 1;
        for (int y = firstRow; y <= lastRow; ++y) {
            // Area of the band over pixel (x, y): below the top edge and above the bottom one;
            // rows that neither edge crosses are wholly inside.
            double covered = 1;
            if (y < topHigh || y + 1 > bottomLow)
                covered = shareAbove(bottomLow, bottomHigh, inverse, y) -
                          shareAbove(topLow, topHigh, inverse, y);
            // How far along the line the pixel's centre lies: near an end, the part of a
            // pixel-long stretch there that lies between the ends.
            if (nearEnd || dashes) {
                const double along = (x + 0.5 - from.x()) * ux + (y + 0.5 - from.y()) * uy;
                if (along < 0.5 || along > length - 0.5)
                    covered *=
                        std::max(0.0, std::min(along + 0.5, length) - std::max(along - 0.5, 0.0));
                if (dashes && covered > 0)
                    covered *= dashes->share(dashes->along + along);
            }
            const int coverage = int(covered * 255 + 0.5);
            if (coverage > 0)
                compose(reinterpret_cast<QRgb *>(bits + y * stride) + x,
                        quint32(std::min(255, coverage)));
        }
    }
}

double SpanLineRasterizer::Dashes::share(double along) const
{
    // The part of a pixel-long stretch around `along` that lies on a dash, in this period or
    // the next or previous one (a dash's caps may reach across the period's ends).
    const double u = along - std::floor(along / period) * period;
    double on = 0;
    for (const auto &[start, end] : spans)
        for (double shift : {-period, 0.0, period})
            on += std::max(0.0, std::min(u + 0.5, end + shift) - std::max(u - 0.5, start + shift));
    return std::min(1.0, on);
}

void SpanLineRasterizer::drawPolyline(QImage &image, const std::vector<QPointF> &points,
                                      double width, QRgb colour, const QList<qreal> &pattern,
                                      double cap)
{
    Dashes dashes;
    dashes.period = 0;
    for (int k = 0; k < int(pattern.size()); ++k) {
        const double length = std::max(0.0, pattern[k]) * width;
        if (k % 2 == 0)
            dashes.spans.emplace_back(dashes.period - cap, dashes.period + length + cap);
        dashes.period += length;
    }
    const bool dashed = dashes.period > 0 && !dashes.spans.empty();
    for (std::size_t i = 1; i < points.size(); ++i) {
        drawSegment(image, points[i - 1], points[i], width, colour, dashed ? &dashes : nullptr);
        dashes.along +=
            std::hypot(points[i].x() - points[i - 1].x(), points[i].y() - points[i - 1].y());
    }
}
