#include "canvas/canvaskeyboard.h"

#include "canvas/canvaswidget.h"
#include "canvas/selection.h"
#include "core/emptiestdirection.h"

#include <QContextMenuEvent>
#include <QCoreApplication>
#include <QKeyEvent>

namespace {
constexpr double kNudge = 0.1;
constexpr double kFineNudge = 0.01;
constexpr double kPanPixels = 40;
} // namespace

bool CanvasKeyboard::keyPress(QKeyEvent *event)
{
    const bool fine = event->modifiers() & Qt::ShiftModifier;
    switch (event->key()) {
    case Qt::Key_Left:
        nudge(-1, 0, fine);
        return true;
    case Qt::Key_Right:
        nudge(1, 0, fine);
        return true;
    case Qt::Key_Up:
        nudge(0, 1, fine);
        return true;
    case Qt::Key_Down:
        nudge(0, -1, fine);
        return true;
    case Qt::Key_Delete:
    case Qt::Key_Backspace:
        m_canvas->removeSelectedKey();
        return true;
    case Qt::Key_Escape:
        // With nothing selected, Escape is left to the window (a dialog closes, say).
        if (m_canvas->selection()->kind() == Selection::Kind::None)
            return false;
        m_canvas->selection()->clear();
        return true;
    case Qt::Key_Plus:
    case Qt::Key_Equal: // + without Shift on most keyboards
    case Qt::Key_Minus:
        event->key() == Qt::Key_Minus ? m_canvas->zoomOut() : m_canvas->zoomIn();
        return true;
    case Qt::Key_F10:
        // Shift+F10, the keyboard's context-menu key on desktops without a Menu key (that key
        // the platform turns into a context-menu event itself).
        if (!(event->modifiers() & Qt::ShiftModifier))
            return false;
        openContextMenu();
        return true;
    case Qt::Key_Tab:
    case Qt::Key_Backtab:
        // Tab cycles inside the canvas; Ctrl+Tab is the way out for keyboard users.
        if (!(event->modifiers() & Qt::ControlModifier))
            return false;
        m_canvas->passFocus(event->key() == Qt::Key_Tab &&
                            !(event->modifiers() & Qt::ShiftModifier));
        return true;
    default:
        return false;
    }
}

void CanvasKeyboard::nudge(int dx, int dy, bool fine)
{
    const VectorHandle h = m_canvas->selectedHandle();
    if (!h.isValid()) {
        // Nothing selected: the arrows move the picture instead, as a keyboard way to pan.
        const double pixels = fine ? kPanPixels / 4 : kPanPixels;
        ViewTransform v = m_canvas->view();
        v.pan(-dx * pixels, dy * pixels);
        m_canvas->setView(v);
        return;
    }
    const double step = fine ? kFineNudge : kNudge;
    attn::Vector v = m_canvas->vectorOf(h);
    v[0] += dx * step;
    v[1] += dy * step;
    if (m_canvas->snapToGrid()) {
        v[0] = attn::roundToStep(v[0], step);
        v[1] = attn::roundToStep(v[1], step);
    }
    m_canvas->setVectorOf(h, v);
}

void CanvasKeyboard::openContextMenu()
{
    const VectorHandle h = m_canvas->selectedHandle();
    const QRect area = m_canvas->rect();
    // A tip off screen (far away) opens the menu in the middle instead.
    const QPointF tip =
        h.isValid() ? m_canvas->view().toScreen(m_canvas->tipOf(h)) : QPointF(-1, -1);
    const QPoint at = QRectF(area).contains(tip) ? tip.toPoint() : area.center();
    QContextMenuEvent menu(QContextMenuEvent::Keyboard, at, m_canvas->mapToGlobal(at));
    QCoreApplication::sendEvent(m_canvas, &menu);
}
