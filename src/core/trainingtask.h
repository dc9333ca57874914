#pragma once

#include "sequencedocument.h"

#include <cstdint>

namespace attn {

/// A built-in training task: an ordinary sequence document (model with seeded starting weights,
/// examples with targets, a training block) generated from a seed, so that a learner can press
/// Train on it and anyone can rebuild the same file.
struct TrainingTask
{
    /// "Previous token": every position but the first must predict the token before it. Attention
    /// alone sees a set, so this is impossible without positions; with rotary positions one head
    /// whose d_k = 2 learns to look one step back, which the 2-D head canvas shows as is.
    struct PreviousTokenOptions
    {
        std::uint64_t seed = 1;
        int vocabulary = 6; ///< tokens "A", "B", …
        int length = 8;     ///< tokens per example
        int examples = 48;  ///< 1 … kMaxExamples
        int dModel = 8;     ///< D; the head has d_k = 2 and d_v = D
        PositionKind positions = PositionKind::Rotary;
        double learningRate = 0.05;
        int steps = 300; ///< written into the training block
    };

    /// The document; valid (validateSequence()) for options within the file limits.
    static SequenceDocument previousToken(const PreviousTokenOptions &options);
};

} // namespace attn
