#pragma once

#include <QByteArray>
#include <QImage>

#include <functional>

class QPainter;
class QWidget;

/// What a view of the Sequence window draws that stays still while a token is dragged (its
/// background, caption, axes, grids, tick labels, legend, token names), kept as one opaque
/// picture and copied under each frame's data: one blit instead of hundreds of text runs and
/// tall antialiased fills, which the raster engine hands to a thread pool. The picture is drawn
/// again whenever its key changes; the key holds everything it depends on (the view's texts and
/// numbers, given by the view; the size, pixel ratio, font, theme and line scale, added here).
class StillLayer
{
public:
    /// True when `painter` paints `widget` where a cached picture gives the same pixels (on
    /// screen, or a raster image at the widget's own ratio, unscaled); files get their vectors.
    /// LayerCache::setEnabled(false) turns every picture off, for tests and benchmarks.
    static bool usable(const QPainter &painter, const QWidget &widget);

    /// The picture of `widget` for `key`, drawn by `paint` (in the widget's logical pixels,
    /// antialiased, in its font) when it is missing or stale.
    const QImage &picture(const QWidget &widget, const QByteArray &key,
                          const std::function<void(QPainter &)> &paint);
    /// A copy of the last picture to draw this frame's data into (kept between frames, so that
    /// a drag allocates nothing), then drawn over the widget in one blit.
    QImage &frame();
    /// How many times the picture has been drawn: a drag should not draw it again.
    int paintCount() const { return m_paints; }

private:
    QByteArray m_key;
    QImage m_picture;
    QImage m_frame;
    int m_paints = 0;
};
