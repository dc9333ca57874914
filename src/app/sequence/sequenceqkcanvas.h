#pragma once

#include <QPointF>
#include <QWidget>

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

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    /// Half the width of every head's plane, in model units: one scale for all heads so that
    /// lengths compare across heads.
    double extent() const;

    SequenceSession *m_session;
    int m_layer = 0;
};
