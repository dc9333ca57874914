#pragma once

#include "cancelflag.h"
#include "error.h"
#include "sequencedocument.h"
#include "sequenceevaluation.h"
#include "sequencemodel.h"
#include "trainingsettings.h"

#include <array>
#include <optional>
#include <span>

namespace attn::detail {

/// The sequence model over many examples at once, for training and evaluation: adds the loss and
/// accuracy of `model` (valid: see validateSequence()) over `examples` to `evaluation` and, when
/// `gradient` is given (in the shapes of the model's weights), adds to it ∂loss/∂p of the groups
/// in `needed` (the products only the others need are skipped).
///
/// The examples with targets are grouped by length and stacked a few at a time, so that the
/// projections, W_O, the unembedding and the weight gradients are each one product over all
/// their tokens and the attention runs over the stacked examples together; one example at a
/// time, those were products of a dozen tokens whose calls cost more than their arithmetic. The
/// numbers are SequenceForward's up to rounding; the loss is summed position by position in the
/// examples' order. Scratch space is kept per thread, so a training step allocates nothing
/// after the first. Errors are those of SequenceForward::run(), and BadArgument "cancelled" when
/// `cancel` is set between two runs of stacked examples (then `evaluation` and `gradient` hold
/// a part of the sum and must be thrown away).
std::optional<Error> batchPass(const SequenceModel &model,
                               std::span<const SequenceExample> examples,
                               SequenceEvaluation &evaluation, SequenceWeights *gradient,
                               const std::array<bool, kParameterGroupCount> &needed,
                               const CancelFlag *cancel = nullptr);

} // namespace attn::detail
