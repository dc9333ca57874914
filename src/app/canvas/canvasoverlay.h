#pragma once

#include "canvas/canvasfonts.h"
#include "canvas/draghint.h"
#include "canvas/vectorlayer.h"

#include <QPointF>
#include <QSize>

#include <memory>

class CanvasLegend;
class CanvasMode;
class CanvasReveal;
class QPainter;
class SceneHandles;
class SceneModel;
class ViewTransform;

/// What the canvas draws on screen only, over the scene: the rings around the hovered, dragged
/// and selected tips (HandleRings), the focus frame, the legend (CanvasLegend), the first-start
/// DragHint and the interaction mode's own marks. Exports (slides, handouts) show the picture
/// itself, and files made with a transparent background stay transparent. It also keeps whether
/// the legend is shown (on by default, remembered in QSettings "canvas/legend").
class CanvasOverlay
{
public:
    CanvasOverlay(const SceneModel *model, const SceneHandles *handles, const CanvasReveal *reveal);
    ~CanvasOverlay();

    bool legendVisible() const { return m_legendVisible; }
    /// The legend, for a layer drawn before the overlay that adds a row of its own.
    CanvasLegend &legend() { return *m_legend; }
    /// Returns whether it changed (then it is remembered and the canvas repaints).
    bool setLegendVisible(bool on);
    bool dragHintVisible() const { return m_dragHint.isVisible(); }
    /// Hides the hint for good; returns whether it was showing.
    bool dismissDragHint() { return m_dragHint.dismiss(); }
    /// Whether the hint is drawn (it gives way while the walkthrough guides) and `pos` lies on it,
    /// on a canvas of `canvas` pixels.
    bool dragHintAt(QPointF pos, QSize canvas, const QFont &labelFont) const;

    /// Draws it all over a canvas showing `view` (its viewport is the canvas's size): `marks`
    /// name the selected, hovered and dragged tips, `focused` adds the focus frame, and `mode`
    /// draws last.
    void paint(QPainter &painter, const ViewTransform &view, const VectorLayer::Emphasis &marks,
               bool focused, const CanvasFonts &fonts, const CanvasMode &mode) const;

private:
    const SceneModel *m_model;
    const SceneHandles *m_handles;
    const CanvasReveal *m_reveal;
    std::unique_ptr<CanvasLegend> m_legend;
    bool m_legendVisible;
    DragHint m_dragHint;
};
