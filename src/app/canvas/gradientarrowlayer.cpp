#include "canvas/gradientarrowlayer.h"

#include "canvas/canvaslegend.h"
#include "canvas/canvaswidget.h"
#include "canvas/selection.h"
#include "core/querygradient.h"
#include "model/scenemodel.h"

#include <QPainter>
#include <QSettings>

#include <algorithm>
#include <cmath>

namespace {

const QString kSetting = QStringLiteral("canvas/gradientArrow");

// The arrow keeps the gradient's direction and, between these bounds, its length: shorter ones
// would be all head, longer ones would run off the canvas at a low temperature.
constexpr double kShortestPixels = 64;
constexpr double kLongestShare = 0.35; // of the smaller side of the canvas

} // namespace

GradientArrowLayer *GradientArrowLayer::of(CanvasWidget *canvas)
{
    if (auto *layer =
            canvas->findChild<GradientArrowLayer *>(QString(), Qt::FindDirectChildrenOnly))
        return layer;
    return new GradientArrowLayer(canvas);
}

GradientArrowLayer::GradientArrowLayer(CanvasWidget *canvas)
    : QObject(canvas), m_canvas(canvas), m_shown(QSettings().value(kSetting, false).toBool())
{}

void GradientArrowLayer::setShown(bool on)
{
    if (on == m_shown)
        return;
    m_shown = on;
    QSettings().setValue(kSetting, on);
    m_canvas->update();
    emit shownChanged(on);
}

int GradientArrowLayer::selectedKey() const
{
    // A key or its value names the key; the query or W's columns name none.
    const Selection *selection = m_canvas->selection();
    return selection->handle().isKeyRow() ? selection->index() : -1;
}

std::optional<QPointF> GradientArrowLayer::gradient() const
{
    const SceneModel *model = m_canvas->model();
    const int key = selectedKey();
    if (!m_shown || key < 0 || key >= model->keyCount() || !model->hasResult() ||
        !m_canvas->weightsShown())
        return std::nullopt;
    // The vectors as computed and drawn (unit length while normalised), the scene's parameters.
    auto g = attn::queryGradient(model->query(), model->keys(), model->scene().method,
                                 model->scene().params(), key);
    if (!g || g->gradient.size() != 2 || !g->gradient.allFinite())
        return std::nullopt;
    return QPointF(g->gradient[0], g->gradient[1]);
}

std::optional<QLineF> GradientArrowLayer::arrow() const
{
    const auto g = gradient();
    if (!g)
        return std::nullopt;
    const ViewTransform &view = m_canvas->view();
    const QPointF tip = m_canvas->tipOf({VectorHandle::Kind::Query, -1});
    const QPointF from = view.toScreen(tip);
    const QLineF full(from, view.toScreen(tip + *g));
    const double pixels = full.length();
    if (!(pixels > 1e-9))
        return std::nullopt;
    const QSizeF size = view.viewportSize();
    const double longest =
        std::max(kShortestPixels, kLongestShare * std::min(size.width(), size.height()));
    QLineF line = full;
    line.setLength(std::clamp(pixels, kShortestPixels, longest));
    return line;
}

ArrowPainter::Style GradientArrowLayer::style()
{
    ArrowPainter::Style s = ArrowPainter::styleFor(ColorScheme::Role::Query, 3.0, 14);
    s.line = Qt::DotLine;
    s.head = ColorScheme::Head::OpenTriangle;
    return s;
}

QString GradientArrowLayer::legendText() const
{
    const int key = selectedKey();
    if (key < 0 || key >= m_canvas->model()->keyCount())
        return tr("select a key: which way q should move to attend more to it");
    const QString name = m_canvas->nameOf({VectorHandle::Kind::Key, key});
    if (m_canvas->handles().isMasked(key))
        return tr("%1 is masked: its weight stays 0 wherever q moves").arg(name);
    return tr("which way q should move to attend more to %1").arg(name);
}

void GradientArrowLayer::paint(QPainter &painter, const CanvasWidget &canvas, CanvasLegend &legend)
{
    const auto *layer =
        canvas.findChild<GradientArrowLayer *>(QString(), Qt::FindDirectChildrenOnly);
    const bool shown = layer && layer->isShown() && canvas.weightsShown();
    legend.setGradientRow(shown ? layer->legendText() : QString());
    if (!shown)
        return;
    if (const auto line = layer->arrow()) {
        painter.save();
        painter.setRenderHint(QPainter::Antialiasing, true);
        ArrowPainter::drawArrow(painter, line->p1(), line->p2(), style());
        painter.restore();
    }
}
