#include "canvas/vectorlayer.h"

#include "canvas/canvasreveal.h"
#include "canvas/labelplacer.h"
#include "canvas/scenehandles.h"
#include "methods/methodview.h"
#include "methods/methodviews.h"
#include "model/scenemodel.h"
#include "text/arrowpainter.h"
#include "theme/appearance.h"
#include "theme/colorscheme.h"

#include <QFontMetricsF>
#include <QLineF>
#include <QPainter>
#include <QPolygonF>

#include <algorithm>
#include <array>
#include <cmath>
#include <numeric>
#include <vector>

namespace {

using Kind = VectorHandle::Kind;
using Role = ColorScheme::Role;

QPointF point(const attn::Vector &v)
{
    return SceneHandles::point(v);
}

QPointF rowPoint(const attn::Matrix &m, int row)
{
    return SceneHandles::rowPoint(m, row);
}

/// Liang–Barsky: clips the segment a–b to `r`; false when nothing of it is inside. Far tips would
/// otherwise hand the raster engine coordinates of millions of pixels.
bool clipSegment(QPointF &a, QPointF &b, const QRectF &r)
{
    double t0 = 0, t1 = 1;
    const double dx = b.x() - a.x(), dy = b.y() - a.y();
    const std::array<double, 4> p{-dx, dx, -dy, dy};
    const std::array<double, 4> q{a.x() - r.left(), r.right() - a.x(), a.y() - r.top(),
                                  r.bottom() - a.y()};
    for (int i = 0; i < 4; ++i) {
        if (p[i] == 0) {
            if (q[i] < 0)
                return false;
            continue;
        }
        const double t = q[i] / p[i];
        if (p[i] < 0)
            t0 = std::max(t0, t);
        else
            t1 = std::min(t1, t);
        if (t0 > t1)
            return false;
    }
    const QPointF start = a;
    a = start + QPointF(dx, dy) * t0;
    b = start + QPointF(dx, dy) * t1;
    return true;
}

/// A label's colour from its arrow's: a little darker on a light background, a little lighter on a
/// dark one, so that thin glyphs keep the contrast of the thicker arrow.
QColor ink(const QColor &color, int factor)
{
    return ColorScheme::isDark(ColorScheme::background()) ? color.lighter(factor)
                                                          : color.darker(factor);
}

/// `color` at `opacity` over the background, as an opaque colour: translucent strokes cost the
/// raster engine several times more than opaque ones, and 64 keys must paint in a few ms. Where two
/// faded strokes cross, the later covers the earlier instead of darkening it, which reads fine.
QColor faded(const QColor &color, double opacity)
{
    // Never fainter than legible on the background (dark themes drew faint keys near black).
    return ColorScheme::faded(color, opacity);
}

void drawArrowClipped(QPainter &painter, QPointF from, QPointF to, const ArrowPainter::Style &style,
                      const QRectF &bounds)
{
    if (!bounds.contains(from) || !bounds.contains(to)) {
        // The head of a clipped arrow lands outside the visible area, so the picture is the same.
        if (!clipSegment(from, to, bounds))
            return;
    }
    ArrowPainter::drawArrow(painter, from, to, style);
}

struct LabelItem
{
    int owner;    ///< the index of the tip obstacle that belongs to this label
    int priority; ///< smaller is placed first
    bool force;   ///< drawn even where it overlaps
    QPointF from; ///< the arrow's tail
    QPointF tip;
    QString text;
    QColor color;
    double clearance = 0; ///< extra distance from the tip (past a selection ring)
};

// Arrows are clipped to a rectangle a little larger than the view, so that arrow heads just
// outside still show their edge and absurdly far tips stay cheap.
QRectF arrowBounds(const ViewTransform &view)
{
    const QSizeF size = view.viewportSize();
    return QRectF(-400, -400, size.width() + 800, size.height() + 800);
}

} // namespace

VectorLayer::VectorLayer(const SceneModel *model, const SceneHandles *handles,
                         const CanvasReveal *reveal)
    : m_model(model), m_handles(handles), m_reveal(reveal)
{}

ArrowPainter::Style VectorLayer::valueStyle(int keyCount, bool emphasised)
{
    const bool thin = keyCount > kUncrowdedKeys;
    ArrowPainter::Style style =
        ArrowPainter::styleFor(ColorScheme::Role::Value, thin ? 1.6 : 2.5, thin ? 10.0 : 13.0);
    style.color = faded(style.color, emphasised ? 0.85 : 0.3);
    return style;
}

const QPixmap &VectorLayer::valuesOver(const QPixmap &grid, const ViewTransform &view,
                                       qreal devicePixelRatio)
{
    ValuesCache &v = m_cache;
    const ArrowPainter::Style style = valueStyle(m_model->keyCount(), m_reveal->valuesEmphasised());
    const attn::Matrix &values = m_model->values();
    if (v.pixmap.isNull() || v.grid != grid.cacheKey() || !(v.style == style) ||
        v.values.rows() != values.rows() || v.values.cols() != values.cols() ||
        v.values != values) {
        v.grid = grid.cacheKey();
        v.style = style;
        v.values = values;
        v.pixmap = grid.copy();
        v.pixmap.setDevicePixelRatio(devicePixelRatio);
        QPainter painter(&v.pixmap);
        paintValues(painter, view);
    }
    return v.pixmap;
}

void VectorLayer::paintValues(QPainter &painter, const ViewTransform &view) const
{
    const ArrowPainter::Style style = valueStyle(m_model->keyCount(), m_reveal->valuesEmphasised());
    painter.setRenderHint(QPainter::Antialiasing, true);
    const QRectF bounds = arrowBounds(view);
    const QPointF origin = view.toScreen(QPointF(0, 0));
    for (int i = 0; i < m_model->keyCount(); ++i)
        drawArrowClipped(painter, origin, view.toScreen(rowPoint(m_model->values(), i)), style,
                         bounds);
}

void VectorLayer::paint(QPainter &painter, const ViewTransform &view, const QFont &labelFont,
                        const QFont &markerFont, const Emphasis &emphasis, bool withValues) const
{
    // 1. Values, at the bottom: the keys and the beams to them are what the learner reads.
    if (withValues)
        paintValues(painter, view);
    painter.setRenderHint(QPainter::Antialiasing, true);
    const QSizeF size = view.viewportSize();
    const QRectF bounds = arrowBounds(view);
    const attn::Scene &scene = m_model->scene();
    const int n = m_model->keyCount();
    const bool hasResult = m_model->hasResult();
    const attn::Vector *weights = hasResult ? &m_model->result().weights : nullptr;
    // The walkthrough holds the weights and the output back until their steps are revealed.
    const bool showWeights = hasResult && m_reveal->weightsShown();
    // Presentation mode draws every line thicker.
    const double lineScale = Appearance::instance()->lineScale();
    const QPointF origin = view.toScreen(QPointF(0, 0));
    const QPointF q = view.toScreen(point(m_model->query()));
    auto keyTip = [&](int i) { return view.toScreen(rowPoint(m_model->keys(), i)); };
    auto valueTip = [&](int i) { return view.toScreen(rowPoint(m_model->values(), i)); };
    auto weightOf = [&](int i) {
        return (weights && i < weights->size()) ? std::clamp((*weights)[i], 0.0, 1.0) : 0.0;
    };

    // Keys from the heaviest down: the heaviest are labelled first and drawn last (on top).
    std::vector<int> order(n);
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
                     [&](int a, int b) { return weightOf(a) > weightOf(b); });

    // 2. How strongly the query attends to each key: a beam from the query's tip, the strongest
    // on top.
    if (showWeights) {
        for (auto it = order.rbegin(); it != order.rend(); ++it) {
            const int i = *it;
            if (m_handles->isMasked(i))
                continue;
            const double w = weightOf(i);
            // A key with weight exactly 0 (sparsemax below its threshold) gets no beam at all.
            if (w <= 0)
                continue;
            QPointF a = q, b = keyTip(i);
            if (!clipSegment(a, b, bounds))
                continue;
            painter.setPen(QPen(faded(ColorScheme::keyColor(i, n), 0.1 + 0.6 * std::sqrt(w)),
                                (1 + 9 * w) * lineScale, Qt::SolidLine, Qt::FlatCap));
            painter.drawLine(a, b);
        }
    }

    // 3. Keys, thinner when there are many.
    const bool thin = n > kUncrowdedKeys;
    for (auto it = order.rbegin(); it != order.rend(); ++it) {
        const int i = *it;
        ArrowPainter::Style style =
            ArrowPainter::styleFor(Role::Key, thin ? 2.2 : 3.0, thin ? 12.0 : 15.0);
        style.color = ColorScheme::keyColor(i, n);
        if (m_handles->isMasked(i)) {
            style.line = Qt::DashLine;
            style.color = faded(style.color, 0.35);
        } else {
            // The square root spreads the small weights of a large key set apart.
            style.color =
                faded(style.color, showWeights ? 0.3 + 0.7 * std::sqrt(weightOf(i)) : 0.8);
        }
        drawArrowClipped(painter, origin, keyTip(i), style, bounds);
        if (m_handles->isMasked(i) && bounds.contains(keyTip(i))) {
            // A cross on the tip: masked keys take no part, which a dash alone does not say.
            const QPointF t = keyTip(i);
            painter.setPen(QPen(ColorScheme::axis(), 2.5 * lineScale, Qt::SolidLine, Qt::RoundCap));
            painter.drawLine(t + QPointF(-7, -7), t + QPointF(7, 7));
            painter.drawLine(t + QPointF(-7, 7), t + QPointF(7, -7));
        }
    }

    const bool wColumns = MethodViews::of(scene.method).drawsWColumns;
    const attn::Matrix w = m_handles->generalMatrix();
    if (wColumns) {
        for (int c = 0; c < 2; ++c) {
            const QPointF tip = view.toScreen(QPointF(w(0, c), w(1, c)));
            // With W = I the columns are e₁ and e₂, exactly where unit values often are: a
            // column lying on another arrow is drawn beside it (a few pixels across), so that
            // both stay visible.
            bool covers = QLineF(tip, q).length() < 8;
            for (int i = 0; i < n && !covers; ++i)
                covers =
                    QLineF(tip, keyTip(i)).length() < 8 || QLineF(tip, valueTip(i)).length() < 8;
            QPointF shift;
            const QLineF shaft(origin, tip);
            if (covers && shaft.length() > 1)
                shift = QPointF(-shaft.dy(), shaft.dx()) / shaft.length() * 6 * lineScale;
            drawArrowClipped(painter, origin + shift, tip + shift,
                             ArrowPainter::styleFor(Role::GeneralColumn, 2.5, 13), bounds);
        }
    }

    const bool hasOutput =
        hasResult && m_reveal->outputShown() && m_model->result().output.size() == 2;
    const QPointF out = hasOutput ? view.toScreen(point(m_model->result().output)) : QPointF();
    if (hasOutput) {
        drawArrowClipped(painter, origin, out, ArrowPainter::styleFor(Role::Output, 3.0, 15),
                         bounds);
    }

    drawArrowClipped(painter, origin, q, ArrowPainter::styleFor(Role::Query, 3.5, 17), bounds);

    // Labels last, so that no arrow covers them; the important ones are placed first and the
    // rest move aside (or, in crowded scenes, give way).
    painter.setFont(labelFont);
    LabelPlacer placer(labelFont, QRectF(QPointF(0, 0), size));
    std::vector<LabelItem> labels;
    auto emphasised = [&](const VectorHandle &h) { return emphasis.contains(h); };
    // Selected and hovered tips wear a ring (paintOverlay); keep labels off it too.
    auto addTip = [&](QPointF tip, const VectorHandle &h = {}) {
        const int owner = int(labels.size());
        placer.addObstacle(tip, h.isValid() && emphasised(h) ? kRingRadius + 3 : 6, owner);
        return owner;
    };
    auto clearanceOf = [&](const VectorHandle &h) { return emphasised(h) ? kRingRadius - 2 : 0.0; };
    const bool crowded = n > kUncrowdedKeys;
    labels.push_back({addTip(q, {Kind::Query, -1}), 0, true, origin, q,
                      SceneHandles::nameOf({Kind::Query, -1}), ColorScheme::query(),
                      clearanceOf({Kind::Query, -1})});
    if (hasOutput)
        labels.push_back({addTip(out), 1, true, origin, out, tr("out"), ColorScheme::output()});
    if (wColumns) {
        for (int c = 0; c < 2; ++c) {
            const QPointF tip = view.toScreen(QPointF(w(0, c), w(1, c)));
            labels.push_back({addTip(tip, {Kind::GeneralColumn, c}), 3, true, origin, tip,
                              SceneHandles::nameOf({Kind::GeneralColumn, c}),
                              ink(ColorScheme::generalColumn(), 120)});
        }
    }
    // Keys by weight: in a crowded scene the heaviest keep their labels.
    for (int rank = 0; rank < n; ++rank) {
        const int i = order[rank];
        const VectorHandle h{Kind::Key, i};
        const QString text = m_reveal->keyLabel(i);
        const bool important = emphasised(h) || !crowded || rank < kLabelledHeavyKeys;
        // A masked key has weight 0 and would be placed last, pushed out of its natural spot
        // onto other arrows; its long "masked" label claims its place right after the query's.
        const int priority = emphasised(h) ? 2 : m_handles->isMasked(i) && !crowded ? 3 : 10 + rank;
        labels.push_back({addTip(keyTip(i), h), priority, important, origin, keyTip(i), text,
                          ColorScheme::keyColor(i, n), clearanceOf(h)});
    }
    for (int i = 0; i < n; ++i) {
        const VectorHandle h{Kind::Value, i};
        // In a crowded scene only the selected or hovered value is named: values carry no
        // number, and their names would bury the keys' weights.
        if (crowded && !emphasised(h))
            continue;
        labels.push_back({addTip(valueTip(i), h), emphasised(h) ? 2 : 1000 + i, true, origin,
                          valueTip(i), SceneHandles::nameOf(h), ink(ColorScheme::value(), 115),
                          clearanceOf(h)});
    }
    std::stable_sort(labels.begin(), labels.end(), [](const LabelItem &a, const LabelItem &b) {
        return a.priority < b.priority;
    });
    for (const LabelItem &label : labels) {
        if (!bounds.contains(label.tip))
            continue;
        if (const auto spot = placer.place(label.from, label.tip, label.text, label.owner,
                                           label.force, label.clearance))
            ArrowPainter::drawLabel(painter, spot->from, spot->tip, label.text, label.color);
    }

    paintEdgeMarkers(painter, view, markerFont);

    if (!hasResult) {
        // Without a result there are no weights to draw; say why where the learner is looking.
        const QString text = m_model->errorText();
        const QFontMetricsF fm(labelFont);
        const QRectF box(12, 12, std::min(size.width() - 24, fm.horizontalAdvance(text) + 24),
                         fm.height() + 12);
        painter.setPen(QPen(ColorScheme::error(), 1.5));
        painter.setBrush(ColorScheme::errorBackground());
        painter.drawRoundedRect(box, 6, 6);
        painter.setPen(ColorScheme::error());
        painter.drawText(box.adjusted(12, 0, -12, 0), Qt::AlignVCenter | Qt::AlignLeft,
                         fm.elidedText(text, Qt::ElideRight, box.width() - 24));
    }
}

QList<VectorLayer::EdgeMarker> VectorLayer::edgeMarkers(const ViewTransform &view) const
{
    QList<EdgeMarker> markers;
    const QRectF inside = QRectF(QPointF(0, 0), view.viewportSize())
                              .adjusted(kEdgeInset, kEdgeInset, -kEdgeInset, -kEdgeInset);
    if (inside.isEmpty())
        return markers;
    const QPointF centre = inside.center();
    auto consider = [&](QPointF world, const QString &name, const QColor &color,
                        const VectorHandle &h) {
        const QPointF tip = view.toScreen(world);
        if (inside.contains(tip))
            return;
        // Where the line from the middle of the view to the tip leaves the inset rectangle.
        const QPointF d = tip - centre;
        double t = 1;
        if (d.x() != 0)
            t = std::min(t, (inside.width() / 2) / std::abs(d.x()));
        if (d.y() != 0)
            t = std::min(t, (inside.height() / 2) / std::abs(d.y()));
        const double length = std::hypot(d.x(), d.y());
        if (!(length > 0))
            return;
        markers.append({centre + d * t, d / length, name, color, h});
    };
    const int n = m_model->keyCount();
    consider(point(m_model->query()), SceneHandles::nameOf({Kind::Query, -1}), ColorScheme::query(),
             {Kind::Query, -1});
    for (int i = 0; i < n; ++i)
        consider(rowPoint(m_model->keys(), i), SceneHandles::nameOf({Kind::Key, i}),
                 ColorScheme::keyColor(i, n), {Kind::Key, i});
    for (int i = 0; i < n; ++i)
        consider(rowPoint(m_model->values(), i), SceneHandles::nameOf({Kind::Value, i}),
                 ColorScheme::value(), {Kind::Value, i});
    if (m_model->hasResult() && m_reveal->outputShown() && m_model->result().output.size() == 2)
        consider(point(m_model->result().output), tr("out"), ColorScheme::output(), {});
    if (MethodViews::of(m_model->scene().method).drawsWColumns) {
        const attn::Matrix w = m_handles->generalMatrix();
        for (int c = 0; c < 2; ++c)
            consider(QPointF(w(0, c), w(1, c)), SceneHandles::nameOf({Kind::GeneralColumn, c}),
                     ColorScheme::generalColumn(), {Kind::GeneralColumn, c});
    }
    return markers;
}

void VectorLayer::paintEdgeMarkers(QPainter &painter, const ViewTransform &view,
                                   const QFont &markerFont) const
{
    // A tip outside the picture (dragged past the border, or a scene with huge numbers) would
    // otherwise simply vanish: a small arrowhead on the border points at it, with its name.
    const QList<EdgeMarker> markers = edgeMarkers(view);
    if (markers.isEmpty())
        return;
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, true);
    const double lineScale = Appearance::instance()->lineScale();
    const double size = 11 * lineScale;
    QFont font = markerFont;
    font.setBold(true);
    painter.setFont(font);
    const QFontMetricsF fm(font);
    for (const EdgeMarker &m : markers) {
        const QPointF d = m.direction;
        const QPointF normal(-d.y(), d.x());
        const QPointF apex = m.at + d * size * 0.6;
        QPolygonF head;
        head << apex << apex - d * size * 1.6 + normal * size * 0.8
             << apex - d * size * 1.6 - normal * size * 0.8;
        painter.setPen(QPen(ColorScheme::background(), 1.5));
        painter.setBrush(m.color);
        painter.drawPolygon(head);
        // The name on the inner side of the head, where it stays inside the widget.
        const QSizeF box(fm.horizontalAdvance(m.name) + 6, fm.height());
        const QPointF c = m.at - d * (size * 1.6 + 0.5 * std::hypot(box.width(), box.height()));
        const QRectF r(c - QPointF(box.width() / 2, box.height() / 2), box);
        QColor halo = ColorScheme::background();
        halo.setAlpha(200);
        painter.setPen(Qt::NoPen);
        painter.setBrush(halo);
        painter.drawRoundedRect(r, 3, 3);
        painter.setPen(ink(m.color, 115));
        painter.drawText(r, Qt::AlignCenter, m.name);
    }
    painter.restore();
}
