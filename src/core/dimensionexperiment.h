#pragma once

#include "error.h"

#include <cstdint>
#include <functional>
#include <vector>

namespace attn {

/// Why √d: q, k ~ N(0, σ² I_d), and how softmax behaves with and without dividing by √d.
struct DimensionExperimentParams
{
    int dimension = 64;  ///< d, 1 … 4096
    double sigma = 1.0;  ///< σ > 0
    int samples = 10000; ///< N dot products, 1 … 1,000,000
    int keys = 8;        ///< n keys per softmax, 2 … 1024
    std::uint64_t seed = 1;
};

/// The N samples are drawn as ⌈N / n⌉ trials of one query against n fresh keys (the last trial
/// may be shorter); the softmax statistics average over the full trials.
struct DimensionExperimentResult
{
    std::vector<double> raw;                   ///< qᵀk
    std::vector<double> scaled;                ///< qᵀk / √d
    double rawMean = 0, rawVariance = 0;       ///< empirical (unbiased) variance of raw
    double scaledMean = 0, scaledVariance = 0; ///< of scaled
    double theoryVariance = 0;                 ///< d σ⁴
    double meanMaxWeightRaw = 0;               ///< mean over trials of max softmax(raw scores)
    double meanMaxWeightScaled = 0;            ///< the same with scaling
    double meanEntropyRaw = 0;                 ///< mean softmax entropy in nats, raw
    double meanEntropyScaled = 0;              ///< and scaled; ln n is the uniform maximum
    int trials = 0; ///< full trials (⌊N / n⌋), the ones the softmax statistics average over
};

/// How many random draws the experiment makes between two calls of its `progress`: a few
/// milliseconds of work at any d and n, so that a cancel is obeyed as quickly at d = 4096 with
/// 512 keys as at d = 2 (a count of trials would leave seconds between calls there).
inline constexpr long long kDrawsPerProgressCall = 1ll << 20;

/// Runs the experiment. `progress`, if given, is called about every kDrawsPerProgressCall draws
/// with a fraction in [0, 1] and may return false to cancel (the result is then BadArgument with
/// subject "cancelled").
Result<DimensionExperimentResult>
runDimensionExperiment(const DimensionExperimentParams &params,
                       const std::function<bool(double)> &progress = {});

} // namespace attn
