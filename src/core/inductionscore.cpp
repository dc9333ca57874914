#include "inductionscore.h"

namespace attn {

std::optional<double> InductionScore::score(int layer, int head) const
{
    if (counted == 0 || layer < 0 || layer >= int(sums.size()) || head < 0 ||
        head >= int(sums[std::size_t(layer)].size()))
        return std::nullopt;
    return sums[std::size_t(layer)][std::size_t(head)] / double(counted);
}

void InductionScore::add(const SequenceForward &forward)
{
    if (sums.size() != forward.layers.size()) {
        sums.assign(forward.layers.size(), {});
        for (std::size_t l = 0; l < forward.layers.size(); ++l)
            sums[l].assign(forward.layers[l].heads.size(), 0.0);
    }
    const int n = forward.length();
    for (int i = 1; i < n; ++i) {
        int previous = -1;
        for (int p = i - 1; p >= 0; --p)
            if (forward.tokens[std::size_t(p)] == forward.tokens[std::size_t(i)]) {
                previous = p;
                break;
            }
        if (previous < 0)
            continue;
        ++counted;
        for (std::size_t l = 0; l < forward.layers.size(); ++l)
            for (std::size_t h = 0; h < forward.layers[l].heads.size(); ++h)
                sums[l][h] += forward.layers[l].heads[h].weights(i, previous + 1);
    }
}

Result<InductionScore> InductionScore::measure(const SequenceModel &model,
                                               std::span<const SequenceExample> examples,
                                               const CancelFlag *cancel)
{
    InductionScore score;
    score.sums.assign(std::size_t(model.layerCount()), {});
    for (int l = 0; l < model.layerCount(); ++l)
        score.sums[std::size_t(l)].assign(std::size_t(model.headCount(l)), 0.0);
    for (const SequenceExample &example : examples) {
        if (isCancelled(cancel))
            return Error{ErrorCode::BadArgument, "cancelled", -1, -1, {}};
        auto forward = SequenceForward::run(model, example.tokens);
        if (!forward)
            return forward.error();
        score.add(*forward);
    }
    return score;
}

} // namespace attn
