#pragma once

#include <QRectF>
#include <QSizeF>
#include <QStaticText>
#include <Qt>

class QFont;
class QPainter;
class QString;

/// Short texts (labels, cell numbers, ticks) laid out once per font and drawn from their glyphs
/// afterwards. Shaping a text costs more than drawing it, and a drag redraws the same names and
/// the same few hundred rounded numbers on every frame. GUI thread only (it paints).
namespace TextStamp {

/// `text` in `font`, laid out. QStaticText is shared, so the copy is cheap.
QStaticText laidOut(const QFont &font, const QString &text);

/// The width of `text` and the font's line height.
QSizeF size(const QFont &font, const QString &text);

/// Draws `text` in the painter's font and pen, placed in `rect` by `alignment` as
/// QPainter::drawText(rect, alignment, text) would place a single line.
void draw(QPainter &painter, const QRectF &rect, Qt::Alignment alignment, const QString &text);

/// The width of a space and the line height of `font`.
double spaceWidth(const QFont &font);
double lineHeight(const QFont &font);

} // namespace TextStamp
