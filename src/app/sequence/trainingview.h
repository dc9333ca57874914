#pragma once

#include "core/headablation.h"
#include "core/normaliser.h"
#include "core/sequencedocument.h"
#include "sequence/trainingcomparisonrun.h"
#include "sequence/trainingcurves.h"

#include <QList>
#include <QString>
#include <QWidget>

#include <optional>

class QCheckBox;
class QComboBox;
class QGridLayout;
class QHBoxLayout;
class QLabel;
class QLayout;
class QPushButton;
class QSlider;
class QSpinBox;
class QSplitter;
class SequenceEmbeddingCanvas;
class SequenceHeatmapGrid;
class SequenceQkCanvas;
class SequenceSession;
class SidewaysRow;
class TrainingChart;
class TrainingSession;
struct TrainingSnapshot;
class WeightHeatmaps;

/// The Training tab of the Sequence window: trains the window's model on its examples in a
/// worker thread (TrainingSession) and shows the run as it goes — loss and accuracy curves
/// (training and held-out), every head's induction score, every head's attention map and the q/k
/// planes for a chosen example, the weight matrices — and lets the learner scrub back through the
/// timeline, fork the run from an earlier step, and switch heads off. The maps and planes are the
/// Sequence window's own widgets, fed by a SequenceSession of this view that holds the snapshot
/// shown (they read the sentence, its forward pass and the token names from a session, so that a
/// second input path into each would cost more code than the session's one pass per snapshot);
/// every number comes from the core. When D = 2 the embeddings are drawn on the plane as they
/// move, read-only: a drag there would have to rewrite a step of the run's history.
///
/// "Compare with" trains a second run beside the first (TrainingComparisonRun): the same
/// document (model, seed, examples) with another normaliser, in a TrainingSession of its own.
/// Play, Pause, Step, Reset, a fork and the optimiser's settings drive both; the charts
/// (TrainingCurves) draw both runs, and the maps of both stand side by side, each captioned with
/// its normaliser, the step it shows and its heads' mean weight on the first token.
class AblatedNumbers;

class TrainingView : public QWidget
{
    Q_OBJECT

public:
    /// Trains what `source` holds, and starts again whenever its model or examples change.
    explicit TrainingView(SequenceSession *source, QWidget *parent = nullptr);
    ~TrainingView() override;

    TrainingSession *session() const { return m_session; }

    /// The second run's normaliser; none when training one run.
    std::optional<attn::Normaliser> comparison() const { return m_comparison->normaliser(); }
    /// Trains a second run with `normaliser` beside the first, both from step 0 (a run under
    /// way goes on running); none, or the document's own normaliser, goes back to one run and
    /// keeps the first run's record.
    void setComparison(std::optional<attn::Normaliser> normaliser);
    /// The second run, null when not comparing.
    TrainingSession *comparisonSession() const { return m_comparison->session(); }
    /// The session the second run's maps read (its shown snapshot on the chosen example).
    SequenceSession *comparisonViewSession() const { return m_comparison->viewSession(); }
    /// The snapshot of the second run on screen.
    int comparisonShownIndex() const { return m_comparison->shownIndex(); }
    /// The snapshot on screen (an index into session()->snapshots()).
    int shownIndex() const { return m_index; }
    /// The heads switched off.
    const attn::HeadMask &headsOff() const { return m_off; }
    /// Writes the loss chart as PNG, SVG or PDF (by suffix); false on failure.
    bool exportLossChart(const QString &path) const;
    /// Writes the shown snapshot as a sequence file; false (with the message shown) on failure.
    bool saveTrainedModel(const QString &path);

    // For tests and screenshots.
    QPushButton *playButton() const { return m_play; }
    QPushButton *stepButton() const { return m_step; }
    QPushButton *resetButton() const { return m_reset; }
    QComboBox *optimizerBox() const { return m_optimizer; }
    QSlider *rateSlider() const { return m_rate; }
    QLabel *rateLabel() const { return m_rateValue; }
    QLabel *speedLabel() const { return m_speed; }
    QSlider *timeline() const { return m_timeline; }
    QPushButton *continueButton() const { return m_continue; }
    QSpinBox *exampleBox() const { return m_example; }
    QComboBox *comparisonBox() const { return m_comparison->box(); }
    /// The caption above run `run`'s maps (0 the first, 1 the second), shown when comparing.
    QLabel *runCaption(int run) const { return m_comparison->caption(run); }
    SequenceHeatmapGrid *comparisonHeatmaps() const { return m_compareGrid; }
    QCheckBox *headBox(int layer, int head) const;
    QLabel *statusLabel() const { return m_status; }
    QLabel *predictionLabel() const { return m_predictions; }
    QLabel *messageLabel() const { return m_message; }
    QPushButton *exportAnimationButton() const { return m_exportAnimation; }
    /// The charts' step axes reach at least `step` (TrainingChart::setLeastStep).
    void setLeastStep(int step);
    TrainingChart *lossChart() const { return m_curves->loss(); }
    TrainingChart *accuracyChart() const { return m_curves->accuracy(); }
    TrainingChart *inductionChart() const { return m_curves->induction(); }
    SequenceHeatmapGrid *heatmaps() const { return m_grid; }
    SequenceQkCanvas *qkCanvas() const { return m_qk; }
    /// The embeddings on the plane, shown when D = 2; read-only (see the constructor).
    SequenceEmbeddingCanvas *embeddingCanvas() const { return m_embedding; }
    WeightHeatmaps *weights() const { return m_weights; }
    /// The session the maps and planes read: the shown snapshot (heads off applied) on the
    /// chosen example.
    SequenceSession *viewSession() const { return m_view; }

    /// The learning rate of slider position `position` (10^(−4 + position/10)), and back.
    static double rateAt(int position);
    static int positionOf(double rate);

protected:
    void changeEvent(QEvent *event) override;

private:
    void makeControls();
    void makeViews();
    void layOut();
    QLayout *controlsRow();
    QLayout *timelineRow();
    QWidget *mapsColumn(QWidget *weights);
    QLayout *statusRow();
    void connectControls();
    void connectSessions();

    void retranslate();
    void takeSource();
    void onRestarted();
    void onProgressed();
    void updateCharts();
    void updateControls();
    void rebuildHeadBoxes();
    void showSnapshot(int index);
    void showMessage(const QString &text);
    /// The accessible descriptions of the maps and planes for the snapshot shown.
    void describeViews(const TrainingSnapshot &snapshot);
    void exportChartDialog();
    /// Export animation…: the run made again in a TrainingSweep, written as a GIF.
    void exportAnimationDialog();
    void saveDialog();
    /// The sessions of the runs: the first, and the second when comparing.
    QList<TrainingSession *> runs() const;
    bool anyRunning() const;
    /// Forks each run whose shown snapshot is not its newest (before Play or Step).
    void forkAtShown();
    /// The chosen example of the session's document into `view`.
    void loadShown(SequenceSession *view, const TrainingSession *session);
    void onCompareRestarted();
    /// The model of `snapshot` with the unticked heads off.
    attn::SequenceModel shownModel(const TrainingSnapshot &snapshot) const;

    SequenceSession *m_source;
    TrainingSession *m_session;
    SequenceSession *m_view;
    AblatedNumbers *m_ablated; ///< the status's numbers with heads switched off
    TrainingComparisonRun *m_comparison;
    QPushButton *m_play, *m_step, *m_reset, *m_continue, *m_save, *m_export, *m_exportAnimation;
    QLabel *m_optimizerLabel, *m_rateLabel, *m_rateValue, *m_speed, *m_timelineLabel, *m_stepLabel;
    QLabel *m_exampleLabel, *m_headsLabel, *m_status, *m_predictions, *m_message, *m_weightsTitle;
    SequenceHeatmapGrid *m_compareGrid; ///< the second run's maps
    QSplitter *m_splitter;
    QGridLayout *m_maps;
    QComboBox *m_optimizer;
    QSlider *m_rate, *m_timeline;
    QSpinBox *m_example;
    QHBoxLayout *m_headRow;
    SidewaysRow *m_headSwitches; ///< the head check boxes, scrolling sideways when many
    QList<QList<QCheckBox *>> m_heads;
    TrainingCurves *m_curves;
    SequenceHeatmapGrid *m_grid;
    SequenceQkCanvas *m_qk;
    SequenceEmbeddingCanvas *m_embedding;
    WeightHeatmaps *m_weights;
    attn::HeadMask m_off;
    int m_index = 0;
    bool m_follow = true; ///< the timeline follows the newest step
    /// The source document's revision as last taken, to notice real changes.
    std::optional<quint64> m_sourceRevision;
};
