#pragma once

#include <QList>
#include <QPointF>
#include <QRgb>

#include <utility>
#include <vector>

class QImage;

/// Draws a straight, thick, antialiased segment into an image as vertical spans, one per pixel
/// column, each pixel covered by the exact area of the band over it (its ends, square to the
/// line, antialiased over a pixel along it). The head view draws
/// hundreds of lines between two columns of tokens every frame of a drag; QPainter's stroker
/// turns each into a path and hands every tall one to a thread pool, which cost most of a
/// frame at 64 tokens. Here a line costs its covered pixels only.
class SpanLineRasterizer
{
public:
    /// Composes the segment from `from` to `to` (image pixels, from.x() < to.x()), `width`
    /// pixels thick measured across it, its ends square to it (QPainter's flat caps), over
    /// `image` (Format_RGB32 or Format_ARGB32_Premultiplied) in `colour` (not premultiplied;
    /// its alpha makes the line translucent), source over, clipped to the image.
    static void drawLine(QImage &image, QPointF from, QPointF to, double width, QRgb colour);
    /// A polyline whose x increases, drawn as drawLine() draws its segments (no joins: the
    /// offset plot covers its corners with its points), dashed by `pattern` (on, off,
    /// ... in widths, as QPen::dashPattern() gives it; empty for solid) continued across the
    /// joins, every dash `cap` longer at both ends (half a width for square caps), its ends
    /// square to the line.
    static void drawPolyline(QImage &image, const std::vector<QPointF> &points, double width,
                             QRgb colour, const QList<qreal> &pattern, double cap);

    /// The mean over t in [0, 1] of clamp(f0 + t (f1 − f0), low, high): the share of a pixel
    /// row [low, high] that lies above an edge going linearly from f0 to f1 across a column.
    static double clampedMean(double f0, double f1, double low, double high);

private:
    /// A dash pattern laid along a polyline, in pixels.
    struct Dashes
    {
        std::vector<std::pair<double, double>> spans; ///< where each dash starts and ends
        double period = 0;
        double along = 0; ///< the length of the polyline before the segment being drawn
        /// How much of the pixel-long stretch centred `along` the polyline is on a dash.
        double share(double along) const;
    };
    static void drawSegment(QImage &image, QPointF from, QPointF to, double width, QRgb colour,
                            const Dashes *dashes);
};
