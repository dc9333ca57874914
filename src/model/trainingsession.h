#pragma once

#include "core/cancelflag.h"
#include "core/headablation.h"
#include "core/sequencedocument.h"
#include "core/sequenceevaluation.h"
#include "core/snapshotpolicy.h"
#include "trainingsnapshot.h"

#include <QObject>
#include <QString>
#include <QThread>

#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

class TrainingPace;
class TrainingWorker;

/// The state of the Training view: a sequence document being trained in a worker thread, and the
/// record of the run — the loss and accuracy curves and a timeline of snapshots (copies of the
/// model, thinned by attn::SnapshotPolicy as the run grows). The arithmetic never runs in the
/// session's thread except for one evaluation when a run starts; the session only merges the
/// worker's batches and emits progressed(). A run that diverges stops with message() set and its
/// last finite parameters kept: no snapshot ever holds a non-finite number.
class TrainingSession : public QObject
{
    Q_OBJECT

public:
    explicit TrainingSession(QObject *parent = nullptr);
    ~TrainingSession() override;

    /// Starts again from `document` (its model, examples, held-out examples and training block).
    /// `start`, when given, is measureModel(document, document.model, 0) computed beforehand (in
    /// a worker, while the file was read): over the largest examples that measure takes seconds.
    /// Without it, a document beyond kMeasureHereWork (measureWork()) starts with a snapshot of
    /// its model alone, no numbers yet: the worker measures step 0 as it starts and its first
    /// batch, a moment later, brings them (progressed()). A smaller one is measured here.
    void setDocument(const attn::SequenceDocument &document,
                     const TrainingSnapshot *start = nullptr);
    /// About what measureModel() costs: every position of every example and held-out example
    /// times the heads of every layer times D. Up to kMeasureHereWork (a few hundred
    /// milliseconds on a slow machine; the built-in tasks are below a million) the starting
    /// point is measured on the caller's thread.
    static long long measureWork(const attn::SequenceDocument &document);
    static constexpr long long kMeasureHereWork = 1ll << 22;
    const attn::SequenceDocument &document() const { return m_document; }
    const attn::TrainingSettings &settings() const { return m_settings; }
    /// False when no example has a target: there is nothing to learn.
    bool canTrain() const;

    bool isRunning() const { return m_running; }
    /// Updates made so far (the newest snapshot's step).
    int step() const;
    /// Never empty after setDocument(); ordered by step; the last is the newest model. (Step 0 of
    /// a large document has no numbers until the worker's first batch: see setDocument().)
    const std::vector<TrainingSnapshot> &snapshots() const { return m_snapshots; }
    /// The training curve, one point per kept step.
    const std::vector<TrainingPoint> &points() const { return m_points; }
    double stepsPerSecond() const { return m_stepsPerSecond; }
    /// Why the run stopped by itself (translated), empty otherwise.
    QString message() const { return m_message; }

    /// The loss and accuracy of `model` on the training examples (and on the held-out ones):
    /// the Training view's numbers for an ablated model.
    std::optional<attn::SequenceEvaluation> evaluate(const attn::SequenceModel &model) const;
    std::optional<attn::SequenceEvaluation> evaluateHeldOut(const attn::SequenceModel &model) const;

    /// The snapshot of `model` after `step` updates with its numbers on `document`'s examples
    /// and held-out ones: what the record of a run starts with. Safe in any thread; nullopt once
    /// `cancel` is set (checked every few milliseconds).
    static std::optional<TrainingSnapshot> measureModel(const attn::SequenceDocument &document,
                                                        const attn::SequenceModel &model, int step,
                                                        const attn::CancelFlag *cancel = nullptr);

    /// The document with snapshot `index`'s parameters and the current training block: what
    /// "Save trained model…" writes.
    attn::SequenceDocument trainedDocument(int index) const;

public slots:
    void play();
    void pause();
    void stepOnce();
    /// Trains (while paused) until step `step`, then emits progressed() once: the frames of a
    /// training animation (TrainingSweep) at exact steps. Does nothing while running.
    void runTo(int step);
    /// Back to the document's starting parameters, the record cleared.
    void reset();
    /// Forks the run at snapshot `index`: later snapshots and points are dropped and training
    /// goes on from its parameters and its optimiser state (Adam's moments and step count), so
    /// that the fork repeats the straight run bit for bit (unless the optimiser was switched).
    void continueFrom(int index);
    /// New settings apply from the next step. A new learning rate keeps Adam's moments and step
    /// count (as torch does when a param_group's lr changes); another optimiser starts fresh.
    void setLearningRate(double rate);
    void setOptimizer(attn::OptimizerKind kind);
    /// Keeps step with another session given the same `pace` as the other `side` (0 or 1): while
    /// both run, neither gets more than a step ahead. Null: trains alone again.
    void setPace(std::shared_ptr<TrainingPace> pace, int side);

signals:
    /// New points and snapshots arrived.
    void progressed();
    void runningChanged(bool running);
    /// The record was cut back (reset, a fork or a new document).
    void restarted();
    /// The run stopped by itself; the text is message().
    void stopped(const QString &message);

private:
    /// `measured`: the starting point with its numbers, when known (the worker then does not
    /// measure it again).
    void restartAt(const attn::SequenceModel &model, const attn::OptimizerState &state, int step,
                   std::optional<TrainingSnapshot> measured = std::nullopt);
    /// Takes the batch's snapshots (moved, not copied).
    void receive(TrainingBatch &batch);
    /// Appends a batch made while `into` was still waiting to be received.
    static void merge(TrainingBatch &into, TrainingBatch &&later);
    void setRunning(bool running);
    void pushSettings();
    /// reset() with the starting snapshot already measured (or measured here when null).
    void resetFrom(const TrainingSnapshot *start);

    attn::SequenceDocument m_document;
    attn::TrainingSettings m_settings;
    QThread m_thread;
    TrainingWorker *m_worker = nullptr;
    /// Batches delivered and not yet received: a few, so that a view briefly held up still gets
    /// each, but never more (see the constructor).
    static constexpr std::size_t kMaxQueued = 3;
    std::mutex m_mailboxMutex; ///< guards m_mailbox (the worker thread writes it)
    std::deque<std::shared_ptr<TrainingBatch>> m_mailbox;
    unsigned m_generation = 0;
    std::vector<TrainingSnapshot> m_snapshots;
    bool m_lastTransient = false; ///< the last snapshot is the newest model, not a kept step
    std::vector<TrainingPoint> m_points;
    attn::SnapshotPolicy m_policy;
    double m_stepsPerSecond = 0;
    bool m_running = false;
    QString m_message;
};
