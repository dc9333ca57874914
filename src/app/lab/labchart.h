#pragma once

#include <QBrush>
#include <QChartView>
#include <QColor>
#include <QList>
#include <QPair>
#include <QPen>
#include <QPointF>
#include <QRect>
#include <QSet>

class DimensionLabModel;
class QAbstractAxis;
class QChart;
class QLineSeries;
class QLogValueAxis;
class QScatterSeries;
class QValueAxis;

/// What the dimension lab's three charts share: one QChart without animations, the lab's colours
/// (raw scores vermilion, scaled scores blue, theory dark grey and dashed, so that they differ by
/// dash as well as by hue), fonts a size above the widget's for projectors, and retranslation.
/// The legend is the chart's own, below the plot: its entries wrap onto more lines instead of
/// being cut short ("theory …") and each marker is drawn in its series' pen and fill.
/// Subclasses build their series in the constructor and fill them from the model.
class LabChart : public QChartView
{
    Q_OBJECT

public:
    explicit LabChart(DimensionLabModel *model, QWidget *parent = nullptr);
    ~LabChart() override;

    /// Okabe–Ito vermilion and blue (sky blue on dark themes), safe for colour-blind eyes in
    /// every palette; theory in the theme's grey.
    static QColor rawColor() { return QColor(0xd5, 0x5e, 0x00); }
    static QColor scaledColor();
    static QColor theoryColor();

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

    /// One legend entry as drawn: its series' name, the marker's and the name's rectangles (in
    /// widget pixels) and the marker's colour.
    struct LegendEntry
    {
        QString name;
        QRect marker;
        QRect text;
        QColor color;
    };
    QList<LegendEntry> legendEntries() const { return m_legend; }

protected:
    void resizeEvent(QResizeEvent *event) override;
    void paintEvent(QPaintEvent *event) override;
    void changeEvent(QEvent *event) override;
    /// Sets every text of the chart again (titles, axis titles, series names).
    virtual void retranslate() = 0;
    /// Call at the end of the subclass's constructor.
    void finishSetUp();

    /// A line in `color`; dashed lines are theory, markers are measurements.
    QLineSeries *addLine(const QColor &color, Qt::PenStyle style, bool markers, QAbstractAxis *x,
                         QAbstractAxis *y);
    /// Ringed markers for the current d.
    QScatterSeries *addMarkers(QAbstractAxis *x, QAbstractAxis *y);
    /// Hides a series' legend entry (a second series that repeats another's meaning).
    void hideFromLegend(QAbstractSeries *series);
    /// Legend entries after the series' that explain a line style (solid, dashed), drawn in the
    /// text colour.
    void setLegendKeys(const QList<QPair<QString, Qt::PenStyle>> &keys);
    /// The log axis of d from 1 to 4096, labelled at 1, 4, 16, …
    QLogValueAxis *addDimensionAxis();
    QValueAxis *addValueAxis(Qt::Alignment alignment);
    void styleAxis(QAbstractAxis *axis);

    DimensionLabModel *m_model;
    QChart *m_chart;

private:
    void applyFonts();
    /// Lays the legend's entries out in lines across the width and keeps room for them below
    /// the plot.
    void layoutLegend();
    void drawLegend(QPainter &painter) const;
    void fitDimensionLabels();
    /// The theme's colours on the chart, its axes and every series (a series keeps its role
    /// by the colour it was drawn in).
    void applyColours();

    QSet<const QAbstractSeries *> m_unlisted;
    QList<QPair<QString, Qt::PenStyle>> m_keys;
    QList<LegendEntry> m_legend;
    QColor m_shownScaled;
    QColor m_shownTheory;
    QColor m_shownText;
};
