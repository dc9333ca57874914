#pragma once

#include <QFont>
#include <QPixmap>
#include <QRect>
#include <QRgb>
#include <QWidget>

#include <vector>

class SceneModel;

/// One small canvas per head of multi-head attention: the head's projected query W_Q q and
/// projected keys W_K kᵢ as arrows (on a number line when d_k = 1), keys emphasised by the
/// head's weights. The canvases wrap into a grid and grow or shrink to fill the widget, so that
/// all heads (at most 8) stay visible in a low dock.
class HeadCanvases : public QWidget
{
    Q_OBJECT

public:
    explicit HeadCanvases(SceneModel *model, QWidget *parent = nullptr);

    /// Heads shown (0 when the method is not multi-head).
    int headCount() const { return m_heads; }
    /// Where head h's canvas is painted.
    QRect tileRect(int head) const;
    /// Tiles per row at the current size.
    int columns() const { return gridFor(size()).columns; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void refresh();
    struct Grid
    {
        int columns = 1;
        QSize tile;
    };
    // The column count that gives the largest tiles in `area`.
    Grid gridFor(QSize area) const;
    int preferredTile() const;
    int minimumTile() const;
    // A tile in two layers: what stays still during a drag (frame, title, caption, axes, ticks),
    // which returns the area left for the arrows, and the arrows themselves.
    QRect paintTileBackground(QPainter &p, int head, const QRect &tile) const;
    void paintTileArrows(QPainter &p, int head, const QRect &area) const;
    void paintNumberLineAxis(QPainter &p, int head, const QRect &area) const;
    void paintNumberLineArrows(QPainter &p, int head, const QRect &area) const;
    void paintPlaneAxes(QPainter &p, int head, const QRect &area) const;
    void paintPlaneArrows(QPainter &p, int head, const QRect &area) const;
    double extentFor(int head);

    // Everything the background layer shows besides the heads' numbers: when none of it changes,
    // the layer is drawn from its picture. Laying out the titles' rich text and the ticks' text
    // cost more than all the arrows of a frame.
    struct BackgroundKey
    {
        QSize size;
        qreal devicePixelRatio = 0;
        QFont font;
        std::vector<QRgb> colors;
        std::vector<std::pair<int, double>> heads; // d_k and extent of each
        int keys = 0;                              // a number line has a lane per key
        int texts = 0;                             // bumped when the language changes
        bool operator==(const BackgroundKey &) const = default;
    };
    BackgroundKey backgroundKey() const;
    const QPixmap &background();

    SceneModel *m_model;
    int m_heads = 0;
    // The scale of each canvas only grows during a drag, and shrinks when the vectors use less
    // than a third of it, so that arrows do not jitter while the learner drags.
    std::vector<double> m_extent;
    int m_texts = 0;
    BackgroundKey m_backgroundKey;
    QPixmap m_background;
    std::vector<QRect> m_arrowAreas; // per head, from the last background painted
};
