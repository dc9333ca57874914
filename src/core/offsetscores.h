#pragma once

#include "error.h"
#include "sequencemodel.h"

#include <vector>

namespace attn {

/// Which score an offset curve follows: head `head` of the first layer (the only layer whose
/// input is x_i = E[token_i] + P_i itself; later layers read a stream mixed by attention), the
/// query made from vocabulary token `queryToken`, the key from `keyToken`. The key stands at
/// position `keyPosition`, the query at keyPosition + δ for δ = −maxOffset … maxOffset.
struct OffsetScoreRequest
{
    int head = 0;
    int queryToken = 0;
    int keyToken = 0;
    int keyPosition = 0;
    int maxOffset = 8;
};

/// The score s(δ) = q·k / √d_k (no temperature, no mask) of one (query token, key token) pair
/// against the offset δ = i − j of their positions, as `model` would give it with positions of
/// `kind` instead of its own, everything else unchanged: for None x = E[token]; for Sinusoidal
/// x = E[token] + sinusoidalPosition(); for Learned x = E[token] + row pos of the model's table
/// when its positions are learned, else of the table a file without one gets
/// (sequenceDefaultMatrix("positions.table", kMaxExampleTokens, D)); then q = W_q x_i and
/// k = W_k x_j, and for Rotary q and k turned by i·θ and j·θ. Under Rotary s depends on δ only;
/// under the added kinds it also depends on keyPosition.
///
/// Returns 2·maxOffset + 1 scores, δ = −maxOffset first. Errors: BadArgument (subject "head",
/// "queryToken", "keyToken", "keyPosition" or "maxOffset") for an index outside the model, a
/// negative maxOffset or a query position below 0; DimensionMismatch (subject "d_model" for
/// sinusoidal with D odd, "d_k" for rotary with d_k odd, "positions.table" with expected = the
/// rows needed when the learned table is too short).
Result<std::vector<double>> offsetScores(const SequenceModel &model, PositionKind kind,
                                         const OffsetScoreRequest &request);

} // namespace attn
