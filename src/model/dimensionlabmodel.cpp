#include "dimensionlabmodel.h"

#include "errortext.h"

#include <QPromise>
#include <QThread>
#include <QtConcurrentRun>

#include <cmath>

namespace {
// The cost of one sample is about d multiply-adds plus a share of its trial's softmax; the
// constant keeps the progress of small dimensions from rounding to nothing.
double cost(int dimension)
{
    return double(dimension) + 16.0;
}

double sweepCost()
{
    double total = 0;
    for (int d : attn::sweepDimensions())
        total += cost(d);
    return total;
}

bool samePoint(const attn::DimensionExperimentParams &a, const attn::DimensionExperimentParams &b)
{
    return a.dimension == b.dimension && a.sigma == b.sigma && a.samples == b.samples &&
           a.keys == b.keys && a.seed == b.seed;
}
} // namespace

DimensionLabModel::DimensionLabModel(QObject *parent) : QObject(parent)
{
    m_params.dimension = 512;
    m_params.sigma = 1.0;
    m_params.samples = 10000;
    m_params.keys = 8;
    m_params.seed = 1;

    // A point and a sweep may run side by side; a cancelled run frees its thread within one of
    // the experiment's progress checks.
    m_pool.setMaxThreadCount(std::max(2, QThread::idealThreadCount()));
    m_kick.setSingleShot(true);
    m_kick.setInterval(0);
    connect(&m_kick, &QTimer::timeout, this, &DimensionLabModel::start);

    connect(&m_pointWatcher, &QFutureWatcherBase::progressValueChanged, this, [this](int value) {
        m_pointFraction = double(value) / kProgressRange;
        updateProgress();
    });
    connect(&m_pointWatcher, &QFutureWatcherBase::finished, this,
            &DimensionLabModel::onPointFinished);
    connect(&m_sweepWatcher, &QFutureWatcherBase::progressValueChanged, this, [this](int value) {
        m_sweepFraction = double(value) / kProgressRange;
        updateProgress();
    });
    connect(&m_sweepWatcher, &QFutureWatcherBase::resultsReadyAt, this, [this](int begin, int end) {
        for (int i = begin; i < end; ++i)
            onSweepStep(i);
    });
    connect(&m_sweepWatcher, &QFutureWatcherBase::finished, this,
            &DimensionLabModel::onSweepFinished);

    schedule(true, true);
}

DimensionLabModel::~DimensionLabModel()
{
    // The jobs capture only copies of the parameters, but the pool must not outlive its threads.
    m_pointWatcher.future().cancel();
    m_sweepWatcher.future().cancel();
    m_pool.clear();
    m_pool.waitForDone();
}

bool DimensionLabModel::setDimension(int d)
{
    return setField(&attn::DimensionExperimentParams::dimension, d);
}

bool DimensionLabModel::setSigma(double sigma)
{
    return setField(&attn::DimensionExperimentParams::sigma, sigma);
}

bool DimensionLabModel::setSamples(int samples)
{
    return setField(&attn::DimensionExperimentParams::samples, samples);
}

bool DimensionLabModel::setKeys(int keys)
{
    return setField(&attn::DimensionExperimentParams::keys, keys);
}

void DimensionLabModel::setSeed(std::uint64_t seed)
{
    setField(&attn::DimensionExperimentParams::seed, seed);
}

bool DimensionLabModel::setParams(const attn::DimensionExperimentParams &p)
{
    if (p.dimension < kMinDimension || p.dimension > kMaxDimension || !std::isfinite(p.sigma) ||
        p.sigma < kMinSigma || p.sigma > kMaxSigma || p.samples < kMinSamples ||
        p.samples > kMaxSamples || p.keys < kMinKeys || p.keys > kMaxKeys)
        return false;
    if (samePoint(p, m_params))
        return true;
    // The curves over d do not depend on d: moving only d recomputes only the point.
    const bool sweep = !sameSweep(p, m_params);
    m_params = p;
    emit paramsChanged();
    schedule(true, sweep);
    return true;
}

bool DimensionLabModel::sameSweep(const attn::DimensionExperimentParams &a,
                                  const attn::DimensionExperimentParams &b)
{
    return a.sigma == b.sigma && a.samples == b.samples && a.keys == b.keys && a.seed == b.seed;
}

bool DimensionLabModel::isBusy() const
{
    return m_pointPending || m_sweepPending || m_pointRunning || m_sweepRunning;
}

void DimensionLabModel::cancel()
{
    if (!isBusy())
        return;
    m_kick.stop();
    m_pointWatcher.future().cancel();
    m_sweepWatcher.future().cancel();
    const bool sweepCut = m_sweepPending || m_sweepRunning;
    m_pointPending = m_sweepPending = false;
    m_pointRunning = m_sweepRunning = false;
    m_cancelled = true;
    // A sweep cut short may have replaced the curves in part: the last whole ones come back
    // (still not complete() for the parameters now set, which they were not computed for).
    if (sweepCut && !m_lastWholeSweep.empty()) {
        m_sweep = m_lastWholeSweep;
        emit sweepChanged();
    }
    updateProgress();
    updateBusy();
}

void DimensionLabModel::schedule(bool point, bool sweep)
{
    m_cancelled = false;
    // Stop stale work at once, so that its thread is free by the time the new run starts.
    if (point) {
        m_pointWatcher.future().cancel();
        m_pointPending = true;
    }
    if (sweep) {
        m_sweepWatcher.future().cancel();
        m_sweepPending = true;
        m_sweepComplete = false;
    }
    m_kick.start();
    updateBusy();
}

void DimensionLabModel::start()
{
    const attn::DimensionExperimentParams params = m_params;
    if (m_pointPending) {
        m_pointPending = false;
        QFuture<PointPtr> future =
            QtConcurrent::run(&m_pool, [params](QPromise<PointPtr> &promise) {
                if (promise.isCanceled())
                    return;
                promise.setProgressRange(0, kProgressRange);
                auto outcome = std::make_shared<PointOutcome>();
                outcome->params = params;
                auto r = attn::runDimensionExperiment(params, [&promise](double f) {
                    promise.setProgressValue(int(f * kProgressRange));
                    return !promise.isCanceled();
                });
                if (promise.isCanceled())
                    return;
                if (r) {
                    auto histograms = attn::scoreHistograms(*r, kHistogramBins);
                    if (histograms) {
                        outcome->summary = attn::summarize(params, *r);
                        outcome->histograms = std::move(histograms).value();
                        outcome->result = std::move(r).value();
                    } else {
                        outcome->error = histograms.error();
                    }
                } else {
                    outcome->error = r.error();
                }
                promise.addResult(PointPtr(std::move(outcome)));
            });
        m_pointWatcher.setFuture(future);
        m_pointRunning = true;
        m_pointFraction = 0;
        m_pointCost = cost(params.dimension);
    }
    if (m_sweepPending) {
        m_sweepPending = false;
        QFuture<SweepStep> future =
            QtConcurrent::run(&m_pool, [params](QPromise<SweepStep> &promise) {
                promise.setProgressRange(0, kProgressRange);
                const double total = sweepCost();
                double done = 0;
                for (int d : attn::sweepDimensions()) {
                    if (promise.isCanceled())
                        return;
                    attn::DimensionExperimentParams p = params;
                    p.dimension = d;
                    const double c = cost(d);
                    auto r = attn::runDimensionExperiment(p, [&](double f) {
                        promise.setProgressValue(int(kProgressRange * (done + f * c) / total));
                        return !promise.isCanceled();
                    });
                    if (promise.isCanceled())
                        return;
                    if (!r) {
                        promise.addResult(SweepStep{p, r.error(), {}});
                        return;
                    }
                    promise.addResult(SweepStep{p, std::nullopt, attn::summarize(p, *r)});
                    done += c;
                }
            });
        m_sweepWatcher.setFuture(future);
        m_sweepRunning = true;
        m_sweepFraction = 0;
    }
    updateProgress();
    updateBusy();
}

void DimensionLabModel::onPointFinished()
{
    const QFuture<PointPtr> future = m_pointWatcher.future();
    // A cancelled run was replaced by a newer one, which will report instead.
    if (future.isCanceled())
        return;
    m_pointRunning = false;
    if (future.resultCount() > 0) {
        const PointPtr outcome = future.result();
        if (samePoint(outcome->params, m_params)) {
            if (outcome->error) {
                fail(*outcome->error);
            } else {
                m_point = outcome;
                m_errorText.clear();
                emit pointChanged();
            }
        }
    }
    updateProgress();
    updateBusy();
}

void DimensionLabModel::onSweepStep(int index)
{
    const SweepStep step = m_sweepWatcher.resultAt(index);
    if (!sameSweep(step.params, m_params))
        return;
    if (step.error) {
        fail(*step.error);
        return;
    }
    // Steps arrive in order of d. The first of a new sweep drops the old curves: points of two
    // parameter sets on one curve would draw a kink that is not there.
    if (index == 0)
        m_sweep.clear();
    m_sweep.push_back(step.summary);
    emit sweepChanged();
}

void DimensionLabModel::onSweepFinished()
{
    const QFuture<SweepStep> future = m_sweepWatcher.future();
    if (future.isCanceled())
        return;
    m_sweepRunning = false;
    if (future.resultCount() == int(attn::sweepDimensions().size()) &&
        sameSweep(future.resultAt(0).params, m_params)) {
        m_sweepComplete = true;
        m_lastWholeSweep = m_sweep;
        emit sweepChanged();
    }
    updateProgress();
    updateBusy();
}

void DimensionLabModel::fail(const attn::Error &error)
{
    m_errorText = ErrorText::describe(error);
    emit failed(m_errorText);
}

void DimensionLabModel::updateProgress()
{
    double work = 0, done = 0;
    if (m_pointRunning || m_pointPending) {
        work += m_pointCost;
        done += m_pointRunning ? m_pointCost * m_pointFraction : 0;
    }
    if (m_sweepRunning || m_sweepPending) {
        work += sweepCost();
        done += m_sweepRunning ? sweepCost() * m_sweepFraction : 0;
    }
    const double progress = work > 0 ? done / work : 1.0;
    if (progress != m_progress) {
        m_progress = progress;
        emit progressChanged(progress);
    }
}

void DimensionLabModel::updateBusy()
{
    const bool busy = isBusy();
    if (busy != m_busy) {
        m_busy = busy;
        emit busyChanged(busy);
    }
}
