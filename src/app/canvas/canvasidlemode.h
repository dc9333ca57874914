#pragma once

#include "canvas/canvasmode.h"

#include <QPointF>

/// Nothing is held: highlights the tip under the mouse and starts a drag or a pan on a press.
class CanvasIdleMode : public CanvasMode
{
public:
    explicit CanvasIdleMode(CanvasModeHost *canvas);

    void mousePress(QMouseEvent *event) override;
    void mouseMove(QMouseEvent *event) override;
    void leave() override;

    /// Re-evaluates the hover at `pos`, e.g. after a drag ended there.
    static void updateHover(CanvasModeHost *canvas, QPointF pos);
};
