#pragma once

#include "core/headablation.h"

#include <QList>
#include <QString>
#include <QWidget>

class QCheckBox;
class QComboBox;
class QHBoxLayout;
class QLabel;
class QPushButton;
class QSlider;
class QSpinBox;
class QSplitter;
class SequenceEmbeddingCanvas;
class SequenceHeatmapGrid;
class SequenceQkCanvas;
class SequenceSession;
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
class TrainingView : public QWidget
{
    Q_OBJECT

public:
    /// Trains what `source` holds, and starts again whenever its model or examples change.
    explicit TrainingView(SequenceSession *source, QWidget *parent = nullptr);
    ~TrainingView() override;

    TrainingSession *session() const { return m_session; }
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
    QCheckBox *headBox(int layer, int head) const;
    QLabel *statusLabel() const { return m_status; }
    QLabel *predictionLabel() const { return m_predictions; }
    QLabel *messageLabel() const { return m_message; }
    TrainingChart *lossChart() const { return m_loss; }
    TrainingChart *accuracyChart() const { return m_accuracy; }
    TrainingChart *inductionChart() const { return m_induction; }
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
    void saveDialog();

    SequenceSession *m_source;
    TrainingSession *m_session;
    SequenceSession *m_view;
    QPushButton *m_play, *m_step, *m_reset, *m_continue, *m_save, *m_export;
    QLabel *m_optimizerLabel, *m_rateLabel, *m_rateValue, *m_speed, *m_timelineLabel, *m_stepLabel;
    QLabel *m_exampleLabel, *m_headsLabel, *m_status, *m_predictions, *m_message, *m_weightsTitle;
    QComboBox *m_optimizer;
    QSlider *m_rate, *m_timeline;
    QSpinBox *m_example;
    QHBoxLayout *m_headRow;
    QList<QList<QCheckBox *>> m_heads;
    TrainingChart *m_loss, *m_accuracy, *m_induction;
    SequenceHeatmapGrid *m_grid;
    SequenceQkCanvas *m_qk;
    SequenceEmbeddingCanvas *m_embedding;
    WeightHeatmaps *m_weights;
    attn::HeadMask m_off;
    int m_index = 0;
    bool m_follow = true;     ///< the timeline follows the newest step
    std::string m_sourceText; ///< the source document as last taken, to notice real changes
};
