#pragma once

#include <QPointF>
#include <QRectF>
#include <QSizeF>

class QSize;

/// The mapping between the canvas's world (the Cartesian plane, y up) and the widget's pixels
/// (y down): a scale in pixels per world unit and the world point shown at the viewport's centre.
/// Keeping the centre rather than a corner fixed means that resizing the window keeps the picture
/// centred.
class ViewTransform
{
public:
    /// Zooming in beyond kMaxScale would make the coordinates meaningless. The smallest scale
    /// is tiny because a scene file may hold any finite number: a key at (10²⁴, 0) must fit on
    /// screen together with the origin (kMinScale × 10³⁰³ is still a finite number of pixels).
    static constexpr double kMinScale = 1e-300;
    static constexpr double kMaxScale = 1e4;
    /// The centre stays within ±kMaxCentre so that panning at the smallest scale cannot run to
    /// infinity (the visible plane then ends near ±1.001 × 10³⁰⁷, still finite).
    static constexpr double kMaxCentre = 1e307;
    /// toScreen() never returns a coordinate farther than this from the viewport's centre: a
    /// tip at 10³⁰⁰ is pulled in along the same direction, so lines to it keep their angle and
    /// the painter and the clipping code only ever see finite, moderate numbers.
    static constexpr double kMaxPixels = 1e15;

    ViewTransform() = default;
    ViewTransform(double scale, QPointF centre, QSizeF viewport);

    double scale() const { return m_scale; }
    /// Clamped to [kMinScale, kMaxScale].
    void setScale(double scale);
    QPointF centre() const { return m_centre; }
    /// Clamped to ±kMaxCentre on each axis.
    void setCentre(QPointF centre);
    QSizeF viewportSize() const { return m_viewport; }
    void setViewportSize(QSizeF size) { m_viewport = size; }

    /// Within kMaxPixels of the viewport's centre (see there) for any finite `world`.
    QPointF toScreen(QPointF world) const;
    QPointF toWorld(QPointF screen) const;
    /// A length in world units as pixels.
    double toPixels(double worldLength) const { return worldLength * m_scale; }
    /// The part of the plane the viewport shows (normalised: top() is the smallest y).
    QRectF visibleWorld() const;

    /// Multiplies the scale by `factor` so that the world point under `screen` stays under it
    /// (within the scale limits).
    void zoomAt(QPointF screen, double factor);
    /// Moves the picture by (dx, dy) pixels, as if it were dragged with the mouse.
    void pan(double dx, double dy);
    /// Shows `world` (normalised or not) as large as possible in a viewport of `widget` pixels,
    /// keeping `margin` pixels free on every side.
    void fit(const QRectF &world, const QSize &widget, double margin);
    /// As fit(), with different margins left/right and top/bottom (labels are wider than tall).
    void fit(const QRectF &world, const QSize &widget, double marginX, double marginY);

    bool operator==(const ViewTransform &other) const = default;

private:
    double m_scale = 100.0;
    QPointF m_centre;
    QSizeF m_viewport{640, 480};
};
