#pragma once

#include "lab/sweepchart.h"

/// The variance of the raw and the scaled scores over d (log–log), each measured beside its
/// theory: d·σ⁴ rises as a straight line, σ⁴ stays flat. Rings mark the current d.
class VarianceChart : public SweepChart
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
    void refreshPoint() override;
    void sweepRefreshed() override { updateRange(); }
    void updateRange();

    QLogValueAxis *m_y;
    QScatterSeries *m_current;
};
