#pragma once

#include "error.h"
#include "params.h"
#include "types.h"

namespace attn {

/// Raw scores of one query against every key (rows of `keys`), before temperature and softmax.
/// For Cosine, `zeroNorm[i]` is set when q or kᵢ has zero length (the score is then 0).
struct ScoreSet
{
    Vector scores;
    std::vector<bool> zeroNorm;
};

/// Scores for Dot, Scaled, Cosine, General and Additive. MultiHead is not a single score
/// function: use attend(). Checks dimensions and finiteness.
Result<ScoreSet> computeScores(const Vector &query, const Matrix &keys, Method method,
                               const AttentionParams &params);

/// The effective d of √d for Scaled: params.scaleDim when > 0, else the key dimension.
double effectiveScaleDim(const Matrix &keys, const AttentionParams &params);

} // namespace attn
