#pragma once

#include "error.h"
#include "params.h"
#include "types.h"

#include <vector>

namespace attn {

/// ∂ log wⱼ / ∂q for one query and the chosen key j: the direction in which moving the query
/// raises key j's attention weight fastest (per unit of log weight). For every single score
/// function it is, under softmax, (∂sⱼ/∂q − Σᵢ wᵢ ∂sᵢ/∂q) / τ, the pull towards key j minus the
/// weighted mean of the pulls towards all keys; under the other normalisers the same chain rule
/// through their own Jacobian. For MultiHead the weight is the mean over the
/// heads (the weight the canvas shows), and `heads` also holds each head's own gradient of
/// log wⱼʰ.
struct QueryGradient
{
    Vector gradient;           ///< ∂ log wⱼ / ∂q, same size as the query
    std::vector<Vector> heads; ///< MultiHead only: ∂ log wⱼʰ / ∂q for each head h
};

/// The gradient of log wⱼ with respect to the query, exact (no finite differences).
/// Errors: those of attend(); BadArgument (subject "key") when j is not a key, is masked or
/// has weight 0 under sparsemax (its log has no gradient); DimensionMismatch (subject "query") for a
/// zero-length query under Cosine, where the score is not differentiable.
Result<QueryGradient> queryGradient(const Vector &query, const Matrix &keys, Method method,
                                    const AttentionParams &params, int key);

} // namespace attn
