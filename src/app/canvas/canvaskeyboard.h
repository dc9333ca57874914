#pragma once

class CanvasWidget;
class QKeyEvent;

/// The canvas's keys, once the interaction mode has had its turn (Escape cancels a drag there):
/// the arrow keys nudge the selected vector (or pan the picture when nothing is selected), Delete
/// removes the selected key, Escape clears the selection, + and − zoom, Shift+F10 opens the
/// context menu and Ctrl+Tab leaves the canvas. It uses only the canvas's public API.
class CanvasKeyboard
{
public:
    explicit CanvasKeyboard(CanvasWidget *canvas) : m_canvas(canvas) {}

    /// Acts on `event` when it is one of the canvas's keys and returns true; false leaves it to
    /// QWidget (and so to the window: Escape with nothing selected closes a dialog, say).
    bool keyPress(QKeyEvent *event);

private:
    /// Moves the selected vector one step (0.1, or 0.01 when fine, onto that step's grid while
    /// snapping is on) in direction (dx, dy), world axes (y up); with nothing selected pans the
    /// picture instead (40 pixels, 10 when fine).
    void nudge(int dx, int dy, bool fine);
    /// The context menu at the selected tip, else (nothing selected, or the tip off screen) in
    /// the middle, as the keyboard's Menu key would open it.
    void openContextMenu();

    CanvasWidget *m_canvas;
};
