#pragma once

#include "attention.h"
#include "error.h"
#include "params.h"
#include "types.h"

#include <vector>

namespace attn {

/// The softmax of one key, copied from an AttentionResult's trace so that an explanation and
/// a table built from the same result show the same numbers.
struct SoftmaxStep
{
    double score = 0;       ///< s (for a head: that head's scaled score)
    double temperature = 1; ///< τ
    double logit = 0;       ///< s / τ
    double maxLogit = 0;    ///< the largest unmasked s / τ
    double shifted = 0;     ///< s / τ − max
    double exp = 0;         ///< exp(s / τ − max); 0 when masked
    double sum = 0;         ///< Σ exp over all keys
    double weight = 0;      ///< exp / sum
    bool masked = false;
};

/// One head's share of a multi-head score for one key.
struct HeadBreakdown
{
    Vector query;      ///< W_Q q (d_k)
    Vector key;        ///< W_K kᵢ (d_k)
    Vector products;   ///< (W_Q q)_j (W_K kᵢ)_j
    double dot = 0;    ///< Σ products
    double dk = 0;     ///< d_k
    double sqrtDk = 0; ///< √d_k
    double scaled = 0; ///< dot / √d_k, the head's score
    SoftmaxStep softmax;
};

/// Every intermediate of one key's score for one method, so that a learner can redo the
/// arithmetic by hand. Only the fields of `method` are filled; the others stay empty or 0.
struct ScoreBreakdown
{
    Method method = Method::Dot;
    int key = 0;
    Vector query;     ///< q as computed (the displayed vector)
    Vector keyVector; ///< kᵢ as computed

    // Dot, Scaled, Cosine: q·kᵢ term by term.
    Vector products; ///< q_j k_j
    double dot = 0;  ///< Σ products

    // Scaled.
    double scaleDim = 0;  ///< d of √d
    double sqrtScale = 0; ///< √d
    double scaled = 0;    ///< dot / √d

    // Cosine.
    double queryNorm = 0;   ///< ‖q‖
    double keyNorm = 0;     ///< ‖kᵢ‖
    double normProduct = 0; ///< ‖q‖ ‖kᵢ‖
    double cosine = 0;      ///< dot / (‖q‖ ‖kᵢ‖), 0 when a norm is 0
    bool zeroNorm = false;  ///< q or kᵢ has zero length: the score is defined as 0

    // General: qᵀ (W kᵢ).
    Matrix generalW;        ///< W (the identity when the params leave it empty)
    Vector wk;              ///< W kᵢ
    Vector generalProducts; ///< q_j (W kᵢ)_j
    double general = 0;     ///< Σ generalProducts

    // Additive: vᵀ tanh(W_q q + W_k kᵢ + b).
    Vector wqq;           ///< W_q q (H)
    Vector wkk;           ///< W_k kᵢ (H)
    Vector bias;          ///< b (H)
    Vector preActivation; ///< W_q q + W_k kᵢ + b
    Vector tanhValues;    ///< tanh(preActivation)
    Vector v;             ///< v (H)
    Vector vTanh;         ///< v ∘ tanh(…)
    double additive = 0;  ///< Σ vTanh

    // MultiHead.
    std::vector<HeadBreakdown> heads;
    double meanScore = 0;  ///< the mean of the heads' scores (what result.scores holds)
    double meanWeight = 0; ///< the mean of the heads' weights (what result.weights holds)

    /// The score the result reports for this key (for MultiHead the mean over heads).
    double score = 0;
    /// The key's softmax step (single-head methods; for MultiHead see heads[h].softmax).
    SoftmaxStep softmax;
    /// The value vᵢ and its share wᵢ vᵢ of the output (single-head methods only).
    Vector value;
    Vector contribution;
};

/// Explains the score and weight of key `key` (a row of `keys`) under `method`: recomputes the
/// score's intermediates term by term and copies the softmax step from `result`, which must be
/// attend(query, keys, values, method, params).
/// Errors: BadArgument ("key" out of range, or "result" computed for another method or key
/// count), DimensionMismatch when the params do not fit the vectors.
Result<ScoreBreakdown> explainScore(const Vector &query, const Matrix &keys, const Matrix &values,
                                    int key, Method method, const AttentionParams &params,
                                    const AttentionResult &result);

} // namespace attn
