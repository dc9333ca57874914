#pragma once

#include <Qt>

class CanvasModeHost;
class QKeyEvent;
class QMouseEvent;
class QPainter;

/// One way the canvas reacts to the mouse (after KDE Kig's modes): hovering, dragging a tip or
/// panning. The canvas forwards its events to the current mode, and a mode hands over to the next
/// one by calling CanvasModeHost::setMode(). Modes reach the canvas only through CanvasModeHost.
class CanvasMode
{
public:
    explicit CanvasMode(CanvasModeHost *canvas) : m_canvas(canvas) {}
    virtual ~CanvasMode() = default;
    CanvasMode(const CanvasMode &) = delete;
    CanvasMode &operator=(const CanvasMode &) = delete;

    virtual void mousePress(QMouseEvent *event);
    virtual void mouseMove(QMouseEvent *event);
    virtual void mouseRelease(QMouseEvent *event);
    /// Returns true when the mode used the key (Escape cancels a drag).
    virtual bool keyPress(QKeyEvent *event);
    virtual void leave() {}
    /// True while a button is held for this mode (a drag or a pan), when a context menu or a
    /// second gesture must not start.
    virtual bool isBusy() const { return false; }
    /// Draws what exists only in this mode, such as a drag's live coordinates.
    virtual void paintOverlay(QPainter &painter) const;

protected:
    CanvasModeHost *m_canvas;
};
