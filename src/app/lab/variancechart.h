#pragma once

#include "lab/labchart.h"

/// The variance of the raw and the scaled scores over d (log–log), each measured beside its
/// theory: d·σ⁴ rises as a straight line, σ⁴ stays flat. Rings mark the current d.
class VarianceChart : public LabChart
{
    Q_OBJECT

public:
    enum class Series
    {
        RawMeasured,
        RawTheory,
        ScaledMeasured,
        ScaledTheory,
        Current
    };

    explicit VarianceChart(DimensionLabModel *model, QWidget *parent = nullptr);

    /// The points of a series as drawn (x = d).
    QList<QPointF> points(Series series) const;
    QLogValueAxis *varianceAxis() const { return m_y; }

protected:
    void retranslate() override;

private:
    void refreshSweep();
    void refreshPoint();
    void updateRange();

    QLogValueAxis *m_x;
    QLogValueAxis *m_y;
    QLineSeries *m_series[4];
    QScatterSeries *m_current;
};
