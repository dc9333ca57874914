#pragma once

#include <QFont>
#include <QStaticText>
#include <QString>

class QPainter;
class QRect;

/// The caption a view of the Sequence window writes above its drawing: wrapped to the view's
/// width in as many lines as that takes, so that no larger font (presentation mode) or longer
/// language cuts it off, and never broken inside an equation such as "D = 16". It is laid out
/// once per text, font and width: every geometry query of the view asks for its height, and
/// every frame of a drag paints it.
class ViewCaption
{
public:
    /// The height `text` takes wrapped to `width` pixels in `font`, with half a line below it.
    int height(const QString &text, const QFont &font, int width) const;
    /// Paints `text` centred at the top of `area`, wrapped to its width, in the painter's font
    /// and pen.
    void paint(QPainter &painter, const QRect &area, const QString &text) const;

    /// `text` with the spaces around "=" and "+" made unbreakable: "D = 16" stays on one line.
    static QString unbreakable(const QString &text);

private:
    void layOut(const QString &text, const QFont &font, int width) const;

    mutable QString m_text;
    mutable QFont m_font;
    mutable int m_width = -1;
    mutable int m_height = 0;
    mutable QStaticText m_laidOut;
};
