#include "canvas/canvaspanmode.h"

#include "canvas/canvasidlemode.h"
#include "canvas/canvasmodehost.h"
#include "canvas/viewtransform.h"

#include <QLineF>
#include <QMouseEvent>

namespace {
constexpr double kPanThreshold = 3.0;
} // namespace

CanvasPanMode::CanvasPanMode(CanvasModeHost *canvas, QPointF pressPos, Qt::MouseButton button)
    : CanvasMode(canvas), m_pressPos(pressPos), m_last(pressPos), m_button(button)
{
    canvas->setCursorShape(Qt::ClosedHandCursor);
}

void CanvasPanMode::mouseMove(QMouseEvent *event)
{
    const QPointF pos = event->position();
    if (!(event->buttons() & m_button)) {
        // The release went elsewhere: stop panning.
        CanvasModeHost *canvas = m_canvas;
        canvas->setMode(std::make_unique<CanvasIdleMode>(canvas));
        CanvasIdleMode::updateHover(canvas, pos);
        return;
    }
    if (!m_moved && QLineF(m_pressPos, pos).length() < kPanThreshold)
        return;
    m_moved = true;
    ViewTransform view = m_canvas->view();
    view.pan(pos.x() - m_last.x(), pos.y() - m_last.y());
    m_last = pos;
    m_canvas->setView(view);
}

void CanvasPanMode::mouseRelease(QMouseEvent *event)
{
    if (event->button() != m_button)
        return;
    CanvasModeHost *canvas = m_canvas;
    const QPointF pos = event->position();
    if (!m_moved && m_button == Qt::LeftButton)
        canvas->select({});
    canvas->setMode(std::make_unique<CanvasIdleMode>(canvas));
    CanvasIdleMode::updateHover(canvas, pos);
}
