#include "canvas/canvaswidget.h"

#include "canvas/canvascontextmenu.h"
#include "canvas/canvasidlemode.h"
#include "canvas/gradientarrowlayer.h"
#include "canvas/landscapelayer.h"
#include "canvas/layercache.h"
#include "canvas/selection.h"
#include "canvas/viewfitter.h"
#include "document/sceneeditor.h"
#include "model/scenemodel.h"
#include "text/numberformat.h"
#include "theme/appearance.h"
#include "theme/colorscheme.h"
#include "walkthrough/walkthrough.h"

#include <QContextMenuEvent>
#include <QHelpEvent>
#include <QHideEvent>
#include <QKeyEvent>
#include <QMenu>
#include <QPainter>
#include <QToolTip>
#include <QWheelEvent>

CanvasWidget::CanvasWidget(SceneEditor *editor, Selection *selection, QWidget *parent)
    : QWidget(parent), m_editor(editor), m_model(editor->model()), m_selection(selection),
      m_handles(m_model), m_reveal(m_model), m_edits(editor, &m_handles, selection),
      m_keyboard(this), m_vectors(m_model, &m_handles, &m_reveal),
      m_overlay(m_model, &m_handles, &m_reveal)
{
    setFocusPolicy(Qt::StrongFocus);
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setContextMenuPolicy(Qt::DefaultContextMenu);
    updateFonts();
    retranslate();
    m_view.setViewportSize(size());
    m_mode = std::make_unique<CanvasIdleMode>(this);
    m_landscape = std::make_unique<LandscapeLayer>(m_model);

    connect(&m_edits, &CanvasEdits::statusMessage, this, &CanvasWidget::statusMessage);
    connect(m_model, &SceneModel::changed, this, [this] { m_landscape->invalidate(); });
    connect(m_model, &SceneModel::changed, this, qOverload<>(&QWidget::update));
    // A drag never outlives an edit that is not its own (SceneEditor asks first), nor a scene
    // replaced or a key removed under it by any other way: the tip it holds may be gone.
    connect(m_editor, &SceneEditor::dragInterrupted, this, &CanvasWidget::endGesture);
    connect(m_model, &SceneModel::keyCountChanged, this, [this](int count) {
        if (m_dragged.isKeyRow() && m_dragged.index >= count)
            endGesture();
        m_selection->clamp(count);
        if (m_hovered.isKeyRow() && m_hovered.index >= count)
            setHovered({});
    });
    connect(m_model, &SceneModel::sceneReplaced, this, [this] {
        endGesture();
        // A loaded scene may live far from the current view; only then move the view, so that
        // reloading the same scene does not jump.
        if (m_viewInitialised && !m_view.visibleWorld().contains(m_handles.bounds()))
            fitAll();
    });
    connect(m_selection, &Selection::changed, this, qOverload<>(&QWidget::update));
    // The landscape's shading is blended with the background: a new theme needs it again.
    connect(Appearance::instance(), &Appearance::changed, this, [this] {
        m_landscape->invalidate();
        update();
    });
}

CanvasWidget::~CanvasWidget() = default;

QSize CanvasWidget::sizeHint() const
{
    return QSize(800, 600);
}

QSize CanvasWidget::minimumSizeHint() const
{
    return QSize(320, 240);
}

void CanvasWidget::retranslate()
{
    setAccessibleName(tr("Canvas"));
    setAccessibleDescription(
        tr("The query, the keys, the values and the output as arrows from the origin. Tab selects "
           "the next vector, the arrow keys move it, Delete removes the selected key."));
    setToolTip(tr("Drag an arrow's tip to move it and the background to pan; the wheel zooms; "
                  "right-click for more. Tab selects a vector, the arrow keys move it."));
}

void CanvasWidget::updateFonts()
{
    m_fonts = CanvasFonts::from(font());
    update();
}

// --- View -------------------------------------------------------------------------------------

void CanvasWidget::setView(const ViewTransform &view)
{
    ViewTransform v = view;
    v.setViewportSize(size());
    changeView(v);
}

void CanvasWidget::changeView(const ViewTransform &view)
{
    m_viewInitialised = true;
    if (view == m_view)
        return;
    m_view = view;
    update();
    emit viewChanged();
}

void CanvasWidget::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    m_view.setViewportSize(size());
    if (!m_viewInitialised) {
        resetView();
        if (m_fitOnFirstResize)
            fitAll();
    }
}

void CanvasWidget::zoomIn()
{
    changeView(ViewFitter::zoomedAboutMiddle(m_view, ViewFitter::kZoomStep));
}

void CanvasWidget::zoomOut()
{
    changeView(ViewFitter::zoomedAboutMiddle(m_view, 1 / ViewFitter::kZoomStep));
}

void CanvasWidget::resetView()
{
    changeView(ViewFitter::home(size()));
}

void CanvasWidget::fitAll()
{
    // Before the first resize the widget has no real size yet (a scene opened from the command
    // line before the window is shown): fit once it has one.
    if (!m_viewInitialised) {
        m_fitOnFirstResize = true;
        return;
    }
    changeView(ViewFitter::showingAll(m_handles.bounds(), size(), m_fonts.label));
}

ViewTransform CanvasWidget::transformFor(QSize target) const
{
    if (!m_viewInitialised)
        return ViewFitter::home(target);
    return target == size() ? m_view : ViewFitter::scaledTo(m_view, target);
}

// --- Handles ----------------------------------------------------------------------------------

CanvasWidget::Handle CanvasWidget::handleAt(QPointF screen) const
{
    return m_handles.handleAt(m_view, screen, kGrabRadius);
}

QString CanvasWidget::readout(const Handle &handle) const
{
    return QStringLiteral("%1 = %2").arg(nameOf(handle),
                                         NumberFormat::vector(displayedVectorOf(handle), 2));
}

void CanvasWidget::setSnapToGrid(bool on)
{
    if (on == m_edits.snapToGrid())
        return;
    m_edits.setSnapToGrid(on);
    emit snapToGridChanged(on);
}

void CanvasWidget::setHovered(const Handle &handle)
{
    if (handle == m_hovered)
        return;
    m_hovered = handle;
    update();
    emit hoveredChanged(handle);
}

void CanvasWidget::setDragged(const Handle &handle)
{
    if (handle == m_dragged)
        return;
    // A whole drag, from press to release (or Escape), is one step to undo.
    if (handle.isValid() && !m_dragged.isValid())
        m_editor->beginDrag();
    // The learner found the tips: the hint has done its job.
    if (handle.isValid())
        dismissDragHint();
    else
        m_editor->endDrag();
    m_dragged = handle;
    update();
}

bool CanvasWidget::isDragging() const
{
    return m_mode && m_mode->isBusy();
}

void CanvasWidget::endGesture()
{
    if (!m_mode || !m_mode->isBusy())
        return;
    // What the drag did so far stays, as the one step it already is; the tip no longer follows
    // the mouse.
    setMode(std::make_unique<CanvasIdleMode>(this));
    unsetCursor();
}

void CanvasWidget::setMode(std::unique_ptr<CanvasMode> mode)
{
    m_retiredMode = std::move(m_mode);
    m_mode = std::move(mode);
    update();
}

// --- Selection and keyboard -------------------------------------------------------------------

void CanvasWidget::select(const Handle &handle)
{
    // W's columns are not part of the shared selection; Selection ignores them.
    m_selection->select(handle);
}

CanvasWidget::Handle CanvasWidget::selectedHandle() const
{
    const Handle h = m_selection->handle();
    if (h.isKeyRow() && (h.index < 0 || h.index >= m_model->keyCount()))
        return {};
    return h;
}

bool CanvasWidget::focusNextPrevChild(bool next)
{
    m_selection->cycle(next, m_model->keyCount());
    return true;
}

bool CanvasWidget::event(QEvent *event)
{
    // The window lost the mouse and keyboard to another (a modal dialog opening mid-drag).
    if (event->type() == QEvent::WindowDeactivate || event->type() == QEvent::WindowBlocked)
        endGesture();
    // Escape in the middle of a drag cancels the drag, even where a window shortcut (the
    // walkthrough's) wants the key.
    if (event->type() == QEvent::ShortcutOverride && m_mode->isBusy() &&
        static_cast<QKeyEvent *>(event)->key() == Qt::Key_Escape) {
        event->accept();
        return true;
    }
    if (event->type() == QEvent::ToolTip) {
        // Over a tip: what it is and where; elsewhere the canvas's own tooltip.
        const auto *help = static_cast<QHelpEvent *>(event);
        const Handle h = handleAt(help->pos());
        if (h.isValid()) {
            const QPointF p = SceneHandles::point(vectorOf(h));
            QToolTip::showText(
                help->globalPos(),
                tr("%1 = (%2, %3): drag to move it")
                    .arg(nameOf(h), NumberFormat::number(p.x(), 2), NumberFormat::number(p.y(), 2)),
                this);
            return true;
        }
    }
    return QWidget::event(event);
}

void CanvasWidget::keyPressEvent(QKeyEvent *event)
{
    if (!m_mode->keyPress(event) && !m_keyboard.keyPress(event))
        QWidget::keyPressEvent(event);
}

void CanvasWidget::passFocus(bool next)
{
    QWidget::focusNextPrevChild(next);
}

QMenu *CanvasWidget::createContextMenu(QPoint pos)
{
    return CanvasContextMenu::create(this, pos);
}

VectorDialog *CanvasWidget::editCoordinates(const Handle &handle)
{
    if (!handle.isValid())
        return nullptr;
    endGesture();
    return m_edits.typeCoordinates(handle, this);
}

void CanvasWidget::mouseDoubleClickEvent(QMouseEvent *event)
{
    // A double-click on a tip types its coordinates; elsewhere nothing more than two clicks.
    const Handle h = event->button() == Qt::LeftButton ? handleAt(event->position()) : Handle{};
    if (!h.isValid() || m_mode->isBusy()) {
        QWidget::mouseDoubleClickEvent(event);
        return;
    }
    select(h);
    editCoordinates(h);
}

void CanvasWidget::contextMenuEvent(QContextMenuEvent *event)
{
    // A right click in the middle of a drag would swallow the drag's release.
    if (m_mode->isBusy())
        return;
    const Handle h = handleAt(event->pos());
    if (h.kind == Handle::Kind::Query || h.isKeyRow())
        select(h);
    std::unique_ptr<QMenu> menu(createContextMenu(event->pos()));
    menu->exec(event->globalPos());
}

// --- Mouse ------------------------------------------------------------------------------------

void CanvasWidget::mousePressEvent(QMouseEvent *event)
{
    setFocus(Qt::MouseFocusReason);
    if (m_overlay.dragHintAt(event->position(), size(), m_fonts.label)) {
        dismissDragHint();
        return;
    }
    m_mode->mousePress(event);
}

void CanvasWidget::mouseMoveEvent(QMouseEvent *event)
{
    m_mode->mouseMove(event);
    emit pointerMoved(m_view.toWorld(event->position()));
}

void CanvasWidget::mouseReleaseEvent(QMouseEvent *event)
{
    m_mode->mouseRelease(event);
}

void CanvasWidget::wheelEvent(QWheelEvent *event)
{
    const int delta =
        event->angleDelta().y() != 0 ? event->angleDelta().y() : event->angleDelta().x();
    if (delta == 0) {
        event->ignore();
        return;
    }
    changeView(ViewFitter::wheelZoomed(m_view, event->position(), delta));
    event->accept();
}

void CanvasWidget::leaveEvent(QEvent *event)
{
    m_mode->leave();
    emit pointerLeft();
    QWidget::leaveEvent(event);
}

void CanvasWidget::focusInEvent(QFocusEvent *event)
{
    QWidget::focusInEvent(event);
    update();
}

void CanvasWidget::focusOutEvent(QFocusEvent *event)
{
    // A dialog, another window or a popup took the keyboard: the mouse's release may go there,
    // so a drag ends now rather than follow the pointer with no button held.
    endGesture();
    QWidget::focusOutEvent(event);
    update();
}

void CanvasWidget::hideEvent(QHideEvent *event)
{
    endGesture();
    QWidget::hideEvent(event);
}

void CanvasWidget::changeEvent(QEvent *event)
{
    // Every text is made with tr() while painting, so a repaint retranslates the canvas.
    if (event->type() == QEvent::FontChange)
        updateFonts();
    else if (event->type() == QEvent::LanguageChange) {
        retranslate();
        update();
    }
    QWidget::changeEvent(event);
}

// --- Painting ---------------------------------------------------------------------------------

void CanvasWidget::paintEvent(QPaintEvent *event)
{
    QPainter painter(this);
    // A band of an export drawn in pieces (PictureInBands) asks for a part of the widget.
    const bool partly = !QRegion(rect()).subtracted(event->region()).isEmpty();
    paintScene(painter, rect(), true, partly);
    GradientArrowLayer::paint(painter, *this, m_overlay.legend());
    m_overlay.paint(painter, m_view, {selectedHandle(), m_hovered, m_dragged}, hasFocus(), m_fonts,
                    *m_mode);
}

void CanvasWidget::paintScene(QPainter &painter, const QRect &target, bool fillBackground,
                              bool partly) const
{
    const ViewTransform view = transformFor(target.size());
    painter.save();
    painter.translate(target.topLeft());
    // Within any clip the painter already has (an export drawn in bands).
    painter.setClipRect(QRect(QPoint(0, 0), target.size()), Qt::IntersectClip);
    painter.setBackground(ColorScheme::background());
    // The landscape goes under the grid (which stays readable on top), its iso-lines under the
    // arrows, its legend over everything. Coarse while a gesture repaints every frame.
    const bool landscape =
        m_landscapeVisible && m_landscape->prepare(view, m_mode && m_mode->isBusy());
    // On screen, with nothing under the grid, the grid and the values come from a cached
    // picture; files and scaled exports draw them afresh.
    const bool layered = fillBackground && !partly && target == rect() && !landscape &&
                         LayerCache::usable(painter, *this);
    if (layered) {
        const qreal ratio = devicePixelRatioF();
        painter.drawPixmap(
            0, 0, m_vectors.valuesOver(m_grid.picture(view, m_fonts.tick, ratio), view, ratio));
    } else {
        if (fillBackground)
            painter.fillRect(QRect(QPoint(0, 0), target.size()), ColorScheme::background());
        if (landscape)
            m_landscape->paintField(painter);
        GridLayer::paint(painter, view, m_fonts.tick);
    }
    if (landscape)
        m_landscape->paintIsoLines(painter, view, m_fonts.tick, m_handles.arrowLines(view));
    m_vectors.paint(painter, view, m_fonts.label, m_fonts.tick,
                    {selectedHandle(), m_hovered, m_dragged}, !layered);
    if (landscape)
        m_landscape->paintLegend(painter, view.viewportSize(), m_fonts.tick);
    painter.restore();
}

void CanvasWidget::setLegendVisible(bool on)
{
    if (m_overlay.setLegendVisible(on))
        update();
}

void CanvasWidget::dismissDragHint()
{
    if (m_overlay.dismissDragHint())
        update();
}

QRectF CanvasWidget::dragHintRect() const
{
    return DragHint::rect(size(), m_fonts.label);
}

// --- Score landscape and walkthrough --------------------------------------------------------

void CanvasWidget::setLandscapeVisible(bool on)
{
    if (on == m_landscapeVisible)
        return;
    m_landscapeVisible = on;
    update();
    emit landscapeVisibleChanged(on);
}

int CanvasWidget::landscapeHead() const
{
    return m_landscape->head();
}

void CanvasWidget::setLandscapeHead(int head)
{
    m_landscape->setHead(head);
    update();
}

void CanvasWidget::setWalkthrough(Walkthrough *walkthrough)
{
    if (Walkthrough *old = m_reveal.walkthrough())
        disconnect(old, nullptr, this, nullptr);
    m_reveal.setWalkthrough(walkthrough);
    if (walkthrough)
        connect(walkthrough, &Walkthrough::changed, this, qOverload<>(&QWidget::update));
    update();
}
