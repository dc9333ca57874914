#pragma once

#include <QByteArray>
#include <QImage>
#include <QPointF>

#include <array>
#include <functional>

class QPainter;

/// One small antialiased mark (a query's dot, a key's square) drawn once for each quarter-pixel
/// offset into a tiny picture, then copied wherever a point goes: the q/k planes' hundred-odd
/// points a frame cost as many small blends instead of as many trips through QPainter's path
/// filler. The mark lands within an eighth of a pixel of where QPainter would put it. Only for
/// painters that StillLayer::usable() accepts (raster, unscaled at the widget's ratio).
class PointStamp
{
public:
    /// Draws at `at` the mark that `paint` draws around (0, 0), reaching at most `radius`
    /// logical pixels from it (its pen included), on a device of ratio `ratio`. The pictures are
    /// made again when `key` (what the mark looks like: its colours and sizes) changes.
    void draw(QPainter &painter, QPointF at, const QByteArray &key, double radius, qreal ratio,
              const std::function<void(QPainter &)> &paint);

private:
    static constexpr int kSteps = 4; ///< offsets per pixel, in x and in y

    QByteArray m_key;
    int m_half = 0; ///< device pixels from a picture's corner to the pixel holding the centre
    std::array<QImage, kSteps * kSteps> m_pictures;
};
