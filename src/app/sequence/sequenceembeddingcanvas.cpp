#include "sequence/sequenceembeddingcanvas.h"

#include "model/sequencesession.h"
#include "theme/appearance.h"
#include "theme/colorscheme.h"

#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

SequenceEmbeddingCanvas::SequenceEmbeddingCanvas(SequenceSession *session, QWidget *parent)
    : QWidget(parent), m_session(session)
{
    connect(session, &SequenceSession::changed, this, [this] {
        // While dragging the scale stays put, so that the point stays under the pointer.
        if (m_dragged < 0)
            m_extent = computeExtent();
        update();
    });
    m_extent = computeExtent();
    setMouseTracking(true);
    setAccessibleName(tr("Embeddings, positions and inputs in the plane"));
}

bool SequenceEmbeddingCanvas::draggable() const
{
    return m_session->model().dModel == 2;
}

QRect SequenceEmbeddingCanvas::plotRect() const
{
    const QFontMetrics fm(font());
    const int top = fm.height() * 3, bottom = fm.height();
    const int side = std::max(40, std::min(width() - 2 * fm.height(), height() - top - bottom));
    return QRect((width() - side) / 2, top, side, side);
}

QPointF SequenceEmbeddingCanvas::toWidget(double x, double y) const
{
    const QRectF r = plotRect();
    return QPointF(r.center().x() + x / m_extent * r.width() / 2,
                   r.center().y() - y / m_extent * r.height() / 2);
}

QPointF SequenceEmbeddingCanvas::toModel(QPointF at) const
{
    const QRectF r = plotRect();
    return QPointF((at.x() - r.center().x()) / (r.width() / 2) * m_extent,
                   -(at.y() - r.center().y()) / (r.height() / 2) * m_extent);
}

QPointF SequenceEmbeddingCanvas::position(int i) const
{
    const auto &model = m_session->model();
    if (model.dModel < 2)
        return {};
    const int pos = m_session->shift() + i;
    switch (model.positions) {
    case attn::PositionKind::Sinusoidal: {
        const attn::Vector p = attn::sinusoidalPosition(pos, model.dModel, model.base);
        return QPointF(p(0), p(1));
    }
    case attn::PositionKind::Learned:
        if (pos < model.weights.positionTable.rows())
            return QPointF(model.weights.positionTable(pos, 0), model.weights.positionTable(pos, 1));
        break;
    case attn::PositionKind::None:
    case attn::PositionKind::Rotary:
        break;
    }
    return {};
}

double SequenceEmbeddingCanvas::computeExtent() const
{
    const auto &model = m_session->model();
    double largest = 1.0; // the unit circle of sinusoidal positions always fits
    if (model.dModel >= 2) {
        largest = std::max(largest, model.weights.embedding.leftCols(2).cwiseAbs().maxCoeff());
        if (m_session->hasResult())
            largest = std::max(largest, m_session->forward().input.leftCols(2).cwiseAbs().maxCoeff());
        for (int i = 0; i < int(m_session->tokens().size()); ++i) {
            const QPointF p = position(i);
            largest = std::max({largest, std::abs(p.x()), std::abs(p.y())});
        }
    }
    return largest * 1.25;
}

int SequenceEmbeddingCanvas::tokenAt(QPointF at) const
{
    const auto &e = m_session->model().weights.embedding;
    const double reach = std::max(8.0, QFontMetrics(font()).height() * 0.6);
    int best = -1;
    double bestDistance = reach;
    for (int t = 0; t < int(e.rows()); ++t) {
        const QPointF p = toWidget(e(t, 0), e(t, 1));
        const double d = std::hypot(p.x() - at.x(), p.y() - at.y());
        if (d <= bestDistance) {
            bestDistance = d;
            best = t;
        }
    }
    return best;
}

QSize SequenceEmbeddingCanvas::sizeHint() const
{
    return QSize(360, 360);
}

QSize SequenceEmbeddingCanvas::minimumSizeHint() const
{
    return QSize(180, 180);
}

void SequenceEmbeddingCanvas::mousePressEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton || !draggable())
        return QWidget::mousePressEvent(event);
    m_dragged = tokenAt(event->position());
    if (m_dragged >= 0)
        setCursor(Qt::ClosedHandCursor);
}

void SequenceEmbeddingCanvas::mouseMoveEvent(QMouseEvent *event)
{
    if (m_dragged < 0) {
        if (draggable())
            setCursor(tokenAt(event->position()) >= 0 ? Qt::OpenHandCursor : Qt::ArrowCursor);
        return;
    }
    const QPointF to = toModel(event->position());
    attn::Vector row(2);
    row << to.x(), to.y();
    // Every step after the first joins the first one's undo step.
    m_session->setEmbeddingRow(m_dragged, row, m_moved);
    m_moved = true;
}

void SequenceEmbeddingCanvas::mouseReleaseEvent(QMouseEvent *event)
{
    if (m_dragged < 0)
        return QWidget::mouseReleaseEvent(event);
    m_dragged = -1;
    m_moved = false;
    m_extent = computeExtent();
    setCursor(Qt::OpenHandCursor);
    update();
}

void SequenceEmbeddingCanvas::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    p.fillRect(rect(), ColorScheme::background());
    const auto &model = m_session->model();
    const QFontMetrics fm(font());
    const double line = Appearance::instance()->lineScale();

    QString caption = model.dModel == 2
                          ? tr("Embeddings E (hollow), positions P_i (diamonds) and inputs "
                               "x_i = E + P_i (filled); D = 2, drag an embedding")
                          : tr("Embeddings E (hollow), positions P_i (diamonds) and inputs "
                               "x_i = E + P_i (filled): components 1 and 2 of D = %1")
                                .arg(model.dModel);
    switch (model.positions) {
    case attn::PositionKind::Sinusoidal:
        caption += QLatin1Char('\n') +
                   tr("Sinusoidal: P_i = (sin i, cos i, …) lies on the unit circle in this plane");
        break;
    case attn::PositionKind::Learned:
        caption += QLatin1Char('\n') + tr("Learned: P_i is row i of the position table");
        break;
    case attn::PositionKind::Rotary:
        caption += QLatin1Char('\n') +
                   tr("Rotary: nothing is added, x_i = E; q and k are turned instead (right)");
        break;
    case attn::PositionKind::None:
        caption += QLatin1Char('\n') + tr("No positions: x_i = E");
        break;
    }
    p.setPen(ColorScheme::text());
    p.drawText(QRect(0, 0, width(), fm.height() * 3), Qt::AlignCenter | Qt::TextWordWrap, caption);
    if (model.dModel < 2 || !m_session->hasResult())
        return;

    const QRect r = plotRect();
    p.setPen(QPen(ColorScheme::axis(), line));
    p.setBrush(Qt::NoBrush);
    p.drawRect(r);
    p.setPen(QPen(ColorScheme::gridMinor(), line));
    const QPointF origin = toWidget(0, 0);
    p.drawLine(QPointF(r.left(), origin.y()), QPointF(r.right(), origin.y()));
    p.drawLine(QPointF(origin.x(), r.top()), QPointF(origin.x(), r.bottom()));
    if (model.positions == attn::PositionKind::Sinusoidal) {
        const QPointF corner = toWidget(1, 1);
        p.setPen(QPen(ColorScheme::faded(ColorScheme::value(), 0.7), line, Qt::DashLine));
        p.drawEllipse(origin, corner.x() - origin.x(), origin.y() - corner.y());
    }

    const double dot = std::max(3.0, fm.height() / 4.0) * line;
    const auto &tokens = m_session->tokens();
    const attn::Matrix &input = m_session->forward().input;
    const attn::Matrix &e = model.weights.embedding;
    const bool added = model.positions == attn::PositionKind::Sinusoidal ||
                       model.positions == attn::PositionKind::Learned;

    // Positions, then embeddings, then inputs on top.
    if (added) {
        const QColor colour = ColorScheme::value();
        for (int i = 0; i < int(tokens.size()); ++i) {
            const QPointF pi = position(i);
            const QPointF at = toWidget(pi.x(), pi.y());
            p.setPen(QPen(colour, line));
            p.setBrush(colour);
            QPolygonF diamond({at + QPointF(0, -dot), at + QPointF(dot, 0), at + QPointF(0, dot),
                               at + QPointF(-dot, 0)});
            p.drawPolygon(diamond);
            p.drawText(at + QPointF(dot + 2, fm.ascent() / 2.0),
                       QStringLiteral("P") + QString::number(m_session->shift() + i));
        }
    }
    const QColor embedding = ColorScheme::key();
    for (int t = 0; t < int(e.rows()); ++t) {
        const QPointF at = toWidget(e(t, 0), e(t, 1));
        p.setPen(QPen(embedding, (t == m_dragged ? 3 : 2) * line));
        p.setBrush(Qt::NoBrush);
        p.drawEllipse(at, dot * 1.4, dot * 1.4);
        p.drawText(at + QPointF(-dot - 2 - fm.horizontalAdvance(m_session->tokenName(t)), -dot),
                   m_session->tokenName(t));
    }
    const QColor inputColour = ColorScheme::query();
    for (int i = 0; i < int(tokens.size()); ++i) {
        const int t = tokens[std::size_t(i)];
        const QPointF from = toWidget(e(t, 0), e(t, 1));
        const QPointF at = toWidget(input(i, 0), input(i, 1));
        if (added) {
            p.setPen(QPen(ColorScheme::faded(inputColour, 0.6), line));
            p.drawLine(from, at);
        }
        p.setPen(QPen(inputColour, line));
        p.setBrush(inputColour);
        p.drawEllipse(at, dot, dot);
        p.drawText(at + QPointF(dot + 2, -2), QStringLiteral("x") +
                                                   QString::number(m_session->shift() + i) +
                                                   QLatin1Char(' ') + m_session->tokenName(t));
    }
}
