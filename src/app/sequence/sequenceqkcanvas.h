#pragma once

#include "sequence/pointstamp.h"
#include "sequence/stilllayer.h"
#include "sequence/viewcaption.h"

#include <QPointF>
#include <QRectF>
#include <QWidget>

#include <array>
#include <vector>

class SequenceSession;

/// For each head of one layer, a plane with every token's query q_i (filled) and key k_j
/// (hollow), after rotation under rotary positions, so that the learner sees which keys a query
/// points towards. When d_k > 2 the plane shows the first rotated pair, components 1 and 2, and
/// says so.
class SequenceQkCanvas : public QWidget
{
    Q_OBJECT

public:
    explicit SequenceQkCanvas(SequenceSession *session, QWidget *parent = nullptr);

    int layer() const { return m_layer; }
    void setLayer(int layer);

    /// The plane of head `head` (empty outside the layer).
    QRect plotRect(int head) const;
    /// Where a point (components 1 and 2) of head `head` is drawn.
    QPointF toWidget(int head, double x, double y) const;

    /// A label of the last paint: points drawn on the same spot share one ("q1, q3 cat"), and a
    /// label that would cover another label or point is left out.
    struct Label
    {
        int head;
        QString text;
        QRectF box;
    };
    const std::vector<Label> &lastLabels() const { return m_labels; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    /// Half the width of every head's plane, in model units: one scale for all heads so that
    /// lengths compare across heads.
    double extent() const;
    QString caption() const;
    /// The labels of head `head`'s points, placed so that none covers another.
    void paintLabels(QPainter &p, int head, double extent, double dot);
    /// What stays still while a token moves: the caption, each head's frame, axes and title.
    void paintStill(QPainter &p) const;

    SequenceSession *m_session;
    int m_layer = 0;
    ViewCaption m_caption;
    std::vector<Label> m_labels;
    StillLayer m_still;
    std::array<PointStamp, 2> m_stamps; ///< the keys' squares and the queries' dots
};
