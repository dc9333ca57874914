#include "canvas/handlerings.h"

#include "canvas/layercache.h"
#include "canvas/scenehandles.h"
#include "canvas/viewtransform.h"
#include "theme/colorscheme.h"

#include <QPaintDevice>
#include <QPainter>
#include <QPixmap>

#include <cmath>
#include <map>
#include <tuple>

namespace {

enum class Ring
{
    Hovered,
    Selected
};

// Half the side of a ring's picture: the selection ring's radius, half its 6-pixel halo and a
// pixel of antialiasing, with room to spare.
constexpr int kHalf = int(HandleRings::kSelectedRadius) + 6;

void draw(QPainter &painter, QPointF centre, Ring ring, const QColor &color)
{
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, true);
    if (ring == Ring::Hovered) {
        QColor fill = color;
        fill.setAlpha(50);
        painter.setPen(QPen(color, 1.5));
        painter.setBrush(fill);
        painter.drawEllipse(centre, HandleRings::kHoveredRadius, HandleRings::kHoveredRadius);
    } else {
        painter.setBrush(Qt::NoBrush);
        painter.setPen(QPen(ColorScheme::background(), 6));
        painter.drawEllipse(centre, HandleRings::kSelectedRadius, HandleRings::kSelectedRadius);
        painter.setPen(QPen(color, 3));
        painter.drawEllipse(centre, HandleRings::kSelectedRadius, HandleRings::kSelectedRadius);
    }
    painter.restore();
}

// Stroking the rings' circles was a twentieth of a drag's frame: on screen each ring is drawn
// once into a translucent picture and then copied. Its centre sits on a device pixel (on screen
// and drawn afresh alike, so that both give the same pixels): half a pixel off the tip at most,
// which no one sees on a ring 30 pixels across.
void paintRing(QPainter &painter, QPointF tip, Ring ring, const QColor &color)
{
    const qreal deviceRatio = painter.device() ? painter.device()->devicePixelRatio() : 1.0;
    const QPointF centre(std::round(tip.x() * deviceRatio) / deviceRatio,
                         std::round(tip.y() * deviceRatio) / deviceRatio);
    const qreal ratio = LayerCache::pictureRatio(painter);
    if (!(ratio > 0) || ratio != deviceRatio) {
        draw(painter, centre, ring, color);
        return;
    }
    // Keyed by everything the picture shows: the ring, its colour, the background (the halo),
    // the pixel ratio.
    thread_local std::map<std::tuple<int, quint64, quint64, qreal>, QPixmap> pictures;
    const auto key = std::make_tuple(int(ring), quint64(color.rgba64()),
                                     quint64(ColorScheme::background().rgba64()), ratio);
    auto it = pictures.find(key);
    if (it == pictures.end()) {
        if (pictures.size() > 64)
            pictures.clear();
        QPixmap pixmap(QSize(2 * kHalf, 2 * kHalf) * ratio);
        pixmap.setDevicePixelRatio(ratio);
        pixmap.fill(Qt::transparent);
        QPainter picture(&pixmap);
        draw(picture, QPointF(kHalf, kHalf), ring, color);
        picture.end();
        it = pictures.emplace(key, pixmap).first;
    }
    painter.drawPixmap(centre - QPointF(kHalf, kHalf), it->second);
}

} // namespace

void HandleRings::paint(QPainter &painter, const ViewTransform &view, const SceneHandles &handles,
                        const QRectF &area, const VectorHandle &hovered,
                        const VectorHandle &dragged, const VectorHandle &selected)
{
    const QRectF near = area.adjusted(-50, -50, 50, 50);
    if (hovered.isValid() && hovered != dragged) {
        const QPointF tip = view.toScreen(handles.tipOf(hovered));
        if (near.contains(tip))
            paintRing(painter, tip, Ring::Hovered, handles.colorOf(hovered));
    }
    if (selected.isValid()) {
        const QPointF tip = view.toScreen(handles.tipOf(selected));
        if (near.contains(tip))
            paintRing(painter, tip, Ring::Selected, handles.colorOf(selected));
    }
}
