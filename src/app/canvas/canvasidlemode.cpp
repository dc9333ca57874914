#include "canvas/canvasidlemode.h"

#include "canvas/canvasdragmode.h"
#include "canvas/canvasmodehost.h"
#include "canvas/canvaspanmode.h"

#include <QMouseEvent>

CanvasIdleMode::CanvasIdleMode(CanvasModeHost *canvas) : CanvasMode(canvas)
{
    canvas->setDragged({});
}

void CanvasIdleMode::updateHover(CanvasModeHost *canvas, QPointF pos)
{
    const VectorHandle handle = canvas->handleAt(pos);
    canvas->setHovered(handle);
    canvas->setCursorShape(handle.isValid() ? Qt::OpenHandCursor : Qt::ArrowCursor);
}

void CanvasIdleMode::mousePress(QMouseEvent *event)
{
    const QPointF pos = event->position();
    if (event->button() == Qt::LeftButton) {
        const VectorHandle handle = m_canvas->handleAt(pos);
        if (handle.isValid()) {
            m_canvas->select(handle);
            m_canvas->setMode(std::make_unique<CanvasDragMode>(m_canvas, handle, pos));
        } else {
            m_canvas->setMode(std::make_unique<CanvasPanMode>(m_canvas, pos, Qt::LeftButton));
        }
    } else if (event->button() == Qt::MiddleButton) {
        m_canvas->setMode(std::make_unique<CanvasPanMode>(m_canvas, pos, Qt::MiddleButton));
    }
}

void CanvasIdleMode::mouseMove(QMouseEvent *event)
{
    updateHover(m_canvas, event->position());
}

void CanvasIdleMode::leave()
{
    m_canvas->setHovered({});
    m_canvas->clearCursor();
}
