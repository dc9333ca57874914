#pragma once

#include "canvas/viewtransform.h"
#include "core/types.h"
#include "text/arrowpainter.h"

#include <QFont>
#include <QLineF>
#include <QList>
#include <QPixmap>
#include <QPointer>
#include <QWidget>

#include <array>
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
/// Interaction lives in modes (idle/hover, dragging a tip, panning) so that each mouse handler
/// stays small; see canvasmode.h.
class CanvasWidget : public QWidget
{
    Q_OBJECT

public:
    /// Something that can be grabbed: the tip of an arrow.
    struct Handle
    {
        enum class Kind
        {
            None,
            Query,
            Key,
            Value,
            GeneralColumn
        };
        Kind kind = Kind::None;
        /// The key index for Key and Value, the column (0 or 1) for GeneralColumn, else -1.
        int index = -1;

        bool isValid() const { return kind != Kind::None; }
        bool operator==(const Handle &other) const = default;
    };

    explicit CanvasWidget(SceneEditor *editor, Selection *selection, QWidget *parent = nullptr);
    ~CanvasWidget() override;

    SceneModel *model() const { return m_model; }
    SceneEditor *editor() const { return m_editor; }
    Selection *selection() const { return m_selection; }

    /// Paints the whole canvas (no hover or selection marks) into any painter: the widget, a
    /// QImage, an SVG or a PDF. The visible part of the plane is kept when `target` is larger or
    /// smaller than the widget. Without `fillBackground` the background stays as the painter's
    /// device has it (transparent exports).
    void paintScene(QPainter &painter, const QRect &target, bool fillBackground = true) const;
    /// The mapping paintScene() uses for a target of `target` pixels: the widget's own view at
    /// its own size, otherwise the same visible part of the plane scaled to fit.
    ViewTransform transformFor(QSize target) const;

    const ViewTransform &view() const { return m_view; }
    void setView(const ViewTransform &view);

    bool snapToGrid() const { return m_snap; }
    /// The grid step that drags snap to.
    static constexpr double kSnapStep = 0.1;
    /// The largest distance in pixels at which a tip can be grabbed.
    static constexpr double kGrabRadius = 10.0;

    /// The tip nearest to `screen` within kGrabRadius (the query wins ties), or an invalid handle.
    Handle handleAt(QPointF screen) const;
    /// Where the handle's tip is drawn (world coordinates; unit length while normalised).
    QPointF tipOf(const Handle &handle) const;
    /// The handle's vector as the scene stores it (what edits change).
    attn::Vector vectorOf(const Handle &handle) const;
    /// The handle's vector as drawn and computed (unit length while normalised).
    attn::Vector displayedVectorOf(const Handle &handle) const;
    /// "q", "k₂", "v₁₂", "W·e₁".
    QString nameOf(const Handle &handle) const;
    Handle hovered() const { return m_hovered; }
    Handle dragged() const { return m_dragged; }

    /// Sets the handle's scene vector to `world`, snapped to the grid while snapping is on
    /// (except while normalised, where the drawn tip only follows the direction).
    bool moveHandle(const Handle &handle, QPointF world);
    /// Sets the handle's scene vector exactly (no snapping).
    bool setVectorOf(const Handle &handle, const attn::Vector &v);

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

    /// The legend in the top left corner: what the query, keys, values, output (and W's
    /// columns) look like and what the beams' width means. On by default; the context menu
    /// turns it off (remembered in QSettings "canvas/legend"). On screen only, not in exports.
    bool legendVisible() const { return m_legendVisible; }
    void setLegendVisible(bool on);
    /// The first-start hint at the bottom ("Drag the arrow tips…"): on until the first drag of a
    /// tip or a click on it, then never again (QSettings "canvas/dragHintShown").
    bool dragHintVisible() const;
    void dismissDragHint();
    /// Where the hint is drawn (widget coordinates).
    QRectF dragHintRect() const;

    /// The predict-then-reveal walkthrough whose steps decide what the canvas shows; without
    /// one (or while it is inactive) everything is shown.
    void setWalkthrough(Walkthrough *walkthrough);
    /// The text beside key `index`'s tip: its name and weight, or "masked"; during the
    /// walkthrough, the number of the latest revealed step instead of the weight.
    QString keyLabel(int index) const;
    /// Whether the weights (the beams from the query and the keys' strength) are drawn.
    bool weightsShown() const;
    /// Whether the output arrow is drawn.
    bool outputShown() const;
    /// Whether the values are drawn at full strength (faded before the weighted-sum step).
    bool valuesEmphasised() const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

public slots:
    /// Adds a key at a direction no key uses yet (unit length), with a value in the same
    /// direction, and selects it. Refused (statusMessage) beyond 64 keys.
    void addKey();
    /// Removes the selected key (or the key of the selected value). Refused when only one key is
    /// left.
    void removeSelectedKey();
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
    void hoveredChanged(const CanvasWidget::Handle &handle);
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
    friend class CanvasIdleMode;
    friend class CanvasDragMode;
    friend class CanvasPanMode;

    void setMode(std::unique_ptr<CanvasMode> mode);
    void setHovered(const Handle &handle);
    void setDragged(const Handle &handle);
    void select(const Handle &handle);
    Handle selectedHandle() const;
    /// Moves the selected vector one step (0.1, or 0.01 when fine) in direction (dx, dy).
    void nudge(int dx, int dy, bool fine);
    void cycleSelection(bool forward);
    void changeView(const ViewTransform &view);
    void updateFonts();
    /// The accessible name, description and tooltip, in the current language.
    void retranslate();
    QRectF sceneBounds() const;
    void addKeyAt(QPointF world);
    void removeKey(int index);
    void toggleMask(int index);
    bool isMasked(int index) const;
    attn::Matrix generalMatrix() const;
    QColor handleColor(const Handle &handle) const;

    void paintOverlay(QPainter &painter) const;
    /// A tip outside the view, shown as a marker on the border that points at it.
    struct EdgeMarker
    {
        QPointF at;        ///< on the border, inset by kEdgeInset (screen)
        QPointF direction; ///< unit vector towards the tip (screen)
        QString name;
        QColor color;
        Handle handle; ///< invalid for the output
    };
    static constexpr double kEdgeInset = 14;
    static constexpr double kLegendSample = 34; // the length of a legend's sample arrow
    struct LegendRow
    {
        enum Kind
        {
            Query,
            Keys,
            Values,
            Output,
            Columns,
            Beams
        } kind;
        QString text;
    };
    QList<LegendRow> legendRows() const;
    QRectF legendRect(const ViewTransform &view, double top) const;
    void drawLegend(QPainter &painter, const ViewTransform &view, double top) const;
    QString dragHintText() const;
    QList<EdgeMarker> edgeMarkers(const ViewTransform &view) const;
    void drawEdgeMarkers(QPainter &painter, const ViewTransform &view) const;
    void drawGrid(QPainter &painter, const ViewTransform &view) const;
    const QPixmap &gridLayer(const ViewTransform &view, qreal devicePixelRatio) const;
    // The values lie under everything else that moves; drawVectors() leaves them out when they
    // came with the background layer.
    void drawValues(QPainter &painter, const ViewTransform &view,
                    const ArrowPainter::Style &style) const;
    const QPixmap &gridAndValuesLayer(const ViewTransform &view, qreal devicePixelRatio) const;
    void drawVectors(QPainter &painter, const ViewTransform &view, bool withValues) const;
    void addLandscapeActions(QMenu *menu);
    QVector<QLineF> arrowLines(const ViewTransform &view) const;
    bool guided() const;

    SceneEditor *m_editor;
    SceneModel *m_model;
    Selection *m_selection;
    ViewTransform m_view;
    bool m_viewInitialised = false;
    bool m_fitOnFirstResize = false;
    bool m_snap = true;
    Handle m_hovered;
    Handle m_dragged;
    std::unique_ptr<CanvasMode> m_mode;
    // A mode replaces itself from inside its own event handler; the old one is kept alive until
    // the next switch so that the handler can return safely.
    std::unique_ptr<CanvasMode> m_retiredMode;
    QFont m_labelFont;
    QFont m_tickFont;
    // The background, grid, axes and tick labels as last painted on screen, with what they were
    // drawn from. A drag only moves arrows, so each frame copies this picture instead of drawing
    // hundreds of lines and labels again.
    struct GridLayer
    {
        ViewTransform view;
        QFont font;
        std::array<QRgb, 4> colors{};
        qreal devicePixelRatio = 0;
        QPixmap pixmap;
    };
    mutable GridLayer m_gridLayer;
    // The grid with the values drawn on it: dragging the query or a key changes no value, so a
    // drag with 64 keys draws 64 arrows fewer per frame.
    struct ValuesLayer
    {
        qint64 grid = 0; // the grid picture's cacheKey()
        attn::Matrix values;
        ArrowPainter::Style style;
        QPixmap pixmap;
    };
    mutable ValuesLayer m_valuesLayer;
    std::unique_ptr<LandscapeLayer> m_landscape;
    bool m_landscapeVisible = false;
    bool m_legendVisible = true;
    bool m_dragHint = false;
    QPointer<Walkthrough> m_walkthrough;
};
