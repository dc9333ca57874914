#pragma once

#include "dimensionexperiment.h"
#include "histogram.h"

#include <vector>

/// What the dimension lab shows of a runDimensionExperiment() result: the measured figures
/// beside the theory they are compared with, and the two score histograms on one range.
namespace attn {

/// One point of the lab's curves over d.
struct DimensionSummary
{
    int dimension = 1;               ///< d
    double rawVariance = 0;          ///< measured Var(qᵀk)
    double scaledVariance = 0;       ///< measured Var(qᵀk / √d)
    double theoryRawVariance = 0;    ///< d σ⁴
    double theoryScaledVariance = 0; ///< σ⁴: dividing by √d divides the variance by d
    double varianceRatio = 0;        ///< rawVariance / (d σ⁴); 1 when measurement meets theory
    /// Softmax statistics over the full trials; NaN when N < n leaves no full trial.
    double meanMaxWeightRaw = 0;
    double meanMaxWeightScaled = 0;
    double meanEntropyRaw = 0;    ///< nats
    double meanEntropyScaled = 0; ///< nats
    double uniformWeight = 0;     ///< 1 / n: the largest weight when softmax spreads evenly
    double maxEntropy = 0;        ///< ln n: the entropy of the uniform weights
    int trials = 0;
};

/// The summary of `result`, which runDimensionExperiment(`params`) returned.
DimensionSummary summarize(const DimensionExperimentParams &params,
                           const DimensionExperimentResult &result);

/// The dimensions of the lab's curves: 1, 2, 4, …, 4096 (every power of two the experiment
/// accepts).
std::vector<int> sweepDimensions();

/// The raw and the scaled scores binned on one shared range.
struct ScoreHistograms
{
    Histogram raw;
    Histogram scaled;
};

/// Bins result.raw and result.scaled into `bins` bins each over the same range [−m, m], where m is
/// the largest |score| of either list (1 if every score is 0): symmetric, since both
/// distributions are centred on 0, and shared, so that the narrowing by √d can be seen.
Result<ScoreHistograms> scoreHistograms(const DimensionExperimentResult &result, int bins);

} // namespace attn
