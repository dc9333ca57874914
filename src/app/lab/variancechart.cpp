#include "lab/variancechart.h"

#include "model/dimensionlabmodel.h"

#include <QChart>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>

#include <cmath>
#include <limits>

VarianceChart::VarianceChart(DimensionLabModel *model, QWidget *parent) : SweepChart(model, parent)
{
    m_y = new QLogValueAxis;
    m_y->setBase(10);
    m_y->setLabelFormat(QStringLiteral("%g"));
    m_y->setMinorTickCount(-1);
    styleAxis(m_y);
    m_chart->addAxis(m_y, Qt::AlignLeft);
    // Each measurement beside its theory, in the legend's order.
    using S = attn::DimensionSummary;
    addSweepLine(&S::rawVariance, rawColor(), Qt::SolidLine, true, m_y);
    addSweepLine(&S::theoryRawVariance, theoryColor(), Qt::DashLine, false, m_y);
    addSweepLine(&S::scaledVariance, scaledColor(), Qt::SolidLine, true, m_y);
    addSweepLine(&S::theoryScaledVariance, theoryColor(), Qt::DashLine, false, m_y);
    m_current = addMarkers(m_x, m_y);
    // One legend entry for both theory lines: they share colour and dash, and the entries must
    // fit the width of half a window.
    hideFromLegend(m_lines[int(Series::ScaledTheory)]);
    finishSweepSetUp();
}

QList<QPointF> VarianceChart::points(Series series) const
{
    if (series == Series::Current)
        return m_current->points();
    return m_lines[int(series)]->points();
}

void VarianceChart::retranslate()
{
    m_chart->setTitle(tr("Variance of the scores over d"));
    m_x->setTitleText(tr("Dimension d"));
    m_y->setTitleText(tr("Variance"));
    setLineNames(
        {tr("raw qᵀk"), tr("theory d·σ⁴, σ⁴"), tr("scaled qᵀk/√d"), tr("theory d·σ⁴, σ⁴")});
    m_current->setName(tr("current d"));
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
    for (QLineSeries *s : m_lines)
        take(s->points());
    take(m_current->points());
    if (hi <= 0)
        return;
    const double min = std::pow(10.0, std::floor(std::log10(lo)));
    const double max = std::pow(10.0, std::ceil(std::log10(hi)));
    if (min != m_y->min() || max != m_y->max())
        m_y->setRange(min, max > min ? max : min * 10);
}
