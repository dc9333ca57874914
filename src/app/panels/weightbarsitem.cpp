#include "panels/weightbarsitem.h"

#include <QBarSet>
#include <QPainter>

WeightBarsItem::WeightBarsItem(QGraphicsItem *parent) : QGraphicsItem(parent) {}

void WeightBarsItem::layOut(const QList<QBarSet *> &sets, const QRectF &plot,
                            std::pair<double, double> x, std::pair<double, double> y, double width,
                            bool grouped)
{
    // Plain names rather than structured bindings: clang 14 cannot capture those in a lambda.
    const double x0 = x.first, x1 = x.second;
    const double y0 = y.first, y1 = y.second;
    if (plot.isEmpty() || !(x1 > x0) || !(y1 > y0) || sets.isEmpty()) {
        setBars({}, plot);
        return;
    }
    // Qt Charts' mapping from values to the plot area (its XY domain).
    auto at = [&](double vx, double vy) {
        return QPointF(plot.left() + (vx - x0) * plot.width() / (x1 - x0),
                       plot.top() + (y1 - vy) * plot.height() / (y1 - y0));
    };
    const int count = int(sets.size());
    QList<Bar> bars;
    bars.reserve(count);
    for (int i = 0; i < count; ++i) {
        const QBarSet *set = sets[i];
        const double v = set->at(grouped ? i : 0);
        const double left = grouped ? i - width / 2 : -width / 2 + width * i / count;
        const double right = grouped ? i + width / 2 : -width / 2 + width * (i + 1) / count;
        bars.append({QRectF(at(left, v), at(right, 0.0)).normalized(), set->brush(), set->pen()});
    }
    setBars(std::move(bars), plot);
}

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
