#include "softmax.h"

#include "fastmath.h"
#include "vectormath.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <functional>
#include <limits>
#include <vector>

namespace attn {

Result<SoftmaxTrace> softmax(const Vector &scores, double temperature, const Mask &mask)
{
    return normalise(scores, temperature, mask, Normaliser::Softmax);
}

namespace {
Vector saturated(const Eigen::ArrayXd &x)
{
    return x.max(-DBL_MAX).min(DBL_MAX).matrix();
}

// Sparsemax's sort-based steps for the step table: the unmasked logits in descending order and
// their running sums (saturated, so that they stay finite).
void sparsemaxSteps(SoftmaxTrace &t, const Mask &mask)
{
    std::vector<double> sorted;
    for (Eigen::Index i = 0; i < t.logits.size(); ++i) {
        if (mask.empty() || !mask[std::size_t(i)])
            sorted.push_back(t.logits[i]);
    }
    std::sort(sorted.begin(), sorted.end(), std::greater<>());
    t.sortedLogits = Eigen::Map<const Vector>(sorted.data(), Eigen::Index(sorted.size()));
    t.cumulativeSums.resize(t.sortedLogits.size());
    double sum = 0;
    for (Eigen::Index j = 0; j < t.sortedLogits.size(); ++j) {
        sum = std::clamp(sum + t.sortedLogits[j], -DBL_MAX, DBL_MAX);
        t.cumulativeSums[j] = sum;
    }
}
} // namespace

Result<SoftmaxTrace> normalise(const Vector &scores, double temperature, const Mask &mask,
                               Normaliser normaliser, std::optional<double> sigmoidBias)
{
    const Eigen::Index n = scores.size();
    if (n == 0)
        return Error{ErrorCode::NoKeys, "scores"};
    if (!std::isfinite(temperature) || temperature <= 0)
        return Error{ErrorCode::BadTemperature, "temperature"};
    if (!mask.empty() && Eigen::Index(mask.size()) != n)
        return Error{ErrorCode::CountMismatch, "mask", n, (long long)mask.size()};
    if (!detail::allFinite(scores))
        return Error{ErrorCode::NonFinite, "scores"};
    if (sigmoidBias && !std::isfinite(*sigmoidBias))
        return Error{ErrorCode::NonFinite, "sigmoid_bias"};

    if (!mask.empty() && std::find(mask.begin(), mask.end(), false) == mask.end())
        return Error{ErrorCode::AllMasked, "mask"};

    SoftmaxTrace t;
    t.normaliser = normaliser;
    // Saturating keeps every trace field finite: a logit of ±inf (a huge score over a tiny τ) is
    // shown as ±DBL_MAX and still yields the right weights.
    t.logits = saturated(scores.array() / temperature);
    // The row functions take a masked key as −∞.
    Vector z = t.logits;
    for (std::size_t i = 0; i < mask.size(); ++i) {
        if (mask[i])
            z[Eigen::Index(i)] = -std::numeric_limits<double>::infinity();
    }
    t.weights.resize(n);
    const RowFacts f = normaliseRow(normaliser, z, t.weights, sigmoidBias);

    t.maxLogit = f.shift;
    t.sum = f.denominator;
    t.weightSum = f.weightSum;
    t.support = f.support;
    t.threshold = f.threshold;
    t.bias = f.bias;
    // A masked key's logit may lie above the maximum, so both ends are clamped.
    t.shifted = saturated(t.logits.array() - f.shift);
    t.exps = Vector::Zero(n);
    if (normaliser == Normaliser::Softmax || normaliser == Normaliser::Softmax1) {
        // Every unmasked shifted value is ≤ 0, so exp never overflows.
        detail::expNonPositiveInto(t.shifted.data(), t.exps.data(), std::size_t(n));
        for (std::size_t i = 0; i < mask.size(); ++i) {
            if (mask[i])
                t.exps[Eigen::Index(i)] = 0.0;
        }
    }
    if (normaliser == Normaliser::Softmax1)
        t.nothingWeight = std::exp(-f.shift) / f.denominator;
    if (normaliser == Normaliser::Sparsemax)
        sparsemaxSteps(t, mask);
    return t;
}

double entropy(const Vector &weights)
{
    double h = 0;
    for (Eigen::Index i = 0; i < weights.size(); ++i) {
        if (weights[i] > 0)
            h -= weights[i] * std::log(weights[i]);
    }
    return h;
}

} // namespace attn
