#include "sequence/viewcaption.h"

#include <QFontMetrics>
#include <QPainter>
#include <QRect>

#include <algorithm>

QString ViewCaption::unbreakable(const QString &text)
{
    QString out = text;
    out.replace(QStringLiteral(" = "), QStringLiteral("\u00A0=\u00A0"));
    return out;
}

int ViewCaption::height(const QString &text, const QFont &font, int width) const
{
    if (width != m_width || text != m_text || font != m_font) {
        const QFontMetrics fm(font);
        m_text = text;
        m_font = font;
        m_width = width;
        m_height = fm.boundingRect(QRect(0, 0, std::max(1, width), 100000),
                                   Qt::AlignHCenter | Qt::AlignTop | Qt::TextWordWrap,
                                   unbreakable(text))
                       .height() +
                   fm.height() / 2;
    }
    return m_height;
}

void ViewCaption::paint(QPainter &painter, const QRect &area, const QString &text) const
{
    painter.drawText(QRect(area.left(), area.top(), area.width(),
                           height(text, painter.font(), area.width())),
                     Qt::AlignHCenter | Qt::AlignTop | Qt::TextWordWrap, unbreakable(text));
}
