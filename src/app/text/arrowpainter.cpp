#include "text/arrowpainter.h"

#include "text/textstamp.h"
#include "theme/appearance.h"

#include <QFont>
#include <QPainter>
#include <QPainterPath>
#include <QStaticText>

#include <algorithm>
#include <cmath>

namespace ArrowPainter {

namespace {
// A label in two parts split at its last space, a name ("k₁₂") and a number ("0.153"), each
// laid out once: the whole label changes on nearly every frame of a drag, its parts recur
// (64 names, a thousand weights).
struct LabelParts
{
    QStaticText name, number; // number is empty when the text has no space to split at
    double gap = 0;
    QSizeF size;
};

LabelParts partsOf(const QFont &font, const QString &text)
{
    // The canvas places a label (labelSize()) and then draws it (drawLabel()): the same text
    // twice in a row, a few hundred times a frame with 64 keys.
    thread_local QFont lastFont;
    thread_local QString lastText;
    thread_local LabelParts last;
    if (text == lastText && font == lastFont && !last.name.text().isEmpty())
        return last;
    LabelParts parts;
    const qsizetype split = text.lastIndexOf(QLatin1Char(' '));
    if (split > 0 && split < text.size() - 1) {
        parts.name = TextStamp::laidOut(font, text.left(split));
        parts.number = TextStamp::laidOut(font, text.mid(split + 1));
        parts.gap = TextStamp::spaceWidth(font);
    } else {
        parts.name = TextStamp::laidOut(font, text);
    }
    const double width =
        parts.name.size().width() +
        (parts.number.text().isEmpty() ? 0.0 : parts.gap + parts.number.size().width());
    parts.size = QSizeF(width, TextStamp::lineHeight(font));
    lastFont = font;
    lastText = text;
    last = parts;
    return parts;
}
} // namespace

Style styleFor(ColorScheme::Role role, double width, double headLength)
{
    const double scale = Appearance::instance()->lineScale();
    Style s;
    s.color = ColorScheme::colorOf(role);
    s.width = width * scale;
    s.headLength = headLength * scale;
    s.line = ColorScheme::line(role);
    s.head = ColorScheme::head(role);
    return s;
}

namespace {
// What drawArrow changes, put back when it returns: cheaper than QPainter::save() and
// restore(), which copy and re-apply the whole state, for the hundreds of arrows of a frame.
class PenBrushOpacity
{
public:
    explicit PenBrushOpacity(QPainter &painter)
        : m_painter(painter), m_pen(painter.pen()), m_brush(painter.brush()),
          m_opacity(painter.opacity())
    {}
    ~PenBrushOpacity()
    {
        m_painter.setPen(m_pen);
        m_painter.setBrush(m_brush);
        m_painter.setOpacity(m_opacity);
    }
    PenBrushOpacity(const PenBrushOpacity &) = delete;
    PenBrushOpacity &operator=(const PenBrushOpacity &) = delete;

private:
    QPainter &m_painter;
    QPen m_pen;
    QBrush m_brush;
    qreal m_opacity;
};
} // namespace

void drawArrow(QPainter &painter, QPointF from, QPointF to, const Style &style)
{
    const PenBrushOpacity restore(painter);
    if (painter.opacity() != style.opacity)
        painter.setOpacity(style.opacity);
    const QLineF line(from, to);
    const double length = line.length();
    // A flat cap: the head covers the tip end anyway, and round caps with antialiasing send Qt
    // down a path that made a 64-key canvas about three times slower to paint.
    QPen pen(style.color, style.width, style.line, Qt::FlatCap, Qt::RoundJoin);
    // Qt's dots are a width apart from two widths of gap: too sparse to read as a line at the
    // widths used here. Denser dots keep a dotted arrow as visible as a solid one.
    if (style.line == Qt::DotLine)
        pen.setDashPattern({1.0, 1.4});
    painter.setPen(pen);
    if (length < 0.5) {
        // A zero vector: a dot, so that it can still be seen and grabbed. Filled without an
        // outline (as large as the outlined dot was): stroking a circle costs ten times more.
        painter.setPen(Qt::NoPen);
        painter.setBrush(style.color);
        painter.drawEllipse(to, style.width * 2.1, style.width * 2.1);
        return;
    }
    const double head = std::min(style.headLength, length * 0.6);
    const QPointF dir = (to - from) / length;
    const QPointF normal(-dir.y(), dir.x());
    const QPointF base = to - dir * head;
    // Where the shaft stops: inside a filled head, so that a thick dashed line does not poke
    // through it, and at the outline of an open one.
    QPointF shaftEnd = base + dir * (head * 0.2);
    if (style.head == ColorScheme::Head::FilledTriangle) {
        // The common head as a filled triangle without an outline (an outlined path costs a
        // third more per arrow, and a drag draws every arrow each frame); half a pixel wider
        // all round, as the outline made it.
        painter.drawLine(from, shaftEnd);
        const QPointF wing = normal * (head * 0.45 + 0.5);
        const QPointF triangle[] = {to + dir * 0.5, base + wing, base - wing};
        painter.setPen(Qt::NoPen);
        painter.setBrush(style.color);
        painter.drawConvexPolygon(triangle, 3);
        return;
    }
    QPainterPath tip;
    bool filled = true;
    switch (style.head) {
    case ColorScheme::Head::FilledTriangle:
        break; // drawn above
    case ColorScheme::Head::OpenTriangle:
        // A little wider than the filled one: an outline needs the room to read as a triangle.
        tip.moveTo(to);
        tip.lineTo(base + normal * (head * 0.5));
        tip.lineTo(base - normal * (head * 0.5));
        tip.closeSubpath();
        shaftEnd = base;
        filled = false;
        break;
    case ColorScheme::Head::Diamond: {
        const QPointF middle = to - dir * (head * 0.55);
        tip.moveTo(to);
        tip.lineTo(middle + normal * (head * 0.38));
        tip.lineTo(to - dir * (head * 1.1));
        tip.lineTo(middle - normal * (head * 0.38));
        tip.closeSubpath();
        shaftEnd = to - dir * (head * 0.9);
        break;
    }
    case ColorScheme::Head::Circle: {
        // A disc whose front touches the tip, as a triangle's point does.
        const double r = head * 0.4;
        const QPointF centre = to - dir * r;
        tip.addEllipse(centre, r, r);
        shaftEnd = centre;
        break;
    }
    }
    painter.drawLine(from, shaftEnd);
    if (filled) {
        painter.setPen(QPen(style.color, 1.0));
        painter.setBrush(style.color);
    } else {
        painter.setPen(QPen(style.color, std::max(1.5, style.width * 0.7), Qt::SolidLine,
                            Qt::FlatCap, Qt::MiterJoin));
        painter.setBrush(Qt::NoBrush);
    }
    painter.drawPath(tip);
}

QSizeF labelSize(const QFont &font, const QString &text)
{
    return partsOf(font, text).size;
}

void drawLabel(QPainter &painter, QPointF from, QPointF tip, const QString &text,
               const QColor &color)
{
    const QPen pen = painter.pen();
    const LabelParts parts = partsOf(painter.font(), text);
    const QSizeF size = parts.size;
    QPointF dir = tip - from;
    const double len = std::hypot(dir.x(), dir.y());
    dir = len > 0 ? dir / len : QPointF(1, 0);
    // Place the label's centre beyond the tip, far enough for its half-diagonal.
    const double push = 0.5 * std::hypot(size.width(), size.height()) + 6;
    const QPointF centre = tip + dir * push;
    const QRectF box(centre.x() - size.width() / 2, centre.y() - size.height() / 2, size.width(),
                     size.height());
    // A plain translucent box: a rounded one costs a curved path per label per frame. Filled
    // without antialiasing, on whole pixels: an antialiased fill sends every box through the
    // rasterizer, a twentieth of a 16-key frame; each edge moves by a pixel at most.
    QColor halo = painter.background().color();
    halo.setAlpha(200);
    const bool antialiased = painter.testRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::Antialiasing, false);
    painter.fillRect(box.adjusted(-3, -1, 3, 1), halo);
    painter.setRenderHint(QPainter::Antialiasing, antialiased);
    painter.setPen(color);
    const QPointF topLeft(box.left(), centre.y() - parts.name.size().height() / 2);
    painter.drawStaticText(topLeft, parts.name);
    if (!parts.number.text().isEmpty())
        painter.drawStaticText(topLeft + QPointF(parts.name.size().width() + parts.gap, 0),
                               parts.number);
    painter.setPen(pen);
}

} // namespace ArrowPainter
