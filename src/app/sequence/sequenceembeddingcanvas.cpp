#include "sequence/sequenceembeddingcanvas.h"

#include "model/sequencesession.h"
#include "theme/appearance.h"
#include "theme/colorscheme.h"
#include "widgets/pointerloss.h"

#include <QDataStream>
#include <QIODevice>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

SequenceEmbeddingCanvas::SequenceEmbeddingCanvas(SequenceSession *session, QWidget *parent)
    : QWidget(parent), m_session(session)
{
    connect(session, &SequenceSession::changed, this, [this] {
        // Any change that is not the drag's own (an undo, a preset, a file, a typed number)
        // ends the drag: the token held may be gone, and a later move would join the undo step
        // of that other change rather than the drag's.
        if (m_dragged >= 0 && !m_editing)
            endDrag();
        // While dragging the scale stays put, so that the point stays under the pointer.
        if (m_dragged < 0)
            m_extent = computeExtent();
        update();
    });
    m_extent = computeExtent();
    setMouseTracking(true);
    // Every paint covers the whole view: nothing under it needs painting first.
    setAttribute(Qt::WA_OpaquePaintEvent);
    setAccessibleName(tr("Embeddings, positions and inputs in the plane"));
}

bool SequenceEmbeddingCanvas::draggable() const
{
    return !m_readOnly && m_session->model().dModel == 2;
}

QString SequenceEmbeddingCanvas::caption() const
{
    const auto &model = m_session->model();
    QString caption = draggable() ? tr("Embeddings E (hollow), positions P_i (diamonds) and inputs "
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
    return caption;
}

int SequenceEmbeddingCanvas::captionHeight() const
{
    // As many lines as the caption wraps to at this width, so that none is cut off.
    return m_caption.height(caption(), font(), std::max(1, width() - 8));
}

QRect SequenceEmbeddingCanvas::plotRect() const
{
    const QFontMetrics fm(font());
    const int top = captionHeight(), bottom = fm.height() / 2;
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
            return QPointF(model.weights.positionTable(pos, 0),
                           model.weights.positionTable(pos, 1));
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
            largest =
                std::max(largest, m_session->forward().input.leftCols(2).cwiseAbs().maxCoeff());
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

bool SequenceEmbeddingCanvas::event(QEvent *event)
{
    if (losesPointer(event))
        endDrag();
    return QWidget::event(event);
}

void SequenceEmbeddingCanvas::endDrag()
{
    if (m_dragged < 0)
        return;
    m_dragged = -1;
    m_moved = false;
    m_extent = computeExtent();
    unsetCursor();
    update();
}

void SequenceEmbeddingCanvas::mouseMoveEvent(QMouseEvent *event)
{
    // The release went elsewhere: the drag is over.
    if (m_dragged >= 0 && !(event->buttons() & Qt::LeftButton))
        endDrag();
    if (m_dragged < 0) {
        if (draggable())
            setCursor(tokenAt(event->position()) >= 0 ? Qt::OpenHandCursor : Qt::ArrowCursor);
        return;
    }
    const QPointF to = toModel(event->position());
    attn::Vector row(2);
    row << to.x(), to.y();
    // Every step after the first accepted one joins that one's undo step (a refused first step
    // made none to join).
    m_editing = true;
    const bool accepted = m_session->setEmbeddingRow(m_dragged, row, m_moved);
    m_editing = false;
    m_moved = m_moved || accepted;
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
    const auto &model = m_session->model();
    if (StillLayer::usable(p, *this)) {
        // The caption, frame, axes and unit circle from a picture: while a drag lasts the scale
        // stays put, and so do they. The points and their labels over it.
        QByteArray key;
        {
            QDataStream stream(&key, QIODevice::WriteOnly);
            stream << caption() << m_extent << m_session->hasResult() << model.dModel
                   << int(model.positions);
        }
        p.drawImage(QPoint(0, 0),
                    m_still.picture(*this, key, [this](QPainter &q) { paintStill(q); }));
    } else {
        p.fillRect(rect(), ColorScheme::background());
        paintStill(p);
    }
    if (model.dModel < 2 || !m_session->hasResult())
        return;
    const QFontMetrics fm(font());
    const double line = Appearance::instance()->lineScale();
    const QRect r = plotRect();
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
    // Points on one pixel share one label, instead of printing over each other.
    const auto addLabel = [](std::vector<std::pair<QPoint, QStringList>> &labels, QPoint pixel,
                             const QString &text) {
        auto same = std::find_if(labels.begin(), labels.end(), [&](const auto &l) {
            return (l.first - pixel).manhattanLength() <= 1;
        });
        if (same == labels.end())
            labels.push_back({pixel, {text}});
        else
            same->second << text;
    };
    const QColor embedding = ColorScheme::key();
    std::vector<std::pair<QPoint, QStringList>> names;
    for (int t = 0; t < int(e.rows()); ++t) {
        const QPointF at = toWidget(e(t, 0), e(t, 1));
        p.setPen(QPen(embedding, (t == m_dragged ? 3 : 2) * line));
        p.setBrush(Qt::NoBrush);
        p.drawEllipse(at, dot * 1.4, dot * 1.4);
        addLabel(names, at.toPoint(), m_session->tokenName(t));
    }
    // Every label inside the plane: one that would run over its edge goes below (or above)
    // its point, moved along to fit, and is shortened with "…" only when wider than the plane.
    const auto inPlane = [&](QPointF baseline, QString &text, QPoint point) {
        const double room = r.width() - 4;
        if (fm.horizontalAdvance(text) > room)
            text = fm.elidedText(text, Qt::ElideRight, int(room));
        const double w = fm.horizontalAdvance(text);
        if (baseline.x() < r.left() + 2 || baseline.x() + w > r.right() - 2) {
            baseline.setX(std::clamp(point.x() - w / 2, r.left() + 2.0, r.right() - 2 - w));
            baseline.setY(point.y() + dot + fm.ascent() + 1);
            if (baseline.y() + fm.descent() > r.bottom() - 1)
                baseline.setY(point.y() - dot - fm.descent() - 2);
        }
        baseline.setY(
            std::clamp(baseline.y(), r.top() + 1.0 + fm.ascent(), r.bottom() - 1.0 - fm.descent()));
        return baseline;
    };
    p.setPen(embedding);
    for (const auto &[pixel, parts] : names) {
        QString text = parts.join(QStringLiteral(", "));
        const QPointF at = QPointF(pixel) + QPointF(-dot - 2 - fm.horizontalAdvance(text), -dot);
        p.drawText(inPlane(at, text, pixel), text);
    }
    const QColor inputColour = ColorScheme::query();
    // Inputs on the same pixel (the same token without added positions): "x1, x4 A".
    std::vector<std::pair<QPoint, QStringList>> inputs;
    std::vector<std::pair<QPoint, QStringList>> inputNames;
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
        addLabel(inputs, at.toPoint(), QString::number(m_session->shift() + i));
        addLabel(inputNames, at.toPoint(), m_session->tokenName(t));
    }
    p.setPen(inputColour);
    for (std::size_t g = 0; g < inputs.size(); ++g) {
        QStringList tokenNames = inputNames[g].second;
        tokenNames.removeDuplicates();
        QString text = QStringLiteral("x") + inputs[g].second.join(QStringLiteral(", x")) +
                       QLatin1Char(' ') + tokenNames.join(QStringLiteral(", "));
        // Right of the point, or below it when that runs out of the plane.
        const QPointF at = QPointF(inputs[g].first) + QPointF(dot + 2, -2);
        p.drawText(inPlane(at, text, inputs[g].first), text);
    }
}

void SequenceEmbeddingCanvas::paintStill(QPainter &p) const
{
    const auto &model = m_session->model();
    const double line = Appearance::instance()->lineScale();
    p.setPen(ColorScheme::text());
    m_caption.paint(p, QRect(4, 0, std::max(1, width() - 8), height()), caption());
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
}
