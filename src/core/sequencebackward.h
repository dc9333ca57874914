#pragma once

#include "error.h"
#include "sequencedocument.h"
#include "sequenceevaluation.h"
#include "sequencemodel.h"
#include "trainingsettings.h"

#include <array>
#include <optional>
#include <span>

namespace attn {

/// The loss of a sequence model over examples and its exact gradient with respect to every
/// parameter, by reverse-mode differentiation written out by hand: the forward pass keeps every
/// intermediate (SequenceForward), and this walks back through the unembedding, each layer's W_O
/// and residual sum, each head's softmax (with its temperature and causal mask), the rotary
/// rotation (turned back by its transpose) and the projections, down to the embedding rows and
/// the learned position rows the examples used.
struct SequenceGradient
{
    /// Loss and accuracy at the parameters the gradient was taken at.
    SequenceEvaluation evaluation;
    /// ∂loss/∂p for every parameter, in the shapes of the model's weights (zeros for positions
    /// that are not learned).
    SequenceWeights gradient;

    /// Runs the forward and backward pass of `model` (valid: see validateSequence()) over every
    /// example. The loss is the mean over all scored positions (sequenceevaluation.h); with no
    /// scored position the gradient is zero. Errors are those of SequenceForward::run().
    static Result<SequenceGradient> compute(const SequenceModel &model,
                                            std::span<const SequenceExample> examples);

    /// Which parameter groups need a gradient (indexed by ParameterGroup).
    using Groups = std::array<bool, kParameterGroupCount>;
    /// The same into `out`, reusing its matrices and this thread's scratch space: a trainer that
    /// calls it every step allocates nothing after the first. Only the groups in `needed` get
    /// their gradient (the others are left at zero and the products that only they need are
    /// skipped); the loss and accuracy are always computed. On an error `out` is not valid.
    /// Setting `cancel` from another thread ends it with an error after the example under way.
    static std::optional<Error> computeInto(SequenceGradient &out, const SequenceModel &model,
                                            std::span<const SequenceExample> examples,
                                            const Groups &needed,
                                            const CancelFlag *cancel = nullptr);
};

} // namespace attn
