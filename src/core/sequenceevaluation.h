#pragma once

#include "cancelflag.h"
#include "error.h"
#include "sequencedocument.h"
#include "sequenceforward.h"

#include <optional>
#include <span>

namespace attn {

/// The loss and accuracy of a model over examples: `loss` is the mean over every scored position
/// of every example of −log softmax(logits_i)[target_i], `accuracy` the share of scored positions
/// whose largest logit (the first on ties) is the target. Summed over all positions at once, not
/// averaged per example, so a long example weighs more than a short one.
struct SequenceEvaluation
{
    long long scored = 0;  ///< positions with a target
    long long correct = 0; ///< of which the prediction is the target
    double lossSum = 0;

    /// Both are nullopt when no position is scored.
    std::optional<double> loss() const;
    std::optional<double> accuracy() const;

    /// Adds the scored positions of one example's pass; `targets` is empty or holds one output
    /// index or -1 (not scored) per token.
    void add(const SequenceForward &forward, std::span<const int> targets);

    /// Runs the model on every example and adds them up (the intermediates are not kept).
    /// Setting `cancel` from another thread ends it with BadArgument "cancelled" within a few
    /// milliseconds.
    static Result<SequenceEvaluation> evaluate(const SequenceModel &model,
                                               std::span<const SequenceExample> examples,
                                               const CancelFlag *cancel = nullptr);
};

} // namespace attn
