#pragma once

#include "richtextcache.h"

#include <QRect>
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
    void paintTile(QPainter &p, int head, const QRect &tile);
    void paintNumberLine(QPainter &p, int head, const QRect &area);
    void paintPlane(QPainter &p, int head, const QRect &area);
    double extentFor(int head);

    SceneModel *m_model;
    int m_heads = 0;
    // The scale of each canvas only grows during a drag, and shrinks when the vectors use less
    // than a third of it, so that arrows do not jitter while the learner drags.
    std::vector<double> m_extent;
    RichTextCache m_richText;
};
