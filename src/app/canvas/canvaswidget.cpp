#include "canvas/canvaswidget.h"

#include "canvas/canvasidlemode.h"
#include "canvas/labelplacer.h"
#include "canvas/landscapelayer.h"
#include "canvas/layercache.h"
#include "canvas/selection.h"
#include "canvas/vectordialog.h"
#include "document/sceneeditor.h"
#include "model/scenemodel.h"
#include "text/arrowpainter.h"
#include "text/numberformat.h"
#include "theme/appearance.h"
#include "theme/colorscheme.h"
#include "walkthrough/walkthrough.h"

#include <QActionGroup>
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
#include <QVarLengthArray>
#include <QWheelEvent>

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>
#include <numeric>
#include <optional>
#include <vector>

namespace {

using Kind = CanvasWidget::Handle::Kind;
using Role = ColorScheme::Role;

/// The first view shows the unit circle and the worked example's vectors with their labels.
const QRectF kHomeWorld(QPointF(-1.25, -1.25), QPointF(1.95, 1.45));
constexpr double kHomeMargin = 24;
constexpr double kZoomStep = 1.25;
constexpr double kNudge = 0.1;
constexpr double kFineNudge = 0.01;
constexpr double kKeyPanPixels = 40;
constexpr double kRingRadius = 15; // the selection ring around a tip

QPointF point(const attn::Vector &v)
{
    return v.size() >= 2 ? QPointF(v[0], v[1]) : QPointF();
}

QPointF rowPoint(const attn::Matrix &m, int row)
{
    return (row >= 0 && row < m.rows() && m.cols() >= 2) ? QPointF(m(row, 0), m(row, 1))
                                                         : QPointF();
}

attn::Vector vector2(QPointF p)
{
    attn::Vector v(2);
    v << p.x(), p.y();
    return v;
}

/// Rounds to a multiple of `step` (0.1 or 0.01) so that the result is the double nearest to the
/// decimal: 1.5, not 1.5000000000000002.
double snapTo(double x, double step)
{
    const double perUnit = std::round(1.0 / step);
    return std::round(x * perUnit) / perUnit;
}

/// Liang–Barsky: clips the segment a–b to `r`; false when nothing of it is inside. Far tips would
/// otherwise hand the raster engine coordinates of millions of pixels.
bool clipSegment(QPointF &a, QPointF &b, const QRectF &r)
{
    double t0 = 0, t1 = 1;
    const double dx = b.x() - a.x(), dy = b.y() - a.y();
    const std::array<double, 4> p{-dx, dx, -dy, dy};
    const std::array<double, 4> q{a.x() - r.left(), r.right() - a.x(), a.y() - r.top(),
                                  r.bottom() - a.y()};
    for (int i = 0; i < 4; ++i) {
        if (p[i] == 0) {
            if (q[i] < 0)
                return false;
            continue;
        }
        const double t = q[i] / p[i];
        if (p[i] < 0)
            t0 = std::max(t0, t);
        else
            t1 = std::min(t1, t);
        if (t0 > t1)
            return false;
    }
    const QPointF start = a;
    a = start + QPointF(dx, dy) * t0;
    b = start + QPointF(dx, dy) * t1;
    return true;
}

struct GridStep
{
    double major = 1;
    double minor = 0.2;
    int decimals = 0;
};

/// The smallest step of the form 1, 2 or 5 × 10^k that is at least `minimum`.
GridStep niceStep(double minimum)
{
    const double base = std::pow(10.0, std::floor(std::log10(minimum)));
    for (const double mantissa : {1.0, 2.0, 5.0, 10.0}) {
        const double step = mantissa * base;
        if (step >= minimum * (1 - 1e-9)) {
            GridStep g;
            g.major = step;
            // 2 splits into quarters (0.5 each); 1 and 5 into fifths.
            g.minor = step / (mantissa == 2.0 ? 4 : 5);
            g.decimals = std::max(0, -int(std::floor(std::log10(step) + 1e-9)));
            return g;
        }
    }
    return {};
}

/// The grid lines i·step inside [lo, hi]: from `first` to `last` (none when last < first).
struct IndexRange
{
    long long first = 0;
    long long last = -1;
};

/// None when the indices would not be exact integers (beyond 2⁵² a double no longer tells
/// neighbouring lines apart: a view zoomed in far from the origin) or when there would be
/// absurdly many; never a cast of an out-of-range double.
IndexRange gridIndices(double lo, double hi, double step)
{
    const double a = std::ceil(lo / step), b = std::floor(hi / step);
    constexpr double kExact = 4503599627370496.0; // 2⁵²
    if (!(std::abs(a) <= kExact && std::abs(b) <= kExact) || b - a > 100000)
        return {};
    return {static_cast<long long>(a), static_cast<long long>(b)};
}

QString tickText(double value, int decimals)
{
    return NumberFormat::number(value, decimals);
}

/// A label's colour from its arrow's: a little darker on a light background, a little lighter on a
/// dark one, so that thin glyphs keep the contrast of the thicker arrow.
QColor ink(const QColor &color, int factor)
{
    return ColorScheme::isDark(ColorScheme::background()) ? color.lighter(factor)
                                                          : color.darker(factor);
}

/// `color` at `opacity` over the background, as an opaque colour: translucent strokes cost the
/// raster engine several times more than opaque ones, and 64 keys must paint in a few ms. Where two
/// faded strokes cross, the later covers the earlier instead of darkening it, which reads fine.
QColor faded(const QColor &color, double opacity)
{
    // Never fainter than legible on the background (dark themes drew faint keys near black).
    return ColorScheme::faded(color, opacity);
}

void drawArrowClipped(QPainter &painter, QPointF from, QPointF to, const ArrowPainter::Style &style,
                      const QRectF &bounds)
{
    if (!bounds.contains(from) || !bounds.contains(to)) {
        // The head of a clipped arrow lands outside the visible area, so the picture is the same.
        if (!clipSegment(from, to, bounds))
            return;
    }
    ArrowPainter::drawArrow(painter, from, to, style);
}

/// Up to this many keys every key and value is labelled; beyond it only the heaviest keys and the
/// labels that find a free spot.
constexpr int kUncrowdedKeys = 16;
constexpr int kLabelledHeavyKeys = 8;

struct LabelItem
{
    int owner;    ///< the index of the tip obstacle that belongs to this label
    int priority; ///< smaller is placed first
    bool force;   ///< drawn even where it overlaps
    QPointF from; ///< the arrow's tail
    QPointF tip;
    QString text;
    QColor color;
    double clearance = 0; ///< extra distance from the tip (past a selection ring)
};

} // namespace

CanvasWidget::CanvasWidget(SceneEditor *editor, Selection *selection, QWidget *parent)
    : QWidget(parent), m_editor(editor), m_model(editor->model()), m_selection(selection)
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
    const QSettings settings;
    m_legendVisible = settings.value(QStringLiteral("canvas/legend"), true).toBool();
    m_dragHint = !settings.value(QStringLiteral("canvas/dragHintShown"), false).toBool();

    connect(m_model, &SceneModel::changed, this, [this] { m_landscape->invalidate(); });
    connect(m_model, &SceneModel::changed, this, qOverload<>(&QWidget::update));
    // A drag never outlives an edit that is not its own (SceneEditor asks first), nor a scene
    // replaced or a key removed under it by any other way: the tip it holds may be gone.
    connect(m_editor, &SceneEditor::dragInterrupted, this, &CanvasWidget::endGesture);
    connect(m_model, &SceneModel::keyCountChanged, this, [this](int count) {
        if ((m_dragged.kind == Kind::Key || m_dragged.kind == Kind::Value) &&
            m_dragged.index >= count)
            endGesture();
        m_selection->clamp(count);
        if ((m_hovered.kind == Kind::Key || m_hovered.kind == Kind::Value) &&
            m_hovered.index >= count)
            setHovered({});
    });
    connect(m_model, &SceneModel::sceneReplaced, this, [this] {
        endGesture();
        // A loaded scene may live far from the current view; only then move the view, so that
        // reloading the same scene does not jump.
        if (m_viewInitialised && !m_view.visibleWorld().contains(sceneBounds()))
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
    v.fit(sceneBounds(), size(), push + label.width() / 2 + 8, push + label.height() / 2 + 8);
    changeView(v);
}

QRectF CanvasWidget::sceneBounds() const
{
    // The unit circle and the origin always, so that the picture keeps its reference.
    QRectF r(QPointF(-1, -1), QPointF(1, 1));
    auto add = [&r](QPointF p) {
        // Any finite number may be in a scene; beyond what the smallest scale can show together
        // with the origin, the edge markers point the way (and the rectangle's width stays
        // finite).
        constexpr double kLimit = 1e302;
        p = QPointF(std::clamp(p.x(), -kLimit, kLimit), std::clamp(p.y(), -kLimit, kLimit));
        r.setLeft(std::min(r.left(), p.x()));
        r.setRight(std::max(r.right(), p.x()));
        r.setTop(std::min(r.top(), p.y()));
        r.setBottom(std::max(r.bottom(), p.y()));
    };
    add(point(m_model->query()));
    for (int i = 0; i < m_model->keyCount(); ++i) {
        add(rowPoint(m_model->keys(), i));
        add(rowPoint(m_model->values(), i));
    }
    if (m_model->hasResult() && m_model->result().output.size() == 2)
        add(point(m_model->result().output));
    if (m_model->scene().method == attn::Method::General) {
        const attn::Matrix w = generalMatrix();
        add(QPointF(w(0, 0), w(1, 0)));
        add(QPointF(w(0, 1), w(1, 1)));
    }
    return r;
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

attn::Matrix CanvasWidget::generalMatrix() const
{
    const attn::Matrix &w = m_model->scene().general;
    if (w.rows() == 2 && w.cols() == 2)
        return w;
    return attn::Matrix::Identity(2, 2);
}

bool CanvasWidget::isMasked(int index) const
{
    const attn::Mask &mask = m_model->scene().mask;
    return index >= 0 && index < int(mask.size()) && mask[index];
}

QPointF CanvasWidget::tipOf(const Handle &handle) const
{
    return point(displayedVectorOf(handle));
}

attn::Vector CanvasWidget::vectorOf(const Handle &handle) const
{
    const attn::Scene &s = m_model->scene();
    // A handle may name a key that is gone (a stale hover); it reads as the origin, never as a
    // row past the end.
    const bool row = handle.index >= 0 && handle.index < m_model->keyCount();
    switch (handle.kind) {
    case Kind::Query:
        return s.query;
    case Kind::Key:
        if (row)
            return s.keys.row(handle.index).transpose();
        break;
    case Kind::Value:
        if (row)
            return s.values.row(handle.index).transpose();
        break;
    case Kind::GeneralColumn:
        return generalMatrix().col(handle.index);
    case Kind::None:
        break;
    }
    return attn::Vector::Zero(2);
}

attn::Vector CanvasWidget::displayedVectorOf(const Handle &handle) const
{
    const bool row = handle.index >= 0 && handle.index < m_model->keyCount();
    switch (handle.kind) {
    case Kind::Query:
        return m_model->query();
    case Kind::Key:
        if (row)
            return m_model->keys().row(handle.index).transpose();
        break;
    case Kind::Value:
        if (row)
            return m_model->values().row(handle.index).transpose();
        break;
    case Kind::GeneralColumn:
        return generalMatrix().col(handle.index);
    case Kind::None:
        break;
    }
    return attn::Vector::Zero(2);
}

QString CanvasWidget::nameOf(const Handle &handle) const
{
    switch (handle.kind) {
    case Kind::Query:
        return QStringLiteral("q");
    case Kind::Key:
        return QLatin1Char('k') + NumberFormat::subscript(handle.index + 1);
    case Kind::Value:
        return QLatin1Char('v') + NumberFormat::subscript(handle.index + 1);
    case Kind::GeneralColumn:
        return QStringLiteral("W·e") + NumberFormat::subscript(handle.index + 1);
    case Kind::None:
        break;
    }
    return {};
}

QColor CanvasWidget::handleColor(const Handle &handle) const
{
    switch (handle.kind) {
    case Kind::Query:
        return ColorScheme::query();
    case Kind::Key:
        return ColorScheme::keyColor(handle.index, m_model->keyCount());
    case Kind::Value:
        return ColorScheme::value();
    case Kind::GeneralColumn:
        return ColorScheme::generalColumn();
    case Kind::None:
        break;
    }
    return ColorScheme::text();
}

CanvasWidget::Handle CanvasWidget::handleAt(QPointF screen) const
{
    Handle best;
    double bestDistance = 0;
    auto consider = [&](Handle h) {
        const double d = QLineF(m_view.toScreen(tipOf(h)), screen).length();
        // Candidates come in priority order (the query first); a later one must be clearly
        // nearer to win, so that coinciding tips resolve the same way every time.
        if (d <= kGrabRadius && (!best.isValid() || d < bestDistance - 0.5)) {
            best = h;
            bestDistance = d;
        }
    };
    consider({Kind::Query, -1});
    if (m_model->scene().method == attn::Method::General) {
        consider({Kind::GeneralColumn, 0});
        consider({Kind::GeneralColumn, 1});
    }
    const int n = m_model->keyCount();
    for (int i = 0; i < n; ++i)
        consider({Kind::Key, i});
    for (int i = 0; i < n; ++i)
        consider({Kind::Value, i});
    return best;
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
        attn::Matrix w = generalMatrix();
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
        world = QPointF(snapTo(world.x(), kSnapStep), snapTo(world.y(), kSnapStep));
    return setVectorOf(handle, vector2(world));
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
    else if (!handle.isValid())
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
    switch (handle.kind) {
    case Kind::Query:
        m_selection->select(Selection::Kind::Query);
        break;
    case Kind::Key:
        m_selection->select(Selection::Kind::Key, handle.index);
        break;
    case Kind::Value:
        m_selection->select(Selection::Kind::Value, handle.index);
        break;
    case Kind::GeneralColumn:
        break; // W is not part of the shared selection
    case Kind::None:
        m_selection->clear();
        break;
    }
}

CanvasWidget::Handle CanvasWidget::selectedHandle() const
{
    const int n = m_model->keyCount();
    const int i = m_selection->index();
    switch (m_selection->kind()) {
    case Selection::Kind::Query:
        return {Kind::Query, -1};
    case Selection::Kind::Key:
        return i >= 0 && i < n ? Handle{Kind::Key, i} : Handle{};
    case Selection::Kind::Value:
        return i >= 0 && i < n ? Handle{Kind::Value, i} : Handle{};
    case Selection::Kind::None:
        break;
    }
    return {};
}

void CanvasWidget::cycleSelection(bool forward)
{
    // q, k₁, v₁, k₂, v₂, …: each key next to its value, as in the table.
    const int count = 1 + 2 * m_model->keyCount();
    const Handle h = selectedHandle();
    int current = -1;
    if (h.kind == Kind::Query)
        current = 0;
    else if (h.kind == Kind::Key)
        current = 1 + 2 * h.index;
    else if (h.kind == Kind::Value)
        current = 2 + 2 * h.index;
    int next;
    if (current < 0)
        next = forward ? 0 : count - 1;
    else
        next = (current + (forward ? 1 : count - 1)) % count;
    if (next == 0)
        select({Kind::Query, -1});
    else
        select({(next % 2) ? Kind::Key : Kind::Value, (next - 1) / 2});
}

bool CanvasWidget::focusNextPrevChild(bool next)
{
    cycleSelection(next);
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
        v[0] = snapTo(v[0], step);
        v[1] = snapTo(v[1], step);
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
            const QPointF p = point(vectorOf(h));
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

void CanvasWidget::addKey()
{
    const int n = m_model->keyCount();
    if (n >= attn::Scene::kMaxKeys) {
        emit statusMessage(tr("Cannot add more than %1 keys").arg(attn::Scene::kMaxKeys));
        return;
    }
    std::vector<double> used;
    for (int i = 0; i < n; ++i) {
        const QPointF k = rowPoint(m_model->scene().keys, i);
        if (k != QPointF())
            used.push_back(std::atan2(k.y(), k.x()) * 180 / std::numbers::pi);
    }
    // The direction farthest from every key; round angles (multiples of 15°) are tried first so
    // that the first few new keys land on tidy directions.
    auto distance = [&used](double angle) {
        double nearest = 360;
        for (const double u : used) {
            const double d = std::fmod(std::abs(angle - u), 360.0);
            nearest = std::min(nearest, std::min(d, 360 - d));
        }
        return nearest;
    };
    double bestAngle = 0, bestDistance = -1;
    auto consider = [&](double angle) {
        const double d = distance(angle);
        if (d > bestDistance + 1e-9) {
            bestDistance = d;
            bestAngle = angle;
        }
    };
    for (int a = 0; a < 360; a += 15)
        consider(a);
    for (int a = 0; a < 360; ++a)
        consider(a);
    const double rad = bestAngle * std::numbers::pi / 180;
    const attn::Vector key =
        vector2(QPointF(snapTo(std::cos(rad), 0.01), snapTo(std::sin(rad), 0.01)));
    if (m_editor->addKey(key, key))
        select({Kind::Key, n});
}

void CanvasWidget::addKeyAt(QPointF world)
{
    const int n = m_model->keyCount();
    if (n >= attn::Scene::kMaxKeys) {
        emit statusMessage(tr("Cannot add more than %1 keys").arg(attn::Scene::kMaxKeys));
        return;
    }
    if (m_snap)
        world = QPointF(snapTo(world.x(), kSnapStep), snapTo(world.y(), kSnapStep));
    const double length = std::hypot(world.x(), world.y());
    const QPointF direction = length > 0 ? world / length : QPointF(1, 0);
    const attn::Vector value =
        vector2(QPointF(snapTo(direction.x(), 0.01), snapTo(direction.y(), 0.01)));
    if (m_editor->addKey(vector2(world), value))
        select({Kind::Key, n});
}

void CanvasWidget::removeSelectedKey()
{
    const Handle h = selectedHandle();
    if (h.kind != Kind::Key && h.kind != Kind::Value) {
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
    const Selection::Kind kind = m_selection->kind();
    const int selected = m_selection->index();
    if (!m_editor->removeKey(index)) {
        emit statusMessage(tr("Cannot remove the only key that is not masked"));
        return;
    }
    // Keep pointing at the same vector; when it was the removed one, at its successor, so that
    // pressing Delete repeatedly removes key after key.
    if (kind == Selection::Kind::Key || kind == Selection::Kind::Value) {
        if (selected == index)
            m_selection->select(Selection::Kind::Key, std::min(index, n - 2));
        else if (selected > index)
            m_selection->select(kind, selected - 1);
    }
}

void CanvasWidget::toggleMask(int index)
{
    if (!m_editor->setMasked(index, !isMasked(index)))
        emit statusMessage(tr("At least one key must stay unmasked"));
}

QMenu *CanvasWidget::createContextMenu(QPoint pos)
{
    auto *menu = new QMenu(this);
    const QPointF world = m_view.toWorld(pos);
    const Handle h = handleAt(pos);
    const int key = (h.kind == Kind::Key || h.kind == Kind::Value) ? h.index : -1;

    QAction *add = menu->addAction(tr("Add key here"));
    add->setObjectName(QStringLiteral("addKeyHere"));
    add->setEnabled(m_model->keyCount() < attn::Scene::kMaxKeys);
    connect(add, &QAction::triggered, this, [this, world] { addKeyAt(world); });

    QAction *remove = menu->addAction(tr("Remove this key"));
    remove->setObjectName(QStringLiteral("removeKey"));
    remove->setEnabled(key >= 0);
    connect(remove, &QAction::triggered, this, [this, key] { removeKey(key); });

    QAction *mask =
        menu->addAction(key >= 0 && isMasked(key) ? tr("Unmask this key") : tr("Mask this key"));
    mask->setObjectName(QStringLiteral("toggleMask"));
    mask->setEnabled(key >= 0);
    connect(mask, &QAction::triggered, this, [this, key] { toggleMask(key); });

    QAction *coordinates = menu->addAction(tr("Set &Coordinates…"));
    coordinates->setObjectName(QStringLiteral("setCoordinates"));
    coordinates->setEnabled(h.isValid());
    connect(coordinates, &QAction::triggered, this, [this, h] { editCoordinates(h); });

    addLandscapeActions(menu);
    menu->addSeparator();
    QAction *legend = menu->addAction(tr("Show &Legend"));
    legend->setObjectName(QStringLiteral("showLegend"));
    legend->setCheckable(true);
    legend->setChecked(m_legendVisible);
    connect(legend, &QAction::toggled, this, &CanvasWidget::setLegendVisible);
    QAction *fit = menu->addAction(tr("Fit all"));
    fit->setObjectName(QStringLiteral("fitAll"));
    connect(fit, &QAction::triggered, this, &CanvasWidget::fitAll);
    QAction *reset = menu->addAction(tr("Reset view"));
    reset->setObjectName(QStringLiteral("resetView"));
    connect(reset, &QAction::triggered, this, &CanvasWidget::resetView);
    return menu;
}

VectorDialog *CanvasWidget::editCoordinates(const Handle &handle)
{
    if (!handle.isValid())
        return nullptr;
    endGesture();
    const QPointF current = point(vectorOf(handle));
    auto *dialog = new VectorDialog(nameOf(handle), current, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, handle, dialog] {
        // The key may have gone while the dialog was open (undo): then there is nothing to set.
        const bool gone = (handle.kind == Kind::Key || handle.kind == Kind::Value) &&
                          handle.index >= m_model->keyCount();
        if (!gone)
            setVectorOf(handle, vector2(dialog->coordinates()));
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
    if (h.kind == Kind::Query || h.kind == Kind::Key || h.kind == Kind::Value)
        select(h);
    std::unique_ptr<QMenu> menu(createContextMenu(event->pos()));
    menu->exec(event->globalPos());
}

// --- Mouse ------------------------------------------------------------------------------------

void CanvasWidget::mousePressEvent(QMouseEvent *event)
{
    setFocus(Qt::MouseFocusReason);
    if (m_dragHint && !guided() && dragHintRect().contains(event->position())) {
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

const QPixmap &CanvasWidget::gridLayer(const ViewTransform &view, qreal devicePixelRatio) const
{
    GridLayer &g = m_gridLayer;
    // Everything drawGrid() reads besides the view: the theme's colours and the tick font (which
    // presentation mode enlarges).
    const std::array<QRgb, 4> colors{ColorScheme::background().rgba(),
                                     ColorScheme::gridMinor().rgba(),
                                     ColorScheme::gridMajor().rgba(), ColorScheme::axis().rgba()};
    if (g.pixmap.isNull() || !(g.view == view) || g.font != m_tickFont || g.colors != colors ||
        g.devicePixelRatio != devicePixelRatio) {
        g = GridLayer{view, m_tickFont, colors, devicePixelRatio, {}};
        g.pixmap = QPixmap((view.viewportSize() * devicePixelRatio).toSize());
        g.pixmap.setDevicePixelRatio(devicePixelRatio);
        g.pixmap.fill(ColorScheme::background());
        QPainter painter(&g.pixmap);
        drawGrid(painter, view);
    }
    return g.pixmap;
}

namespace {
// Thinner arrows when there are many, so that the picture does not turn into a solid disc.
ArrowPainter::Style valueStyleFor(int keyCount, bool emphasised)
{
    const bool thin = keyCount > kUncrowdedKeys;
    ArrowPainter::Style style =
        ArrowPainter::styleFor(ColorScheme::Role::Value, thin ? 1.6 : 2.5, thin ? 10.0 : 13.0);
    style.color = faded(style.color, emphasised ? 0.85 : 0.3);
    return style;
}

// Arrows are clipped to a rectangle a little larger than the view, so that arrow heads just
// outside still show their edge and absurdly far tips stay cheap.
QRectF arrowBounds(const ViewTransform &view)
{
    const QSizeF size = view.viewportSize();
    return QRectF(-400, -400, size.width() + 800, size.height() + 800);
}
} // namespace

const QPixmap &CanvasWidget::gridAndValuesLayer(const ViewTransform &view,
                                                qreal devicePixelRatio) const
{
    const QPixmap &grid = gridLayer(view, devicePixelRatio);
    ValuesLayer &v = m_valuesLayer;
    const ArrowPainter::Style style = valueStyleFor(m_model->keyCount(), valuesEmphasised());
    const attn::Matrix &values = m_model->values();
    if (v.pixmap.isNull() || v.grid != grid.cacheKey() || !(v.style == style) ||
        v.values.rows() != values.rows() || v.values.cols() != values.cols() ||
        v.values != values) {
        v.grid = grid.cacheKey();
        v.style = style;
        v.values = values;
        v.pixmap = grid.copy();
        v.pixmap.setDevicePixelRatio(devicePixelRatio);
        QPainter painter(&v.pixmap);
        drawValues(painter, view, style);
    }
    return v.pixmap;
}

void CanvasWidget::drawValues(QPainter &painter, const ViewTransform &view,
                              const ArrowPainter::Style &style) const
{
    painter.setRenderHint(QPainter::Antialiasing, true);
    const QRectF bounds = arrowBounds(view);
    const QPointF origin = view.toScreen(QPointF(0, 0));
    for (int i = 0; i < m_model->keyCount(); ++i)
        drawArrowClipped(painter, origin, view.toScreen(rowPoint(m_model->values(), i)), style,
                         bounds);
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
        painter.drawPixmap(0, 0, gridAndValuesLayer(view, devicePixelRatioF()));
    } else {
        if (fillBackground)
            painter.fillRect(QRect(QPoint(0, 0), target.size()), ColorScheme::background());
        if (landscape)
            m_landscape->paintField(painter);
        drawGrid(painter, view);
    }
    if (landscape)
        m_landscape->paintIsoLines(painter, view, m_tickFont, arrowLines(view));
    drawVectors(painter, view, !layered);
    if (landscape)
        m_landscape->paintLegend(painter, view.viewportSize(), m_tickFont);
    painter.restore();
}

void CanvasWidget::drawGrid(QPainter &painter, const ViewTransform &view) const
{
    const QSizeF size = view.viewportSize();
    const QRectF world = view.visibleWorld();
    const double scale = view.scale();
    painter.setFont(m_tickFont);
    const QFontMetricsF fm(m_tickFont);

    // Major lines at least 90 px apart and wide enough for their labels at the range's ends.
    GridStep g = niceStep(90 / scale);
    for (int attempt = 0; attempt < 6; ++attempt) {
        const double widest = std::max(fm.horizontalAdvance(tickText(world.left(), g.decimals)),
                                       fm.horizontalAdvance(tickText(world.right(), g.decimals)));
        if (g.major * scale >= widest + 24)
            break;
        g = niceStep(g.major * 1.01);
    }

    // One batched drawLines per kind of line: the grid is hundreds of lines at high zoom.
    QVarLengthArray<QLineF, 512> minor, major;
    const int ratio = int(std::lround(g.major / g.minor));
    const bool drawMinor = g.minor * scale >= 8;
    const double step = drawMinor ? g.minor : g.major;
    const int every = drawMinor ? ratio : 1;
    const IndexRange xs = gridIndices(world.left(), world.right(), step);
    for (long long i = xs.first; i <= xs.last; ++i) {
        const double sx = std::round(view.toScreen(QPointF(i * step, 0)).x()) + 0.5;
        (i % every == 0 ? major : minor).append(QLineF(sx, 0, sx, size.height()));
    }
    const IndexRange ys = gridIndices(world.top(), world.bottom(), step);
    for (long long i = ys.first; i <= ys.last; ++i) {
        const double sy = std::round(view.toScreen(QPointF(0, i * step)).y()) + 0.5;
        (i % every == 0 ? major : minor).append(QLineF(0, sy, size.width(), sy));
    }
    painter.setRenderHint(QPainter::Antialiasing, false);
    painter.setPen(QPen(ColorScheme::gridMinor(), 1));
    painter.drawLines(minor.constData(), int(minor.size()));
    painter.setPen(QPen(ColorScheme::gridMajor(), 1));
    painter.drawLines(major.constData(), int(major.size()));

    // Axes, then their tick labels; labels stick to the border when an axis is scrolled away.
    const QPointF origin = view.toScreen(QPointF(0, 0));
    const double ox = std::round(origin.x()), oy = std::round(origin.y());
    painter.setPen(QPen(ColorScheme::axis(), 2));
    if (oy >= 0 && oy <= size.height())
        painter.drawLine(QPointF(0, oy), QPointF(size.width(), oy));
    if (ox >= 0 && ox <= size.width())
        painter.drawLine(QPointF(ox, 0), QPointF(ox, size.height()));

    const double h = fm.height();
    // Tick labels keep clear of an arrowhead lying on an axis (a unit value at (1, 0) or (0, 1)
    // would otherwise cover its "1"): the gap grows with the font, as the heads do in
    // presentation mode.
    const double gap = 4 + std::round(0.45 * h);
    const double labelTop = std::clamp(oy + gap, 2.0, std::max(2.0, size.height() - h - 2));
    painter.setPen(ColorScheme::axis());
    const IndexRange mxs = gridIndices(world.left(), world.right(), g.major);
    for (long long i = mxs.first; i <= mxs.last; ++i) {
        if (i == 0)
            continue;
        const QString text = tickText(i * g.major, g.decimals);
        const double sx = view.toScreen(QPointF(i * g.major, 0)).x();
        const double w = fm.horizontalAdvance(text);
        // A label cut by the border reads as a different number; leave it out.
        if (sx - w / 2 < 0 || sx + w / 2 > size.width())
            continue;
        painter.drawText(QRectF(sx - w / 2 - 2, labelTop, w + 4, h), Qt::AlignCenter, text);
    }
    const IndexRange mys = gridIndices(world.top(), world.bottom(), g.major);
    double widestY = 0;
    for (long long i = mys.first; i <= mys.last; ++i)
        widestY = std::max(widestY, fm.horizontalAdvance(tickText(i * g.major, g.decimals)));
    const double labelRight =
        std::clamp(ox - gap - 2, widestY + 4, std::max(widestY + 4, size.width() - 4));
    for (long long i = mys.first; i <= mys.last; ++i) {
        if (i == 0)
            continue;
        const QString text = tickText(i * g.major, g.decimals);
        const double sy = view.toScreen(QPointF(0, i * g.major)).y();
        if (sy - h / 2 < 0 || sy + h / 2 > size.height())
            continue;
        painter.drawText(QRectF(labelRight - widestY - 4, sy - h / 2, widestY + 4, h),
                         Qt::AlignRight | Qt::AlignVCenter, text);
    }
    if (world.contains(QPointF(0, 0))) {
        const QString zero = tickText(0, 0);
        painter.drawText(QRectF(ox - gap - 2 - fm.horizontalAdvance(zero), oy + gap,
                                fm.horizontalAdvance(zero), h),
                         Qt::AlignRight | Qt::AlignTop, zero);
    }
    QFont italic = m_tickFont;
    italic.setItalic(true);
    painter.setFont(italic);
    if (oy >= 0 && oy <= size.height())
        painter.drawText(QRectF(size.width() - h - 6, oy - h - 4, h, h), Qt::AlignCenter,
                         QStringLiteral("x"));
    if (ox >= 0 && ox <= size.width())
        painter.drawText(QRectF(ox + 8, 4, h, h), Qt::AlignCenter, QStringLiteral("y"));

    // The unit circle: where dot product and cosine agree. Dashes are drawn as one batch of short
    // chords, a fraction of the cost of a dashed antialiased ellipse, and only where visible.
    const double radius = view.toPixels(1);
    if (radius >= 3) {
        constexpr double kDashPeriod = 14, kDashOn = 8; // pixels along the circle
        const int dashes = std::clamp(int(2 * std::numbers::pi * radius / kDashPeriod), 12, 8000);
        const double period = 2 * std::numbers::pi / dashes;
        const double on = period * kDashOn / kDashPeriod;
        const QRectF visible = QRectF(QPointF(0, 0), size).adjusted(-4, -4, 4, 4);
        QVarLengthArray<QLineF, 512> chords;
        for (int k = 0; k < dashes; ++k) {
            const double a = k * period;
            const QPointF p0 = origin + radius * QPointF(std::cos(a), -std::sin(a));
            const QPointF p1 = origin + radius * QPointF(std::cos(a + on), -std::sin(a + on));
            if (visible.contains(p0) || visible.contains(p1))
                chords.append(QLineF(p0, p1));
        }
        painter.setRenderHint(QPainter::Antialiasing, true);
        painter.setPen(QPen(faded(ColorScheme::axis(), 0.5), 1.5, Qt::SolidLine, Qt::FlatCap));
        painter.drawLines(chords.constData(), int(chords.size()));
    }
}

void CanvasWidget::drawVectors(QPainter &painter, const ViewTransform &view, bool withValues) const
{
    // 1. Values, at the bottom: the keys and the beams to them are what the learner reads.
    if (withValues)
        drawValues(painter, view, valueStyleFor(m_model->keyCount(), valuesEmphasised()));
    painter.setRenderHint(QPainter::Antialiasing, true);
    const QSizeF size = view.viewportSize();
    const QRectF bounds = arrowBounds(view);
    const attn::Scene &scene = m_model->scene();
    const int n = m_model->keyCount();
    const bool hasResult = m_model->hasResult();
    const attn::Vector *weights = hasResult ? &m_model->result().weights : nullptr;
    // The walkthrough holds the weights and the output back until their steps are revealed.
    const bool showWeights = hasResult && weightsShown();
    // Presentation mode draws every line thicker.
    const double lineScale = Appearance::instance()->lineScale();
    const QPointF origin = view.toScreen(QPointF(0, 0));
    const QPointF q = view.toScreen(point(m_model->query()));
    auto keyTip = [&](int i) { return view.toScreen(rowPoint(m_model->keys(), i)); };
    auto valueTip = [&](int i) { return view.toScreen(rowPoint(m_model->values(), i)); };
    auto weightOf = [&](int i) {
        return (weights && i < weights->size()) ? std::clamp((*weights)[i], 0.0, 1.0) : 0.0;
    };

    // Keys from the heaviest down: the heaviest are labelled first and drawn last (on top).
    std::vector<int> order(n);
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
                     [&](int a, int b) { return weightOf(a) > weightOf(b); });

    // 2. How strongly the query attends to each key: a beam from the query's tip, the strongest
    // on top.
    if (showWeights) {
        for (auto it = order.rbegin(); it != order.rend(); ++it) {
            const int i = *it;
            if (isMasked(i))
                continue;
            const double w = weightOf(i);
            QPointF a = q, b = keyTip(i);
            if (!clipSegment(a, b, bounds))
                continue;
            painter.setPen(QPen(faded(ColorScheme::keyColor(i, n), 0.1 + 0.6 * std::sqrt(w)),
                                (1 + 9 * w) * lineScale, Qt::SolidLine, Qt::FlatCap));
            painter.drawLine(a, b);
        }
    }

    // 3. Keys, thinner when there are many.
    const bool thin = n > kUncrowdedKeys;
    for (auto it = order.rbegin(); it != order.rend(); ++it) {
        const int i = *it;
        ArrowPainter::Style style =
            ArrowPainter::styleFor(Role::Key, thin ? 2.2 : 3.0, thin ? 12.0 : 15.0);
        style.color = ColorScheme::keyColor(i, n);
        if (isMasked(i)) {
            style.line = Qt::DashLine;
            style.color = faded(style.color, 0.35);
        } else {
            // The square root spreads the small weights of a large key set apart.
            style.color =
                faded(style.color, showWeights ? 0.3 + 0.7 * std::sqrt(weightOf(i)) : 0.8);
        }
        drawArrowClipped(painter, origin, keyTip(i), style, bounds);
        if (isMasked(i) && bounds.contains(keyTip(i))) {
            // A cross on the tip: masked keys take no part, which a dash alone does not say.
            const QPointF t = keyTip(i);
            painter.setPen(QPen(ColorScheme::axis(), 2.5 * lineScale, Qt::SolidLine, Qt::RoundCap));
            painter.drawLine(t + QPointF(-7, -7), t + QPointF(7, 7));
            painter.drawLine(t + QPointF(-7, 7), t + QPointF(7, -7));
        }
    }

    const bool general = scene.method == attn::Method::General;
    const attn::Matrix w = generalMatrix();
    if (general) {
        for (int c = 0; c < 2; ++c) {
            const QPointF tip = view.toScreen(QPointF(w(0, c), w(1, c)));
            // With W = I the columns are e₁ and e₂, exactly where unit values often are: a
            // column lying on another arrow is drawn beside it (a few pixels across), so that
            // both stay visible.
            bool covers = QLineF(tip, q).length() < 8;
            for (int i = 0; i < n && !covers; ++i)
                covers =
                    QLineF(tip, keyTip(i)).length() < 8 || QLineF(tip, valueTip(i)).length() < 8;
            QPointF shift;
            const QLineF shaft(origin, tip);
            if (covers && shaft.length() > 1)
                shift = QPointF(-shaft.dy(), shaft.dx()) / shaft.length() * 6 * lineScale;
            drawArrowClipped(painter, origin + shift, tip + shift,
                             ArrowPainter::styleFor(Role::GeneralColumn, 2.5, 13), bounds);
        }
    }

    const bool hasOutput = hasResult && outputShown() && m_model->result().output.size() == 2;
    const QPointF out = hasOutput ? view.toScreen(point(m_model->result().output)) : QPointF();
    if (hasOutput) {
        drawArrowClipped(painter, origin, out, ArrowPainter::styleFor(Role::Output, 3.0, 15),
                         bounds);
    }

    drawArrowClipped(painter, origin, q, ArrowPainter::styleFor(Role::Query, 3.5, 17), bounds);

    // Labels last, so that no arrow covers them; the important ones are placed first and the
    // rest move aside (or, in crowded scenes, give way).
    painter.setFont(m_labelFont);
    LabelPlacer placer(m_labelFont, QRectF(QPointF(0, 0), size));
    std::vector<LabelItem> labels;
    const Handle selected = selectedHandle();
    auto emphasised = [&](const Handle &h) {
        return h == selected || h == m_hovered || h == m_dragged;
    };
    // Selected and hovered tips wear a ring (paintOverlay); keep labels off it too.
    auto addTip = [&](QPointF tip, const Handle &h = {}) {
        const int owner = int(labels.size());
        placer.addObstacle(tip, h.isValid() && emphasised(h) ? kRingRadius + 3 : 6, owner);
        return owner;
    };
    auto clearanceOf = [&](const Handle &h) { return emphasised(h) ? kRingRadius - 2 : 0.0; };
    const bool crowded = n > kUncrowdedKeys;
    labels.push_back({addTip(q, {Kind::Query, -1}), 0, true, origin, q, nameOf({Kind::Query, -1}),
                      ColorScheme::query(), clearanceOf({Kind::Query, -1})});
    if (hasOutput)
        labels.push_back({addTip(out), 1, true, origin, out, tr("out"), ColorScheme::output()});
    if (general) {
        for (int c = 0; c < 2; ++c) {
            const QPointF tip = view.toScreen(QPointF(w(0, c), w(1, c)));
            labels.push_back({addTip(tip, {Kind::GeneralColumn, c}), 3, true, origin, tip,
                              nameOf({Kind::GeneralColumn, c}),
                              ink(ColorScheme::generalColumn(), 120)});
        }
    }
    // Keys by weight: in a crowded scene the heaviest keep their labels.
    for (int rank = 0; rank < n; ++rank) {
        const int i = order[rank];
        const Handle h{Kind::Key, i};
        const QString text = keyLabel(i);
        const bool important = emphasised(h) || !crowded || rank < kLabelledHeavyKeys;
        // A masked key has weight 0 and would be placed last, pushed out of its natural spot
        // onto other arrows; its long "masked" label claims its place right after the query's.
        const int priority = emphasised(h) ? 2 : isMasked(i) && !crowded ? 3 : 10 + rank;
        labels.push_back({addTip(keyTip(i), h), priority, important, origin, keyTip(i), text,
                          ColorScheme::keyColor(i, n), clearanceOf(h)});
    }
    for (int i = 0; i < n; ++i) {
        const Handle h{Kind::Value, i};
        // In a crowded scene only the selected or hovered value is named: values carry no
        // number, and their names would bury the keys' weights.
        if (crowded && !emphasised(h))
            continue;
        labels.push_back({addTip(valueTip(i), h), emphasised(h) ? 2 : 1000 + i, true, origin,
                          valueTip(i), nameOf(h), ink(ColorScheme::value(), 115), clearanceOf(h)});
    }
    std::stable_sort(labels.begin(), labels.end(), [](const LabelItem &a, const LabelItem &b) {
        return a.priority < b.priority;
    });
    for (const LabelItem &label : labels) {
        if (!bounds.contains(label.tip))
            continue;
        if (const auto spot = placer.place(label.from, label.tip, label.text, label.owner,
                                           label.force, label.clearance))
            ArrowPainter::drawLabel(painter, spot->from, spot->tip, label.text, label.color);
    }

    drawEdgeMarkers(painter, view);

    if (!hasResult) {
        // Without a result there are no weights to draw; say why where the learner is looking.
        const QString text = m_model->errorText();
        const QFontMetricsF fm(m_labelFont);
        const QRectF box(12, 12, std::min(size.width() - 24, fm.horizontalAdvance(text) + 24),
                         fm.height() + 12);
        painter.setPen(QPen(ColorScheme::error(), 1.5));
        painter.setBrush(ColorScheme::errorBackground());
        painter.drawRoundedRect(box, 6, 6);
        painter.setPen(ColorScheme::error());
        painter.drawText(box.adjusted(12, 0, -12, 0), Qt::AlignVCenter | Qt::AlignLeft,
                         fm.elidedText(text, Qt::ElideRight, box.width() - 24));
    }
}

QList<CanvasWidget::EdgeMarker> CanvasWidget::edgeMarkers(const ViewTransform &view) const
{
    QList<EdgeMarker> markers;
    const QRectF inside = QRectF(QPointF(0, 0), view.viewportSize())
                              .adjusted(kEdgeInset, kEdgeInset, -kEdgeInset, -kEdgeInset);
    if (inside.isEmpty())
        return markers;
    const QPointF centre = inside.center();
    auto consider = [&](QPointF world, const QString &name, const QColor &color, const Handle &h) {
        const QPointF tip = view.toScreen(world);
        if (inside.contains(tip))
            return;
        // Where the line from the middle of the view to the tip leaves the inset rectangle.
        const QPointF d = tip - centre;
        double t = 1;
        if (d.x() != 0)
            t = std::min(t, (inside.width() / 2) / std::abs(d.x()));
        if (d.y() != 0)
            t = std::min(t, (inside.height() / 2) / std::abs(d.y()));
        const double length = std::hypot(d.x(), d.y());
        if (!(length > 0))
            return;
        markers.append({centre + d * t, d / length, name, color, h});
    };
    const int n = m_model->keyCount();
    consider(point(m_model->query()), nameOf({Kind::Query, -1}), ColorScheme::query(),
             {Kind::Query, -1});
    for (int i = 0; i < n; ++i)
        consider(rowPoint(m_model->keys(), i), nameOf({Kind::Key, i}), ColorScheme::keyColor(i, n),
                 {Kind::Key, i});
    for (int i = 0; i < n; ++i)
        consider(rowPoint(m_model->values(), i), nameOf({Kind::Value, i}), ColorScheme::value(),
                 {Kind::Value, i});
    if (m_model->hasResult() && outputShown() && m_model->result().output.size() == 2)
        consider(point(m_model->result().output), tr("out"), ColorScheme::output(), {});
    if (m_model->scene().method == attn::Method::General) {
        const attn::Matrix w = generalMatrix();
        for (int c = 0; c < 2; ++c)
            consider(QPointF(w(0, c), w(1, c)), nameOf({Kind::GeneralColumn, c}),
                     ColorScheme::generalColumn(), {Kind::GeneralColumn, c});
    }
    return markers;
}

void CanvasWidget::drawEdgeMarkers(QPainter &painter, const ViewTransform &view) const
{
    // A tip outside the picture (dragged past the border, or a scene with huge numbers) would
    // otherwise simply vanish: a small arrowhead on the border points at it, with its name.
    const QList<EdgeMarker> markers = edgeMarkers(view);
    if (markers.isEmpty())
        return;
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, true);
    const double lineScale = Appearance::instance()->lineScale();
    const double size = 11 * lineScale;
    QFont font = m_tickFont;
    font.setBold(true);
    painter.setFont(font);
    const QFontMetricsF fm(font);
    for (const EdgeMarker &m : markers) {
        const QPointF d = m.direction;
        const QPointF normal(-d.y(), d.x());
        const QPointF apex = m.at + d * size * 0.6;
        QPolygonF head;
        head << apex << apex - d * size * 1.6 + normal * size * 0.8
             << apex - d * size * 1.6 - normal * size * 0.8;
        painter.setPen(QPen(ColorScheme::background(), 1.5));
        painter.setBrush(m.color);
        painter.drawPolygon(head);
        // The name on the inner side of the head, where it stays inside the widget.
        const QSizeF box(fm.horizontalAdvance(m.name) + 6, fm.height());
        const QPointF c = m.at - d * (size * 1.6 + 0.5 * std::hypot(box.width(), box.height()));
        const QRectF r(c - QPointF(box.width() / 2, box.height() / 2), box);
        QColor halo = ColorScheme::background();
        halo.setAlpha(200);
        painter.setPen(Qt::NoPen);
        painter.setBrush(halo);
        painter.drawRoundedRect(r, 3, 3);
        painter.setPen(ink(m.color, 115));
        painter.drawText(r, Qt::AlignCenter, m.name);
    }
    painter.restore();
}

QRectF CanvasWidget::legendRect(const ViewTransform &view, double top) const
{
    const QFontMetricsF fm(m_tickFont);
    const QList<LegendRow> rows = legendRows();
    double widest = 0;
    for (const LegendRow &row : rows)
        widest = std::max(widest, fm.horizontalAdvance(row.text));
    const double rowHeight = fm.height() + 4;
    const QSizeF size(kLegendSample + 20 + widest + 12, rows.size() * rowHeight + 10);
    Q_UNUSED(view);
    return QRectF(QPointF(12, top), size);
}

QList<CanvasWidget::LegendRow> CanvasWidget::legendRows() const
{
    // Only what is drawn: the walkthrough holds the beams and the output back at first.
    QList<LegendRow> rows{{LegendRow::Query, tr("query")},
                          {LegendRow::Keys, tr("keys")},
                          {LegendRow::Values, tr("values")}};
    if (m_model->hasResult() && outputShown())
        rows.append({LegendRow::Output, tr("output")});
    if (m_model->scene().method == attn::Method::General)
        rows.append({LegendRow::Columns, tr("columns of W")});
    if (m_model->hasResult() && weightsShown())
        rows.append({LegendRow::Beams, tr("beams: thicker = more weight")});
    return rows;
}

void CanvasWidget::drawLegend(QPainter &painter, const ViewTransform &view, double top) const
{
    // What each kind of arrow is, and what the beams from the query mean: nothing else on the
    // canvas says it, and a class sees the picture before any panel.
    const QList<LegendRow> rows = legendRows();
    const QRectF box = legendRect(view, top);
    if (box.right() > view.viewportSize().width() - 8 ||
        box.bottom() > view.viewportSize().height() - 8)
        return; // a tiny canvas (or export) shows the arrows rather than their legend
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, true);
    QColor fill = ColorScheme::background();
    fill.setAlpha(225);
    painter.setPen(QPen(faded(ColorScheme::axis(), 0.4), 1));
    painter.setBrush(fill);
    painter.drawRoundedRect(box, 6, 6);
    painter.setFont(m_tickFont);
    const QFontMetricsF fm(m_tickFont);
    const double rowHeight = fm.height() + 4;
    const int n = std::max(1, m_model->keyCount());
    int row = 0;
    for (const LegendRow &legendRow : rows) {
        const QString &text = legendRow.text;
        const double y = box.top() + 5 + row * rowHeight + rowHeight / 2;
        const QPointF from(box.left() + 10, y + 5), to(box.left() + 10 + kLegendSample, y - 5);
        switch (legendRow.kind) {
        case LegendRow::Query:
            ArrowPainter::drawArrow(painter, from, to,
                                    ArrowPainter::styleFor(Role::Query, 3.0, 11));
            break;
        case LegendRow::Keys: {
            ArrowPainter::Style style = ArrowPainter::styleFor(Role::Key, 2.5, 11);
            style.color = ColorScheme::keyColor(0, n);
            ArrowPainter::drawArrow(painter, from, to, style);
            break;
        }
        case LegendRow::Values: {
            ArrowPainter::Style style = ArrowPainter::styleFor(Role::Value, 2.5, 11);
            style.color = faded(style.color, 0.85);
            ArrowPainter::drawArrow(painter, from, to, style);
            break;
        }
        case LegendRow::Output:
            ArrowPainter::drawArrow(painter, from, to,
                                    ArrowPainter::styleFor(Role::Output, 2.5, 11));
            break;
        case LegendRow::Columns:
            ArrowPainter::drawArrow(painter, from, to,
                                    ArrowPainter::styleFor(Role::GeneralColumn, 2.5, 11));
            break;
        case LegendRow::Beams: {
            // A thin faint beam and a wide strong one, as drawVectors() draws weights 0.05 and
            // 0.8.
            const QColor key = ColorScheme::keyColor(0, n);
            const double scale = Appearance::instance()->lineScale();
            for (const double w : {0.05, 0.8}) {
                const double x = box.left() + 10 + (w < 0.5 ? 0 : kLegendSample / 2 + 2);
                painter.setPen(QPen(faded(key, 0.1 + 0.6 * std::sqrt(w)), (1 + 9 * w) * scale,
                                    Qt::SolidLine, Qt::FlatCap));
                painter.drawLine(QPointF(x, y), QPointF(x + kLegendSample / 2 - 2, y));
            }
            break;
        }
        }
        painter.setPen(ColorScheme::text());
        painter.drawText(QRectF(box.left() + kLegendSample + 20, y - rowHeight / 2,
                                box.width() - kLegendSample - 26, rowHeight),
                         Qt::AlignVCenter | Qt::AlignLeft, text);
        ++row;
    }
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

bool CanvasWidget::dragHintVisible() const
{
    return m_dragHint;
}

void CanvasWidget::dismissDragHint()
{
    if (!m_dragHint)
        return;
    m_dragHint = false;
    // Once is enough: the hint does not come back at the next start.
    QSettings().setValue(QStringLiteral("canvas/dragHintShown"), true);
    update();
}

QRectF CanvasWidget::dragHintRect() const
{
    QFont font = m_labelFont;
    const QFontMetricsF fm(font);
    const QString text = dragHintText();
    const double width = std::min(double(this->width()) - 24, fm.horizontalAdvance(text) + 32);
    const QRectF r(0, 0, width, fm.height() + 16);
    return r.translated((this->width() - width) / 2, height() - r.height() - 16);
}

QString CanvasWidget::dragHintText() const
{
    return tr("Drag the arrow tips to move the vectors (click to hide)");
}

void CanvasWidget::paintOverlay(QPainter &painter) const
{
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, true);
    // Rings only around tips on (or just off) the screen: the painter gets no far coordinates.
    const QRectF near = QRectF(rect()).adjusted(-50, -50, 50, 50);
    if (m_hovered.isValid() && m_hovered != m_dragged &&
        near.contains(m_view.toScreen(tipOf(m_hovered)))) {
        QColor fill = handleColor(m_hovered);
        fill.setAlpha(50);
        painter.setPen(QPen(handleColor(m_hovered), 1.5));
        painter.setBrush(fill);
        painter.drawEllipse(m_view.toScreen(tipOf(m_hovered)), 13, 13);
    }
    const Handle selected = selectedHandle();
    if (selected.isValid() && near.contains(m_view.toScreen(tipOf(selected)))) {
        const QPointF tip = m_view.toScreen(tipOf(selected));
        painter.setBrush(Qt::NoBrush);
        painter.setPen(QPen(ColorScheme::background(), 6));
        painter.drawEllipse(tip, kRingRadius, kRingRadius);
        painter.setPen(QPen(handleColor(selected), 3));
        painter.drawEllipse(tip, kRingRadius, kRingRadius);
    }
    if (hasFocus()) {
        QColor c = ColorScheme::key();
        c.setAlpha(140);
        painter.setRenderHint(QPainter::Antialiasing, false);
        painter.setPen(QPen(c, 2));
        painter.setBrush(Qt::NoBrush);
        painter.drawRect(QRectF(rect()).adjusted(1, 1, -1, -1));
    }
    // On screen only: exports (slides, handouts) show the picture itself, and files made with a
    // transparent background stay transparent.
    if (m_legendVisible) {
        const double top =
            m_model->hasResult() ? 12.0 : 12 + QFontMetricsF(m_labelFont).height() + 24;
        drawLegend(painter, m_view, top);
    }
    if (m_dragHint && !guided()) {
        const QRectF box = dragHintRect();
        painter.setPen(Qt::NoPen);
        painter.setBrush(ColorScheme::text());
        painter.drawRoundedRect(box, 8, 8);
        painter.setPen(ColorScheme::background());
        painter.setFont(m_labelFont);
        painter.drawText(box.adjusted(12, 0, -12, 0), Qt::AlignCenter,
                         QFontMetricsF(m_labelFont)
                             .elidedText(dragHintText(), Qt::ElideRight, box.width() - 24));
    }
    painter.setFont(m_tickFont);
    m_mode->paintOverlay(painter);
    painter.restore();
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

QVector<QLineF> CanvasWidget::arrowLines(const ViewTransform &view) const
{
    const QPointF origin = view.toScreen(QPointF(0, 0));
    QVector<QLineF> lines;
    lines << QLineF(origin, view.toScreen(point(m_model->query())));
    for (int i = 0; i < m_model->keyCount(); ++i) {
        lines << QLineF(origin, view.toScreen(rowPoint(m_model->keys(), i)));
        lines << QLineF(origin, view.toScreen(rowPoint(m_model->values(), i)));
    }
    if (m_model->hasResult() && m_model->result().output.size() == 2)
        lines << QLineF(origin, view.toScreen(point(m_model->result().output)));
    if (m_model->scene().method == attn::Method::General) {
        const attn::Matrix w = generalMatrix();
        for (int c = 0; c < 2; ++c)
            lines << QLineF(origin, view.toScreen(QPointF(w(0, c), w(1, c))));
    }
    return lines;
}

void CanvasWidget::addLandscapeActions(QMenu *menu)
{
    // Multi-head has one landscape per head; the menu picks one or their mean.
    const attn::Scene &scene = m_model->scene();
    if (!m_landscapeVisible || scene.method != attn::Method::MultiHead)
        return;
    menu->addSeparator();
    QMenu *heads = menu->addMenu(tr("Landscape of"));
    heads->setObjectName(QStringLiteral("landscapeHeads"));
    auto *group = new QActionGroup(heads);
    const int current = m_landscape->effectiveHead();
    const int count = int(scene.multiHead.heads.size());
    for (int head = attn::kMeanOfHeads; head < count; ++head) {
        QAction *a = heads->addAction(head == attn::kMeanOfHeads ? tr("Mean over heads")
                                                                 : tr("Head %1").arg(head + 1));
        a->setCheckable(true);
        a->setChecked(head == current);
        a->setData(head);
        group->addAction(a);
        connect(a, &QAction::triggered, this, [this, head] { setLandscapeHead(head); });
    }
}

void CanvasWidget::setWalkthrough(Walkthrough *walkthrough)
{
    if (m_walkthrough)
        disconnect(m_walkthrough, nullptr, this, nullptr);
    m_walkthrough = walkthrough;
    if (m_walkthrough)
        connect(m_walkthrough, &Walkthrough::changed, this, qOverload<>(&QWidget::update));
    update();
}

bool CanvasWidget::guided() const
{
    return m_walkthrough && m_walkthrough->isActive();
}

bool CanvasWidget::weightsShown() const
{
    return !guided() || m_walkthrough->isShown(Walkthrough::Normalisation);
}

bool CanvasWidget::outputShown() const
{
    return !guided() || m_walkthrough->isShown(Walkthrough::WeightedSum);
}

bool CanvasWidget::valuesEmphasised() const
{
    return !guided() || m_walkthrough->isReached(Walkthrough::WeightedSum);
}

QString CanvasWidget::keyLabel(int index) const
{
    QString text = nameOf({Kind::Key, index});
    if (isMasked(index))
        return tr("%1 masked").arg(text);
    if (!m_model->hasResult())
        return text;
    if (!guided())
        return text + QLatin1Char(' ') +
               NumberFormat::number(std::clamp(m_model->result().weights[index], 0.0, 1.0), 3);
    // The number of the latest step whose result is on show; none before the first reveal.
    int step = m_walkthrough->step();
    if (!m_walkthrough->isShown(step))
        --step;
    if (step < 0)
        return text;
    if (const auto value = Walkthrough::quantity(*m_model, step, index))
        text += QLatin1Char(' ') + NumberFormat::number(*value, 3);
    return text;
}
