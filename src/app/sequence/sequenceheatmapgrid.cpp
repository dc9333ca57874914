#include "sequence/sequenceheatmapgrid.h"

#include "model/sequencesession.h"
#include "theme/appearance.h"
#include "theme/colorscheme.h"
#include "theme/heatramp.h"

#include <QDataStream>
#include <QHelpEvent>
#include <QIODevice>
#include <QLocale>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>
#include <cmath>

SequenceHeatmapGrid::SequenceHeatmapGrid(SequenceSession *session, QWidget *parent)
    : QWidget(parent), m_session(session)
{
    connect(session, &SequenceSession::changed, this, [this] {
        // A new file may have fewer layers or heads than the focused one.
        const auto &model = m_session->model();
        if (m_layer >= model.layerCount() || m_head >= model.headCount(m_layer))
            setFocusedHead(0, 0);
        update();
    });
    // Every paint covers the whole view: nothing under it needs painting first.
    setAttribute(Qt::WA_OpaquePaintEvent);
    setAccessibleName(tr("Attention weights of every head and layer"));
    setCursor(Qt::PointingHandCursor);
}

void SequenceHeatmapGrid::setFocusedHead(int layer, int head)
{
    const auto &model = m_session->model();
    if (layer < 0 || layer >= model.layerCount() || head < 0 || head >= model.headCount(layer))
        return;
    if (layer == m_layer && head == m_head)
        return;
    m_layer = layer;
    m_head = head;
    update();
    emit focusChanged(layer, head);
}

QString SequenceHeatmapGrid::caption() const
{
    return tr("Weights w_ij: row i = query token, column j = key token; click a map to focus it");
}

SequenceHeatmapGrid::Geometry SequenceHeatmapGrid::geometry() const
{
    const auto &model = m_session->model();
    int heads = 1;
    for (int l = 0; l < model.layerCount(); ++l)
        heads = std::max(heads, model.headCount(l));
    const int layers = std::max(1, model.layerCount());
    const QFontMetrics fm(font());
    Geometry g;
    g.gap = fm.height();
    g.left = fm.horizontalAdvance(tr("Layer %1").arg(9)) + g.gap;
    g.top = m_caption.height(caption(), font(), width()) + fm.height() + 8;
    g.side = std::max(
        8, std::min((width() - g.left) / heads - g.gap, (height() - g.top) / layers - g.gap * 2));
    // A wide, low view (the presentation font at 1280 × 800) has room for larger maps when the
    // layers stand side by side, each map titled with its layer above its head.
    const int acrossTop = g.top + fm.height();
    const int across =
        std::min((width() - g.gap) / (heads * layers) - g.gap, height() - acrossTop - g.gap);
    if (layers > 1 && across > g.side) {
        g.across = true;
        g.left = g.gap;
        g.top = acrossTop;
        g.side = across;
        g.heads = heads;
    }
    return g;
}

QRect SequenceHeatmapGrid::mapRect(int layer, int head) const
{
    const auto &model = m_session->model();
    if (layer < 0 || layer >= model.layerCount() || head < 0 || head >= model.headCount(layer))
        return {};
    const Geometry g = geometry();
    const int n = std::max(1, int(m_session->tokens().size()));
    // Whole pixels per cell, so that every cell has the same size and its colour is exact.
    const int cell = std::max(1, g.side / n);
    if (g.across)
        return QRect(g.left + (layer * g.heads + head) * (g.side + g.gap), g.top, cell * n,
                     cell * n);
    return QRect(g.left + head * (g.side + g.gap), g.top + layer * (g.side + g.gap * 2), cell * n,
                 cell * n);
}

QRect SequenceHeatmapGrid::cellRect(int layer, int head, int i, int j) const
{
    const QRect map = mapRect(layer, head);
    const int n = int(m_session->tokens().size());
    if (map.isEmpty() || i < 0 || j < 0 || i >= n || j >= n)
        return {};
    const int cell = map.width() / n;
    return QRect(map.left() + j * cell, map.top() + i * cell, cell, cell);
}

QSize SequenceHeatmapGrid::sizeHint() const
{
    return QSize(420, 420);
}

QSize SequenceHeatmapGrid::minimumSizeHint() const
{
    return QSize(160, 160);
}

void SequenceHeatmapGrid::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    if (!StillLayer::usable(p, *this)) {
        // Files (SVG, PDF) and scaled pictures: a rectangle per cell.
        p.fillRect(rect(), ColorScheme::background());
        if (!m_session->hasResult())
            return;
        paintStill(p);
        forEachCell([&p](const QRect &cell, QRgb colour) { p.fillRect(cell, QColor(colour)); });
        return;
    }
    // Titles, frames and the masked cells' hatching from a picture: they stay still while a
    // token moves. The cells are plain pixels written into a copy of it, not thousands of
    // small fills, then one blit.
    QByteArray key;
    {
        QDataStream stream(&key, QIODevice::WriteOnly);
        const auto &model = m_session->model();
        stream << m_session->hasResult() << caption() << tr("Layer %1").arg(1)
               << tr("Head %1").arg(1) << m_layer << m_head << model.causal
               << qint64(m_session->tokens().size()) << model.layerCount();
        for (int l = 0; l < model.layerCount(); ++l)
            stream << model.headCount(l);
    }
    const QImage &still = m_still.picture(*this, key, [this](QPainter &q) {
        if (m_session->hasResult())
            paintStill(q);
    });
    if (!m_session->hasResult()) {
        p.drawImage(QPoint(0, 0), still);
        return;
    }
    QImage &frame = m_still.frame();
    const double ratio = still.devicePixelRatio();
    const QRect bounds = frame.rect();
    uchar *const bits = frame.bits();
    const qsizetype stride = frame.bytesPerLine();
    forEachCell([&](const QRect &cell, QRgb colour) {
        const QRect pixels = QRect(QPoint(int(std::lround(cell.left() * ratio)),
                                          int(std::lround(cell.top() * ratio))),
                                   QPoint(int(std::lround((cell.right() + 1) * ratio)) - 1,
                                          int(std::lround((cell.bottom() + 1) * ratio)) - 1)) &
                             bounds;
        for (int y = pixels.top(); y <= pixels.bottom(); ++y)
            std::fill_n(reinterpret_cast<QRgb *>(bits + y * stride) + pixels.left(), pixels.width(),
                        colour | 0xff000000u);
    });
    p.drawImage(QPoint(0, 0), frame);
}

void SequenceHeatmapGrid::forEachCell(const std::function<void(const QRect &, QRgb)> &fill) const
{
    const auto &forward = m_session->forward();
    const int n = forward.length();
    for (int l = 0; l < int(forward.layers.size()); ++l) {
        const auto &heads = forward.layers[std::size_t(l)].heads;
        for (int h = 0; h < int(heads.size()); ++h) {
            const QRect map = mapRect(l, h);
            const auto &w = heads[std::size_t(h)].weights;
            const auto &s = heads[std::size_t(h)].scores;
            // As cellRect() places them, without laying the grid out again for every cell.
            const int cell = map.width() / std::max(1, n);
            for (int i = 0; i < n; ++i)
                for (int j = 0; j < n; ++j)
                    if (!std::isinf(s(i, j)))
                        fill(QRect(map.left() + j * cell, map.top() + i * cell, cell, cell),
                             HeatRamp::color(w(i, j)).rgb());
        }
    }
}

void SequenceHeatmapGrid::paintStill(QPainter &p) const
{
    const auto &forward = m_session->forward();
    const QFontMetrics fm(font());
    const double line = Appearance::instance()->lineScale();
    const bool across = geometry().across;
    // The frames are drawn as on screen, without antialiasing, whatever the picture's painter.
    p.setRenderHint(QPainter::Antialiasing, false);
    p.setPen(ColorScheme::text());
    m_caption.paint(p, rect(), caption());
    for (int l = 0; l < int(forward.layers.size()); ++l) {
        const QRect first = mapRect(l, 0);
        p.setPen(ColorScheme::text());
        if (across)
            p.drawText(
                QRect(first.left(), first.top() - 2 * fm.height() - 5,
                      mapRect(l, int(forward.layers[std::size_t(l)].heads.size()) - 1).right() -
                          first.left(),
                      fm.height()),
                Qt::AlignCenter, tr("Layer %1").arg(l + 1));
        else
            p.drawText(QRect(0, first.top(), first.left() - 4, first.height()),
                       Qt::AlignRight | Qt::AlignVCenter, tr("Layer %1").arg(l + 1));
        const auto &heads = forward.layers[std::size_t(l)].heads;
        for (int h = 0; h < int(heads.size()); ++h) {
            const QRect map = mapRect(l, h);
            p.setPen(ColorScheme::text());
            p.drawText(QRect(map.left(), map.top() - fm.height() - 5, map.width(), fm.height()),
                       Qt::AlignCenter, tr("Head %1").arg(h + 1));
            // The masked cells' hatching once under the whole map, the other cells over it: a
            // pattern brush cell by cell cost most of a frame at 64 tokens.
            if (m_session->model().causal) {
                p.fillRect(map, ColorScheme::grid());
                p.fillRect(map, QBrush(ColorScheme::axis().lighter(160), Qt::BDiagPattern));
            }
            // The frame lies outside the cells: drawn before them, it looks the same.
            const bool focused = l == m_layer && h == m_head;
            p.setPen(QPen(focused ? ColorScheme::highlight() : ColorScheme::axis(),
                          (focused ? 3 : 1) * line));
            p.setBrush(Qt::NoBrush);
            p.drawRect(map.adjusted(-2, -2, 1, 1));
        }
    }
}

void SequenceHeatmapGrid::mousePressEvent(QMouseEvent *event)
{
    const auto &model = m_session->model();
    for (int l = 0; l < model.layerCount(); ++l)
        for (int h = 0; h < model.headCount(l); ++h)
            if (mapRect(l, h).contains(event->position().toPoint())) {
                setFocusedHead(l, h);
                return;
            }
    QWidget::mousePressEvent(event);
}

bool SequenceHeatmapGrid::event(QEvent *event)
{
    // The maps have no room for token names: a cell names its pair and its numbers on hover.
    if (event->type() == QEvent::ToolTip && m_session->hasResult()) {
        auto *help = static_cast<QHelpEvent *>(event);
        const auto &forward = m_session->forward();
        const int n = forward.length();
        for (int l = 0; l < int(forward.layers.size()); ++l)
            for (int h = 0; h < int(forward.layers[std::size_t(l)].heads.size()); ++h)
                for (int i = 0; i < n; ++i)
                    for (int j = 0; j < n; ++j) {
                        if (!cellRect(l, h, i, j).contains(help->pos()))
                            continue;
                        const auto &head = forward.layers[std::size_t(l)].heads[std::size_t(h)];
                        const QString query = m_session->tokenName(forward.tokens[std::size_t(i)]);
                        const QString key = m_session->tokenName(forward.tokens[std::size_t(j)]);
                        const int pi = m_session->shift() + i, pj = m_session->shift() + j;
                        const QString text =
                            std::isinf(head.scores(i, j))
                                ? tr("Layer %1, head %2: %3 (position %4) does not see %5 "
                                     "(position %6): masked")
                                      .arg(l + 1)
                                      .arg(h + 1)
                                      .arg(query)
                                      .arg(pi)
                                      .arg(key)
                                      .arg(pj)
                                : tr("Layer %1, head %2: %3 (position %4) → %5 (position %6)\n"
                                     "score %7, weight %8")
                                      .arg(l + 1)
                                      .arg(h + 1)
                                      .arg(query)
                                      .arg(pi)
                                      .arg(key)
                                      .arg(pj)
                                      .arg(QLocale().toString(head.scores(i, j), 'g', 4))
                                      .arg(QLocale().toString(head.weights(i, j), 'g', 4));
                        QToolTip::showText(help->globalPos(), text, this);
                        return true;
                    }
        QToolTip::hideText();
        event->ignore();
        return true;
    }
    return QWidget::event(event);
}
