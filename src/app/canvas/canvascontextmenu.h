#pragma once

#include <QCoreApplication>
#include <QPoint>

class CanvasWidget;
class QMenu;

/// The canvas's right-click menu: add a key at the pointer, remove or (un)mask the key under it,
/// type a tip's coordinates, pick the landscape's head (multi-head), the legend, fit all and
/// reset the view. Every action calls the canvas's public API, so the menu does nothing the
/// keyboard and the main window's menus cannot.
class CanvasContextMenu
{
    Q_DECLARE_TR_FUNCTIONS(CanvasContextMenu)

public:
    /// The menu for `pos` (canvas coordinates), a child of `canvas`; the caller owns it.
    static QMenu *create(CanvasWidget *canvas, QPoint pos);

private:
    static void addLandscapeActions(CanvasWidget *canvas, QMenu *menu);
};
