#include "lab/variancechart.h"

#include "model/dimensionlabmodel.h"

#include <QChart>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>

#include <cmath>
#include <limits>

VarianceChart::VarianceChart(DimensionLabModel *model, QWidget *parent) : LabChart(model, parent)
{
    m_x = addDimensionAxis();
    m_y = new QLogValueAxis;
    m_y->setBase(10);
    m_y->setLabelFormat(QStringLiteral("%g"));
    m_y->setMinorTickCount(-1);
    styleAxis(m_y);
    m_chart->addAxis(m_y, Qt::AlignLeft);
    // Each measurement beside its theory, in the legend's order.
    m_series[int(Series::RawMeasured)] = addLine(rawColor(), Qt::SolidLine, true, m_x, m_y);
    m_series[int(Series::RawTheory)] = addLine(theoryColor(), Qt::DashLine, false, m_x, m_y);
    m_series[int(Series::ScaledMeasured)] = addLine(scaledColor(), Qt::SolidLine, true, m_x, m_y);
    m_series[int(Series::ScaledTheory)] = addLine(theoryColor(), Qt::DashLine, false, m_x, m_y);
    m_current = addMarkers(m_x, m_y);
    // One legend entry for both theory lines: they share colour and dash, and the entries must
    // fit the width of half a window.
    hideFromLegend(m_series[int(Series::ScaledTheory)]);

    connect(m_model, &DimensionLabModel::sweepChanged, this, &VarianceChart::refreshSweep);
    connect(m_model, &DimensionLabModel::pointChanged, this, &VarianceChart::refreshPoint);
    finishSetUp();
    refreshSweep();
    refreshPoint();
}

QList<QPointF> VarianceChart::points(Series series) const
{
    if (series == Series::Current)
        return m_current->points();
    return m_series[int(series)]->points();
}

void VarianceChart::retranslate()
{
    m_chart->setTitle(tr("Variance of the scores over d"));
    m_x->setTitleText(tr("Dimension d"));
    m_y->setTitleText(tr("Variance"));
    m_series[int(Series::RawMeasured)]->setName(tr("raw qᵀk"));
    m_series[int(Series::RawTheory)]->setName(tr("theory d·σ⁴, σ⁴"));
    m_series[int(Series::ScaledMeasured)]->setName(tr("scaled qᵀk/√d"));
    m_series[int(Series::ScaledTheory)]->setName(tr("theory d·σ⁴, σ⁴"));
    m_current->setName(tr("current d"));
}

void VarianceChart::refreshSweep()
{
    QList<QPointF> lists[4];
    for (const attn::DimensionSummary &s : m_model->sweep()) {
        const double d = s.dimension;
        lists[int(Series::RawMeasured)] << QPointF(d, s.rawVariance);
        lists[int(Series::RawTheory)] << QPointF(d, s.theoryRawVariance);
        lists[int(Series::ScaledMeasured)] << QPointF(d, s.scaledVariance);
        lists[int(Series::ScaledTheory)] << QPointF(d, s.theoryScaledVariance);
    }
    for (int i = 0; i < 4; ++i)
        m_series[i]->replace(lists[i]);
    updateRange();
}

void VarianceChart::refreshPoint()
{
    if (!m_model->hasPoint())
        return;
    const attn::DimensionSummary &s = m_model->pointSummary();
    m_current->replace(
        {QPointF(s.dimension, s.rawVariance), QPointF(s.dimension, s.scaledVariance)});
    updateRange();
}

void VarianceChart::updateRange()
{
    // Whole decades around everything drawn, so that the log axis labels are 10ⁿ.
    double lo = std::numeric_limits<double>::infinity(), hi = 0;
    auto take = [&](const QList<QPointF> &points) {
        for (const QPointF &p : points) {
            if (p.y() > 0) {
                lo = std::min(lo, p.y());
                hi = std::max(hi, p.y());
            }
        }
    };
    for (QLineSeries *s : m_series)
        take(s->points());
    take(m_current->points());
    if (hi <= 0)
        return;
    const double min = std::pow(10.0, std::floor(std::log10(lo)));
    const double max = std::pow(10.0, std::ceil(std::log10(hi)));
    if (min != m_y->min() || max != m_y->max())
        m_y->setRange(min, max > min ? max : min * 10);
}
