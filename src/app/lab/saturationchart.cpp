#include "lab/saturationchart.h"

#include "model/dimensionlabmodel.h"

#include <QChart>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QValueAxis>

#include <cmath>

namespace {
void append(QList<QPointF> &list, double x, double y)
{
    // No full trial (N < n) leaves NaN: no point rather than a misleading 0.
    if (std::isfinite(y))
        list << QPointF(x, y);
}
} // namespace

SaturationChart::SaturationChart(DimensionLabModel *model, QWidget *parent)
    : SweepChart(model, parent)
{
    m_weight = addValueAxis(Qt::AlignLeft);
    m_weight->setRange(0, 1);
    m_weight->setTickCount(6);
    m_weight->setLabelFormat(QStringLiteral("%.1f"));
    m_entropy = addValueAxis(Qt::AlignRight);
    m_entropy->setLabelFormat(QStringLiteral("%.1f"));
    m_entropy->setGridLineVisible(false);
    using S = attn::DimensionSummary;
    addSweepLine(&S::meanMaxWeightRaw, rawColor(), Qt::SolidLine, true, m_weight);
    addSweepLine(&S::meanMaxWeightScaled, scaledColor(), Qt::SolidLine, true, m_weight);
    addSweepLine(&S::meanEntropyRaw, rawColor(), Qt::DashLine, false, m_entropy);
    addSweepLine(&S::meanEntropyScaled, scaledColor(), Qt::DashLine, false, m_entropy);
    m_currentWeight = addMarkers(m_x, m_weight);
    m_currentEntropy = addMarkers(m_x, m_entropy);
    // Colour tells raw from scaled as in the other charts, the dash tells entropy from weight
    // (two legend keys say so).
    hideFromLegend(m_lines[int(Series::EntropyRaw)]);
    hideFromLegend(m_lines[int(Series::EntropyScaled)]);
    hideFromLegend(m_currentEntropy);

    finishSweepSetUp();
}

QList<QPointF> SaturationChart::points(Series series) const
{
    switch (series) {
    case Series::CurrentWeight:
        return m_currentWeight->points();
    case Series::CurrentEntropy:
        return m_currentEntropy->points();
    default:
        return m_lines[int(series)]->points();
    }
}

void SaturationChart::retranslate()
{
    m_chart->setTitle(tr("Softmax saturation over d"));
    m_x->setTitleText(tr("Dimension d"));
    // Which line is which, and on which axis, in the legend: a vertical axis title is cut short
    // when it is longer than the axis (presentation mode at 1280 × 800).
    setLegendKeys({{tr("mean largest weight (left axis)"), Qt::SolidLine},
                   {tr("mean entropy in nats (right axis)"), Qt::DashLine}});
    setLineNames({tr("raw qᵀk"), tr("scaled qᵀk/√d"), tr("raw qᵀk"), tr("scaled qᵀk/√d")});
    m_currentWeight->setName(tr("current d"));
}

void SaturationChart::refreshPoint()
{
    if (!m_model->hasPoint())
        return;
    const attn::DimensionSummary &s = m_model->pointSummary();
    QList<QPointF> weights, entropies;
    append(weights, s.dimension, s.meanMaxWeightRaw);
    append(weights, s.dimension, s.meanMaxWeightScaled);
    append(entropies, s.dimension, s.meanEntropyRaw);
    append(entropies, s.dimension, s.meanEntropyScaled);
    m_currentWeight->replace(weights);
    m_currentEntropy->replace(entropies);
    // The entropy axis ends at the uniform maximum ln n, rounded up to a tick: halves up to 3,
    // whole nats beyond (n = 512 gives 7).
    const double step = s.maxEntropy <= 3 ? 0.5 : 1.0;
    const double top = std::ceil(s.maxEntropy / step) * step;
    if (top != m_entropy->max()) {
        m_entropy->setRange(0, top);
        m_entropy->setTickCount(int(std::lround(top / step)) + 1);
    }
}
