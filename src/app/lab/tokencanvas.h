#pragma once

#include "canvas/viewtransform.h"

#include <QWidget>

class SelfAttentionModel;

/// The plane of the self-attention view: the tokens x₁…xₙ as draggable points and, drawn from
/// the origin, each token's query (red), key (blue), value (green) and output (purple, dashed).
/// The selected token's arrows are drawn strong and labelled, the others faint, and lines from
/// it to every token show its attention weights. Everything drawn is read from the model;
/// a drag sends setToken() to it.
class TokenCanvas : public QWidget
{
    Q_OBJECT

public:
    enum class Layer
    {
        Query,
        Key,
        Value,
        Output
    };

    explicit TokenCanvas(SelfAttentionModel *model, QWidget *parent = nullptr);

    int selectedToken() const { return m_selected; }
    void setSelectedToken(int index);
    bool layerVisible(Layer layer) const { return m_layers[int(layer)]; }
    void setLayerVisible(Layer layer, bool visible);

    const ViewTransform &view() const { return m_view; }
    /// Where token `index` is drawn, in widget pixels.
    QPointF tokenPosition(int index) const;
    /// The token within kGrabRadius of `screen` (the nearest), or −1.
    int tokenAt(QPointF screen) const;
    int draggedToken() const { return m_dragged; }
    /// Where token `index`'s label "xᵢ" is drawn.
    QRectF tokenLabelRect(int index) const;
    /// Where the legend is drawn: the corner of the widget where it covers the fewest tokens,
    /// token labels and arrow tips.
    QRect legendRect() const;

    static constexpr double kGrabRadius = 12.0;
    /// Arrow keys move the selected token by this much.
    static constexpr double kNudge = 0.1;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    void selectedTokenChanged(int index);

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void changeEvent(QEvent *event) override;
    /// Ends a drag when the canvas loses the mouse: hidden (a tab switched), the window
    /// deactivated or blocked by a dialog, the focus gone.
    bool event(QEvent *event) override;

private:
    /// Lets go of the dragged token, keeping where it is.
    void endDrag();
    void retranslate();
    void refresh();
    /// Fits the view to what is drawn when it no longer fits, or fits far too loosely.
    void fitView(bool force);
    void drawGrid(QPainter &painter) const;
    void drawLegend(QPainter &painter) const;
    QSize legendSize() const;

    SelfAttentionModel *m_model;
    ViewTransform m_view;
    double m_extent = 0; // half the side of the square of the plane the view shows
    int m_selected = 0;
    int m_dragged = -1;
    int m_hovered = -1;
    QPointF m_grabOffset; // token position minus press position, in pixels
    bool m_layers[4] = {true, true, true, true};
};
