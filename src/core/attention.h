#pragma once

#include "error.h"
#include "params.h"
#include "softmax.h"
#include "types.h"

#include <vector>

namespace attn {

/// One head of multi-head attention, with everything projected.
struct HeadResult
{
    Vector query;  ///< W_Q q (d_k)
    Matrix keys;   ///< rows W_K kᵢ (n × d_k)
    Matrix values; ///< rows W_V vᵢ (n × d_v)
    Vector scores; ///< (W_Q q)·(W_K kᵢ) / √d_k
    SoftmaxTrace softmax;
    Vector output; ///< Σ wᵢ W_V vᵢ (d_v)
};

/// The result of attend(). For MultiHead, `scores` and `weights` are the means over heads
/// (what frameworks report as averaged attention), `trace` is left empty, and `output` is
/// W_O · concat(head outputs).
struct AttentionResult
{
    Method method = Method::Dot;
    double temperature = 1.0;
    double scaleDim = 0; ///< the d in √d (Scaled), else 0
    Vector scores;
    std::vector<bool> zeroNorm; ///< Cosine: q or kᵢ had zero length
    SoftmaxTrace trace;         ///< the normaliser's intermediates (not for MultiHead)
    Vector weights;
    Vector output;                 ///< Σ wᵢ vᵢ
    std::vector<HeadResult> heads; ///< MultiHead only
    Vector concat;                 ///< MultiHead only: the heads' outputs stacked
};

/// Scores one query against the keys (rows), turns them into weights by the params' normaliser
/// (softmax by default; every head of multi-head attention uses it) with their temperature and
/// mask, and returns the weighted sum of the values (rows, one per key).
Result<AttentionResult> attend(const Vector &query, const Matrix &keys, const Matrix &values,
                               Method method, const AttentionParams &params);

/// The standard split layout of MultiHeadAttention: full d_model × d_model projections cut into
/// h row blocks of d_k = d_model / h rows; head j uses rows [j·d_k, (j+1)·d_k). The head axis is
/// kept apart from the key axis: each head attends over all keys on its own.
/// Errors: NoHeads, HeadsDoNotFit (h does not divide d_model), DimensionMismatch.
Result<MultiHeadParams> splitHeads(const Matrix &wq, const Matrix &wk, const Matrix &wv,
                                   const Matrix &wo, int headCount);

} // namespace attn
