#include "sequenceevaluation.h"

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
                                                        std::span<const SequenceExample> examples)
{
    SequenceEvaluation e;
    // One pass object per thread, reused from example to example and call to call: an
    // evaluation allocates nothing once the sizes have been seen.
    thread_local SequenceForward forward;
    for (const SequenceExample &example : examples) {
        if (example.targets.empty())
            continue; // nothing to score: skip the pass
        if (auto error = SequenceForward::runInto(forward, model, example.tokens))
            return std::move(*error);
        e.add(forward, example.targets);
    }
    return e;
}

} // namespace attn
