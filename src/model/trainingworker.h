#pragma once

#include "core/cancelflag.h"
#include "core/sequencedocument.h"
#include "core/sequencetrainer.h"
#include "core/snapshotpolicy.h"
#include "trainingpace.h"
#include "trainingsnapshot.h"

#include <QElapsedTimer>
#include <QObject>

#include <atomic>
#include <functional>
#include <memory>
#include <optional>

/// The half of a TrainingSession that lives in its worker thread: it owns the SequenceTrainer and
/// steps it in slices of a few dozen milliseconds, so that the session's queued requests (pause,
/// a new learning rate, a fork) are served between slices and the window never waits for the
/// arithmetic. After each slice it hands a TrainingBatch of copies to `deliver`, which the
/// session posts to its own thread. Every method runs in the worker thread; only requestPause()
/// and the generation may be touched from elsewhere.
class TrainingWorker : public QObject
{
    Q_OBJECT

public:
    using Deliver = std::function<void(std::shared_ptr<TrainingBatch>)>;
    explicit TrainingWorker(Deliver deliver);
    /// Tells a paired run, if any, that this one no longer moves.
    ~TrainingWorker() override;

    /// Starts a fresh history at `firstStep` from `model` and the optimiser's `state` (paused).
    /// `measured`, when given, is that starting point with its numbers, already measured by the
    /// session: handed back as it is instead of measured again (seconds on the largest file).
    void restart(attn::SequenceModel model, std::vector<attn::SequenceExample> examples,
                 std::vector<attn::SequenceExample> heldOut, attn::TrainingSettings settings,
                 attn::OptimizerState state, int firstStep, unsigned generation,
                 std::optional<TrainingSnapshot> measured = std::nullopt);
    /// New optimiser settings from the next step: a new learning rate keeps Adam's moments and
    /// step count, another optimiser starts fresh.
    void setSettings(attn::TrainingSettings settings);
    /// `pausesBefore` is pauseRequests() when the play was asked for: a pause requested since
    /// (its store may land before this play is served) wins, so Play then Pause ends paused.
    void play(unsigned pausesBefore);
    /// Queued after a play(), so that Play then Pause, however quick, ends paused.
    void pause();
    void stepOnce();
    /// Steps until `step` updates are made (or the run diverges), then hands over one batch: an
    /// animation's frames land on exact steps, whatever the machine's speed.
    void runTo(int step);
    /// Any thread: the running slice stops after its current step.
    void requestPause()
    {
        m_pauses.fetch_add(1);
        m_running.store(false);
    }
    unsigned pauseRequests() const { return m_pauses.load(); }
    /// Any thread: batches of older generations are dropped by the session, so the measuring
    /// under way (seconds over the largest file's examples) stops at once: a model edit or a
    /// closed window does not wait for numbers nobody will see.
    void setCurrentGeneration(unsigned generation)
    {
        m_latestGeneration.store(generation);
        m_obsolete.store(true);
    }
    /// Keeps step with another run through `pace` as its side `side` (0 or 1); null: alone.
    void setPace(std::shared_ptr<TrainingPace> pace, int side);

    /// The length of one slice; the views update once per slice.
    static constexpr int kSliceMs = 30;

private:
    void slice();
    int currentStep() const;
    /// Runs one update; false when the run has diverged (the batch then says so).
    bool advance(TrainingBatch &batch);
    /// The current parameters with their held-out loss and induction scores (the training loss
    /// comes from the next step, which computes it anyway).
    TrainingSnapshot snapshot() const;
    /// Ends a batch with the newest parameters and their loss.
    void complete(TrainingBatch &batch, bool stopped);
    /// Ends a batch with `latest` as its last snapshot (and its loss as a point of the curves).
    void end(TrainingBatch &batch, bool stopped, TrainingSnapshot latest);
    /// Tells the paired run where this one is.
    void publish(bool running);
    /// Paused while paired: waits (a little) for the paired run to stop too, then makes the
    /// steps this run is behind it, so that both stop at the same step. Returns the steps made.
    int catchUp(TrainingBatch &batch);
    /// The longest catchUp() waits for the paired run to stop: it stops after its current step.
    static constexpr int kCatchUpWaitMs = 1000;

    Deliver m_deliver;
    std::unique_ptr<attn::SequenceTrainer> m_trainer;
    std::vector<attn::SequenceExample> m_examples, m_heldOut;
    attn::SnapshotPolicy m_policy;             ///< which models are kept for the timeline
    attn::SnapshotPolicy m_curvePolicy{2000};  ///< which losses are kept for the curves
    std::optional<TrainingSnapshot> m_pending; ///< a kept model waiting for its loss
    int m_offset = 0;                          ///< steps made before this trainer was built
    unsigned m_generation = 0;
    std::atomic<bool> m_running{false};
    std::atomic<unsigned> m_pauses{0}; ///< requestPause() calls so far
    std::atomic<unsigned> m_latestGeneration{0};
    /// Set with a newer generation; restart() clears it for the generation it starts, unless an
    /// even newer one came meanwhile. The measurements check it.
    attn::CancelFlag m_obsolete{false};
    std::shared_ptr<TrainingPace> m_pace; ///< shared with a paired run's worker, or null
    int m_side = 0;
    bool m_sliceQueued = false;
    double m_stepsPerSecond = 0;
    int m_lastPoint = -1;
};
