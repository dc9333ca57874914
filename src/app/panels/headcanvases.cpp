#include "panels/headcanvases.h"

#include "canvas/layercache.h"
#include "model/scenemodel.h"
#include "text/arrowpainter.h"
#include "text/numberformat.h"
#include "text/richtext.h"
#include "theme/colorscheme.h"

#include <QEvent>
#include <QPainter>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace {
constexpr int kGap = 8;
// With more keys than this only the three heaviest are labelled.
constexpr int kMaxLabelledKeys = 8;
} // namespace

HeadCanvases::HeadCanvases(SceneModel *model, QWidget *parent) : QWidget(parent), m_model(model)
{
    setAttribute(Qt::WA_OpaquePaintEvent);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    connect(m_model, &SceneModel::changed, this, &HeadCanvases::refresh);
    setAccessibleName(tr("Each head's projected query and keys"));
    refresh();
}

int HeadCanvases::preferredTile() const
{
    return QFontMetrics(font()).height() * 15;
}

int HeadCanvases::minimumTile() const
{
    return QFontMetrics(font()).height() * 7;
}

HeadCanvases::Grid HeadCanvases::gridFor(QSize area) const
{
    Grid best;
    if (m_heads == 0)
        return best;
    int bestSide = -1;
    for (int columns = 1; columns <= m_heads; ++columns) {
        const int rows = (m_heads + columns - 1) / columns;
        const int w = (area.width() - (columns + 1) * kGap) / columns;
        // Never taller than wide: a number line needs width, a plane is square.
        const int h = std::min(w, (area.height() - (rows + 1) * kGap) / rows);
        const int side = std::min(w, h);
        if (side > bestSide) {
            bestSide = side;
            best.columns = columns;
            // Small tiles draw less (paintTileBackground) rather than spill out of the widget:
            // 8 heads in a low dock must all be in view.
            best.tile = QSize(std::max(w, 1), std::max(h, 1));
        }
    }
    return best;
}

QSize HeadCanvases::sizeHint() const
{
    const int columns = std::clamp(m_heads, 1, 3);
    const int rows = std::max(1, (m_heads + columns - 1) / columns);
    return QSize(columns * preferredTile() + (columns + 1) * kGap,
                 std::min(rows, 2) * preferredTile() + (rows + 1) * kGap);
}

QSize HeadCanvases::minimumSizeHint() const
{
    if (m_heads == 0)
        return QSize(minimumTile(), QFontMetrics(font()).height() * 3);
    return QSize(minimumTile() + 2 * kGap, minimumTile() + 2 * kGap);
}

QRect HeadCanvases::tileRect(int head) const
{
    if (head < 0 || head >= m_heads)
        return {};
    const Grid g = gridFor(size());
    const int row = head / g.columns, column = head % g.columns;
    return QRect(kGap + column * (g.tile.width() + kGap), kGap + row * (g.tile.height() + kGap),
                 g.tile.width(), g.tile.height());
}

void HeadCanvases::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        setAccessibleName(tr("Each head's projected query and keys"));
        ++m_texts;
    }
    if (event->type() == QEvent::LanguageChange || event->type() == QEvent::FontChange) {
        updateGeometry();
        update();
    }
    QWidget::changeEvent(event);
}

void HeadCanvases::refresh()
{
    const SceneModel &m = *m_model;
    const bool multi = m.scene().method == attn::Method::MultiHead && m.hasResult();
    const int heads = multi ? int(m.result().heads.size()) : 0;
    if (heads != m_heads) {
        m_heads = heads;
        m_extent.assign(std::size_t(heads), 0.0);
        updateGeometry();
    }
    for (int h = 0; h < heads; ++h)
        extentFor(h);
    update();
}

double HeadCanvases::extentFor(int head)
{
    // The largest coordinate drawn (the first two components), for the canvas's scale.
    const attn::HeadResult &hr = m_model->result().heads[std::size_t(head)];
    const Eigen::Index dims = std::min<Eigen::Index>(2, hr.query.size());
    double needed = hr.query.head(dims).cwiseAbs().maxCoeff();
    if (hr.keys.rows() > 0)
        needed = std::max(needed, hr.keys.leftCols(dims).cwiseAbs().maxCoeff());
    if (!(needed > 1e-12))
        needed = 1.0;
    double &extent = m_extent[std::size_t(head)];
    // Capped: 1.2 × 10³⁰⁸ is infinite, and an infinite extent makes the grid's step infinite
    // (a loop that never ends).
    if (needed > extent || needed < extent / 3)
        extent = std::min(needed * 1.2, 1e307);
    return extent;
}

void HeadCanvases::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    if (m_heads == 0) {
        p.fillRect(rect(), ColorScheme::background());
        const QString hint =
            m_model->scene().method == attn::Method::MultiHead && !m_model->hasResult()
                ? m_model->errorText()
                : tr("Choose multi-head attention to see what each head projects");
        p.setPen(ColorScheme::axis());
        p.drawText(rect().adjusted(kGap, kGap, -kGap, -kGap), Qt::AlignCenter | Qt::TextWordWrap,
                   hint);
        return;
    }
    if (LayerCache::usable(p, *this)) {
        p.drawPixmap(0, 0, background());
    } else {
        // Into a file (SVG, PDF) the titles and ticks stay text rather than a picture.
        p.setRenderHint(QPainter::Antialiasing);
        p.fillRect(rect(), ColorScheme::background());
        m_arrowAreas.resize(std::size_t(m_heads));
        for (int h = 0; h < m_heads; ++h)
            m_arrowAreas[std::size_t(h)] = paintTileBackground(p, h, tileRect(h));
    }
    p.setRenderHint(QPainter::Antialiasing);
    for (int h = 0; h < m_heads; ++h)
        paintTileArrows(p, h, m_arrowAreas[std::size_t(h)]);
}

HeadCanvases::BackgroundKey HeadCanvases::backgroundKey() const
{
    BackgroundKey key{size(), devicePixelRatioF(), font(), {}, {}, m_model->keyCount(), m_texts};
    key.colors = {ColorScheme::background().rgba(), ColorScheme::gridMajor().rgba(),
                  ColorScheme::grid().rgba(),       ColorScheme::axis().rgba(),
                  ColorScheme::text().rgba(),       ColorScheme::query().rgba(),
                  ColorScheme::key().rgba()};
    for (int h = 0; h < m_heads; ++h)
        key.heads.emplace_back(int(m_model->result().heads[std::size_t(h)].query.size()),
                               m_extent[std::size_t(h)]);
    return key;
}

const QPixmap &HeadCanvases::background()
{
    BackgroundKey key = backgroundKey();
    if (m_background.isNull() || !(key == m_backgroundKey)) {
        const qreal ratio = key.devicePixelRatio;
        m_background = QPixmap((QSizeF(size()) * ratio).toSize().expandedTo(QSize(1, 1)));
        m_background.setDevicePixelRatio(ratio);
        m_background.fill(ColorScheme::background());
        QPainter p(&m_background);
        p.setRenderHint(QPainter::Antialiasing);
        p.setFont(font());
        m_arrowAreas.resize(std::size_t(m_heads));
        for (int h = 0; h < m_heads; ++h)
            m_arrowAreas[std::size_t(h)] = paintTileBackground(p, h, tileRect(h));
        m_backgroundKey = std::move(key);
    }
    return m_background;
}

QRect HeadCanvases::paintTileBackground(QPainter &p, int head, const QRect &tile) const
{
    const attn::HeadResult &hr = m_model->result().heads[std::size_t(head)];
    const int dk = int(hr.query.size());
    const QFontMetrics fm(font());

    p.setPen(QPen(ColorScheme::gridMajor(), 1));
    p.setBrush(Qt::NoBrush);
    p.drawRoundedRect(QRectF(tile).adjusted(0.5, 0.5, -0.5, -0.5), 6, 6);

    QFont title = font();
    title.setBold(true);
    const double pad = fm.height() * 0.4;
    // The longest title that fits on one line: a two-line title would leave a small tile no
    // room for its arrows.
    const QFontMetricsF titleMetrics(title);
    const QString full = tr("head %1: d<sub>k</sub> = %2").arg(head + 1).arg(dk);
    QString plainFull = full;
    plainFull.remove(QStringLiteral("<sub>")).remove(QStringLiteral("</sub>"));
    const QString shown = titleMetrics.horizontalAdvance(plainFull) <= tile.width() - 2 * pad
                              ? full
                              : tr("head %1").arg(head + 1);
    const double titleHeight =
        RichText::draw(p, shown, QPointF(tile.left() + pad, tile.top() + pad),
                       tile.width() - 2 * pad, title, ColorScheme::text());
    // The caption says what the arrows are: the head's own projections of q and kᵢ.
    QString caption =
        tr("Arrows: %1 and %2")
            .arg(QStringLiteral("<span style='color:%1'>W<sub>Q</sub>q</span>")
                     .arg(ColorScheme::query().name()),
                 QStringLiteral("<span style='color:%1'>W<sub>K</sub>k<sub>i</sub></span>")
                     .arg(ColorScheme::key().name()));
    if (dk > 2)
        caption += QStringLiteral("<br>") + tr("(first 2 of %1 components)").arg(dk);
    // Small tiles (many heads in a low dock) keep their room for the arrows.
    const bool withCaption = tile.height() >= fm.height() * 11;
    const double captionHeight = withCaption ? fm.height() * (dk > 2 ? 2.6 : 1.3) : 0.0;
    if (withCaption)
        RichText::draw(p, caption, QPointF(tile.left() + pad, tile.bottom() - pad - captionHeight),
                       tile.width() - 2 * pad, font(), ColorScheme::text());

    const QRect area =
        QRectF(tile.left() + pad, tile.top() + pad + titleHeight + pad / 2, tile.width() - 2 * pad,
               tile.height() - 3 * pad - titleHeight - captionHeight)
            .toRect();
    if (dk == 1)
        paintNumberLineAxis(p, head, area);
    else
        paintPlaneAxes(p, head, area);
    return area;
}

void HeadCanvases::paintTileArrows(QPainter &p, int head, const QRect &area) const
{
    if (m_model->result().heads[std::size_t(head)].query.size() == 1)
        paintNumberLineArrows(p, head, area);
    else
        paintPlaneArrows(p, head, area);
}

namespace {
struct KeyOrder
{
    std::vector<int> order; // light keys first, so that the heavy ones are drawn on top
    std::vector<bool> labelled;
    double maxWeight = 0;
};

KeyOrder keyOrder(const attn::Vector &weights)
{
    KeyOrder k;
    const int n = int(weights.size());
    k.order.resize(std::size_t(n));
    std::iota(k.order.begin(), k.order.end(), 0);
    std::stable_sort(k.order.begin(), k.order.end(),
                     [&](int a, int b) { return weights[a] < weights[b]; });
    k.maxWeight = n > 0 ? weights.maxCoeff() : 0;
    k.labelled.assign(std::size_t(n), n <= kMaxLabelledKeys);
    for (int i = std::max(0, n - 3); i < n; ++i)
        k.labelled[std::size_t(k.order[std::size_t(i)])] = true;
    return k;
}

ArrowPainter::Style keyStyle(int key, int count, double weight, double maxWeight, bool masked)
{
    // Emphasis by weight: the head's favourite key is solid and thick, the others fade.
    const double t = maxWeight > 0 ? weight / maxWeight : 0;
    ArrowPainter::Style s =
        ArrowPainter::styleFor(ColorScheme::Role::Key, 1.2 + 3.0 * t, 8 + 5 * t);
    s.color = masked ? ColorScheme::axis() : ColorScheme::keyColor(key, count);
    s.opacity = ColorScheme::legibleOpacity(s.color, masked ? 0.3 : 0.3 + 0.7 * t);
    return s;
}

// Where a number line's parts go in its area: the line in the upper third, the query above
// it, one lane per key below.
struct NumberLineLayout
{
    double centre, scale, lineY, queryY, lanesTop, lane;
    bool labels; // room for the tick labels below the line
    double x(double v) const { return centre + v * scale; }
};

NumberLineLayout numberLineLayout(const QRect &area, double extent, const QFontMetricsF &fm,
                                  int keys)
{
    NumberLineLayout l{};
    l.centre = area.center().x();
    l.scale = (area.width() / 2.0 - fm.height()) / extent;
    const double needed = fm.height() * (4.0 + 0.8 * keys);
    if (area.height() >= needed) {
        l.labels = true;
        l.lineY = area.top() + fm.height() * 2.4;
        l.queryY = l.lineY - fm.height() * 1.0;
        l.lanesTop = l.lineY + fm.height() * 1.6;
        l.lane = std::min(fm.height() * 1.1, (area.bottom() - l.lanesTop) / std::max(keys, 1));
        return l;
    }
    // A low tile (many heads in a small dock): the query's lane, the line and one lane per key
    // share the height evenly, and the tick labels give way to the arrows.
    l.labels = false;
    l.lane = area.height() / (std::max(keys, 1) + 1.6);
    l.queryY = area.top() + l.lane * 0.5;
    l.lineY = area.top() + l.lane * 1.1;
    l.lanesTop = l.lineY + l.lane * 0.4;
    return l;
}

// A plane's square plot in its area.
struct PlaneLayout
{
    QPointF origin;
    double scale;
    QPointF toScreen(double x, double y) const
    {
        return {origin.x() + x * scale, origin.y() - y * scale};
    }
};

// A tick step whose labels do not run into each other at `scale` pixels per unit: the nice
// step for about four intervals, widened along 1, 2, 5 until the labels fit.
double tickStep(double extent, double scale, const QFontMetricsF &fm)
{
    double step = NumberFormat::niceStep(2 * extent, 4);
    for (int i = 0; i < 6; ++i) {
        const double label =
            std::max(
                fm.horizontalAdvance(NumberFormat::tick(-step, step)),
                fm.horizontalAdvance(NumberFormat::tick(-std::floor(extent / step) * step, step))) +
            fm.height() * 0.5;
        if (step * scale >= label)
            break;
        const double mag = std::pow(10.0, std::floor(std::log10(step) + 1e-9));
        const double m = step / mag;
        step = (m < 1.5 ? 2 : m < 3.5 ? 5 : 10) * mag;
    }
    return step;
}

PlaneLayout planeLayout(const QRect &area, double extent, const QFontMetricsF &fm)
{
    const double side = std::min(area.width(), area.height());
    return {QPointF(area.center().x(), area.center().y()), (side / 2 - fm.height() * 0.6) / extent};
}
} // namespace

void HeadCanvases::paintNumberLineAxis(QPainter &p, int head, const QRect &area) const
{
    const double extent = m_extent[std::size_t(head)];
    const QFontMetricsF fm(font());
    const int n = int(m_model->result().heads[std::size_t(head)].keys.rows());
    const NumberLineLayout l = numberLineLayout(area, extent, fm, n);
    p.setPen(QPen(ColorScheme::axis(), 1.2));
    p.drawLine(QPointF(area.left(), l.lineY), QPointF(area.right(), l.lineY));
    const double step = tickStep(extent, l.scale, fm);
    p.setFont(font());
    for (double v = -std::floor(extent / step) * step; v <= extent + 1e-9; v += step) {
        const double x = l.x(v);
        p.drawLine(QPointF(x, l.lineY - 3), QPointF(x, l.lineY + 3));
        if (!l.labels)
            continue;
        const QString text = NumberFormat::tick(v, step);
        p.drawText(QRectF(x - 30, l.lineY + 4, 60, fm.height()), Qt::AlignHCenter | Qt::AlignTop,
                   text);
    }
    // The origin across the lanes, so that the arrows' common start is visible.
    p.setPen(QPen(ColorScheme::gridMajor(), 1, Qt::DashLine));
    p.drawLine(QPointF(l.x(0), l.queryY - fm.height() * 0.5),
               QPointF(l.x(0), l.lanesTop + l.lane * n));
}

void HeadCanvases::paintNumberLineArrows(QPainter &p, int head, const QRect &area) const
{
    const attn::HeadResult &hr = m_model->result().heads[std::size_t(head)];
    const int n = int(hr.keys.rows());
    const QFontMetricsF fm(font());
    const NumberLineLayout l = numberLineLayout(area, m_extent[std::size_t(head)], fm, n);
    p.setFont(font());

    const ArrowPainter::Style q = ArrowPainter::styleFor(ColorScheme::Role::Query, 3, 14);
    const QPointF queryFrom(l.x(0), l.queryY), queryTip(l.x(hr.query[0]), l.queryY);
    ArrowPainter::drawArrow(p, queryFrom, queryTip, q);
    ArrowPainter::drawLabel(p, queryFrom, queryTip, QStringLiteral("q"), ColorScheme::query());

    const KeyOrder order = keyOrder(hr.softmax.weights);
    const auto &mask = m_model->scene().mask;
    // A head (8 px and up, 0.9 of its length wide) would cover its neighbours' lanes.
    const bool thinLanes = l.lane < 6;
    for (int k : order.order) {
        const double y = l.lanesTop + l.lane * (k + 0.5);
        const bool masked = !mask.empty() && mask[std::size_t(k)];
        const ArrowPainter::Style s =
            keyStyle(k, n, hr.softmax.weights[k], order.maxWeight, masked);
        const QPointF from(l.x(0), y), to(l.x(hr.keys(k, 0)), y);
        if (thinLanes) {
            // Lanes too thin for arrow heads (many keys): bars, which read as a profile of the
            // projections instead of a heap of overlapping heads.
            p.setPen(QPen(s.color, std::max(1.0, l.lane * 0.7), Qt::SolidLine, Qt::FlatCap));
            p.setOpacity(s.opacity);
            p.drawLine(from, to);
            p.setOpacity(1.0);
        } else {
            ArrowPainter::drawArrow(p, from, to, s);
        }
        if (order.labelled[std::size_t(k)] && l.lane >= fm.height() * 0.8)
            ArrowPainter::drawLabel(p, from, to,
                                    QStringLiteral("k") + NumberFormat::subscript(k + 1), s.color);
    }
}

void HeadCanvases::paintPlaneAxes(QPainter &p, int head, const QRect &area) const
{
    const double extent = m_extent[std::size_t(head)];
    const QFontMetricsF fm(font());
    const PlaneLayout l = planeLayout(area, extent, fm);
    const double step = tickStep(extent, l.scale, fm);
    p.setPen(QPen(ColorScheme::grid(), 1));
    for (double v = step; v <= extent + 1e-9; v += step)
        for (double s : {v, -v}) {
            p.drawLine(l.toScreen(s, -extent), l.toScreen(s, extent));
            p.drawLine(l.toScreen(-extent, s), l.toScreen(extent, s));
        }
    p.setPen(QPen(ColorScheme::axis(), 1.2));
    p.drawLine(l.toScreen(-extent, 0), l.toScreen(extent, 0));
    p.drawLine(l.toScreen(0, -extent), l.toScreen(0, extent));
    p.setFont(font());
    p.drawText(QRectF(l.toScreen(step, 0) + QPointF(-30, 2), QSizeF(60, fm.height())),
               Qt::AlignHCenter | Qt::AlignTop, NumberFormat::tick(step, step));
}

void HeadCanvases::paintPlaneArrows(QPainter &p, int head, const QRect &area) const
{
    const attn::HeadResult &hr = m_model->result().heads[std::size_t(head)];
    const int n = int(hr.keys.rows());
    const PlaneLayout l = planeLayout(area, m_extent[std::size_t(head)], QFontMetricsF(font()));
    p.setFont(font());
    const KeyOrder order = keyOrder(hr.softmax.weights);
    const auto &mask = m_model->scene().mask;
    for (int k : order.order) {
        const bool masked = !mask.empty() && mask[std::size_t(k)];
        const ArrowPainter::Style s =
            keyStyle(k, n, hr.softmax.weights[k], order.maxWeight, masked);
        const QPointF tip = l.toScreen(hr.keys(k, 0), hr.keys(k, 1));
        ArrowPainter::drawArrow(p, l.origin, tip, s);
        if (order.labelled[std::size_t(k)])
            ArrowPainter::drawLabel(p, l.origin, tip,
                                    QStringLiteral("k") + NumberFormat::subscript(k + 1), s.color);
    }
    const ArrowPainter::Style q = ArrowPainter::styleFor(ColorScheme::Role::Query, 3, 14);
    const QPointF qTip = l.toScreen(hr.query[0], hr.query[1]);
    ArrowPainter::drawArrow(p, l.origin, qTip, q);
    ArrowPainter::drawLabel(p, l.origin, qTip, QStringLiteral("q"), ColorScheme::query());
}
