#pragma once

#include "lab/sweepchart.h"

/// Softmax saturation over d: the mean largest weight (left axis, 0…1) and the mean entropy
/// (right axis, 0…ln n) of n keys' weights, without scaling and with it. Without scaling the
/// largest weight climbs towards 1 and the entropy falls towards 0 as d grows; with scaling both
/// stay put. Rings mark the current d.
class SaturationChart : public SweepChart
{
    Q_OBJECT

public:
    enum class Series
    {
        MaxWeightRaw,
        MaxWeightScaled,
        EntropyRaw,
        EntropyScaled,
        CurrentWeight,
        CurrentEntropy
    };

    explicit SaturationChart(DimensionLabModel *model, QWidget *parent = nullptr);

    QList<QPointF> points(Series series) const;
    QValueAxis *entropyAxis() const { return m_entropy; }

protected:
    void retranslate() override;

private:
    void refreshPoint() override;

    QValueAxis *m_weight;
    QValueAxis *m_entropy;
    QScatterSeries *m_currentWeight;
    QScatterSeries *m_currentEntropy;
};
