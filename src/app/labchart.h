#pragma once

#include <QChartView>
#include <QColor>
#include <QList>
#include <QPointF>

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

protected:
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
    /// The log axis of d from 1 to 4096, labelled at 1, 4, 16, …
    QLogValueAxis *addDimensionAxis();
    QValueAxis *addValueAxis(Qt::Alignment alignment);
    void styleAxis(QAbstractAxis *axis);

    DimensionLabModel *m_model;
    QChart *m_chart;

private:
    void applyFonts();
    /// The theme's colours on the chart, its axes and every series (a series keeps its role
    /// by the colour it was drawn in).
    void applyColours();

    QColor m_shownScaled;
    QColor m_shownTheory;
    QColor m_shownText;
};
