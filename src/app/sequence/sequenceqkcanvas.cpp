#include "sequence/sequenceqkcanvas.h"

#include "model/sequencesession.h"
#include "theme/appearance.h"
#include "theme/colorscheme.h"

#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

SequenceQkCanvas::SequenceQkCanvas(SequenceSession *session, QWidget *parent)
    : QWidget(parent), m_session(session)
{
    connect(session, &SequenceSession::changed, this, [this] {
        if (m_layer >= m_session->model().layerCount())
            m_layer = 0;
        update();
    });
    setAccessibleName(tr("Queries and keys of every head in the plane"));
}

void SequenceQkCanvas::setLayer(int layer)
{
    if (layer < 0 || layer >= m_session->model().layerCount() || layer == m_layer)
        return;
    m_layer = layer;
    update();
}

QRect SequenceQkCanvas::plotRect(int head) const
{
    const auto &model = m_session->model();
    if (m_layer >= model.layerCount() || head < 0 || head >= model.headCount(m_layer))
        return {};
    const int heads = model.headCount(m_layer);
    const QFontMetrics fm(font());
    const int top = fm.height() * 3;
    // Two planes side by side when there is room, else one above the other.
    const int columns = heads > 1 && width() > height() * 0.8 ? 2 : 1;
    const int rows = (heads + columns - 1) / columns;
    const int cellW = width() / columns, cellH = (height() - top) / std::max(1, rows);
    const int side = std::max(40, std::min(cellW, cellH - fm.height()) - fm.height());
    const int column = head % columns, row = head / columns;
    return QRect(column * cellW + (cellW - side) / 2, top + row * cellH + fm.height(), side, side);
}

double SequenceQkCanvas::extent() const
{
    double largest = 1e-9;
    if (m_session->hasResult() && m_layer < int(m_session->forward().layers.size()))
        for (const auto &head : m_session->forward().layers[std::size_t(m_layer)].heads) {
            largest = std::max(largest, head.q.leftCols(2).cwiseAbs().maxCoeff());
            largest = std::max(largest, head.k.leftCols(2).cwiseAbs().maxCoeff());
        }
    return largest * 1.3; // room for the labels of the outermost points
}

QPointF SequenceQkCanvas::toWidget(int head, double x, double y) const
{
    const QRectF r = plotRect(head);
    const double e = extent();
    return QPointF(r.center().x() + x / e * r.width() / 2, r.center().y() - y / e * r.height() / 2);
}

QSize SequenceQkCanvas::sizeHint() const
{
    return QSize(420, 420);
}

QSize SequenceQkCanvas::minimumSizeHint() const
{
    return QSize(200, 200);
}

void SequenceQkCanvas::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    p.fillRect(rect(), ColorScheme::background());
    if (!m_session->hasResult() || m_layer >= int(m_session->forward().layers.size()))
        return;
    const auto &model = m_session->model();
    const auto &heads = m_session->forward().layers[std::size_t(m_layer)].heads;
    const int n = m_session->forward().length();
    const int dk = model.keyDim(m_layer);
    const bool rotary = model.positions == attn::PositionKind::Rotary;
    const QFontMetrics fm(font());
    const double line = Appearance::instance()->lineScale();

    p.setPen(ColorScheme::text());
    QString caption =
        dk == 2 ? tr("Layer %1: q_i (filled) and k_j (hollow), d_k = 2 as it is").arg(m_layer + 1)
                : tr("Layer %1: q_i (filled) and k_j (hollow), components 1 and 2 "
                     "of d_k = %2")
                      .arg(m_layer + 1)
                      .arg(dk);
    if (rotary)
        caption += QLatin1Char('\n') +
                   tr("after rotary position embedding: token i turned by i·θ (first pair: θ = 1)");
    p.drawText(QRect(0, 0, width(), fm.height() * 2), Qt::AlignCenter, caption);
    if (dk < 2)
        return;

    const double dot = std::max(3.0, fm.height() / 4.0) * line;
    for (int h = 0; h < int(heads.size()); ++h) {
        const QRect r = plotRect(h);
        p.setPen(QPen(ColorScheme::axis(), line));
        p.setBrush(Qt::NoBrush);
        p.drawRect(r);
        p.setPen(QPen(ColorScheme::gridMinor(), line));
        p.drawLine(QPoint(r.left(), r.center().y()), QPoint(r.right(), r.center().y()));
        p.drawLine(QPoint(r.center().x(), r.top()), QPoint(r.center().x(), r.bottom()));
        p.setPen(ColorScheme::text());
        p.drawText(QRect(r.left(), r.top() - fm.height(), r.width(), fm.height()), Qt::AlignCenter,
                   tr("Head %1").arg(h + 1));
        const auto &head = heads[std::size_t(h)];
        for (int pass = 0; pass < 2; ++pass) {
            const bool keys = pass == 0;
            const attn::Matrix &m = keys ? head.k : head.q;
            const QColor colour = keys ? ColorScheme::key() : ColorScheme::query();
            for (int i = 0; i < n; ++i) {
                const QPointF at = toWidget(h, m(i, 0), m(i, 1));
                p.setPen(QPen(colour, 2 * line));
                p.setBrush(keys ? QBrush(Qt::NoBrush) : QBrush(colour));
                if (keys)
                    p.drawRect(QRectF(at.x() - dot, at.y() - dot, 2 * dot, 2 * dot));
                else
                    p.drawEllipse(at, dot, dot);
                p.setPen(colour);
                const QString label = (keys ? QStringLiteral("k") : QStringLiteral("q")) +
                                      QString::number(m_session->shift() + i) + QLatin1Char(' ') +
                                      m_session->tokenName(m_session->tokens()[std::size_t(i)]);
                p.drawText(at + QPointF(dot + 2, keys ? fm.ascent() : -2), label);
            }
        }
    }
}
