#include "panels/stampedtextitem.h"

#include "text/textstamp.h"

#include <QPainter>

StampedTextItem::StampedTextItem(QGraphicsItem *parent) : QGraphicsItem(parent) {}

void StampedTextItem::setText(const QString &text)
{
    if (text == m_text)
        return;
    m_text = text;
    resize();
}

void StampedTextItem::setFont(const QFont &font)
{
    if (font == m_font)
        return;
    m_font = font;
    resize();
}

void StampedTextItem::setBrush(const QBrush &brush)
{
    if (brush == m_brush)
        return;
    m_brush = brush;
    update();
}

void StampedTextItem::resize()
{
    const QRectF rect(QPointF(0, 0), TextStamp::size(m_font, m_text));
    if (rect != m_rect) {
        prepareGeometryChange();
        m_rect = rect;
    }
    update();
}

QRectF StampedTextItem::boundingRect() const
{
    return m_rect;
}

void StampedTextItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *, QWidget *)
{
    if (m_text.isEmpty())
        return;
    painter->setFont(m_font);
    painter->setPen(QPen(m_brush, 0));
    TextStamp::draw(*painter, m_rect, Qt::AlignLeft | Qt::AlignVCenter, m_text);
}
