#pragma once

#include "canvas/canvasedits.h"
#include "canvas/canvasfonts.h"
#include "canvas/canvaskeyboard.h"
#include "canvas/canvasmodehost.h"
#include "canvas/canvasoverlay.h"
#include "canvas/canvasreveal.h"
#include "canvas/gridlayer.h"
#include "canvas/scenehandles.h"
#include "canvas/vectorhandle.h"
#include "canvas/vectorlayer.h"
#include "canvas/viewtransform.h"
#include "core/types.h"

#include <QFont>
#include <QWidget>

#include <memory>

class CanvasMode;
class SceneEditor;
class LandscapeLayer;
class SceneModel;
class Selection;
class Walkthrough;
class QMenu;
class VectorDialog;

/// The main canvas: the Cartesian plane with the query, the keys, the values, the output and (for
/// the General score) W's columns as arrows the learner drags. The weights are read on the canvas
/// too: each key's weight beside its tip and as the strength of a line from the query to the key.
/// It only draws what the SceneModel holds and sends every edit through the SceneEditor (undo).
///
/// The widget holds the view, the hover, drag and selection state, the events and the order in
/// which its layers paint (GridLayer, LandscapeLayer, VectorLayer, then CanvasOverlay with the
/// legend, the hint and the rings on screen only). The scene is read through SceneHandles and
/// changed through CanvasEdits; the mouse is handled by modes (idle/hover, dragging a tip,
/// panning; see canvasmode.h) that reach the widget only through CanvasModeHost, the keys by
/// CanvasKeyboard; ViewFitter chooses the views it offers.
class CanvasWidget : public QWidget, public CanvasModeHost
{
    Q_OBJECT

public:
    /// Something that can be grabbed: the tip of an arrow.
    using Handle = VectorHandle;

    explicit CanvasWidget(SceneEditor *editor, Selection *selection, QWidget *parent = nullptr);
    ~CanvasWidget() override;

    SceneModel *model() const { return m_model; }
    SceneEditor *editor() const { return m_editor; }
    Selection *selection() const { return m_selection; }
    /// The scene's tips, names and colours as the canvas reads them.
    const SceneHandles &handles() const { return m_handles; }

    /// Paints the whole canvas (no hover or selection marks) into any painter: the widget, a
    /// QImage, an SVG or a PDF. The visible part of the plane is kept when `target` is larger or
    /// smaller than the widget. Without `fillBackground` the background stays as the painter's
    /// device has it (transparent exports). `partly`: only a part of the target will be seen (a
    /// band of an export), so the cached full-size pictures of the grid and values are not worth
    /// making.
    void paintScene(QPainter &painter, const QRect &target, bool fillBackground = true,
                    bool partly = false) const;
    /// The mapping paintScene() uses for a target of `target` pixels: the widget's own view at
    /// its own size, otherwise the same visible part of the plane scaled to fit.
    ViewTransform transformFor(QSize target) const;

    const ViewTransform &view() const override { return m_view; }
    void setView(const ViewTransform &view) override;

    bool snapToGrid() const { return m_edits.snapToGrid(); }
    /// The grid step that drags snap to.
    static constexpr double kSnapStep = CanvasEdits::kSnapStep;
    /// The largest distance in pixels at which a tip can be grabbed.
    static constexpr double kGrabRadius = 10.0;

    /// The tip nearest to `screen` within kGrabRadius (the query wins ties), or an invalid handle.
    Handle handleAt(QPointF screen) const override;
    /// Where the handle's tip is drawn (world coordinates; unit length while normalised).
    QPointF tipOf(const Handle &handle) const override { return m_handles.tipOf(handle); }
    /// The handle's vector as the scene stores it (what edits change).
    attn::Vector vectorOf(const Handle &handle) const override
    {
        return m_handles.vectorOf(handle);
    }
    /// The handle's vector as drawn and computed (unit length while normalised).
    attn::Vector displayedVectorOf(const Handle &handle) const
    {
        return m_handles.displayedVectorOf(handle);
    }
    /// "q", "k₂", "v₁₂", "W·e₁".
    QString nameOf(const Handle &handle) const { return SceneHandles::nameOf(handle); }
    Handle hovered() const { return m_hovered; }
    Handle dragged() const { return m_dragged; }
    /// True while the canvas follows the mouse: a tip or the view being dragged (a pan). Read-only,
    /// for the tests that check that no drag outlives the button held for it.
    bool isDragging() const;
    /// The selected vector, or none when the selection names a key that is gone.
    Handle selectedHandle() const;

    /// Sets the handle's scene vector to `world`, snapped to the grid while snapping is on
    /// (except while normalised, where the drawn tip only follows the direction).
    bool moveHandle(const Handle &handle, QPointF world) override
    {
        return m_edits.moveHandle(handle, world);
    }
    /// Sets the handle's scene vector exactly (no snapping).
    bool setVectorOf(const Handle &handle, const attn::Vector &v) override
    {
        return m_edits.setVectorOf(handle, v);
    }

    /// The right-click menu for `pos` (widget coordinates); the caller owns it. Exposed so that
    /// tests can trigger its actions without a blocking exec().
    QMenu *createContextMenu(QPoint pos);
    /// Opens the dialog that types `handle`'s exact coordinates (window-modal, not blocking);
    /// OK sets them as one undo step. Returns the dialog (it deletes itself when closed).
    VectorDialog *editCoordinates(const Handle &handle);

    /// The score landscape under the arrows (View → Score Landscape): the plane shaded by the
    /// score a key would get at each point, with labelled iso-lines and a colour legend. It is
    /// drawn coarser while a drag or pan is in progress and finely when the mouse is released.
    bool landscapeVisible() const { return m_landscapeVisible; }
    /// For multi-head: the head whose landscape is drawn (0-based) or attn::kMeanOfHeads (the
    /// default, the mean over heads, as in the step table).
    int landscapeHead() const;
    /// The landscape as last painted (for tests and the benchmark).
    const LandscapeLayer *landscape() const { return m_landscape.get(); }

    /// The legend in the top left corner (CanvasLegend). On by default; the context menu turns
    /// it off (remembered in QSettings "canvas/legend"). On screen only, not in exports.
    bool legendVisible() const { return m_overlay.legendVisible(); }
    void setLegendVisible(bool on);
    /// The first-start hint at the bottom (DragHint).
    bool dragHintVisible() const { return m_overlay.dragHintVisible(); }
    void dismissDragHint();
    /// Where the hint is drawn (widget coordinates).
    QRectF dragHintRect() const;

    /// The predict-then-reveal walkthrough whose steps decide what the canvas shows; without
    /// one (or while it is inactive) everything is shown.
    void setWalkthrough(Walkthrough *walkthrough);
    /// See CanvasReveal.
    QString keyLabel(int index) const { return m_reveal.keyLabel(index); }
    bool weightsShown() const { return m_reveal.weightsShown(); }
    bool outputShown() const { return m_reveal.outputShown(); }
    bool valuesEmphasised() const { return m_reveal.valuesEmphasised(); }

    /// Moves the keyboard focus out of the canvas to the next (or previous) widget of the
    /// window: Ctrl+Tab, since Tab itself cycles the selection inside the canvas.
    void passFocus(bool next);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

public slots:
    /// Adds a key at a direction no key uses yet (unit length), with a value in the same
    /// direction, and selects it. Refused (statusMessage) beyond 64 keys.
    void addKey() { m_edits.addKey(); }
    /// Adds a key at `world` (snapped while snapping is on) with a unit value in its direction,
    /// and selects it.
    void addKeyAt(QPointF world) { m_edits.addKeyAt(world); }
    /// Removes the selected key (or the key of the selected value). Refused when only one key is
    /// left.
    void removeSelectedKey() { m_edits.removeKeyOf(selectedHandle()); }
    void removeKey(int index) { m_edits.removeKey(index); }
    void toggleMask(int index) { m_edits.toggleMask(index); }
    void zoomIn();
    void zoomOut();
    /// The first view: the unit circle and the default scene's vectors.
    void resetView();
    /// Shows every tip, the origin and the unit circle.
    void fitAll();
    void setSnapToGrid(bool on);
    void setLandscapeVisible(bool on);
    void setLandscapeHead(int head);
    /// Ends a drag or pan in progress, keeping what it did (one undo step); nothing otherwise.
    /// Called whenever the canvas may lose the mouse (focus, a dialog, hiding) and before any
    /// edit that is not part of the drag.
    void endGesture();

signals:
    /// A short message for the status bar ("Cannot remove the last key").
    void statusMessage(const QString &message);
    /// The tip under the mouse changed (invalid when none).
    void hoveredChanged(const VectorHandle &handle);
    /// The mouse moved over the canvas; world coordinates, for the status bar.
    void pointerMoved(QPointF world);
    /// The mouse left the canvas.
    void pointerLeft();
    /// Zoom or pan changed.
    void viewChanged();
    void snapToGridChanged(bool on);
    void landscapeVisibleChanged(bool on);

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    void wheelEvent(QWheelEvent *event) override;
    bool event(QEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void contextMenuEvent(QContextMenuEvent *event) override;
    void leaveEvent(QEvent *event) override;
    void focusInEvent(QFocusEvent *event) override;
    void focusOutEvent(QFocusEvent *event) override;
    void hideEvent(QHideEvent *event) override;
    void changeEvent(QEvent *event) override;
    /// Tab and Shift+Tab cycle the selection q → k₁ → v₁ → k₂ → … inside the canvas.
    bool focusNextPrevChild(bool next) override;

private:
    // CanvasModeHost: what the interaction modes may do.
    QString readout(const Handle &handle) const override;
    QRectF area() const override { return QRectF(rect()); }
    void setHovered(const Handle &handle) override;
    void select(const Handle &handle) override;
    void setDragged(const Handle &handle) override;
    void setCursorShape(Qt::CursorShape shape) override { setCursor(shape); }
    void clearCursor() override { unsetCursor(); }
    void requestRepaint() override { update(); }
    void setMode(std::unique_ptr<CanvasMode> mode) override;

    void changeView(const ViewTransform &view);
    void updateFonts();
    /// The accessible name, description and tooltip, in the current language.
    void retranslate();

    SceneEditor *m_editor;
    SceneModel *m_model;
    Selection *m_selection;
    SceneHandles m_handles;
    CanvasReveal m_reveal;
    CanvasEdits m_edits;
    CanvasKeyboard m_keyboard;
    ViewTransform m_view;
    bool m_viewInitialised = false;
    bool m_fitOnFirstResize = false;
    Handle m_hovered;
    Handle m_dragged;
    std::unique_ptr<CanvasMode> m_mode;
    // A mode replaces itself from inside its own event handler; the old one is kept alive until
    // the next switch so that the handler can return safely.
    std::unique_ptr<CanvasMode> m_retiredMode;
    CanvasFonts m_fonts;
    // The layers keep pictures of what stays still during a drag (paintScene() is const).
    mutable GridLayer m_grid;
    mutable VectorLayer m_vectors;
    CanvasOverlay m_overlay;
    std::unique_ptr<LandscapeLayer> m_landscape;
    bool m_landscapeVisible = false;
};
