#pragma once

#include "canvas/handlerings.h"
#include "canvas/vectorhandle.h"
#include "canvas/viewtransform.h"
#include "core/types.h"
#include "text/arrowpainter.h"

#include <QColor>
#include <QCoreApplication>
#include <QFont>
#include <QList>
#include <QPixmap>
#include <QPointF>
#include <QString>

class CanvasReveal;
class QPainter;
class SceneHandles;
class SceneModel;

/// The canvas's arrows: the values at the bottom, the beams from the query to each key (their
/// width and strength are the weights), the keys, W's columns, the output and the query on top,
/// then every label (placed by LabelPlacer so that none covers another) and, for tips outside
/// the view, markers on the border that point at them. What the walkthrough holds back comes
/// from CanvasReveal; the numbers all come from the SceneModel.
class VectorLayer
{
    Q_DECLARE_TR_FUNCTIONS(VectorLayer)

public:
    /// Up to this many keys every key and value is labelled and drawn at full thickness; beyond
    /// it only the heaviest kLabelledHeavyKeys keys and the labels that find a free spot.
    static constexpr int kUncrowdedKeys = 16;
    static constexpr int kLabelledHeavyKeys = 8;
    /// The selection ring's radius around a tip (HandleRings draws it; labels keep off it).
    static constexpr double kRingRadius = HandleRings::kSelectedRadius;
    /// How far inside the border an edge marker sits.
    static constexpr double kEdgeInset = 14;

    /// The tips drawn larger: their labels keep clear of the ring the canvas draws around them
    /// and are placed before the others.
    struct Emphasis
    {
        VectorHandle selected;
        VectorHandle hovered;
        VectorHandle dragged;
        bool contains(const VectorHandle &h) const
        {
            return h == selected || h == hovered || h == dragged;
        }
    };

    /// A tip outside the view, shown as a marker on the border that points at it.
    struct EdgeMarker
    {
        QPointF at;        ///< on the border, inset by kEdgeInset (screen)
        QPointF direction; ///< unit vector towards the tip (screen)
        QString name;
        QColor color;
        VectorHandle handle; ///< invalid for the output
    };

    VectorLayer(const SceneModel *model, const SceneHandles *handles, const CanvasReveal *reveal);

    /// The values' arrows alone (under everything else that moves).
    void paintValues(QPainter &painter, const ViewTransform &view) const;
    /// `grid` with the values drawn on it, as last drawn; drawn again only when the grid picture,
    /// the values or their style changed. Dragging the query or a key changes no value, so a
    /// drag with 64 keys draws 64 arrows fewer per frame.
    const QPixmap &valuesOver(const QPixmap &grid, const ViewTransform &view,
                              qreal devicePixelRatio);
    /// Everything else: beams, keys, W's columns, output, query, labels, edge markers and, when
    /// the core refused the scene, why. The values too unless they came with valuesOver().
    void paint(QPainter &painter, const ViewTransform &view, const QFont &labelFont,
               const QFont &markerFont, const Emphasis &emphasis, bool withValues) const;

    QList<EdgeMarker> edgeMarkers(const ViewTransform &view) const;

    /// The values' style: thinner when there are many (so that the picture does not turn into a
    /// solid disc), faded until the walkthrough reaches the weighted sum.
    static ArrowPainter::Style valueStyle(int keyCount, bool emphasised);

private:
    void paintEdgeMarkers(QPainter &painter, const ViewTransform &view, const QFont &font) const;

    const SceneModel *m_model;
    const SceneHandles *m_handles;
    const CanvasReveal *m_reveal;

    struct ValuesCache
    {
        qint64 grid = 0; // the grid picture's cacheKey()
        attn::Matrix values;
        ArrowPainter::Style style;
        QPixmap pixmap;
    };
    ValuesCache m_cache;
};
