#pragma once

#include "cancelflag.h"
#include "error.h"
#include "sequencedocument.h"
#include "sequenceforward.h"

#include <optional>
#include <span>
#include <vector>

namespace attn {

/// The prefix-matching (induction) score of every head (Olsson et al. 2022): on sequences in
/// which tokens repeat, the mean attention weight from position i to the position right after
/// the previous occurrence of token_i — where an induction head looks, to copy the token that
/// followed last time. Positions whose token has not occurred before are not counted; the most
/// recent earlier occurrence is the one used. An even spread over i + 1 keys scores 1/(i + 1);
/// a perfect induction head scores 1.
struct InductionScore
{
    std::vector<std::vector<double>> sums; ///< [layer][head]: Σ w(i, p + 1) over counted i
    long long counted = 0;                 ///< positions with an earlier occurrence of their token

    /// The mean per head, nullopt when no position counts (no token repeats).
    std::optional<double> score(int layer, int head) const;

    /// Adds the counted positions of one example's pass.
    void add(const SequenceForward &forward);

    /// Runs the model on every example and adds them up; setting `cancel` from another thread
    /// ends it with BadArgument "cancelled" after the example under way.
    static Result<InductionScore> measure(const SequenceModel &model,
                                          std::span<const SequenceExample> examples,
                                          const CancelFlag *cancel = nullptr);
};

} // namespace attn
