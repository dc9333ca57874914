#include "panels/weightbarsitem.h"

#include <QPainter>

WeightBarsItem::WeightBarsItem(QGraphicsItem *parent) : QGraphicsItem(parent) {}

void WeightBarsItem::setBars(QList<Bar> bars, const QRectF &area)
{
    if (bars == m_bars && area == m_area)
        return;
    if (area != m_area) {
        prepareGeometryChange();
        m_area = area;
    }
    m_bars = std::move(bars);
    update();
}

void WeightBarsItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *, QWidget *)
{
    painter->save();
    painter->setClipRect(m_area, Qt::IntersectClip);
    for (const Bar &bar : std::as_const(m_bars)) {
        if (bar.rect.isEmpty())
            continue;
        painter->setPen(bar.pen);
        painter->setBrush(bar.brush);
        painter->drawRect(bar.rect);
    }
    painter->restore();
}
