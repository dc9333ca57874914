#pragma once

#include "canvas/vectorhandle.h"

#include <QRectF>

class QPainter;
class SceneHandles;
class ViewTransform;

/// The marks around tips that say which vector the learner is pointing at and which one is
/// selected: a filled ring under the mouse (not while that tip is dragged, when the hand cursor
/// says enough) and a strong ring, with a halo in the background colour, around the selected
/// tip. On screen only; exports show the picture itself.
class HandleRings
{
public:
    /// The selection ring's radius (VectorLayer keeps labels off it) and the hover ring's.
    static constexpr double kSelectedRadius = 15;
    static constexpr double kHoveredRadius = 13;

    /// Rings only around tips on (or just off) `area`, so that the painter never gets far
    /// coordinates.
    static void paint(QPainter &painter, const ViewTransform &view, const SceneHandles &handles,
                      const QRectF &area, const VectorHandle &hovered, const VectorHandle &dragged,
                      const VectorHandle &selected);
};
