#include "canvas/canvasmode.h"

void CanvasMode::mousePress(QMouseEvent *) {}

void CanvasMode::mouseMove(QMouseEvent *) {}

void CanvasMode::mouseRelease(QMouseEvent *) {}

bool CanvasMode::keyPress(QKeyEvent *)
{
    return false;
}

void CanvasMode::paintOverlay(QPainter &) const {}
