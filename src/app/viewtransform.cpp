#include "viewtransform.h"

#include <QSize>

#include <algorithm>

ViewTransform::ViewTransform(double scale, QPointF centre, QSizeF viewport)
    : m_centre(centre), m_viewport(viewport)
{
    setScale(scale);
}

void ViewTransform::setScale(double scale)
{
    m_scale = std::clamp(scale, kMinScale, kMaxScale);
}

QPointF ViewTransform::toScreen(QPointF world) const
{
    return QPointF(m_viewport.width() / 2 + (world.x() - m_centre.x()) * m_scale,
                   m_viewport.height() / 2 - (world.y() - m_centre.y()) * m_scale);
}

QPointF ViewTransform::toWorld(QPointF screen) const
{
    return QPointF(m_centre.x() + (screen.x() - m_viewport.width() / 2) / m_scale,
                   m_centre.y() - (screen.y() - m_viewport.height() / 2) / m_scale);
}

QRectF ViewTransform::visibleWorld() const
{
    const QPointF topLeft = toWorld(QPointF(0, 0));
    const QPointF bottomRight = toWorld(QPointF(m_viewport.width(), m_viewport.height()));
    return QRectF(QPointF(topLeft.x(), bottomRight.y()), QPointF(bottomRight.x(), topLeft.y()));
}

void ViewTransform::zoomAt(QPointF screen, double factor)
{
    if (!(factor > 0))
        return;
    const QPointF anchor = toWorld(screen);
    setScale(m_scale * factor);
    // Solve toScreen(anchor) == screen for the centre with the new scale.
    m_centre = QPointF(anchor.x() - (screen.x() - m_viewport.width() / 2) / m_scale,
                       anchor.y() + (screen.y() - m_viewport.height() / 2) / m_scale);
}

void ViewTransform::pan(double dx, double dy)
{
    m_centre += QPointF(-dx / m_scale, dy / m_scale);
}

void ViewTransform::fit(const QRectF &world, const QSize &widget, double margin)
{
    fit(world, widget, margin, margin);
}

void ViewTransform::fit(const QRectF &world, const QSize &widget, double marginX, double marginY)
{
    m_viewport = QSizeF(widget);
    const QRectF r = world.normalized();
    const double w = std::max(1.0, widget.width() - 2 * marginX);
    const double h = std::max(1.0, widget.height() - 2 * marginY);
    // A degenerate rectangle (a single point) keeps the current scale.
    if (r.width() > 0 || r.height() > 0) {
        const double sx = r.width() > 0 ? w / r.width() : kMaxScale;
        const double sy = r.height() > 0 ? h / r.height() : kMaxScale;
        setScale(std::min(sx, sy));
    }
    m_centre = r.center();
}
