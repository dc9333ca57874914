#include "sequence/sequenceqkcanvas.h"

#include "canvas/labelplacer.h"
#include "model/sequencesession.h"
#include "text/arrowpainter.h"
#include "theme/appearance.h"
#include "theme/colorscheme.h"

#include <QDataStream>
#include <QIODevice>
#include <QPainter>
#include <QStringList>

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
    // Every paint covers the whole view: nothing under it needs painting first.
    setAttribute(Qt::WA_OpaquePaintEvent);
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
    const int top = m_caption.height(caption(), font(), width());
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

QString SequenceQkCanvas::caption() const
{
    const auto &model = m_session->model();
    if (m_layer >= model.layerCount())
        return {};
    const int dk = model.keyDim(m_layer);
    QString caption =
        dk == 2 ? tr("Layer %1: q_i (filled) and k_j (hollow), d_k = 2 as it is").arg(m_layer + 1)
                : tr("Layer %1: q_i (filled) and k_j (hollow), components 1 and 2 "
                     "of d_k = %2")
                      .arg(m_layer + 1)
                      .arg(dk);
    if (model.positions == attn::PositionKind::Rotary)
        caption += QLatin1Char('\n') +
                   tr("after rotary position embedding: token i turned by i·θ (first pair: θ = 1)");
    return caption;
}

void SequenceQkCanvas::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    m_labels.clear();
    const bool ready = m_session->hasResult() &&
                       m_layer < int(m_session->forward().layers.size()) &&
                       m_session->model().keyDim(m_layer) >= 2;
    if (StillLayer::usable(p, *this)) {
        // The caption and each head's frame, axes and title from a picture: they stay still
        // while a token moves; the points and labels over it.
        QByteArray key;
        {
            QDataStream stream(&key, QIODevice::WriteOnly);
            stream << m_session->hasResult() << caption() << tr("Head %1").arg(1)
                   << (m_session->hasResult() && m_layer < m_session->model().layerCount()
                           ? m_session->model().headCount(m_layer)
                           : 0);
        }
        p.drawImage(QPoint(0, 0),
                    m_still.picture(*this, key, [this](QPainter &q) { paintStill(q); }));
    } else {
        p.fillRect(rect(), ColorScheme::background());
        paintStill(p);
    }
    if (!ready)
        return;
    const auto &heads = m_session->forward().layers[std::size_t(m_layer)].heads;
    const int n = m_session->forward().length();
    const QFontMetrics fm(font());
    const double line = Appearance::instance()->lineScale();
    p.setBackground(ColorScheme::background()); // the labels' halo
    const double e = extent();
    const double dot = std::max(3.0, fm.height() / 4.0) * line;
    const bool stamped = StillLayer::usable(p, *this);
    for (int h = 0; h < int(heads.size()); ++h) {
        const auto &head = heads[std::size_t(h)];
        const QRectF plane = plotRect(h);
        for (int pass = 0; pass < 2; ++pass) {
            const bool keys = pass == 0;
            const attn::Matrix &m = keys ? head.k : head.q;
            const QColor colour = keys ? ColorScheme::key() : ColorScheme::query();
            // A hollow square for a key, a filled dot for a query.
            const auto mark = [keys, colour, line, dot](QPainter &q, QPointF at) {
                q.setPen(QPen(colour, 2 * line));
                q.setBrush(keys ? QBrush(Qt::NoBrush) : QBrush(colour));
                if (keys)
                    q.drawRect(QRectF(at.x() - dot, at.y() - dot, 2 * dot, 2 * dot));
                else
                    q.drawEllipse(at, dot, dot);
            };
            QByteArray key;
            QDataStream(&key, QIODevice::WriteOnly) << keys << colour.rgba() << line << dot;
            for (int i = 0; i < n; ++i) {
                const QPointF at(plane.center().x() + m(i, 0) / e * plane.width() / 2,
                                 plane.center().y() - m(i, 1) / e * plane.height() / 2);
                if (stamped)
                    m_stamps[std::size_t(pass)].draw(
                        p, at, key, dot * std::sqrt(2.0) + line, devicePixelRatioF(),
                        [&mark](QPainter &q) { mark(q, QPointF(0, 0)); });
                else
                    mark(p, at);
            }
        }
        paintLabels(p, h, e, dot);
    }
}

void SequenceQkCanvas::paintStill(QPainter &p) const
{
    if (!m_session->hasResult() || m_layer >= int(m_session->forward().layers.size()))
        return;
    const QFontMetrics fm(font());
    const double line = Appearance::instance()->lineScale();
    p.setPen(ColorScheme::text());
    m_caption.paint(p, rect(), caption());
    if (m_session->model().keyDim(m_layer) < 2)
        return;
    for (int h = 0; h < m_session->model().headCount(m_layer); ++h) {
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
    }
}

void SequenceQkCanvas::paintLabels(QPainter &p, int h, double e, double dot)
{
    const auto &head = m_session->forward().layers[std::size_t(m_layer)].heads[std::size_t(h)];
    const int n = m_session->forward().length();
    const QRectF plane = plotRect(h);
    struct Group
    {
        QPointF at;
        bool keys;
        QStringList positions, names;
    };
    // Points on the same spot (a repeated token without positions has one query and one key)
    // share one label instead of printing over each other.
    std::vector<Group> groups;
    for (int pass = 0; pass < 2; ++pass) {
        const bool keys = pass == 1; // queries first: their labels are placed before the keys'
        const attn::Matrix &m = keys ? head.k : head.q;
        const std::size_t first = groups.size();
        for (int i = 0; i < n; ++i) {
            const QPointF at(plane.center().x() + m(i, 0) / e * plane.width() / 2,
                             plane.center().y() - m(i, 1) / e * plane.height() / 2);
            const QString position = (keys ? QStringLiteral("k") : QStringLiteral("q")) +
                                     QString::number(m_session->shift() + i);
            const QString name = m_session->tokenName(m_session->tokens()[std::size_t(i)]);
            auto same = std::find_if(
                groups.begin() + std::ptrdiff_t(first), groups.end(), [&](const Group &g) {
                    return std::abs(g.at.x() - at.x()) < 1 && std::abs(g.at.y() - at.y()) < 1;
                });
            if (same == groups.end()) {
                groups.push_back({at, keys, {position}, {name}});
            } else {
                same->positions << position;
                if (!same->names.contains(name))
                    same->names << name;
            }
        }
    }
    // Every label in the plane, beside its point and off the other points and labels: pushed
    // away from the origin, turned around its point when that spot is taken, left out when no
    // spot nearby is free.
    LabelPlacer placer(p.font(), plane);
    for (int g = 0; g < int(groups.size()); ++g)
        placer.addObstacle(groups[std::size_t(g)].at, dot + 1, g);
    for (int g = 0; g < int(groups.size()); ++g) {
        const Group &group = groups[std::size_t(g)];
        const QString text = group.positions.join(QStringLiteral(", ")) + QLatin1Char(' ') +
                             group.names.join(QStringLiteral(", "));
        const auto spot = placer.place(plane.center(), group.at, text, g, false, dot);
        if (!spot)
            continue;
        ArrowPainter::drawLabel(p, spot->from, spot->tip, text,
                                group.keys ? ColorScheme::key() : ColorScheme::query());
        m_labels.push_back({h, text, placer.boxOf(*spot, text)});
    }
}
