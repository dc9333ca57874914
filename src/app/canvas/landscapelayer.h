#pragma once

#include "canvas/viewtransform.h"
#include "core/scorefield.h"

#include <QCoreApplication>
#include <QImage>
#include <QLineF>
#include <QRectF>
#include <QString>
#include <QVector>

#include <vector>

class SceneModel;
class QFont;
class QPainter;

/// The score landscape drawn under the canvas's arrows: the plane shaded by the score a key
/// would get at each point for the current query, method and parameters (a diverging colour map
/// centred at 0), a few labelled iso-lines and a colour legend. The numbers come from
/// attn::scoreField() and attn::isoLines(); this class only samples the view, colours and draws.
///
/// The field is sampled once per cell of cellSize() pixels and drawn scaled up with smoothing:
/// fine cells when the picture stands still, coarse ones while a drag or pan repaints it every
/// frame. It is recomputed lazily, on the first paint after the model or the view changed.
class LandscapeLayer
{
    Q_DECLARE_TR_FUNCTIONS(LandscapeLayer)

public:
    /// Pixels per field sample when still and while dragging.
    static constexpr int kFullCell = 3;
    static constexpr int kDraftCell = 6;
    /// About this many iso-lines across the visible range of scores.
    static constexpr int kIsoLineCount = 6;

    explicit LandscapeLayer(const SceneModel *model);

    /// The scene changed: the next prepare() recomputes.
    void invalidate() { m_dirty = true; }

    /// For multi-head: one head (0-based) or attn::kMeanOfHeads, the default (the mean is what
    /// the step table and chart report as the multi-head score). A head that the scene does not
    /// have falls back to the mean.
    int head() const { return m_head; }
    void setHead(int head);
    /// The head actually drawn for the current scene (kMeanOfHeads unless multi-head).
    int effectiveHead() const;

    /// Makes the field match `view` at the quality asked for; cheap when nothing changed.
    /// Returns false when there is nothing to draw (the core refused the scene).
    bool prepare(const ViewTransform &view, bool draft);

    /// The shading; call before the grid so that the grid stays visible on top.
    void paintField(QPainter &painter) const;
    /// Iso-lines with their labels; call after the grid, before the arrows. The labels keep
    /// clear of `arrows` (screen segments from the origin to each tip) and of their tips, where
    /// the arrows' own labels go.
    void paintIsoLines(QPainter &painter, const ViewTransform &view, const QFont &font,
                       const QVector<QLineF> &arrows = {}) const;
    /// The colour legend in the lower right corner; call last.
    void paintLegend(QPainter &painter, const QSizeF &size, const QFont &font) const;

    // For tests and the benchmark: the state after the last prepare().
    bool hasField() const { return m_valid; }
    const attn::ScoreField &field() const { return m_field; }
    int cellSize() const { return m_cell; }
    /// The colour map's half-range M: −M is the darkest cool colour, +M the darkest warm one.
    double colourRange() const { return m_range; }
    const std::vector<double> &levels() const { return m_levels; }
    /// The labelled iso-lines' label boxes (screen) after the last paintIsoLines().
    const QVector<QRectF> &labelBoxes() const { return m_labelBoxes; }
    /// The legend's box after the last paintLegend().
    QRectF legendBox() const { return m_legendBox; }
    /// The screen point (pixel centre) of field sample (i, j).
    QPointF samplePoint(int i, int j) const;

    /// The colour of `score` in a map of half-range `range` (white at 0).
    static QColor colourFor(double score, double range);
    /// The legend's caption ("Score a key would get here", and the head for multi-head).
    QString caption() const;

private:
    void rebuildImage();

    const SceneModel *m_model;
    int m_head = attn::kMeanOfHeads;
    bool m_dirty = true;
    bool m_valid = false;
    int m_cell = kFullCell;
    ViewTransform m_view;
    attn::ScoreField m_field;
    double m_range = 1;
    double m_step = 0;
    std::vector<double> m_levels;
    std::vector<std::vector<attn::Segment>> m_lines; ///< one list per level, world coordinates
    QImage m_image;
    mutable QVector<QRectF> m_labelBoxes;
    mutable QRectF m_legendBox;
};
