#include "softmax.h"

#include <cfloat>
#include <cmath>

namespace attn {

namespace {
// Saturating keeps every trace field finite: a logit of ±inf (a huge score over a tiny τ) is
// shown as ±DBL_MAX and still yields the right weights.
double saturate(double x)
{
    if (x > DBL_MAX)
        return DBL_MAX;
    if (x < -DBL_MAX)
        return -DBL_MAX;
    return x;
}
} // namespace

Result<SoftmaxTrace> softmax(const Vector &scores, double temperature, const Mask &mask)
{
    const Eigen::Index n = scores.size();
    if (n == 0)
        return Error{ErrorCode::NoKeys, "scores"};
    if (!std::isfinite(temperature) || temperature <= 0)
        return Error{ErrorCode::BadTemperature, "temperature"};
    if (!mask.empty() && Eigen::Index(mask.size()) != n)
        return Error{ErrorCode::CountMismatch, "mask", n, (long long)mask.size()};
    if (!scores.allFinite())
        return Error{ErrorCode::NonFinite, "scores"};

    const bool masked = !mask.empty();
    SoftmaxTrace t;
    t.logits.resize(n);
    bool any = false;
    double maxLogit = -DBL_MAX;
    for (Eigen::Index i = 0; i < n; ++i) {
        const double logit = saturate(scores[i] / temperature);
        t.logits[i] = logit;
        if (masked && mask[i])
            continue;
        if (!any || logit > maxLogit)
            maxLogit = logit;
        any = true;
    }
    if (!any)
        return Error{ErrorCode::AllMasked, "mask"};

    t.maxLogit = maxLogit;
    t.shifted.resize(n);
    t.exps.resize(n);
    double sum = 0;
    for (Eigen::Index i = 0; i < n; ++i) {
        t.shifted[i] = saturate(t.logits[i] - maxLogit);
        // Every unmasked shifted value is ≤ 0, so exp never overflows; the maximum gives 1.
        t.exps[i] = (masked && mask[i]) ? 0.0 : std::exp(t.shifted[i]);
        sum += t.exps[i];
    }
    t.sum = sum;
    t.weights = t.exps / sum;
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
