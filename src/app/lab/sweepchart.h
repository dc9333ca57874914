#pragma once

#include "core/dimensionlab.h"
#include "lab/labchart.h"

#include <QList>
#include <QStringList>

/// A lab chart over the dimension d (the log axis 1 … 4096): lines filled from the model's sweep,
/// each from one field of the summaries, and the current d, which the subclass marks. The sweep
/// and the point are refilled whenever the model announces them.
class SweepChart : public LabChart
{
    Q_OBJECT

public:
    /// The field of a summary that a line draws over d.
    using Field = double attn::DimensionSummary::*;

protected:
    SweepChart(DimensionLabModel *model, QWidget *parent);

    /// A line over the sweep drawing `field` against `y` (see LabChart::addLine).
    QLineSeries *addSweepLine(Field field, const QColor &color, Qt::PenStyle style, bool markers,
                              QAbstractAxis *y);
    /// The legend names of the lines, in the order they were added.
    void setLineNames(const QStringList &names);
    /// Fills the lines and the point and follows the model; call at the end of the subclass's
    /// constructor (it calls finishSetUp()).
    void finishSweepSetUp();
    /// The current d's markers from the model's point.
    virtual void refreshPoint() = 0;
    /// After the lines were refilled.
    virtual void sweepRefreshed() {}

    QLogValueAxis *m_x;
    QList<QLineSeries *> m_lines; ///< in the order they were added

private:
    void refreshSweep();

    QList<Field> m_fields;
};
