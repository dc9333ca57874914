#pragma once

#include "canvas/viewtransform.h"

#include <QRectF>
#include <QSizeF>

class QFont;
class QSize;

/// Which part of the plane the canvas shows when it has to choose one: the first view, a view of
/// every tip with room for its label, the same view on a target of another size (exports), and
/// the zoom steps. Only geometry on ViewTransform: the canvas keeps which view is current and
/// says when it changed.
class ViewFitter
{
public:
    /// The first view shows the unit circle and the worked example's vectors with their labels.
    static constexpr QRectF kHomeWorld{QPointF(-1.25, -1.25), QPointF(1.95, 1.45)};
    static constexpr double kHomeMargin = 24;
    /// Zoom In and Zoom Out (keys, menus) multiply or divide the scale by this.
    static constexpr double kZoomStep = 1.25;
    /// The key label fitAll() keeps room for: the widest a key's label gets.
    static constexpr char16_t kWidestLabel[] = u"k₆₄ 0.000";

    /// kHomeWorld in a viewport of `viewport` pixels, kHomeMargin pixels free on every side.
    static ViewTransform home(QSize viewport);
    /// `bounds` (the tips, the origin, the unit circle) in a viewport of `viewport` pixels, with
    /// room beyond the outermost tips for a label of `label` pixels placed in any direction.
    static ViewTransform showing(const QRectF &bounds, QSize viewport, QSizeF label);
    /// As showing(), with the room for kWidestLabel in `labelFont`.
    static ViewTransform showingAll(const QRectF &bounds, QSize viewport, const QFont &labelFont);
    /// `view` on a target of `target` pixels: the same centre and the same visible part of the
    /// plane, scaled by the smaller of the two size ratios (so nothing shown is cut off).
    static ViewTransform scaledTo(const ViewTransform &view, QSize target);
    /// `view` zoomed by `factor` about the viewport's middle.
    static ViewTransform zoomedAboutMiddle(const ViewTransform &view, double factor);
    /// `view` zoomed at `at` for a wheel turn of `delta` eighths of a degree: one notch (120)
    /// zooms by 2^(1/4) ≈ 1.19; high-resolution wheels send smaller steps.
    static ViewTransform wheelZoomed(const ViewTransform &view, QPointF at, int delta);
};
