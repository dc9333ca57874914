#pragma once

#include "canvas/vectorhandle.h"
#include "core/types.h"

#include <QPointF>
#include <QRectF>
#include <QString>
#include <Qt>

#include <memory>

class CanvasMode;
class ViewTransform;

/// What the canvas's interaction modes may ask of the canvas, and nothing more: find the tip
/// under the mouse, read and change the view, hover and select a vector, move it through the
/// editor (one drag = one undo step), set the cursor, repaint and hand over to the next mode.
/// The modes see this instead of the whole widget, so that a mode cannot reach the canvas's
/// painting or its state behind the canvas's back, and the canvas's private parts can change
/// without touching them. CanvasWidget implements it.
class CanvasModeHost
{
public:
    virtual ~CanvasModeHost() = default;

    /// The tip within grab distance of `screen`, or an invalid handle.
    virtual VectorHandle handleAt(QPointF screen) const = 0;
    /// Where `handle`'s tip is drawn (world coordinates).
    virtual QPointF tipOf(const VectorHandle &handle) const = 0;
    /// The vector as the scene stores it (what a drag changes, and what Escape puts back).
    virtual attn::Vector vectorOf(const VectorHandle &handle) const = 0;
    /// "k₂ = (0.50, 1.00)": the drawn vector's name and coordinates, for a drag's live readout.
    virtual QString readout(const VectorHandle &handle) const = 0;

    virtual const ViewTransform &view() const = 0;
    virtual void setView(const ViewTransform &view) = 0;
    /// The widget's own rectangle (overlays stay inside it).
    virtual QRectF area() const = 0;

    virtual void setHovered(const VectorHandle &handle) = 0;
    /// Selects `handle`; an invalid handle clears the selection.
    virtual void select(const VectorHandle &handle) = 0;
    /// The tip being dragged (invalid when none). Setting one starts the editor's drag (one
    /// undo step for the whole drag); setting none ends it.
    virtual void setDragged(const VectorHandle &handle) = 0;
    /// Moves `handle`'s tip to `world` (snapped while snapping is on) through the editor.
    virtual bool moveHandle(const VectorHandle &handle, QPointF world) = 0;
    /// Sets `handle`'s vector exactly, through the editor.
    virtual bool setVectorOf(const VectorHandle &handle, const attn::Vector &v) = 0;

    virtual void setCursorShape(Qt::CursorShape shape) = 0;
    virtual void clearCursor() = 0;
    virtual void requestRepaint() = 0;
    /// Hands the mouse over to `mode`; the calling mode stays alive until its handler returns.
    virtual void setMode(std::unique_ptr<CanvasMode> mode) = 0;
};
