#include "softmax.h"

#include "fastmath.h"
#include "vectormath.h"

#include <cfloat>
#include <cmath>

namespace attn {

Result<SoftmaxTrace> softmax(const Vector &scores, double temperature, const Mask &mask)
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

    const bool masked = !mask.empty();
    SoftmaxTrace t;
    // Saturating keeps every trace field finite: a logit of ±inf (a huge score over a tiny τ) is
    // shown as ±DBL_MAX and still yields the right weights. Whole-vector operations, so that the
    // compiler vectorises them.
    t.logits = (scores.array() / temperature).max(-DBL_MAX).min(DBL_MAX).matrix();
    double maxLogit = -DBL_MAX;
    if (!masked) {
        maxLogit = t.logits.maxCoeff();
    } else {
        bool any = false;
        for (Eigen::Index i = 0; i < n; ++i) {
            if (!mask[i] && (!any || t.logits[i] > maxLogit)) {
                maxLogit = t.logits[i];
                any = true;
            }
        }
        if (!any)
            return Error{ErrorCode::AllMasked, "mask"};
    }

    t.maxLogit = maxLogit;
    // A masked key's logit may lie above the maximum, so both ends are clamped.
    t.shifted = (t.logits.array() - maxLogit).max(-DBL_MAX).min(DBL_MAX).matrix();
    // Every unmasked shifted value is ≤ 0, so exp never overflows; the maximum gives 1. A masked
    // key's value may be anything: its exp is replaced by exactly 0.
    t.exps.resize(n);
    detail::expNonPositiveInto(t.shifted.data(), t.exps.data(), std::size_t(n));
    if (masked) {
        for (Eigen::Index i = 0; i < n; ++i) {
            if (mask[i])
                t.exps[i] = 0.0;
        }
    }
    t.sum = t.exps.sum();
    t.weights = t.exps / t.sum;
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
