#pragma once

#include "error.h"
#include "types.h"

namespace attn {

/// Every intermediate of softmax(s/τ), kept so that a learner can redo the arithmetic.
/// Masked entries have exps = 0 and weights = 0 exactly; their logits and shifted values are
/// still reported. Values that would overflow a double saturate at ±DBL_MAX, so every field
/// is finite.
struct SoftmaxTrace
{
    Vector logits;       ///< s / τ
    double maxLogit = 0; ///< the largest unmasked logit, subtracted before exp
    Vector shifted;      ///< s / τ − max
    Vector exps;         ///< exp(shifted), in (0, 1]; 0 where masked
    double sum = 0;      ///< Σ exps, ≥ 1
    Vector weights;      ///< exps / sum
};

/// softmax(scores / temperature) with the maximum subtracted first, so that no score however
/// large overflows. `mask` is empty (no mask) or has one entry per score, true = left out.
/// Errors: NoKeys, NonFinite, BadTemperature, CountMismatch (mask), AllMasked.
Result<SoftmaxTrace> softmax(const Vector &scores, double temperature = 1.0, const Mask &mask = {});

/// Shannon entropy −Σ w log w in nats (0 log 0 = 0).
double entropy(const Vector &weights);

} // namespace attn
