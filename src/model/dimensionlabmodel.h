#pragma once

#include "core/dimensionexperiment.h"
#include "core/dimensionlab.h"

#include <QFutureWatcher>
#include <QObject>
#include <QString>
#include <QThreadPool>
#include <QTimer>

#include <memory>
#include <optional>
#include <vector>

/// The state of the dimension lab: the experiment's parameters and what the core computed for
/// them. Two kinds of run happen in worker threads, never on the caller's thread:
/// - the point: one runDimensionExperiment() at the current d, with its score histograms;
/// - the sweep: the same at every d of attn::sweepDimensions(), for the curves over d. It does not
///   depend on d, so moving the d slider starts only a point.
/// An edit cancels the run it makes stale; edits within one pass of the event loop start one run.
/// Results stay shown until newer ones arrive, so that the pictures do not blink while a slider
/// moves.
class DimensionLabModel : public QObject
{
    Q_OBJECT

public:
    // The lab's ranges; the experiment accepts wider ones.
    static constexpr int kMinDimension = 1;
    static constexpr int kMaxDimension = 4096;
    static constexpr double kMinSigma = 0.1;
    static constexpr double kMaxSigma = 4.0;
    static constexpr int kMinSamples = 1000;
    static constexpr int kMaxSamples = 1000000;
    static constexpr int kMinKeys = 2;
    static constexpr int kMaxKeys = 512;
    static constexpr int kHistogramBins = 61; // odd: 0 sits in the middle of a bin
    static constexpr int kProgressRange = 1000;

    explicit DimensionLabModel(QObject *parent = nullptr);
    ~DimensionLabModel() override;

    /// The parameters as last set (what is being or was last computed).
    const attn::DimensionExperimentParams &params() const { return m_params; }

    // Edits outside the lab's ranges (or NaN) are refused and return false.
    bool setDimension(int d);
    bool setSigma(double sigma);
    bool setSamples(int samples);
    bool setKeys(int keys);
    void setSeed(std::uint64_t seed);
    bool setParams(const attn::DimensionExperimentParams &params);

    /// True once a point has been computed.
    bool hasPoint() const { return m_point != nullptr; }
    /// The parameters of the shown point (they differ from params() while a newer point runs).
    const attn::DimensionExperimentParams &pointParams() const { return m_point->params; }
    const attn::DimensionExperimentResult &point() const { return m_point->result; }
    const attn::DimensionSummary &pointSummary() const { return m_point->summary; }
    const attn::ScoreHistograms &histograms() const { return m_point->histograms; }

    /// One summary per dimension of attn::sweepDimensions() computed so far, in that order. The
    /// older curves stay until the first point of a newer sweep arrives; then the curves grow
    /// again from d = 1, never mixing two parameter sets.
    const std::vector<attn::DimensionSummary> &sweep() const { return m_sweep; }
    /// True when every point of sweep() belongs to the current parameters.
    bool sweepComplete() const { return m_sweepComplete; }

    /// True while a run is pending or in progress.
    bool isBusy() const;
    /// The share of the pending work that is done, in [0, 1], weighted by each run's cost.
    double progress() const { return m_progress; }
    /// Stops every pending and running run at once (their threads follow within one progress
    /// check of the experiment); the point and the curves on show stay as they are. Until the
    /// next edit, wasCancelled() is true.
    void cancel();
    bool wasCancelled() const { return m_cancelled; }

    /// Why the last run failed (translated); empty after a success.
    QString errorText() const { return m_errorText; }

signals:
    void paramsChanged();
    /// A new point (and its histograms) is available.
    void pointChanged();
    /// The curves changed: one more point of a sweep, or a whole new one.
    void sweepChanged();
    void busyChanged(bool busy);
    void progressChanged(double fraction);
    /// A run failed; errorText() says why.
    void failed(const QString &message);

private:
    // The current parameters with one field changed, through setParams().
    template <typename T> bool setField(T attn::DimensionExperimentParams::*field, T value)
    {
        attn::DimensionExperimentParams p = m_params;
        p.*field = value;
        return setParams(p);
    }

    struct PointOutcome
    {
        attn::DimensionExperimentParams params;
        std::optional<attn::Error> error;
        attn::DimensionExperimentResult result;
        attn::DimensionSummary summary;
        attn::ScoreHistograms histograms;
    };
    struct SweepStep
    {
        attn::DimensionExperimentParams params; // with the step's dimension
        std::optional<attn::Error> error;
        attn::DimensionSummary summary;
    };
    using PointPtr = std::shared_ptr<const PointOutcome>;

    void schedule(bool point, bool sweep);
    void start();
    void onPointFinished();
    void onSweepStep(int index);
    void onSweepFinished();
    void fail(const attn::Error &error);
    void updateProgress();
    void updateBusy();
    static bool sameSweep(const attn::DimensionExperimentParams &a,
                          const attn::DimensionExperimentParams &b);

    attn::DimensionExperimentParams m_params;
    QThreadPool m_pool;
    QTimer m_kick;
    bool m_pointPending = false;
    bool m_sweepPending = false;
    QFutureWatcher<PointPtr> m_pointWatcher;
    QFutureWatcher<SweepStep> m_sweepWatcher;
    bool m_pointRunning = false;
    bool m_sweepRunning = false;
    double m_pointFraction = 0, m_sweepFraction = 0;
    double m_pointCost = 0; // of the running point, in the units of the sweep's cost
    double m_progress = 1;
    bool m_busy = false;
    PointPtr m_point;
    std::vector<attn::DimensionSummary> m_sweep;
    bool m_sweepComplete = false;
    // The curves of the last whole sweep, put back when a newer one is cancelled part-way.
    std::vector<attn::DimensionSummary> m_lastWholeSweep;
    bool m_cancelled = false;
    QString m_errorText;
};
