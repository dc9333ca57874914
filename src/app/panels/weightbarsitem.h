#pragma once

#include <QBrush>
#include <QGraphicsItem>
#include <QList>
#include <QPen>
#include <QRectF>

#include <utility>

class QBarSet;

/// The bars of one of WeightChart's charts, drawn by one item. Qt Charts keeps a rectangle item
/// for every bar of every set, and since it colours by set, each key is a set of its own: 16 keys
/// made 256 items a chart, laid out again and walked through on every frame of a drag. The
/// chart's bar sets still hold the values and colours (its series is hidden); this item draws
/// from them the rectangles Qt Charts would have drawn.
class WeightBarsItem : public QGraphicsItem
{
public:
    struct Bar
    {
        QRectF rect; ///< in the chart's coordinates
        QBrush brush;
        QPen pen;
        bool operator==(const Bar &) const = default;
    };

    explicit WeightBarsItem(QGraphicsItem *parent = nullptr);

    /// The bars of `sets` where Qt Charts puts them in `plot` (the plot area, also the item's
    /// extent) for the key axis's range `x` and the value axis's `y`. `grouped`: set i is a
    /// stacked bar alone in category i (its value at i); otherwise the sets share one category
    /// side by side, as a QBarSeries splits it (their value at 0). `width`: the series' bar width.
    void layOut(const QList<QBarSet *> &sets, const QRectF &plot, std::pair<double, double> x,
                std::pair<double, double> y, double width, bool grouped);
    /// The bars, clipped to `area` (the plot area), which is also the item's extent.
    void setBars(QList<Bar> bars, const QRectF &area);
    const QList<Bar> &bars() const { return m_bars; }

    QRectF boundingRect() const override { return m_area; }
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

private:
    QList<Bar> m_bars;
    QRectF m_area;
};
