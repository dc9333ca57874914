#pragma once

#include "lab/labchart.h"

class QAreaSeries;

/// The histograms of the raw scores qᵀk and the scaled scores qᵀk/√d at the lab's current d, on
/// one pair of axes: each bin as a step whose height is the share of the samples in it. The
/// bins come from the core (attn::scoreHistograms), already on a shared range.
class ScoreHistogramChart : public LabChart
{
    Q_OBJECT

public:
    explicit ScoreHistogramChart(DimensionLabModel *model, QWidget *parent = nullptr);

    /// The outline as drawn: (left edge, share) and (right edge, share) for every bin.
    QList<QPointF> rawPoints() const;
    QList<QPointF> scaledPoints() const;
    QValueAxis *scoreAxis() const { return m_x; }
    QValueAxis *shareAxis() const { return m_y; }

protected:
    void retranslate() override;

private:
    void refresh();
    void updateTitle();

    QLineSeries *m_rawLine;
    QLineSeries *m_scaledLine;
    QAreaSeries *m_raw;
    QAreaSeries *m_scaled;
    QValueAxis *m_x;
    QValueAxis *m_y;
};
