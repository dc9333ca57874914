#include "sequence/sequenceoffsetplot.h"

#include "model/sequencesession.h"
#include "sequence/spanlinerasterizer.h"
#include "theme/appearance.h"
#include "theme/colorscheme.h"

#include <QDataStream>
#include <QEvent>
#include <QIODevice>
#include <QLocale>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

SequenceOffsetPlot::SequenceOffsetPlot(SequenceSession *session, QWidget *parent)
    : QWidget(parent), m_session(session)
{
    connect(session, &SequenceSession::changed, this, [this] {
        recompute();
        update();
    });
    recompute();
    // Every paint covers the whole view: nothing under it needs painting first.
    setAttribute(Qt::WA_OpaquePaintEvent);
    setAccessibleName(tr("Score of one pair against the offset, for each kind of position"));
}

void SequenceOffsetPlot::setPair(int head, int queryToken, int keyToken)
{
    m_head = head;
    m_query = queryToken;
    m_key = keyToken;
    recompute();
    update();
}

void SequenceOffsetPlot::recompute()
{
    const auto &model = m_session->model();
    const int vocabulary = int(model.vocabulary.size());
    m_head = std::clamp(m_head, 0, model.layerCount() > 0 ? model.headCount(0) - 1 : 0);
    m_query = std::clamp(m_query, 0, std::max(0, vocabulary - 1));
    m_key = std::clamp(m_key, 0, std::max(0, vocabulary - 1));
    m_low = 0;
    m_high = 0;
    for (int k = 0; k < 4; ++k) {
        const auto curve =
            m_session->offsetScores(kKinds[std::size_t(k)], m_head, m_query, m_key, kMaxOffset);
        m_curves[std::size_t(k)].clear();
        m_unavailable[std::size_t(k)].clear();
        if (!curve) {
            const std::string &subject = curve.error().subject;
            m_unavailable[std::size_t(k)] =
                subject == "d_model" ? tr("needs an even D")
                : subject == "d_k"   ? tr("needs an even d_k")
                : subject == "positions.table"
                    ? tr("the table has no row for position %1").arg(curve.error().expected - 1)
                    : tr("not available");
            continue;
        }
        m_curves[std::size_t(k)] = curve.value();
        for (double s : curve.value()) {
            m_low = std::min(m_low, s);
            m_high = std::max(m_high, s);
        }
    }
    if (m_high - m_low < 1e-9) {
        m_low -= 1;
        m_high += 1;
    }
    const double pad = (m_high - m_low) * 0.08;
    m_low -= pad;
    m_high += pad;
}

QColor SequenceOffsetPlot::colorFor(int kind)
{
    // The text colour for "none" (readable on either theme), then Okabe–Ito blue, green and
    // vermilion, told apart with colour-vision deficiencies (and by the dash besides).
    if (kind == 0)
        return ColorScheme::text();
    static const QColor colours[] = {QColor(0x00, 0x72, 0xB2), QColor(0x00, 0x9E, 0x73),
                                     QColor(0xD5, 0x5E, 0x00)};
    return colours[kind - 1];
}

Qt::PenStyle SequenceOffsetPlot::styleFor(int kind)
{
    // Told apart by the dash as well as the colour.
    constexpr Qt::PenStyle styles[] = {Qt::DotLine, Qt::DashLine, Qt::DashDotLine, Qt::SolidLine};
    return styles[kind];
}

QString SequenceOffsetPlot::legendText(int kind) const
{
    QString text = kindName(kind);
    if (!m_unavailable[std::size_t(kind)].isEmpty())
        text = tr("%1: not drawn, %2").arg(text, m_unavailable[std::size_t(kind)]);
    return text;
}

std::vector<QPointF> SequenceOffsetPlot::legendPlaces(int width) const
{
    // Left to right, a new line when the next entry would not fit; the last entry is the end.
    const QFontMetrics fm(font());
    std::vector<QPointF> places;
    double x = 0, y = 0;
    for (int k = 0; k < 4; ++k) {
        const double w =
            3 * fm.height() + 6 + fm.horizontalAdvance(legendText(k)) + 2 * fm.height();
        if (x > 0 && x + w > width) {
            x = 0;
            y += fm.height();
        }
        places.emplace_back(x, y);
        x += w;
    }
    places.emplace_back(0, y);
    return places;
}

QString SequenceOffsetPlot::kindName(int kind) const
{
    switch (kKinds[std::size_t(kind)]) {
    case attn::PositionKind::None:
        return tr("none");
    case attn::PositionKind::Sinusoidal:
        return tr("sinusoidal (added)");
    case attn::PositionKind::Learned:
        return tr("learned (added)");
    case attn::PositionKind::Rotary:
        return tr("rotary position embedding");
    }
    return {};
}

QString SequenceOffsetPlot::caption() const
{
    return tr("Score s = q·k/√d_k of query \"%1\" at position j + δ and key \"%2\" at "
              "position j = %3, layer 1, head %4")
        .arg(m_session->tokenName(m_query), m_session->tokenName(m_key))
        .arg(m_session->shift() + kMaxOffset)
        .arg(m_head + 1);
}

QRect SequenceOffsetPlot::plotRect() const
{
    const QFontMetrics fm(font());
    const int left = fm.horizontalAdvance(QStringLiteral("−00.00")) + fm.height();
    const int top = m_caption.height(caption(), font(), width()), bottom = fm.height() * 3;
    const int w = std::max(40, width() - left - fm.height());
    const int legend = int(legendPlaces(w).back().y()) + fm.height() * 2;
    return QRect(left, top, w, std::max(40, height() - top - bottom - legend));
}

QPointF SequenceOffsetPlot::pointAt(int kind, int offset) const
{
    return pointIn(plotRect(), kind, offset);
}

QPointF SequenceOffsetPlot::pointIn(const QRectF &r, int kind, int offset) const
{
    const auto &c = m_curves[std::size_t(kind)];
    const int index = offset + kMaxOffset;
    if (index < 0 || index >= int(c.size()))
        return {};
    return QPointF(r.left() + double(index) / (2 * kMaxOffset) * r.width(),
                   r.bottom() - (c[std::size_t(index)] - m_low) / (m_high - m_low) * r.height());
}

QSize SequenceOffsetPlot::sizeHint() const
{
    return QSize(420, 320);
}

QSize SequenceOffsetPlot::minimumSizeHint() const
{
    return QSize(240, 220);
}

void SequenceOffsetPlot::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        recompute();
    QWidget::changeEvent(event);
}

void SequenceOffsetPlot::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    if (!StillLayer::usable(p, *this)) {
        // Files (SVG, PDF) and scaled pictures: vectors and text, as QPainter draws them.
        p.fillRect(rect(), ColorScheme::background());
        paintStill(p);
        paintData(p, nullptr);
        return;
    }
    // What stays still while a token moves (the frame, the offsets' grid and numbers, the
    // legend) from a picture; the scores, their range and the curves drawn over a copy of it.
    QByteArray key;
    {
        QDataStream stream(&key, QIODevice::WriteOnly);
        stream << caption() << tr("offset δ = i − j");
        for (int k = 0; k < 4; ++k)
            stream << legendText(k);
    }
    // Brings the still picture up to date; frame() starts from it.
    m_still.picture(*this, key, [this](QPainter &q) { paintStill(q); });
    QImage &frame = m_still.frame();
    {
        QPainter q(&frame);
        q.setRenderHint(QPainter::Antialiasing);
        q.setFont(font());
        paintData(q, &frame);
    }
    p.drawImage(QPoint(0, 0), frame);
}

void SequenceOffsetPlot::paintStill(QPainter &p) const
{
    const QFontMetrics fm(font());
    const double line = Appearance::instance()->lineScale();
    const QRect r = plotRect();

    p.setPen(ColorScheme::text());
    m_caption.paint(p, rect(), caption());

    p.setPen(QPen(ColorScheme::axis(), line));
    p.setBrush(Qt::NoBrush);
    p.drawRect(r);
    // Grid: every offset.
    const QLocale locale;
    for (int d = -kMaxOffset; d <= kMaxOffset; ++d) {
        const double x = r.left() + double(d + kMaxOffset) / (2 * kMaxOffset) * r.width();
        p.setPen(QPen(d == 0 ? ColorScheme::gridMajor() : ColorScheme::gridMinor(), line));
        p.drawLine(QPointF(x, r.top()), QPointF(x, r.bottom()));
        if (d % 2 == 0) {
            p.setPen(ColorScheme::text());
            p.drawText(QRectF(x - 20, r.bottom() + 2, 40, fm.height()), Qt::AlignCenter,
                       locale.toString(d));
        }
    }
    p.setPen(ColorScheme::text());
    p.drawText(QRect(r.left(), r.bottom() + fm.height() + 2, r.width(), fm.height()),
               Qt::AlignCenter, tr("offset δ = i − j"));

    // Legend: one entry per kind, with why a kind is missing.
    const std::vector<QPointF> places = legendPlaces(r.width());
    const int legendTop = r.bottom() + fm.height() * 2 + 6;
    for (int k = 0; k < 4; ++k) {
        const QPointF at(r.left() + places[std::size_t(k)].x(),
                         legendTop + places[std::size_t(k)].y());
        p.setPen(QPen(colorFor(k), 2 * line, styleFor(k)));
        p.drawLine(at + QPointF(0, fm.height() / 2.0),
                   at + QPointF(3 * fm.height(), fm.height() / 2.0));
        p.setPen(ColorScheme::text());
        p.drawText(QRectF(at.x() + 3 * fm.height() + 6, at.y(), r.width(), fm.height()),
                   Qt::AlignLeft | Qt::AlignVCenter, legendText(k));
    }
}

void SequenceOffsetPlot::paintData(QPainter &p, QImage *image) const
{
    const QFontMetrics fm(font());
    const double line = Appearance::instance()->lineScale();
    const QRect r = plotRect();
    const QLocale locale;
    // The score 0 and the range: they follow the scores.
    const auto yOf = [&](double s) {
        return r.bottom() - (s - m_low) / (m_high - m_low) * r.height();
    };
    if (m_low < 0 && m_high > 0) {
        p.setPen(QPen(ColorScheme::gridMajor(), line));
        p.drawLine(QPointF(r.left(), yOf(0)), QPointF(r.right(), yOf(0)));
    }
    p.setPen(ColorScheme::text());
    for (double s : {m_low, 0.0, m_high}) {
        if (s < m_low || s > m_high)
            continue;
        p.drawText(QRectF(0, yOf(s) - fm.height() / 2.0, r.left() - 4, fm.height()),
                   Qt::AlignRight | Qt::AlignVCenter, locale.toString(s, 'f', 2));
    }

    const double dot = std::max(2.5, fm.height() / 5.0) * line;
    for (int k = 0; k < 4; ++k) {
        const auto &c = m_curves[std::size_t(k)];
        if (c.empty())
            continue;
        const QPen pen(colorFor(k), 2 * line, styleFor(k));
        if (image) {
            // Tall dashed strokes cost QPainter most of this view's frame: the curve's dashes
            // composed column by column instead, its joins under the points drawn next.
            const double ratio = image->devicePixelRatio();
            std::vector<QPointF> points;
            for (int d = -kMaxOffset; d <= kMaxOffset; ++d)
                points.push_back(pointIn(r, k, d) * ratio);
            SpanLineRasterizer::drawPolyline(
                *image, points, pen.widthF() * ratio, pen.color().rgba(), pen.dashPattern(),
                pen.capStyle() == Qt::FlatCap ? 0.0 : pen.widthF() * ratio / 2);
        } else {
            QPainterPath path;
            for (int d = -kMaxOffset; d <= kMaxOffset; ++d) {
                const QPointF at = pointIn(r, k, d);
                if (d == -kMaxOffset)
                    path.moveTo(at);
                else
                    path.lineTo(at);
            }
            p.setPen(pen);
            p.setBrush(Qt::NoBrush);
            p.drawPath(path);
        }
        p.setPen(Qt::NoPen);
        p.setBrush(colorFor(k));
        for (int d = -kMaxOffset; d <= kMaxOffset; ++d)
            p.drawEllipse(pointIn(r, k, d), dot, dot);
    }
}
