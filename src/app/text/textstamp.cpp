#include "text/textstamp.h"

#include <QFont>
#include <QFontMetricsF>
#include <QHash>
#include <QPainter>
#include <QString>

namespace TextStamp {

namespace {
// The font texts were last asked for in: a frame's texts share one or two fonts, and
// QFont::key() and QFontMetricsF cost more than placing a text.
struct FontFacts
{
    QFont font;
    QString key;
    double space = 0, height = 0;
};

const FontFacts &factsOf(const QFont &font)
{
    static FontFacts last{QFont(), {}, -1, -1};
    if (last.height < 0 || !(font == last.font)) {
        const QFontMetricsF fm(font);
        last = {font, font.key(), fm.horizontalAdvance(QLatin1Char(' ')), fm.height()};
    }
    return last;
}
} // namespace

QStaticText laidOut(const QFont &font, const QString &text)
{
    static QHash<QString, QStaticText> cache;
    const FontFacts &facts = factsOf(font);
    const QString key = facts.key + QChar(0x1f) + text;
    if (auto it = cache.constFind(key); it != cache.cend())
        return *it;
    // Names and rounded numbers: a few thousand texts at most, but never grow without end.
    if (cache.size() > 4000)
        cache.clear();
    QStaticText laid(text);
    laid.setTextFormat(Qt::PlainText);
    laid.prepare(QTransform(), font);
    return *cache.insert(key, laid);
}

QSizeF size(const QFont &font, const QString &text)
{
    return {laidOut(font, text).size().width(), lineHeight(font)};
}

void draw(QPainter &painter, const QRectF &rect, Qt::Alignment alignment, const QString &text)
{
    const QStaticText laid = laidOut(painter.font(), text);
    const QSizeF size = laid.size();
    double x = rect.left(), y = rect.top();
    if (alignment & Qt::AlignRight)
        x = rect.right() - size.width();
    else if (alignment & Qt::AlignHCenter)
        x = rect.center().x() - size.width() / 2;
    if (alignment & Qt::AlignBottom)
        y = rect.bottom() - size.height();
    else if (alignment & Qt::AlignVCenter)
        y = rect.center().y() - size.height() / 2;
    painter.drawStaticText(QPointF(x, y), laid);
}

double spaceWidth(const QFont &font)
{
    return factsOf(font).space;
}

double lineHeight(const QFont &font)
{
    return factsOf(font).height;
}

} // namespace TextStamp
