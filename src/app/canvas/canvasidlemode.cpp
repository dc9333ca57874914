#include "canvas/canvasidlemode.h"

#include "canvas/canvasdragmode.h"
#include "canvas/canvaspanmode.h"
#include "canvas/canvaswidget.h"

#include <QMouseEvent>

CanvasIdleMode::CanvasIdleMode(CanvasWidget *canvas) : CanvasMode(canvas)
{
    canvas->setDragged({});
}

void CanvasIdleMode::updateHover(CanvasWidget *canvas, QPointF pos)
{
    const CanvasWidget::Handle handle = canvas->handleAt(pos);
    canvas->setHovered(handle);
    canvas->setCursor(handle.isValid() ? Qt::OpenHandCursor : Qt::ArrowCursor);
}

void CanvasIdleMode::mousePress(QMouseEvent *event)
{
    const QPointF pos = event->position();
    if (event->button() == Qt::LeftButton) {
        const CanvasWidget::Handle handle = m_canvas->handleAt(pos);
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
    m_canvas->unsetCursor();
}
