#include "sequence/spanlinerasterizer.h"

#include <QImage>

#include <algorithm>
#include <cmath>

namespace {

// clampedMean(f0, f1, y, y + 1) − y for an edge spanning [low, high] across the column,
// low < high, inverse = 1 / (high − low): the share of row [y, y + 1] above the edge, without
// branches for the rows the edge crosses.
inline double shareAbove(double low, double high, double inverse, double y)
{
    if (y + 1 <= low)
        return 1;
    if (y >= high)
        return 0;
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
    if (!(to.x() > from.x()) || !(width > 0) || qAlpha(colour) == 0 ||
        (image.format() != QImage::Format_RGB32 &&
         image.format() != QImage::Format_ARGB32_Premultiplied))
        return;
    const double slope = (to.y() - from.y()) / (to.x() - from.x());
    // Half the thickness measured along a column: the band across the line is `width` wide.
    const double half = width / 2 * std::sqrt(1 + slope * slope);
    const int firstColumn = std::max(0, int(std::floor(from.x())));
    const int lastColumn = std::min(image.width() - 1, int(std::ceil(to.x())) - 1);
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
        // The part of this column the segment covers, and its centre line at both sides.
        const double left = std::max(double(x), from.x()), right = std::min(x + 1.0, to.x());
        if (right <= left)
            continue;
        const double share = right - left;
        // Where the centre line enters and leaves the column.
        const double y0 = from.y() + (left - from.x()) * slope;
        const double y1 = from.y() + (right - from.x()) * slope;
        const double centreLow = std::min(y0, y1), centreHigh = std::max(y0, y1);
        const double topLow = centreLow - half, topHigh = centreHigh - half;
        const double bottomLow = centreLow + half, bottomHigh = centreHigh + half;
        // Both edges move by the same amount across the column.
        const double inverse = 1 / std::max(centreHigh - centreLow, 1e-9);
        const int firstRow = std::max(0, int(std::floor(topLow)));
        const int lastRow = std::min(image.height() - 1, int(std::ceil(bottomHigh)) - 1);
        const int full = int(share * 255 + 0.5);
        for (int y = firstRow; y <= lastRow; ++y) {
            // Area of the band over pixel (x, y): below the top edge and above the bottom one;
            // rows that neither edge crosses are wholly inside.
            int coverage = full;
            if (y < topHigh || y + 1 > bottomLow) {
                const double covered = shareAbove(bottomLow, bottomHigh, inverse, y) -
                                       shareAbove(topLow, topHigh, inverse, y);
                coverage = int(covered * share * 255 + 0.5);
            }
            if (coverage > 0)
                compose(reinterpret_cast<QRgb *>(bits + y * stride) + x,
                        quint32(std::min(255, coverage)));
        }
    }
}

void SpanLineRasterizer::drawPolyline(QImage &image, const std::vector<QPointF> &points,
                                      double width, QRgb colour, const QList<qreal> &pattern,
                                      double cap)
{
    double period = 0;
    for (qreal length : pattern)
        period += std::max(0.0, length) * width;
    double along = 0; // the length of the polyline before this segment
    for (std::size_t i = 1; i < points.size(); ++i) {
        const QPointF from = points[i - 1], to = points[i];
        const double length = std::hypot(to.x() - from.x(), to.y() - from.y());
        if (period <= 0) {
            drawLine(image, from, to, width, colour);
            along += length;
            continue;
        }
        const auto at = [&](double s) { return from + (to - from) * ((s - along) / length); };
        // Every dash that reaches into [along, along + length], its caps included.
        double start = std::floor((along - cap) / period) * period;
        for (; start < along + length + cap; start += period) {
            double on = start;
            for (int k = 0; k < int(pattern.size()); ++k) {
                const double dash = std::max(0.0, pattern[k]) * width;
                if (k % 2 == 0) {
                    const double a = std::max(along, on - cap);
                    const double b = std::min(along + length, on + dash + cap);
                    if (b > a && length > 0)
                        drawLine(image, at(a), at(b), width, colour);
                }
                on += dash;
            }
        }
        along += length;
    }
}
