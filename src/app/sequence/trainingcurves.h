#pragma once

#include <QList>
#include <QSplitter>

class TrainingChart;
class TrainingSession;

/// The Training tab's curves against the step, stacked one over another: the loss, the accuracy
/// and every head's induction score of the runs on show (the first run, then the second when
/// comparing). One run has its training curve, and its held-out one when the document has
/// held-out examples; two runs have a training curve each, named by its normaliser (four names
/// do not fit a legend this narrow; the status gives the held-out numbers).
class TrainingCurves : public QSplitter
{
    Q_OBJECT

public:
    explicit TrainingCurves(QWidget *parent = nullptr);

    /// Makes the lines that `runs` need; true when their number changed, and with it what
    /// each line stands for (retranslate() names them again).
    bool makeLines(const QList<TrainingSession *> &runs);
    /// Draws `runs` on the lines makeLines() made for them.
    void draw(const QList<TrainingSession *> &runs);
    /// The charts' titles, and the lines' names and colours for `runs`.
    void retranslate(const QList<TrainingSession *> &runs);
    /// The step the timeline shows, marked on every chart.
    void setMarker(int step);
    /// The step axes reach at least `step` (TrainingChart::setLeastStep).
    void setLeastStep(int step);

    TrainingChart *loss() const { return m_loss; }
    TrainingChart *accuracy() const { return m_accuracy; }
    TrainingChart *induction() const { return m_induction; }

private:
    TrainingChart *m_loss, *m_accuracy, *m_induction;
};
