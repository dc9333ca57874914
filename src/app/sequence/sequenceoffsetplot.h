#pragma once

#include "core/sequencemodel.h"
#include "sequence/stilllayer.h"
#include "sequence/viewcaption.h"

#include <QImage>
#include <QPointF>
#include <QString>
#include <QWidget>

#include <array>
#include <vector>

class SequenceSession;

/// The score of one (query token, key token) pair of a first-layer head against the offset
/// δ = i − j of their positions, one curve per position kind (none, sinusoidal, learned,
/// rotary), every number from attn::offsetScores() through the session. The key stands at
/// position m + maxOffset (m the window's shift), so that shifting moves the curves of the added
/// kinds and leaves the rotary one where it is.
class SequenceOffsetPlot : public QWidget
{
    Q_OBJECT

public:
    static constexpr int kMaxOffset = 8;
    static constexpr std::array<attn::PositionKind, 4> kKinds = {
        attn::PositionKind::None, attn::PositionKind::Sinusoidal, attn::PositionKind::Learned,
        attn::PositionKind::Rotary};

    explicit SequenceOffsetPlot(SequenceSession *session, QWidget *parent = nullptr);

    void setPair(int head, int queryToken, int keyToken);
    int head() const { return m_head; }
    int queryToken() const { return m_query; }
    int keyToken() const { return m_key; }

    /// The scores drawn for kind index `kind` (of kKinds), δ = −kMaxOffset first; empty when
    /// the model cannot have that kind (the reason is in unavailable()).
    const std::vector<double> &curve(int kind) const { return m_curves[std::size_t(kind)]; }
    QString unavailable(int kind) const { return m_unavailable[std::size_t(kind)]; }
    /// Where the score of kind `kind` at offset δ is drawn.
    QPointF pointAt(int kind, int offset) const;
    QRect plotRect() const;
    static QColor colorFor(int kind);
    static Qt::PenStyle styleFor(int kind);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void recompute();
    /// pointAt() in the plot rectangle `r`, measured once by the caller (paintEvent).
    QPointF pointIn(const QRectF &r, int kind, int offset) const;
    QString kindName(int kind) const;
    /// What the plot shows: the pair, its positions and the head.
    QString caption() const;
    /// The kind's name, and why it is not drawn when it is not.
    QString legendText(int kind) const;
    /// The top-left corner of each legend entry relative to the legend's, for a plot `width`
    /// wide; a fifth point gives the last line's top.
    std::vector<QPointF> legendPlaces(int width) const;
    /// What does not follow the scores: caption, frame, the offsets' grid and numbers, legend.
    void paintStill(QPainter &p) const;
    /// What does: the score 0, the range's numbers, the curves and their points; the curves
    /// composed into `image` (what `p` paints on) when there is one, else stroked by `p`.
    void paintData(QPainter &p, QImage *image) const;

    SequenceSession *m_session;
    int m_head = 0, m_query = 0, m_key = 0;
    std::array<std::vector<double>, 4> m_curves;
    std::array<QString, 4> m_unavailable;
    double m_low = -1, m_high = 1;
    ViewCaption m_caption;
    StillLayer m_still;
};
