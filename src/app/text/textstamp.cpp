#include "text/textstamp.h"

#include <QFont>
#include <QFontMetricsF>
#include <QHash>
#include <QPainter>
#include <QString>

#include <algorithm>
#include <array>
#include <map>

namespace TextStamp {

namespace {
// What is known of a font: its metrics and the texts laid out in it. A frame's texts come in a
// few fonts in turn (the canvas's labels and ticks, the heat map's, the chart's), and QFont::key()
// and QFontMetricsF cost more than placing a text: the last few fonts are remembered, not one.
struct FontFacts
{
    QFont font;
    double space = 0, height = 0;
    QHash<QString, QStaticText> *texts = nullptr;
};

// Everything laid out so far, by font key (a map: the recent fonts point into it). Names and
// rounded numbers: a few thousand texts at most, but never grow without end, even when a view
// keeps choosing new font sizes.
struct Cache
{
    std::map<QString, QHash<QString, QStaticText>> byFontKey;
    qsizetype texts = 0;
    std::array<FontFacts, 4> recent; // the most recent first
    int used = 0;
};
constexpr qsizetype kMaxTexts = 4000;

Cache &cache()
{
    static Cache c;
    return c;
}

FontFacts &factsOf(const QFont &font)
{
    Cache &c = cache();
    for (int i = 0; i < c.used; ++i) {
        if (c.recent[std::size_t(i)].font == font) {
            std::rotate(c.recent.begin(), c.recent.begin() + i, c.recent.begin() + i + 1);
            return c.recent[0];
        }
    }
    const QFontMetricsF fm(font);
    c.used = std::min(c.used + 1, int(c.recent.size()));
    std::rotate(c.recent.begin(), c.recent.begin() + (c.used - 1), c.recent.begin() + c.used);
    c.recent[0] = {font, fm.horizontalAdvance(QLatin1Char(' ')), fm.height(),
                   &c.byFontKey[font.key()]};
    return c.recent[0];
}
} // namespace

QStaticText laidOut(const QFont &font, const QString &text)
{
    FontFacts *facts = &factsOf(font);
    if (auto it = facts->texts->constFind(text); it != facts->texts->cend())
        return *it;
    Cache &c = cache();
    if (c.texts >= kMaxTexts) {
        c.byFontKey.clear();
        c.texts = 0;
        c.used = 0;
        facts = &factsOf(font);
    }
    QStaticText laid(text);
    laid.setTextFormat(Qt::PlainText);
    laid.prepare(QTransform(), font);
    ++c.texts;
    return *facts->texts->insert(text, laid);
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
