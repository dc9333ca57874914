#pragma once

#include "sequence/stilllayer.h"
#include "sequence/viewcaption.h"

#include <QRgb>
#include <QWidget>

#include <functional>

class SequenceSession;

/// Every head of every layer as an n × n heat map of its weights w_ij (row i = the query token,
/// column j = the key token), heads across and layers down. A click focuses one map; the focused
/// layer is what the head view and the q/k canvases show.
class SequenceHeatmapGrid : public QWidget
{
    Q_OBJECT

public:
    explicit SequenceHeatmapGrid(SequenceSession *session, QWidget *parent = nullptr);

    int focusedLayer() const { return m_layer; }
    int focusedHead() const { return m_head; }
    void setFocusedHead(int layer, int head);

    /// Where cell (i, j) of a head's map is painted, in widget coordinates (empty outside).
    QRect cellRect(int layer, int head, int i, int j) const;
    /// The whole map of a head.
    QRect mapRect(int layer, int head) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    void focusChanged(int layer, int head);

protected:
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    bool event(QEvent *event) override;

private:
    struct Geometry
    {
        int left = 0, top = 0, side = 0, gap = 0;
        bool across = false; ///< layers side by side rather than one under another
        int heads = 1;       ///< maps per layer, when across
    };
    Geometry geometry() const;
    QString caption() const;
    /// Everything but the cells: caption, titles, the masked cells' hatching, the frames.
    void paintStill(QPainter &p) const;
    /// Calls `fill` with every unmasked cell's rectangle and colour.
    void forEachCell(const std::function<void(const QRect &, QRgb)> &fill) const;

    SequenceSession *m_session;
    int m_layer = 0, m_head = 0;
    ViewCaption m_caption;
    StillLayer m_still;
};
