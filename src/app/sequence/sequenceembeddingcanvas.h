#pragma once

#include "sequence/stilllayer.h"
#include "sequence/viewcaption.h"

#include <QPointF>
#include <QWidget>

class SequenceSession;

/// The model's input in the plane of components 1 and 2: every vocabulary token's embedding E_t
/// (hollow circle), every position vector P_i of the sentence (small diamond; on the unit circle
/// for sinusoidal positions, whose first pair is (sin p, cos p)), and each token's input
/// x_i = E[token_i] + P_i (filled), with an arrow from E to x. When D = 2 the plane is the whole
/// embedding and an embedding can be dragged: the session is edited at every move, so every map,
/// line and plane follows live; the whole drag is one undo step.
class SequenceEmbeddingCanvas : public QWidget
{
    Q_OBJECT

public:
    explicit SequenceEmbeddingCanvas(SequenceSession *session, QWidget *parent = nullptr);

    /// True when a drag has a meaning: D = 2, and not read-only.
    bool draggable() const;
    /// A read-only plane only shows (the Training view's, whose model is a snapshot of a run).
    void setReadOnly(bool readOnly) { m_readOnly = readOnly; }
    /// Where the model point (x, y) is drawn.
    QPointF toWidget(double x, double y) const;
    /// The model point under widget position `at`.
    QPointF toModel(QPointF at) const;
    /// The plot area (a square).
    QRect plotRect() const;
    /// The vocabulary token being dragged, −1 when none.
    int draggedToken() const { return m_dragged; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    /// Ends a drag when the canvas loses the mouse: hidden (a tab switched), the window
    /// deactivated or blocked by a dialog, the focus gone.
    bool event(QEvent *event) override;

private:
    /// Lets go of the dragged embedding; the drag's undo step is complete.
    void endDrag();
    /// What the plane shows, and how positions enter it.
    QString caption() const;
    /// The height the caption takes at the current width.
    int captionHeight() const;
    /// P_i (components 1 and 2) of sentence token i, from the core; (0, 0) without added
    /// positions.
    QPointF position(int i) const;
    /// Half the width of the plane in model units: fits every point and the unit circle.
    double computeExtent() const;
    /// The vocabulary token whose embedding is drawn within reach of `at`, or −1.
    int tokenAt(QPointF at) const;
    /// What stays still during a drag: the caption, the frame, the axes and the unit circle.
    void paintStill(QPainter &p) const;

    SequenceSession *m_session;
    double m_extent = 1.5;
    ViewCaption m_caption;
    int m_dragged = -1;
    bool m_moved = false;   ///< the drag has changed the embedding at least once
    bool m_editing = false; ///< the session's change is the drag's own edit
    bool m_readOnly = false;
    StillLayer m_still;
};
