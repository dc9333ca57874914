#pragma once

#include "canvas/vectorhandle.h"
#include "core/types.h"

#include <QColor>
#include <QLineF>
#include <QPointF>
#include <QRectF>
#include <QString>
#include <QVector>

class SceneModel;
class ViewTransform;

/// The scene as the canvas sees it: where each handle's tip is, what it is called, its colour,
/// which one lies under a pixel, and the rectangle that holds them all. The widget, its layers
/// and its legend read the scene through this one place, so that they all agree on, say, where
/// W's columns are when W is not 2 × 2, or on a stale handle (a key that is gone) reading as
/// the origin.
class SceneHandles
{
public:
    explicit SceneHandles(const SceneModel *model) : m_model(model) {}

    const SceneModel *model() const { return m_model; }

    /// The handle's vector as the scene stores it (what edits change).
    attn::Vector vectorOf(const VectorHandle &handle) const;
    /// The handle's vector as drawn and computed (unit length while normalised).
    attn::Vector displayedVectorOf(const VectorHandle &handle) const;
    /// Where the handle's tip is drawn (world coordinates).
    QPointF tipOf(const VectorHandle &handle) const;
    /// "q", "k₂", "v₁₂", "W·e₁".
    static QString nameOf(const VectorHandle &handle);
    QColor colorOf(const VectorHandle &handle) const;

    /// The tip nearest to `screen` within `radius` pixels in `view`, or an invalid handle. On
    /// a tie the query wins, then W's columns, the keys and the values, in that order: a later
    /// candidate must be clearly (half a pixel) nearer, so that coinciding tips resolve the same
    /// way every time.
    VectorHandle handleAt(const ViewTransform &view, QPointF screen, double radius) const;

    /// W for the General score, the identity when the scene's W is not 2 × 2.
    attn::Matrix generalMatrix() const;
    bool isMasked(int index) const;
    /// The origin, the unit circle and every tip (the output too, and W's columns for the
    /// General score), with coordinates clamped to ±10³⁰² so that the rectangle stays finite.
    QRectF bounds() const;
    /// A screen segment from the origin to each drawn tip, for what must keep clear of arrows.
    QVector<QLineF> arrowLines(const ViewTransform &view) const;

    static QPointF point(const attn::Vector &v);
    /// Row `row` of `m` as a point; the origin for a row that is not there.
    static QPointF rowPoint(const attn::Matrix &m, int row);
    static attn::Vector vector2(QPointF p);

private:
    const SceneModel *m_model;
};
