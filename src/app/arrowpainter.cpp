#include "arrowpainter.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPath>

#include <cmath>

namespace ArrowPainter {

void drawArrow(QPainter &painter, QPointF from, QPointF to, const Style &style)
{
    painter.save();
    painter.setOpacity(style.opacity);
    const QLineF line(from, to);
    const double length = line.length();
    // A flat cap: the head covers the tip end anyway, and round caps with antialiasing send Qt
    // down a path that made a 64-key canvas about three times slower to paint.
    QPen pen(style.color, style.width, style.dashed ? Qt::DashLine : Qt::SolidLine, Qt::FlatCap,
             Qt::RoundJoin);
    painter.setPen(pen);
    if (length < 0.5) {
        // A zero vector: a dot, so that it can still be seen and grabbed.
        painter.setBrush(style.color);
        painter.drawEllipse(to, style.width * 1.6, style.width * 1.6);
        painter.restore();
        return;
    }
    const double head = std::min(style.headLength, length * 0.6);
    const QPointF dir = (to - from) / length;
    const QPointF normal(-dir.y(), dir.x());
    const QPointF base = to - dir * head;
    // The shaft stops at the head's base so that a thick dashed line does not poke through it.
    painter.drawLine(from, base + dir * (head * 0.2));
    QPainterPath tip;
    tip.moveTo(to);
    tip.lineTo(base + normal * (head * 0.45));
    tip.lineTo(base - normal * (head * 0.45));
    tip.closeSubpath();
    painter.setPen(QPen(style.color, 1.0));
    painter.setBrush(style.color);
    painter.drawPath(tip);
    painter.restore();
}

void drawLabel(QPainter &painter, QPointF from, QPointF tip, const QString &text,
               const QColor &color)
{
    painter.save();
    const QFontMetricsF fm(painter.font());
    const QSizeF size(fm.horizontalAdvance(text), fm.height());
    QPointF dir = tip - from;
    const double len = std::hypot(dir.x(), dir.y());
    dir = len > 0 ? dir / len : QPointF(1, 0);
    // Place the label's centre beyond the tip, far enough for its half-diagonal.
    const double push = 0.5 * std::hypot(size.width(), size.height()) + 6;
    const QPointF centre = tip + dir * push;
    const QRectF box(centre.x() - size.width() / 2, centre.y() - size.height() / 2, size.width(),
                     size.height());
    painter.setPen(Qt::NoPen);
    QColor halo = painter.background().color();
    halo.setAlpha(200);
    painter.setBrush(halo);
    painter.drawRoundedRect(box.adjusted(-3, -1, 3, 1), 3, 3);
    painter.setPen(color);
    painter.drawText(box, Qt::AlignCenter, text);
    painter.restore();
}

} // namespace ArrowPainter
