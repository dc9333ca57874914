#include "dimensionlab.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace attn {

DimensionSummary summarize(const DimensionExperimentParams &params,
                           const DimensionExperimentResult &result)
{
    DimensionSummary s;
    s.dimension = params.dimension;
    s.rawVariance = result.rawVariance;
    s.scaledVariance = result.scaledVariance;
    s.theoryRawVariance = result.theoryVariance;
    const double sigma2 = params.sigma * params.sigma;
    s.theoryScaledVariance = sigma2 * sigma2;
    s.varianceRatio = result.rawVariance / result.theoryVariance;
    s.trials = result.trials;
    const double none = std::numeric_limits<double>::quiet_NaN();
    const bool any = result.trials > 0;
    s.meanMaxWeightRaw = any ? result.meanMaxWeightRaw : none;
    s.meanMaxWeightScaled = any ? result.meanMaxWeightScaled : none;
    s.meanEntropyRaw = any ? result.meanEntropyRaw : none;
    s.meanEntropyScaled = any ? result.meanEntropyScaled : none;
    s.uniformWeight = 1.0 / double(params.keys);
    s.maxEntropy = std::log(double(params.keys));
    return s;
}

std::vector<int> sweepDimensions()
{
    std::vector<int> dims;
    for (int d = 1; d <= 4096; d *= 2)
        dims.push_back(d);
    return dims;
}

Result<ScoreHistograms> scoreHistograms(const DimensionExperimentResult &result, int bins)
{
    double m = 0;
    for (const auto *list : {&result.raw, &result.scaled})
        for (double x : *list)
            if (std::isfinite(x))
                m = std::max(m, std::abs(x));
    if (m == 0)
        m = 1;
    auto raw = histogram(result.raw, bins, -m, m);
    if (!raw)
        return raw.error();
    auto scaled = histogram(result.scaled, bins, -m, m);
    if (!scaled)
        return scaled.error();
    return ScoreHistograms{std::move(raw).value(), std::move(scaled).value()};
}

} // namespace attn
