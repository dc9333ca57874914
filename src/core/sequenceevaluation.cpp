#include "sequenceevaluation.h"

#include "sequencebatchpass.h"

#include <utility>

namespace attn {

std::optional<double> SequenceEvaluation::loss() const
{
    if (scored == 0)
        return std::nullopt;
    return lossSum / double(scored);
}

std::optional<double> SequenceEvaluation::accuracy() const
{
    if (scored == 0)
        return std::nullopt;
    return double(correct) / double(scored);
}

void SequenceEvaluation::add(const SequenceForward &forward, std::span<const int> targets)
{
    for (std::size_t i = 0; i < targets.size() && i < forward.predictions.size(); ++i) {
        const int target = targets[i];
        if (target < 0)
            continue;
        ++scored;
        lossSum += forward.tokenLoss(int(i), target);
        if (forward.predictions[i] == target)
            ++correct;
    }
}

Result<SequenceEvaluation> SequenceEvaluation::evaluate(const SequenceModel &model,
                                                        std::span<const SequenceExample> examples,
                                                        const CancelFlag *cancel)
{
    // The training step's pass without its backward half, so that a step reports bit for bit
    // the loss evaluate() gives at the same parameters.
    SequenceEvaluation e;
    if (auto error = detail::batchPass(model, examples, e, nullptr, {}, cancel))
        return std::move(*error);
    return e;
}

} // namespace attn
