#include "dimensionexperiment.h"

#include "random.h"
#include "softmax.h"

#include <algorithm>
#include <cmath>

namespace attn {

namespace {
// Welford's update: one pass, no catastrophic cancellation for large means.
struct RunningVariance
{
    double mean = 0, m2 = 0;
    long long count = 0;
    void add(double x)
    {
        ++count;
        const double delta = x - mean;
        mean += delta / double(count);
        m2 += delta * (x - mean);
    }
    double variance() const { return count > 1 ? m2 / double(count - 1) : 0.0; }
};
} // namespace

Result<DimensionExperimentResult>
runDimensionExperiment(const DimensionExperimentParams &p,
                       const std::function<bool(double)> &progress)
{
    if (p.dimension < 1 || p.dimension > 4096)
        return Error{ErrorCode::BadArgument, "dimension", 4096, p.dimension};
    if (!std::isfinite(p.sigma) || p.sigma <= 0)
        return Error{ErrorCode::BadArgument, "sigma"};
    if (p.samples < 1 || p.samples > 1000000)
        return Error{ErrorCode::BadArgument, "samples", 1000000, p.samples};
    if (p.keys < 2 || p.keys > 1024)
        return Error{ErrorCode::BadArgument, "keys", 1024, p.keys};

    const int d = p.dimension;
    const int n = p.keys;
    const double sqrtD = std::sqrt(double(d));
    const double sigma2 = p.sigma * p.sigma;

    DimensionExperimentResult r;
    r.raw.resize(p.samples);
    r.scaled.resize(p.samples);
    r.theoryVariance = double(d) * sigma2 * sigma2;

    Random rng(p.seed);
    std::vector<double> q(d);
    Vector trialScores(n);
    RunningVariance rawVar, scaledVar;
    double maxRaw = 0, maxScaled = 0, entRaw = 0, entScaled = 0;
    int sample = 0;
    long long draws = 0; // since progress was last called
    while (sample < p.samples) {
        // One trial: a fresh query against up to n fresh keys, all N(0, σ² I_d).
        for (double &x : q)
            x = rng.normal();
        draws += d;
        const int count = std::min(n, p.samples - sample);
        for (int i = 0; i < count; ++i) {
            double dot = 0;
            for (int j = 0; j < d; ++j)
                dot += q[j] * rng.normal();
            dot *= sigma2; // (σ a)·(σ b) = σ² a·b
            r.raw[sample + i] = dot;
            r.scaled[sample + i] = dot / sqrtD;
            rawVar.add(dot);
            scaledVar.add(dot / sqrtD);
            trialScores[i] = dot;
            // Within the trial: at d = 4096 one trial of 512 keys is two million draws.
            draws += d;
            if (progress && draws >= kDrawsPerProgressCall) {
                draws = 0;
                if (!progress(double(sample + i + 1) / p.samples))
                    return Error{ErrorCode::BadArgument, "cancelled"};
            }
        }
        if (count == n) {
            auto raw = softmax(trialScores);
            auto scaled = softmax(trialScores / sqrtD);
            if (!raw || !scaled)
                return raw ? scaled.error() : raw.error();
            maxRaw += raw->weights.maxCoeff();
            maxScaled += scaled->weights.maxCoeff();
            entRaw += entropy(raw->weights);
            entScaled += entropy(scaled->weights);
            ++r.trials;
        }
        sample += count;
    }
    r.rawMean = rawVar.mean;
    r.rawVariance = rawVar.variance();
    r.scaledMean = scaledVar.mean;
    r.scaledVariance = scaledVar.variance();
    if (r.trials > 0) {
        r.meanMaxWeightRaw = maxRaw / r.trials;
        r.meanMaxWeightScaled = maxScaled / r.trials;
        r.meanEntropyRaw = entRaw / r.trials;
        r.meanEntropyScaled = entScaled / r.trials;
    }
    if (progress)
        progress(1.0);
    return r;
}

} // namespace attn
