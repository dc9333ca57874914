#include "canvas/handlerings.h"

#include "canvas/scenehandles.h"
#include "canvas/viewtransform.h"
#include "theme/colorscheme.h"

#include <QPainter>

void HandleRings::paint(QPainter &painter, const ViewTransform &view, const SceneHandles &handles,
                        const QRectF &area, const VectorHandle &hovered,
                        const VectorHandle &dragged, const VectorHandle &selected)
{
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, true);
    const QRectF near = area.adjusted(-50, -50, 50, 50);
    if (hovered.isValid() && hovered != dragged) {
        const QPointF tip = view.toScreen(handles.tipOf(hovered));
        if (near.contains(tip)) {
            const QColor color = handles.colorOf(hovered);
            QColor fill = color;
            fill.setAlpha(50);
            painter.setPen(QPen(color, 1.5));
            painter.setBrush(fill);
            painter.drawEllipse(tip, kHoveredRadius, kHoveredRadius);
        }
    }
    if (selected.isValid()) {
        const QPointF tip = view.toScreen(handles.tipOf(selected));
        if (near.contains(tip)) {
            painter.setBrush(Qt::NoBrush);
            painter.setPen(QPen(ColorScheme::background(), 6));
            painter.drawEllipse(tip, kSelectedRadius, kSelectedRadius);
            painter.setPen(QPen(handles.colorOf(selected), 3));
            painter.drawEllipse(tip, kSelectedRadius, kSelectedRadius);
        }
    }
    painter.restore();
}
