#pragma once

#include "canvas/canvasmode.h"

#include <QPointF>

/// The background is held: the picture follows the mouse. A left click without a move clears
/// the selection.
class CanvasPanMode : public CanvasMode
{
public:
    CanvasPanMode(CanvasModeHost *canvas, QPointF pressPos, Qt::MouseButton button);

    void mouseMove(QMouseEvent *event) override;
    void mouseRelease(QMouseEvent *event) override;
    bool isBusy() const override { return true; }

private:
    QPointF m_pressPos;
    QPointF m_last;
    Qt::MouseButton m_button;
    bool m_moved = false;
};
