#include "canvas/viewtransform.h"

#include <QSize>

#include <algorithm>
#include <cmath>

namespace {
double clampCentre(double c)
{
    return std::isfinite(c) ? std::clamp(c, -ViewTransform::kMaxCentre, ViewTransform::kMaxCentre)
                            : 0.0;
}
} // namespace

ViewTransform::ViewTransform(double scale, QPointF centre, QSizeF viewport) : m_viewport(viewport)
{
    setScale(scale);
    setCentre(centre);
}

void ViewTransform::setCentre(QPointF centre)
{
    m_centre = QPointF(clampCentre(centre.x()), clampCentre(centre.y()));
}

void ViewTransform::setScale(double scale)
{
    if (!std::isnan(scale))
        m_scale = std::clamp(scale, kMinScale, kMaxScale);
}

QPointF ViewTransform::toScreen(QPointF world) const
{
    double dx = (world.x() - m_centre.x()) * m_scale;
    double dy = -(world.y() - m_centre.y()) * m_scale;
    const double largest = std::max(std::abs(dx), std::abs(dy));
    if (largest > kMaxPixels) {
        if (std::isinf(largest)) {
            // Overflow: only the infinite components say where the point is.
            dx = std::isinf(dx) ? std::copysign(1.0, dx) : 0.0;
            dy = std::isinf(dy) ? std::copysign(1.0, dy) : 0.0;
            dx *= kMaxPixels;
            dy *= kMaxPixels;
        } else if (!std::isnan(largest)) {
            dx *= kMaxPixels / largest;
            dy *= kMaxPixels / largest;
        }
    }
    return QPointF(m_viewport.width() / 2 + dx, m_viewport.height() / 2 + dy);
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
    setCentre(QPointF(anchor.x() - (screen.x() - m_viewport.width() / 2) / m_scale,
                      anchor.y() + (screen.y() - m_viewport.height() / 2) / m_scale));
}

void ViewTransform::pan(double dx, double dy)
{
    setCentre(m_centre + QPointF(-dx / m_scale, dy / m_scale));
}

void ViewTransform::fit(const QRectF &world, const QSize &widget, double margin)
{
    fit(world, widget, margin, margin);
}

void ViewTransform::fit(const QRectF &world, const QSize &widget, double marginX, double marginY)
{
    m_viewport = QSizeF(widget);
    const QRectF r = world.normalized();
    // Margins take at most a quarter of each side: a low canvas (presentation type on a
    // 1280 × 800 screen, with a lesson's bars above and below) once kept a few pixels for the
    // vectors and drew them as dots on axes running to ±100.
    marginX = std::min(marginX, widget.width() / 4.0);
    marginY = std::min(marginY, widget.height() / 4.0);
    const double w = std::max(1.0, widget.width() - 2 * marginX);
    const double h = std::max(1.0, widget.height() - 2 * marginY);
    // Halves first: the width and centre of a rectangle from −10³⁰⁸ to 10³⁰⁸ overflow.
    const double left = r.left(), top = r.top();
    const double right = left + r.width(), bottom = top + r.height();
    const double halfWidth = right / 2 - left / 2, halfHeight = bottom / 2 - top / 2;
    // A degenerate rectangle (a single point) keeps the current scale.
    if (halfWidth > 0 || halfHeight > 0) {
        const double sx = halfWidth > 0 ? w / 2 / halfWidth : kMaxScale;
        const double sy = halfHeight > 0 ? h / 2 / halfHeight : kMaxScale;
        setScale(std::min(sx, sy));
    }
    setCentre(QPointF(left / 2 + right / 2, top / 2 + bottom / 2));
}
