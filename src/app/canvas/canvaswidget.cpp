#include "canvas/canvaswidget.h"

#include "canvas/canvascontextmenu.h"
#include "canvas/canvasidlemode.h"
#include "canvas/canvaslegend.h"
#include "canvas/gradientarrowlayer.h"
#include "canvas/handlerings.h"
#include "canvas/landscapelayer.h"
#include "canvas/layercache.h"
#include "canvas/selection.h"
#include "canvas/vectordialog.h"
#include "core/emptiestdirection.h"
#include "core/scene.h"
#include "document/sceneeditor.h"
#include "model/scenemodel.h"
#include "text/numberformat.h"
#include "theme/appearance.h"
#include "theme/colorscheme.h"
#include "walkthrough/walkthrough.h"

#include <QContextMenuEvent>
#include <QFontMetricsF>
#include <QHelpEvent>
#include <QHideEvent>
#include <QKeyEvent>
#include <QLineF>
#include <QMenu>
#include <QPainter>
#include <QSettings>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace {

using Kind = VectorHandle::Kind;

/// The first view shows the unit circle and the worked example's vectors with their labels.
const QRectF kHomeWorld(QPointF(-1.25, -1.25), QPointF(1.95, 1.45));
constexpr double kHomeMargin = 24;
constexpr double kZoomStep = 1.25;
constexpr double kNudge = 0.1;
constexpr double kFineNudge = 0.01;
constexpr double kKeyPanPixels = 40;

QPointF snapped(QPointF world, double step)
{
    return QPointF(attn::roundToStep(world.x(), step), attn::roundToStep(world.y(), step));
}

} // namespace

CanvasWidget::CanvasWidget(SceneEditor *editor, Selection *selection, QWidget *parent)
    : QWidget(parent), m_editor(editor), m_model(editor->model()), m_selection(selection),
      m_handles(m_model), m_reveal(m_model), m_vectors(m_model, &m_handles, &m_reveal),
      m_legend(std::make_unique<CanvasLegend>(m_model, &m_reveal))
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
    m_legendVisible = QSettings().value(QStringLiteral("canvas/legend"), true).toBool();

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
    // Sizes in pixels so that exports (QImage, SVG, PDF) keep the proportions of the screen;
    // never below 12 pt / 11 pt at 96 dpi, to be read from the back of a classroom.
    const QFont base = font();
    const double px = base.pixelSize() > 0 ? base.pixelSize() : base.pointSizeF() * 96.0 / 72.0;
    m_labelFont = base;
    m_labelFont.setPixelSize(std::max(17, int(std::lround(px * 1.35))));
    m_labelFont.setWeight(QFont::DemiBold);
    m_tickFont = base;
    m_tickFont.setPixelSize(std::max(15, int(std::lround(px * 1.15))));
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
    ViewTransform v = m_view;
    v.zoomAt(QRectF(rect()).center(), kZoomStep);
    changeView(v);
}

void CanvasWidget::zoomOut()
{
    ViewTransform v = m_view;
    v.zoomAt(QRectF(rect()).center(), 1 / kZoomStep);
    changeView(v);
}

void CanvasWidget::resetView()
{
    ViewTransform v;
    v.fit(kHomeWorld, size(), kHomeMargin);
    changeView(v);
}

void CanvasWidget::fitAll()
{
    // Before the first resize the widget has no real size yet (a scene opened from the command
    // line before the window is shown): fit once it has one.
    if (!m_viewInitialised) {
        m_fitOnFirstResize = true;
        return;
    }
    // Room for a label beyond the outermost tips, measured on the widest key label.
    const QFontMetricsF fm(m_labelFont);
    const QSizeF label(fm.horizontalAdvance(QStringLiteral("k₆₄ 0.000")), fm.height());
    const double push = 0.5 * std::hypot(label.width(), label.height()) + 6;
    ViewTransform v;
    v.fit(m_handles.bounds(), size(), push + label.width() / 2 + 8, push + label.height() / 2 + 8);
    changeView(v);
}

ViewTransform CanvasWidget::transformFor(QSize target) const
{
    if (!m_viewInitialised) {
        ViewTransform v;
        v.fit(kHomeWorld, target, kHomeMargin);
        return v;
    }
    if (target == size())
        return m_view;
    // Keep the visible part of the plane: scale by the smaller of the two size ratios.
    ViewTransform v = m_view;
    const QSizeF old = m_view.viewportSize();
    const double factor = std::min(target.width() / std::max(1.0, old.width()),
                                   target.height() / std::max(1.0, old.height()));
    v.setScale(m_view.scale() * factor);
    v.setViewportSize(target);
    return v;
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

bool CanvasWidget::setVectorOf(const Handle &handle, const attn::Vector &v)
{
    switch (handle.kind) {
    case Kind::Query:
        return m_editor->setQuery(v);
    case Kind::Key:
        return m_editor->setKey(handle.index, v);
    case Kind::Value:
        return m_editor->setValue(handle.index, v);
    case Kind::GeneralColumn: {
        attn::Matrix w = m_handles.generalMatrix();
        w.col(handle.index) = v;
        return m_editor->setGeneral(w, SceneEditor::Edit::MoveGeneralColumn, handle.index);
    }
    case Kind::None:
        break;
    }
    return false;
}

bool CanvasWidget::moveHandle(const Handle &handle, QPointF world)
{
    // While normalised the drawn tip sits on the circle in the mouse's direction; snapping the
    // scene vector to the grid there would only make that direction jump in coarse steps.
    if (m_snap && !m_model->normalised())
        world = snapped(world, kSnapStep);
    return setVectorOf(handle, SceneHandles::vector2(world));
}

void CanvasWidget::setSnapToGrid(bool on)
{
    if (on == m_snap)
        return;
    m_snap = on;
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

void CanvasWidget::nudge(int dx, int dy, bool fine)
{
    const Handle h = selectedHandle();
    if (!h.isValid()) {
        // Nothing selected: the arrows move the picture instead, as a keyboard way to pan.
        const double pixels = fine ? kKeyPanPixels / 4 : kKeyPanPixels;
        ViewTransform v = m_view;
        v.pan(-dx * pixels, dy * pixels);
        changeView(v);
        return;
    }
    const double step = fine ? kFineNudge : kNudge;
    attn::Vector v = vectorOf(h);
    v[0] += dx * step;
    v[1] += dy * step;
    if (m_snap) {
        v[0] = attn::roundToStep(v[0], step);
        v[1] = attn::roundToStep(v[1], step);
    }
    setVectorOf(h, v);
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
    if (m_mode->keyPress(event))
        return;
    const bool fine = event->modifiers() & Qt::ShiftModifier;
    switch (event->key()) {
    case Qt::Key_Left:
        nudge(-1, 0, fine);
        return;
    case Qt::Key_Right:
        nudge(1, 0, fine);
        return;
    case Qt::Key_Up:
        nudge(0, 1, fine);
        return;
    case Qt::Key_Down:
        nudge(0, -1, fine);
        return;
    case Qt::Key_Delete:
    case Qt::Key_Backspace:
        removeSelectedKey();
        return;
    case Qt::Key_Escape:
        // With nothing selected, Escape is left to the window (a dialog closes, say).
        if (m_selection->kind() == Selection::Kind::None)
            break;
        m_selection->clear();
        return;
    case Qt::Key_Plus:
    case Qt::Key_Equal:
        zoomIn();
        return;
    case Qt::Key_Minus:
        zoomOut();
        return;
    case Qt::Key_F10:
        // Shift+F10, the keyboard's context-menu key on desktops without a Menu key (that key
        // the platform turns into a context-menu event itself): at the selected tip, else in
        // the middle.
        if (event->modifiers() & Qt::ShiftModifier) {
            const Handle h = selectedHandle();
            // A tip off screen (far away) opens the menu in the middle instead.
            const QPointF tip = h.isValid() ? m_view.toScreen(tipOf(h)) : QPointF(-1, -1);
            const QPoint at = QRectF(rect()).contains(tip) ? tip.toPoint() : rect().center();
            QContextMenuEvent menu(QContextMenuEvent::Keyboard, at, mapToGlobal(at));
            contextMenuEvent(&menu);
            return;
        }
        break;
    case Qt::Key_Tab:
    case Qt::Key_Backtab:
        // Tab cycles inside the canvas; Ctrl+Tab is the way out for keyboard users.
        if (event->modifiers() & Qt::ControlModifier) {
            QWidget::focusNextPrevChild(event->key() == Qt::Key_Tab &&
                                        !(event->modifiers() & Qt::ShiftModifier));
            return;
        }
        break;
    default:
        break;
    }
    QWidget::keyPressEvent(event);
}

// --- Adding and removing keys -----------------------------------------------------------------
// The editor decides where a key goes and makes the undo step; the canvas selects the new key
// and says in the status bar why an edit was refused.

void CanvasWidget::addKey()
{
    const int index = m_editor->addKeyInEmptiestDirection();
    if (index < 0)
        emit statusMessage(tr("Cannot add more than %1 keys").arg(attn::Scene::kMaxKeys));
    else
        select({Kind::Key, index});
}

void CanvasWidget::addKeyAt(QPointF world)
{
    if (m_snap)
        world = snapped(world, kSnapStep);
    const int index = m_editor->addKeyTowards(SceneHandles::vector2(world));
    if (index < 0)
        emit statusMessage(tr("Cannot add more than %1 keys").arg(attn::Scene::kMaxKeys));
    else
        select({Kind::Key, index});
}

void CanvasWidget::removeSelectedKey()
{
    const Handle h = selectedHandle();
    if (!h.isKeyRow()) {
        emit statusMessage(tr("Select a key or a value to remove it"));
        return;
    }
    removeKey(h.index);
}

void CanvasWidget::removeKey(int index)
{
    const int n = m_model->keyCount();
    if (n <= 1) {
        emit statusMessage(tr("Cannot remove the last key"));
        return;
    }
    const Handle before = m_selection->handle();
    if (!m_editor->removeKey(index)) {
        emit statusMessage(tr("Cannot remove the only key that is not masked"));
        return;
    }
    m_selection->keyRemoved(before, index, n);
}

void CanvasWidget::toggleMask(int index)
{
    if (!m_editor->toggleMasked(index))
        emit statusMessage(tr("At least one key must stay unmasked"));
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
    const QPointF current = SceneHandles::point(vectorOf(handle));
    auto *dialog = new VectorDialog(nameOf(handle), current, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, handle, dialog] {
        // The key may have gone while the dialog was open (undo): then there is nothing to set.
        const bool gone = handle.isKeyRow() && handle.index >= m_model->keyCount();
        if (!gone)
            setVectorOf(handle, SceneHandles::vector2(dialog->coordinates()));
    });
    dialog->open();
    return dialog;
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
    if (h.kind == Kind::Query || h.isKeyRow())
        select(h);
    std::unique_ptr<QMenu> menu(createContextMenu(event->pos()));
    menu->exec(event->globalPos());
}

// --- Mouse ------------------------------------------------------------------------------------

void CanvasWidget::mousePressEvent(QMouseEvent *event)
{
    setFocus(Qt::MouseFocusReason);
    if (m_dragHint.isVisible() && !m_reveal.guided() &&
        dragHintRect().contains(event->position())) {
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
    // One notch (120) zooms by 2^(1/4) ≈ 1.19; high-resolution wheels send smaller steps.
    ViewTransform v = m_view;
    v.zoomAt(event->position(), std::pow(2.0, delta / 480.0));
    changeView(v);
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

void CanvasWidget::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    paintScene(painter, rect());
    paintOverlay(painter);
}

void CanvasWidget::paintScene(QPainter &painter, const QRect &target, bool fillBackground) const
{
    const ViewTransform view = transformFor(target.size());
    painter.save();
    painter.translate(target.topLeft());
    painter.setClipRect(QRect(QPoint(0, 0), target.size()));
    painter.setBackground(ColorScheme::background());
    // The landscape goes under the grid (which stays readable on top), its iso-lines under the
    // arrows, its legend over everything. Coarse while a gesture repaints every frame.
    const bool landscape =
        m_landscapeVisible && m_landscape->prepare(view, m_mode && m_mode->isBusy());
    // On screen, with nothing under the grid, the grid and the values come from a cached
    // picture; files and scaled exports draw them afresh.
    const bool layered =
        fillBackground && target == rect() && !landscape && LayerCache::usable(painter, *this);
    if (layered) {
        const qreal ratio = devicePixelRatioF();
        painter.drawPixmap(
            0, 0, m_vectors.valuesOver(m_grid.picture(view, m_tickFont, ratio), view, ratio));
    } else {
        if (fillBackground)
            painter.fillRect(QRect(QPoint(0, 0), target.size()), ColorScheme::background());
        if (landscape)
            m_landscape->paintField(painter);
        GridLayer::paint(painter, view, m_tickFont);
    }
    if (landscape)
        m_landscape->paintIsoLines(painter, view, m_tickFont, m_handles.arrowLines(view));
    m_vectors.paint(painter, view, m_labelFont, m_tickFont,
                    {selectedHandle(), m_hovered, m_dragged}, !layered);
    if (landscape)
        m_landscape->paintLegend(painter, view.viewportSize(), m_tickFont);
    painter.restore();
}

void CanvasWidget::paintOverlay(QPainter &painter) const
{
    HandleRings::paint(painter, m_view, m_handles, QRectF(rect()), m_hovered, m_dragged,
                       selectedHandle());
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, true);
    if (hasFocus()) {
        QColor c = ColorScheme::key();
        c.setAlpha(140);
        painter.setRenderHint(QPainter::Antialiasing, false);
        painter.setPen(QPen(c, 2));
        painter.setBrush(Qt::NoBrush);
        painter.drawRect(QRectF(rect()).adjusted(1, 1, -1, -1));
    }
    GradientArrowLayer::paint(painter, *this, *m_legend);
    // On screen only: exports (slides, handouts) show the picture itself, and files made with a
    // transparent background stay transparent. Without a result the error box takes the corner.
    if (m_legendVisible) {
        const double top =
            m_model->hasResult() ? 12.0 : 12 + QFontMetricsF(m_labelFont).height() + 24;
        m_legend->paint(painter, m_view.viewportSize(), m_tickFont, top);
    }
    if (m_dragHint.isVisible() && !m_reveal.guided())
        DragHint::paint(painter, size(), m_labelFont);
    painter.setFont(m_tickFont);
    m_mode->paintOverlay(painter);
    painter.restore();
}

void CanvasWidget::setLegendVisible(bool on)
{
    if (on == m_legendVisible)
        return;
    m_legendVisible = on;
    QSettings().setValue(QStringLiteral("canvas/legend"), on);
    update();
}

void CanvasWidget::dismissDragHint()
{
    if (m_dragHint.dismiss())
        update();
}

QRectF CanvasWidget::dragHintRect() const
{
    return DragHint::rect(size(), m_labelFont);
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
