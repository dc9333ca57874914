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
    const qreal ratio = pictureRatio(painter);
    return ratio > 0 && ratio == widget.devicePixelRatio();
}

qreal pictureRatio(const QPainter &painter)
{
    if (!g_enabled)
        return 0;
    // QPainter::device() names the widget even when QWidget::render() redirected it elsewhere;
    // the engine knows where the pixels go.
    const QPaintEngine *engine = painter.paintEngine();
    if (!engine || engine->type() != QPaintEngine::Raster || !engine->paintDevice() ||
        painter.deviceTransform().type() > QTransform::TxTranslate)
        return 0;
    return engine->paintDevice()->devicePixelRatio();
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
