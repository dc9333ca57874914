#pragma once

#include "theme/colorscheme.h"

#include <QColor>
#include <QPointF>
#include <QSizeF>
#include <QString>

class QFont;
class QPainter;

/// Draws the lesson's vectors the same way everywhere (main canvas, per-head canvases, exports):
/// a shaft, optionally dashed or dotted, a head of one of four shapes, and a label beside the tip.
namespace ArrowPainter {

struct Style
{
    QColor color;
    double width = 2.5;     ///< shaft width in pixels
    double headLength = 14; ///< pixels
    Qt::PenStyle line = Qt::SolidLine;
    ColorScheme::Head head = ColorScheme::Head::FilledTriangle;
    double opacity = 1.0;
    bool operator==(const Style &) const = default;
};

/// The style of `role` in the current scheme (colour, head, dash) at `width` and `headLength`,
/// both multiplied by the line scale of presentation mode.
Style styleFor(ColorScheme::Role role, double width, double headLength);

/// Draws an arrow in screen coordinates from `from` to `to`.
void drawArrow(QPainter &painter, QPointF from, QPointF to, const Style &style);

/// The box drawLabel() gives `text` in `font` (without its halo's margin).
QSizeF labelSize(const QFont &font, const QString &text);

/// Draws `text` near `tip`, pushed outwards along the direction from `from` so that it does not
/// sit on the shaft; a translucent halo keeps it readable over the grid.
void drawLabel(QPainter &painter, QPointF from, QPointF tip, const QString &text,
               const QColor &color);

} // namespace ArrowPainter
