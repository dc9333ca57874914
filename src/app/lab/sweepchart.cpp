#include "lab/sweepchart.h"

#include "model/dimensionlabmodel.h"

#include <QLineSeries>
#include <QLogValueAxis>

#include <cmath>

SweepChart::SweepChart(DimensionLabModel *model, QWidget *parent) : LabChart(model, parent)
{
    m_x = addDimensionAxis();
}

QLineSeries *SweepChart::addSweepLine(Field field, const QColor &color, Qt::PenStyle style,
                                      bool markers, QAbstractAxis *y)
{
    m_fields << field;
    m_lines << addLine(color, style, markers, m_x, y);
    return m_lines.last();
}

void SweepChart::setLineNames(const QStringList &names)
{
    for (qsizetype i = 0; i < m_lines.size() && i < names.size(); ++i)
        m_lines[i]->setName(names[i]);
}

void SweepChart::finishSweepSetUp()
{
    connect(m_model, &DimensionLabModel::sweepChanged, this, &SweepChart::refreshSweep);
    connect(m_model, &DimensionLabModel::pointChanged, this, &SweepChart::refreshPoint);
    finishSetUp();
    refreshSweep();
    refreshPoint();
}

void SweepChart::refreshSweep()
{
    QList<QList<QPointF>> lists(m_lines.size());
    for (const attn::DimensionSummary &s : m_model->sweep()) {
        for (qsizetype i = 0; i < m_lines.size(); ++i) {
            // No full trial (N < n) leaves NaN: no point rather than a misleading 0.
            const double y = s.*m_fields[i];
            if (std::isfinite(y))
                lists[i] << QPointF(s.dimension, y);
        }
    }
    for (qsizetype i = 0; i < m_lines.size(); ++i)
        m_lines[i]->replace(lists[i]);
    sweepRefreshed();
}
