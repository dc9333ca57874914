#pragma once

#include "normaliser.h"
#include "types.h"

#include <optional>
#include <vector>

namespace attn {

/// Bahdanau's additive score vᵀ tanh(W_q q + W_k k + b); H is the hidden size.
struct AdditiveParams
{
    Matrix wq; ///< H × d_q
    Matrix wk; ///< H × d_k
    Vector b;  ///< H
    Vector v;  ///< H
    int hiddenSize() const { return int(v.size()); }
};

/// One head's projections; they act on column vectors (W·x).
struct Head
{
    Matrix wq; ///< d_k × d_model
    Matrix wk; ///< d_k × d_model
    Matrix wv; ///< d_v × d_model
};

struct MultiHeadParams
{
    std::vector<Head> heads;
    Matrix wo; ///< d_model × (h · d_v)
};

/// Everything a score function or softmax may need besides q, K and V.
struct AttentionParams
{
    double temperature = 1.0; ///< τ > 0, applied as softmax(s/τ) for every method and head
    double scaleDim = 0;      ///< the d of √d for Scaled; 0 = the key dimension
    Matrix general;           ///< W of qᵀ W k (d_q × d_k); empty = identity
    AdditiveParams additive;
    MultiHeadParams multiHead;
    Mask mask; ///< empty, or one entry per key (true = left out)
    /// How the scores become weights, for every method and every head.
    Normaliser normaliser = Normaliser::Softmax;
    std::optional<double> sigmoidBias; ///< sigmoid's b; none = −ln n, n the unmasked keys
};

} // namespace attn
