#pragma once

#include "canvas/viewtransform.h"

#include <QFont>
#include <QPixmap>
#include <QRgb>

#include <array>

class QFontMetricsF;
class QPainter;

/// The canvas's background: grid lines, the axes with their tick labels and the dashed unit
/// circle. A drag only moves arrows, so on screen the canvas draws this once into a picture and
/// copies the picture every frame instead of drawing hundreds of lines and labels again;
/// exports draw it afresh with paint().
class GridLayer
{
public:
    /// The grid's spacing in world units: major lines (with tick labels), the minor lines
    /// between them and the decimals the tick labels need.
    struct Steps
    {
        double major = 1;
        double minor = 0.2;
        int decimals = 0;
    };

    /// Major lines at least kMinMajorPixels apart and far enough apart for the widest tick
    /// label of `view`'s range in `metrics`, plus kLabelGap.
    static Steps stepsFor(const ViewTransform &view, const QFontMetricsF &metrics);
    /// A major step of 1, 2 or 5 × 10ᵏ, at least `minimum`: 2 splits into quarters (0.5 each),
    /// 1 and 5 into fifths.
    static Steps stepsAtLeast(double minimum);
    static constexpr double kMinMajorPixels = 90;
    static constexpr double kLabelGap = 24;
    /// Minor lines are left out when closer than this.
    static constexpr double kMinMinorPixels = 8;

    /// Draws the grid, axes, tick labels and unit circle for `view` with `tickFont`.
    static void paint(QPainter &painter, const ViewTransform &view, const QFont &tickFont);

    /// The background filled and paint() on it, as last drawn; drawn again only when the view,
    /// the font, the theme's colours or the pixel ratio changed.
    const QPixmap &picture(const ViewTransform &view, const QFont &tickFont,
                           qreal devicePixelRatio);

private:
    ViewTransform m_view;
    QFont m_font;
    std::array<QRgb, 4> m_colors{};
    qreal m_devicePixelRatio = 0;
    QPixmap m_pixmap;
};
