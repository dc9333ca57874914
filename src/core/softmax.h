#pragma once

#include "error.h"
#include "normaliser.h"
#include "types.h"

#include <optional>

namespace attn {

/// Every intermediate of a normaliser applied to s/τ (softmax by default), kept so that a learner
/// can redo the arithmetic. Masked entries have exps = 0 and weights = 0 exactly; their logits
/// and shifted values are still reported. Values that would overflow a double saturate at
/// ±DBL_MAX, so every field is finite. logits, shifted, exps and weights have one entry per key
/// for every normaliser.
struct SoftmaxTrace
{
    Normaliser normaliser = Normaliser::Softmax;
    Vector logits;        ///< z = s / τ
    double maxLogit = 0;  ///< the shift m: softmax, sparsemax: max z; softmax₁: max(0, max z);
                          ///< sigmoid: 0
    Vector shifted;       ///< z − m
    Vector exps;          ///< softmax, softmax₁: exp(shifted), in (0, 1], 0 where masked; else 0
    double sum = 0;       ///< softmax: Σ exps ≥ 1; softmax₁: exp(−m) + Σ exps ≥ 1; else 0
    Vector weights;       ///< the normaliser's output
    double weightSum = 0; ///< Σ weights: 1 for softmax and sparsemax, < 1 for softmax₁ (up to rounding)
    /// Softmax₁: exp(−m) / sum = 1 − Σ weights, the weight of the implicit key ("nothing").
    double nothingWeight = 0;
    /// Sparsemax: the unmasked logits in descending order, their running sums, the support size
    /// k (the largest j with 1 + j·z₍ⱼ₎ > Σᵢ≤ⱼ z₍ᵢ₎) and the threshold τ* = (Σᵢ≤ₖ z₍ᵢ₎ − 1)/k.
    Vector sortedLogits;
    Vector cumulativeSums;
    int support = 0; ///< the number of keys with weight > 0 (for every normaliser)
    double threshold = 0;
    double bias = 0; ///< sigmoid: the b of σ(z + b)
};

/// softmax(scores / temperature) with the maximum subtracted first, so that no score however
/// large overflows. `mask` is empty (no mask) or has one entry per score, true = left out.
/// Errors: NoKeys, NonFinite, BadTemperature, CountMismatch (mask), AllMasked.
Result<SoftmaxTrace> softmax(const Vector &scores, double temperature = 1.0, const Mask &mask = {});

/// `normaliser` applied to scores / temperature, with the same checks and errors as softmax();
/// `sigmoidBias` is used by sigmoid only (none = −ln n, n the unmasked keys; it must be finite).
/// The weights come from normaliseRow() (normaliser.h), the other fields are for display.
Result<SoftmaxTrace> normalise(const Vector &scores, double temperature, const Mask &mask,
                               Normaliser normaliser,
                               std::optional<double> sigmoidBias = std::nullopt);

/// Shannon entropy −Σ w log w in nats (0 log 0 = 0).
double entropy(const Vector &weights);

} // namespace attn
