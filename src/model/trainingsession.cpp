#include "trainingsession.h"

#include "core/sequencefile.h"
#include "trainingworker.h"

#include <QLocale>
#include <QMetaObject>

#include <algorithm>

TrainingSession::TrainingSession(QObject *parent) : QObject(parent)
{
    // The worker's batches come back through this thread's event loop; a batch that arrives
    // after the session is gone is dropped with it. At most kMaxQueued deliveries are ever
    // queued: a batch made while that many still wait is merged into the last. When the views
    // take longer to draw a batch than the worker takes to make one (a slow or busy machine),
    // they then draw the newest state at their own pace instead of falling ever further behind
    // a growing queue of batches, which made the window unresponsive.
    m_worker = new TrainingWorker([this](std::shared_ptr<TrainingBatch> batch) {
        {
            const std::lock_guard lock(m_mailboxMutex);
            if (m_mailbox.size() >= kMaxQueued) {
                merge(*m_mailbox.back(), std::move(*batch));
                return;
            }
            m_mailbox.push_back(std::move(batch));
        }
        QMetaObject::invokeMethod(
            this,
            [this] {
                std::shared_ptr<TrainingBatch> mail;
                {
                    const std::lock_guard lock(m_mailboxMutex);
                    if (m_mailbox.empty())
                        return;
                    mail = std::move(m_mailbox.front());
                    m_mailbox.pop_front();
                }
                receive(*mail);
            },
            Qt::QueuedConnection);
    });
    m_worker->moveToThread(&m_thread);
    m_thread.setObjectName(QStringLiteral("training"));
    m_thread.start();
}

TrainingSession::~TrainingSession()
{
    m_worker->requestPause();
    m_worker->setCurrentGeneration(m_generation + 1);
    m_thread.quit();
    m_thread.wait();
    delete m_worker;
}

void TrainingSession::merge(TrainingBatch &into, TrainingBatch &&later)
{
    if (later.generation != into.generation) {
        into = std::move(later); // the older run is over
        return;
    }
    into.points.insert(into.points.end(), later.points.begin(), later.points.end());
    into.snapshots.insert(into.snapshots.end(), std::make_move_iterator(later.snapshots.begin()),
                          std::make_move_iterator(later.snapshots.end()));
    if (later.stepsPerSecond > 0)
        into.stepsPerSecond = later.stepsPerSecond;
    into.stopped = later.stopped;
    if (later.diverged) {
        into.diverged = true;
        into.divergedStep = later.divergedStep;
        into.divergedWhat = std::move(later.divergedWhat);
    }
}

void TrainingSession::setDocument(const attn::SequenceDocument &document,
                                  const TrainingSnapshot *start)
{
    m_document = document;
    m_settings = document.trainingSettings;
    resetFrom(start);
}

long long TrainingSession::measureWork(const attn::SequenceDocument &document)
{
    long long positions = 0;
    for (const auto *set : {&document.examples, &document.heldOut})
        for (const attn::SequenceExample &example : *set)
            positions += (long long)example.tokens.size();
    long long heads = 0;
    for (int layer = 0; layer < document.model.layerCount(); ++layer)
        heads += document.model.headCount(layer);
    return positions * std::max(heads, 1ll) * std::max(document.model.dModel, 1);
}

bool TrainingSession::canTrain() const
{
    for (const auto &example : m_document.examples)
        for (int target : example.targets)
            if (target >= 0)
                return true;
    return false;
}

int TrainingSession::step() const
{
    return m_snapshots.empty() ? 0 : m_snapshots.back().step;
}

std::optional<attn::SequenceEvaluation>
TrainingSession::evaluate(const attn::SequenceModel &model) const
{
    auto result = attn::SequenceEvaluation::evaluate(model, m_document.examples);
    if (!result)
        return std::nullopt;
    return *result;
}

std::optional<attn::SequenceEvaluation>
TrainingSession::evaluateHeldOut(const attn::SequenceModel &model) const
{
    if (m_document.heldOut.empty())
        return std::nullopt;
    auto result = attn::SequenceEvaluation::evaluate(model, m_document.heldOut);
    if (!result)
        return std::nullopt;
    return *result;
}

attn::SequenceDocument TrainingSession::trainedDocument(int index) const
{
    attn::SequenceDocument document = m_document;
    if (index >= 0 && index < int(m_snapshots.size()))
        document.model = m_snapshots[std::size_t(index)].model;
    document.trainingSettings = m_settings;
    document.training = attn::trainingSettingsJson(m_settings, document.model.positions);
    return document;
}

std::optional<TrainingSnapshot>
TrainingSession::measureModel(const attn::SequenceDocument &document,
                              const attn::SequenceModel &model, int step,
                              const attn::CancelFlag *cancel)
{
    TrainingSnapshot s;
    s.step = step;
    s.model = model;
    if (auto train = attn::SequenceEvaluation::evaluate(model, document.examples, cancel)) {
        s.loss = train->loss();
        s.accuracy = train->accuracy();
    }
    if (attn::isCancelled(cancel))
        return std::nullopt;
    if (!document.heldOut.empty())
        if (auto held = attn::SequenceEvaluation::evaluate(model, document.heldOut, cancel)) {
            s.heldOutLoss = held->loss();
            s.heldOutAccuracy = held->accuracy();
        }
    if (attn::isCancelled(cancel))
        return std::nullopt;
    if (auto induction = attn::InductionScore::measure(model, document.examples, cancel))
        s.induction = std::move(induction).value();
    if (attn::isCancelled(cancel))
        return std::nullopt;
    return s;
}

void TrainingSession::play()
{
    if (m_running || !canTrain())
        return;
    m_message.clear();
    setRunning(true);
    QMetaObject::invokeMethod(
        m_worker, [worker = m_worker, pauses = m_worker->pauseRequests()] { worker->play(pauses); },
        Qt::QueuedConnection);
}

void TrainingSession::pause()
{
    // At once for a slice under way, and in order behind a play() not yet served.
    m_worker->requestPause();
    QMetaObject::invokeMethod(m_worker, &TrainingWorker::pause, Qt::QueuedConnection);
    setRunning(false);
}

void TrainingSession::stepOnce()
{
    if (m_running || !canTrain())
        return;
    m_message.clear();
    QMetaObject::invokeMethod(m_worker, &TrainingWorker::stepOnce, Qt::QueuedConnection);
}

void TrainingSession::runTo(int target)
{
    if (m_running || !canTrain())
        return;
    m_message.clear();
    QMetaObject::invokeMethod(
        m_worker, [worker = m_worker, target] { worker->runTo(target); }, Qt::QueuedConnection);
}

void TrainingSession::reset()
{
    resetFrom(nullptr);
}

void TrainingSession::resetFrom(const TrainingSnapshot *start)
{
    m_snapshots.clear();
    m_points.clear();
    // The starting point is measured here, once, so that the views have numbers to show before
    // the worker's first batch (unless the caller measured it in a worker already). A large
    // document gets its model alone: measuring it here froze the window for tens of seconds
    // after every edit of the largest file, and the worker measures step 0 anyway.
    const bool measured = start || measureWork(m_document) <= kMeasureHereWork;
    if (start) {
        m_snapshots.push_back(*start);
    } else if (measured) {
        m_snapshots.push_back(*measureModel(m_document, m_document.model, 0));
    } else {
        TrainingSnapshot model;
        model.model = m_document.model;
        m_snapshots.push_back(std::move(model));
    }
    if (measured)
        m_points.push_back({0, m_snapshots.back().loss, m_snapshots.back().accuracy});
    m_lastTransient = false;
    m_message.clear();
    restartAt(m_document.model, {}, 0,
              measured ? std::optional<TrainingSnapshot>(m_snapshots.back()) : std::nullopt);
}

void TrainingSession::continueFrom(int index)
{
    if (index < 0 || index >= int(m_snapshots.size()))
        return;
    const TrainingSnapshot from = m_snapshots[std::size_t(index)];
    m_snapshots.resize(std::size_t(index) + 1);
    m_lastTransient = !m_policy.keeps(from.step);
    while (!m_points.empty() && m_points.back().step > from.step)
        m_points.pop_back();
    m_message.clear();
    // A kept step has its numbers; the unmeasured start of a large document does not (the worker
    // measures it then).
    restartAt(from.model, from.optimizer, from.step,
              from.loss ? std::optional<TrainingSnapshot>(from) : std::nullopt);
}

void TrainingSession::restartAt(const attn::SequenceModel &model, const attn::OptimizerState &state,
                                int step, std::optional<TrainingSnapshot> measured)
{
    ++m_generation;
    m_worker->setCurrentGeneration(m_generation);
    m_worker->requestPause();
    setRunning(false);
    m_stepsPerSecond = 0;
    QMetaObject::invokeMethod(
        m_worker,
        [worker = m_worker, model, examples = m_document.examples, heldOut = m_document.heldOut,
         settings = m_settings, state, step, generation = m_generation,
         measured = std::move(measured)]() mutable {
            worker->restart(std::move(model), std::move(examples), std::move(heldOut), settings,
                            std::move(state), step, generation, std::move(measured));
        },
        Qt::QueuedConnection);
    emit restarted();
}

void TrainingSession::setLearningRate(double rate)
{
    if (!(rate > 0) || rate == m_settings.learningRate)
        return;
    m_settings.learningRate = rate;
    pushSettings();
}

void TrainingSession::setOptimizer(attn::OptimizerKind kind)
{
    if (kind == m_settings.optimizer)
        return;
    m_settings.optimizer = kind;
    pushSettings();
}

void TrainingSession::setPace(std::shared_ptr<TrainingPace> pace, int side)
{
    QMetaObject::invokeMethod(
        m_worker,
        [worker = m_worker, pace = std::move(pace), side]() mutable {
            worker->setPace(std::move(pace), side);
        },
        Qt::QueuedConnection);
}

void TrainingSession::pushSettings()
{
    QMetaObject::invokeMethod(
        m_worker, [worker = m_worker, settings = m_settings] { worker->setSettings(settings); },
        Qt::QueuedConnection);
}

void TrainingSession::setRunning(bool running)
{
    if (running == m_running)
        return;
    m_running = running;
    emit runningChanged(running);
}

void TrainingSession::receive(TrainingBatch &batch)
{
    if (batch.generation != m_generation)
        return; // from before a reset or a fork
    for (const TrainingPoint &point : batch.points) {
        while (!m_points.empty() && m_points.back().step >= point.step)
            m_points.pop_back();
        m_points.push_back(point);
    }
    for (TrainingSnapshot &snapshot : batch.snapshots) {
        // The newest model of the last batch gives way to anything newer unless it is a kept
        // step; a step already present is replaced by the worker's copy.
        while (!m_snapshots.empty() &&
               (m_lastTransient || m_snapshots.back().step >= snapshot.step)) {
            m_snapshots.pop_back();
            m_lastTransient = false;
        }
        m_lastTransient = !m_policy.keeps(snapshot.step);
        m_snapshots.push_back(std::move(snapshot));
    }
    if (batch.stepsPerSecond > 0)
        m_stepsPerSecond = batch.stepsPerSecond;
    emit progressed();
    if (batch.diverged) {
        const QString what = batch.divergedWhat == "gradient"     ? tr("the gradient")
                             : batch.divergedWhat == "parameters" ? tr("a parameter")
                                                                  : tr("the loss");
        m_message = tr("Training stopped at step %1: %2 was no longer a finite number (the "
                       "learning rate %3 is probably too large). The parameters shown are the "
                       "last finite ones.")
                        .arg(batch.divergedStep)
                        .arg(what)
                        .arg(QLocale().toString(m_settings.learningRate, 'g', 3));
        setRunning(false);
        emit stopped(m_message);
    } else if (batch.stopped && m_running) {
        // The worker stopped by itself without diverging (the step limit) or because a pause
        // was requested; either way it is no longer running.
        if (step() >= attn::kMaxTrainingSteps) {
            m_message = tr("Training stopped at the limit of %1 steps.").arg(step());
            setRunning(false);
            emit stopped(m_message);
        }
    }
}
