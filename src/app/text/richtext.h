#pragma once

class QColor;
class QFont;
class QPainter;
class QPointF;
class QString;

/// Small pieces of rich text (a title with subscripts, a caption in the lesson's colours).
namespace RichText {

/// Draws `html` in `font` and `color`, wrapped to `width`, with its top left at `at`, and
/// returns its height. It stays text in a file (SVG, PDF). Laying rich text out costs far more
/// than drawing it: what is repainted on every frame of a drag should draw it into a cached
/// picture (as HeadCanvases does with its tiles' backgrounds).
double draw(QPainter &painter, const QString &html, QPointF at, double width, const QFont &font,
            const QColor &color);

} // namespace RichText
