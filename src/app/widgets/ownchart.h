#pragma once

class QChart;
class QChartView;

/// Gives `view` the chart `chart` and deletes the one the view had. A QChartView makes a chart
/// of its own, and setChart() only lets go of the previous one (Qt's documentation: "the
/// ownership of the previous chart is released"); without this, LeakSanitizer finds that chart
/// and all its items once per view.
void setOwnChart(QChartView *view, QChart *chart);
