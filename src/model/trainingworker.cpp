#include "trainingworker.h"

#include "core/sequenceevaluation.h"

#include <QMetaObject>
#include <QThread>

#include <algorithm>

TrainingWorker::TrainingWorker(Deliver deliver) : m_deliver(std::move(deliver)) {}

TrainingWorker::~TrainingWorker()
{
    if (m_pace)
        m_pace->publish(m_side, m_trainer ? currentStep() : 0, false);
}

void TrainingWorker::setPace(std::shared_ptr<TrainingPace> pace, int side)
{
    if (m_pace)
        publish(false);
    m_pace = std::move(pace);
    m_side = side;
    publish(false);
}

void TrainingWorker::publish(bool running)
{
    if (m_pace)
        m_pace->publish(m_side, m_trainer ? currentStep() : 0, running);
}

void TrainingWorker::pause()
{
    m_running.store(false);
    publish(false);
}

void TrainingWorker::restart(attn::SequenceModel model, std::vector<attn::SequenceExample> examples,
                             std::vector<attn::SequenceExample> heldOut,
                             attn::TrainingSettings settings, attn::OptimizerState state,
                             int firstStep, unsigned generation,
                             std::optional<TrainingSnapshot> measured)
{
    m_running.store(false);
    m_examples = std::move(examples);
    m_heldOut = std::move(heldOut);
    m_trainer = std::make_unique<attn::SequenceTrainer>(std::move(model), m_examples, settings,
                                                        std::move(state));
    m_offset = firstStep;
    m_generation = generation;
    m_obsolete.store(m_latestGeneration.load() != generation);
    m_stepsPerSecond = 0;
    m_lastPoint = -1;
    m_pending.reset();
    publish(false);
    TrainingBatch batch;
    if (measured) {
        measured->optimizer = m_trainer->optimizerState();
        end(batch, true, std::move(*measured));
    } else {
        complete(batch, true);
    }
    m_deliver(std::make_shared<TrainingBatch>(std::move(batch)));
}

void TrainingWorker::setSettings(attn::TrainingSettings settings)
{
    if (m_trainer)
        m_trainer->setSettings(settings);
}

void TrainingWorker::play(unsigned pausesBefore)
{
    if (!m_trainer || m_pauses.load() != pausesBefore)
        return;
    m_running.store(true);
    if (m_pauses.load() != pausesBefore) {
        // A pause was requested between the check and the store, and its store may have come
        // first: it still wins.
        m_running.store(false);
        return;
    }
    if (!m_sliceQueued) {
        m_sliceQueued = true;
        QMetaObject::invokeMethod(this, &TrainingWorker::slice, Qt::QueuedConnection);
    }
}

void TrainingWorker::stepOnce()
{
    if (!m_trainer || m_running.load())
        return;
    TrainingBatch batch;
    advance(batch);
    publish(false);
    complete(batch, true);
    m_deliver(std::make_shared<TrainingBatch>(std::move(batch)));
}

void TrainingWorker::runTo(int step)
{
    if (!m_trainer || m_running.load())
        return;
    TrainingBatch batch;
    // Bounded by the target and the limit; a refused step (divergence) ends it early.
    while (currentStep() < std::min(step, attn::kMaxTrainingSteps) &&
           m_latestGeneration.load() == m_generation && advance(batch)) {
    }
    publish(false);
    complete(batch, true);
    m_deliver(std::make_shared<TrainingBatch>(std::move(batch)));
}

int TrainingWorker::currentStep() const
{
    return m_offset + m_trainer->stepCount();
}

void TrainingWorker::slice()
{
    m_sliceQueued = false;
    if (!m_trainer)
        return;
    if (!m_running.load()) {
        // Paused between two slices.
        publish(false);
        TrainingBatch batch;
        if (catchUp(batch) > 0 || batch.diverged) {
            complete(batch, true);
            m_deliver(std::make_shared<TrainingBatch>(std::move(batch)));
        }
        return;
    }
    QElapsedTimer timer;
    timer.start();
    TrainingBatch batch;
    int steps = 0;
    bool halted = false; // diverged or at the limit, not paused
    publish(true);
    while (m_running.load() && m_latestGeneration.load() == m_generation &&
           timer.elapsed() < kSliceMs) {
        if (m_pace && !m_pace->mayAdvance(m_side, currentStep())) {
            // The paired run is a step behind: wait for it rather than run ahead.
            QThread::usleep(100);
            continue;
        }
        if (!advance(batch)) {
            m_running.store(false);
            halted = true;
            break;
        }
        ++steps;
        publish(true);
    }
    const bool stopped = !m_running.load();
    publish(!stopped);
    if (stopped && !halted)
        steps += catchUp(batch);
    if (steps == 0 && !stopped && !batch.diverged) {
        // A slice spent waiting for the paired run: nothing new to show.
        m_sliceQueued = true;
        QMetaObject::invokeMethod(this, &TrainingWorker::slice, Qt::QueuedConnection);
        return;
    }
    complete(batch, stopped);
    // The rate counts the whole slice, the snapshots' extra passes included: it is what the
    // learner gets.
    const double seconds = double(timer.nsecsElapsed()) * 1e-9;
    if (steps > 0 && seconds > 0) {
        const double rate = steps / seconds;
        m_stepsPerSecond = m_stepsPerSecond == 0 ? rate : 0.8 * m_stepsPerSecond + 0.2 * rate;
    }
    batch.stepsPerSecond = m_stepsPerSecond;
    m_deliver(std::make_shared<TrainingBatch>(std::move(batch)));
    if (!stopped && !m_sliceQueued) {
        m_sliceQueued = true;
        QMetaObject::invokeMethod(this, &TrainingWorker::slice, Qt::QueuedConnection);
    }
}

bool TrainingWorker::advance(TrainingBatch &batch)
{
    const int before = currentStep();
    if (before >= attn::kMaxTrainingSteps) {
        batch.stopped = true;
        return false;
    }
    auto result = m_trainer->step(&m_obsolete);
    // A newer generation came: nothing of this one will be shown (the step was dropped).
    if (!result && m_obsolete.load())
        return false;
    if (!result) {
        // The trainer refused the step and kept the last finite parameters.
        batch.diverged = true;
        batch.divergedStep = before + 1;
        batch.divergedWhat = result.error().subject;
        return false;
    }
    // The step reports the loss at the parameters before it: the point and snapshot of `before`.
    const std::optional<double> loss = result->loss(), accuracy = result->accuracy();
    if (before != m_lastPoint && m_curvePolicy.keeps(before)) {
        batch.points.push_back({before, loss, accuracy});
        m_lastPoint = before;
    }
    if (m_pending && m_pending->step == before) {
        m_pending->loss = loss;
        m_pending->accuracy = accuracy;
        batch.snapshots.push_back(std::move(*m_pending));
        m_pending.reset();
    }
    if (m_policy.keeps(before + 1))
        m_pending = snapshot();
    return true;
}

int TrainingWorker::catchUp(TrainingBatch &batch)
{
    if (!m_pace || m_latestGeneration.load() != m_generation)
        return 0;
    const int other = TrainingPace::other(m_side);
    // The paired run was paused at the same moment and stops within its current step.
    QElapsedTimer waited;
    waited.start();
    while (m_pace->running(other) && waited.elapsed() < kCatchUpWaitMs)
        QThread::usleep(100);
    int steps = 0;
    while (!m_pace->running(other) && !m_running.load() &&
           m_latestGeneration.load() == m_generation && currentStep() < m_pace->step(other)) {
        if (!advance(batch))
            break;
        ++steps;
        publish(false);
    }
    return steps;
}

TrainingSnapshot TrainingWorker::snapshot() const
{
    TrainingSnapshot s;
    s.step = currentStep();
    s.model = m_trainer->model();
    s.optimizer = m_trainer->optimizerState();
    if (!m_heldOut.empty())
        if (auto held = attn::SequenceEvaluation::evaluate(s.model, m_heldOut, &m_obsolete)) {
            s.heldOutLoss = held->loss();
            s.heldOutAccuracy = held->accuracy();
        }
    if (auto induction = attn::InductionScore::measure(s.model, m_examples, &m_obsolete))
        s.induction = std::move(induction).value();
    return s;
}

void TrainingWorker::complete(TrainingBatch &batch, bool stopped)
{
    // The newest parameters always end the batch, so that the views show where the run is.
    TrainingSnapshot latest = m_pending ? std::move(*m_pending) : snapshot();
    m_pending.reset();
    if (auto evaluation = m_trainer->evaluate(&m_obsolete)) {
        latest.loss = evaluation->loss();
        latest.accuracy = evaluation->accuracy();
    }
    end(batch, stopped, std::move(latest));
}

void TrainingWorker::end(TrainingBatch &batch, bool stopped, TrainingSnapshot latest)
{
    batch.generation = m_generation;
    batch.stopped = batch.stopped || stopped;
    if (latest.step != m_lastPoint) {
        batch.points.push_back({latest.step, latest.loss, latest.accuracy});
        m_lastPoint = latest.step;
    }
    batch.snapshots.push_back(std::move(latest));
}
