#pragma once

#include "canvas/canvasmode.h"
#include "canvas/vectorhandle.h"
#include "core/types.h"

#include <QPointF>
#include <QSize>

class QColor;
class QPixmap;

/// A tip is held: every mouse move edits the model live; Escape puts the vector back.
class CanvasDragMode : public CanvasMode
{
public:
    CanvasDragMode(CanvasModeHost *canvas, const VectorHandle &handle, QPointF pressPos);

    void mouseMove(QMouseEvent *event) override;
    void mouseRelease(QMouseEvent *event) override;
    bool keyPress(QKeyEvent *event) override;
    void paintOverlay(QPainter &painter) const override;
    bool isBusy() const override { return true; }

private:
    /// The readout's box of `size` (at whole pixels), drawn one pixel up and left of its place.
    static const QPixmap &boxPicture(QSize size, const QColor &fill, const QColor &outline,
                                     qreal devicePixelRatio);

    VectorHandle m_handle;
    QPointF m_pressPos;
    QPointF m_pos;
    attn::Vector m_original;
    bool m_moved = false;
};
