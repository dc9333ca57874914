#pragma once

#include <QHash>
#include <QPixmap>
#include <QString>

class QColor;
class QFont;
class QPainter;
class QPointF;

/// Small pieces of rich text (a title with subscripts, a caption in the lesson's colours) laid
/// out once into a picture and stamped from then on. Laying out rich text costs far more than
/// drawing it, and a drag repaints the same few titles on every frame.
class RichTextCache
{
public:
    /// Draws `html` in `font` and `color`, wrapped to `width`, with its top left at `at`, and
    /// returns its height. Painting into a file (SVG, PDF) should pass `stamp = false`: the text
    /// then stays text rather than a picture.
    double draw(QPainter &painter, const QString &html, QPointF at, double width, const QFont &font,
                const QColor &color, bool stamp);

private:
    QHash<QString, QPixmap> m_pictures;
};
