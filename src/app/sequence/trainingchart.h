#pragma once

#include <QChartView>
#include <QColor>
#include <QList>
#include <QPointF>

class QLineSeries;
class QValueAxis;

/// One live chart of the Training view: a few lines over the training step (loss, accuracy or
/// each head's induction score) and a vertical line at the step the timeline shows. Animations
/// are off and points are replaced in one call per update, so that redrawing 25 times a second
/// costs little; the y range grows to fit the data and is otherwise left alone. Its accessible
/// name is the title, its description the lines' newest values.
class TrainingChart : public QChartView
{
    Q_OBJECT

public:
    explicit TrainingChart(QWidget *parent = nullptr);

    /// Makes `count` lines; line i is dashed when `dashed(i)` (held-out beside training).
    void setLineCount(int count);
    int lineCount() const { return int(m_lines.size()); }
    void setLine(int index, const QString &name, const QColor &color, bool dashed = false);
    void setPoints(int index, const QList<QPointF> &points);
    QLineSeries *line(int index) const { return m_lines.value(index); }
    /// A fixed y range (accuracy, scores); without one the range fits the data from 0.
    void setFixedRange(double low, double high);
    void setTitles(const QString &title, const QString &xTitle, const QString &yTitle);
    /// The step the timeline shows (a vertical line), -1 for none.
    void setMarker(int step);
    /// The step axis reaches at least `step` (10 by default): an animation of a run fixes it at
    /// the last step, so that the curves grow across a still chart instead of the axis jumping.
    void setLeastStep(int step);
    int marker() const { return m_marker; }

    /// Writes the chart as a PNG, an SVG or a PDF (by the file's suffix; PNG for any other) of
    /// `size` logical pixels, rendered, never grabbed from the screen. False when it could not
    /// be written; an existing file is then left as it was.
    bool exportTo(const QString &path, const QSize &size) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void changeEvent(QEvent *event) override;

private:
    void showAxisTitles();
    void applyColours();
    void fitRanges();
    /// The accessible description: each line's newest value and the marker's step.
    void describe();

    QChart *m_chart;
    QValueAxis *m_x, *m_y;
    QList<QLineSeries *> m_lines;
    QList<QColor> m_colours;
    QLineSeries *m_markerLine;
    int m_marker = -1;
    bool m_fixed = false;
    int m_leastStep = 10;
    double m_low = 0, m_high = 1;
};
