#include "arrowpainter.h"

#include <QFont>
#include <QFontMetricsF>
#include <QHash>
#include <QPainter>
#include <QStaticText>

#include <cmath>

namespace ArrowPainter {

namespace {
// Labels laid out once and drawn from their glyphs afterwards: shaping a label's text costs more
// than drawing it, and a drag redraws the same few dozen labels every frame. Only the GUI thread
// paints labels. The weights' numbers bring new texts during a drag, so the cache is emptied
// when it grows past a bound.
const QStaticText &laidOut(const QFont &font, const QString &text)
{
    static QHash<QString, QStaticText> cache;
    const QString key = font.key() + QChar(0x1f) + text;
    if (auto it = cache.constFind(key); it != cache.cend())
        return *it;
    if (cache.size() > 4000)
        cache.clear();
    QStaticText laid(text);
    laid.setTextFormat(Qt::PlainText);
    laid.prepare(QTransform(), font);
    return *cache.insert(key, laid);
}
} // namespace

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
    // The head as a filled triangle without an outline (an outlined path costs a third more per
    // arrow); half a pixel wider all round, as the outline made it.
    const QPointF wing = normal * (head * 0.45 + 0.5);
    const QPointF tip[] = {to + dir * 0.5, base + wing, base - wing};
    painter.setPen(Qt::NoPen);
    painter.setBrush(style.color);
    painter.drawConvexPolygon(tip, 3);
    painter.restore();
}

QSizeF labelSize(const QFont &font, const QString &text)
{
    return {laidOut(font, text).size().width(), QFontMetricsF(font).height()};
}

void drawLabel(QPainter &painter, QPointF from, QPointF tip, const QString &text,
               const QColor &color)
{
    painter.save();
    const QStaticText &laid = laidOut(painter.font(), text);
    const QSizeF size = labelSize(painter.font(), text);
    QPointF dir = tip - from;
    const double len = std::hypot(dir.x(), dir.y());
    dir = len > 0 ? dir / len : QPointF(1, 0);
    // Place the label's centre beyond the tip, far enough for its half-diagonal.
    const double push = 0.5 * std::hypot(size.width(), size.height()) + 6;
    const QPointF centre = tip + dir * push;
    const QRectF box(centre.x() - size.width() / 2, centre.y() - size.height() / 2, size.width(),
                     size.height());
    // A plain translucent box: a rounded one costs a curved path per label per frame.
    QColor halo = painter.background().color();
    halo.setAlpha(200);
    painter.fillRect(box.adjusted(-3, -1, 3, 1), halo);
    painter.setPen(color);
    painter.drawStaticText(centre - QPointF(laid.size().width(), laid.size().height()) / 2, laid);
    painter.restore();
}

} // namespace ArrowPainter
