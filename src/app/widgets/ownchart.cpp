#include "widgets/ownchart.h"

#include <QChart>
#include <QChartView>

void setOwnChart(QChartView *view, QChart *chart)
{
    QChart *previous = view->chart();
    view->setChart(chart);
    if (previous != chart)
        delete previous;
}
