#pragma once

#include "canvas/canvasmode.h"
#include "canvas/vectorhandle.h"
#include "core/types.h"

#include <QPointF>

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
    VectorHandle m_handle;
    QPointF m_pressPos;
    QPointF m_pos;
    attn::Vector m_original;
    bool m_moved = false;
};
