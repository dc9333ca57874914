#pragma once

#include <QtGlobal>

class QPainter;
class QWidget;

/// When a widget may draw what stays still during a drag (the canvas's grid and values, the
/// head canvases' frames and axes) from a cached picture instead of drawing it afresh.
namespace LayerCache {

/// True when `painter` paints `widget` on screen, or into a raster image at the widget's own
/// pixel ratio without scaling: the picture then gives the same pixels. Files (SVG, PDF) get
/// their vectors and text, and a 2× export its sharp lines.
bool usable(const QPainter &painter, const QWidget &widget);

/// The device pixel ratio a cached picture must have to give `painter` the pixels it would draw
/// itself (a raster device, no scaling or rotation), or 0 when none can (files, scaled exports,
/// caches switched off). For what is drawn on screen only and belongs to no one widget's ratio.
qreal pictureRatio(const QPainter &painter);

/// Tests compare the cached drawing with a fresh one, and benchmarks time both.
void setEnabled(bool enabled);
bool isEnabled();

} // namespace LayerCache
