#pragma once

#include "error.h"
#include "types.h"

namespace attn {

/// Every matrix of self-attention from inputs, as in the second article: row i of each is token i.
struct SelfAttentionResult
{
    Matrix q, k, v;      ///< X W_q, X W_k, X W_v
    Matrix rawScores;    ///< Q Kᵀ
    Matrix scaledScores; ///< Q Kᵀ / √d_k
    Matrix weights;      ///< softmax by row (upper triangle 0 when causal)
    Matrix output;       ///< weights · V
    double scale = 1;    ///< √d_k
};

/// X is n × d_in with one token per row; W_q and W_k are d_in × d_k, W_v is d_in × d_v (this view
/// multiplies from the right, like the article's code). `temperature` divides the scaled scores.
Result<SelfAttentionResult> selfAttention(const Matrix &x, const Matrix &wq, const Matrix &wk,
                                          const Matrix &wv, bool causal, double temperature = 1.0);

} // namespace attn
