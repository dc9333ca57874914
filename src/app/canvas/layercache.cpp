#include "canvas/layercache.h"

#include <QPaintDevice>
#include <QPaintEngine>
#include <QPainter>
#include <QWidget>

namespace LayerCache {

namespace {
bool g_enabled = true;
}

bool usable(const QPainter &painter, const QWidget &widget)
{
    if (!g_enabled)
        return false;
    // QPainter::device() names the widget even when QWidget::render() redirected it elsewhere;
    // the engine knows where the pixels go.
    const QPaintEngine *engine = painter.paintEngine();
    if (!engine || engine->type() != QPaintEngine::Raster || !engine->paintDevice())
        return false;
    return engine->paintDevice()->devicePixelRatio() == widget.devicePixelRatio() &&
           painter.deviceTransform().type() <= QTransform::TxTranslate;
}

void setEnabled(bool enabled)
{
    g_enabled = enabled;
}

bool isEnabled()
{
    return g_enabled;
}

} // namespace LayerCache
