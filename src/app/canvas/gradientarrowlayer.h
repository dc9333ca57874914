#pragma once

#include "text/arrowpainter.h"

#include <QLineF>
#include <QObject>
#include <QString>

#include <optional>

class CanvasLegend;
class CanvasWidget;
class QPainter;

/// The arrow at the query's tip that shows which way q should move to attend more to the
/// selected key: ∂ log wⱼ / ∂q from the core (attn::queryGradient), for the key or value the
/// learner selected. Gradient descent on a loss that wants key j moves q along it; it is the
/// lesson of the training pages drawn on the first picture the learner knows.
///
/// A view toggle like the legend: off by default, remembered in QSettings
/// "canvas/gradientArrow", on screen only (it follows the selection, which exports leave out).
/// One per canvas, made on first use as the canvas's child, so that the canvas needs one line
/// to draw it and the menus reach it through of().
class GradientArrowLayer : public QObject
{
    Q_OBJECT

public:
    /// The canvas's layer, made on first use.
    static GradientArrowLayer *of(CanvasWidget *canvas);

    bool isShown() const { return m_shown; }
    void setShown(bool on);

    /// The arrow in widget coordinates as paint() draws it: from the query's tip along the
    /// gradient; none while hidden, while no key is selected or the walkthrough still hides the
    /// weights, or when the gradient is undefined (a masked key) or zero (one key).
    std::optional<QLineF> arrow() const;
    /// ∂ log wⱼ / ∂q for the selected key j, from the core; none as for arrow().
    std::optional<QPointF> gradient() const;

    /// The arrow's look: the query's colour (it is a way for q to go), dotted with an open head
    /// so that it is never mistaken for q itself or for a key, in every theme and palette.
    static ArrowPainter::Style style();

    /// Draws the arrow (if shown) and gives the legend its row. The canvas's one hook, called
    /// while it paints its overlay with `legend` before the legend is drawn.
    static void paint(QPainter &painter, const CanvasWidget &canvas, CanvasLegend &legend);

signals:
    void shownChanged(bool on);

private:
    explicit GradientArrowLayer(CanvasWidget *canvas);
    int selectedKey() const;
    QString legendText() const;

    CanvasWidget *m_canvas;
    bool m_shown = false;
};
