#include "trainingsettings.h"

#include "enumids.h"

#include <iterator>

namespace attn {

namespace {
constexpr const char *kOptimizerIds[] = {"adam", "sgd"};
constexpr const char *kGroupIds[] = {"embedding", "positions", "wq",         "wk",
                                     "wv",        "wo",        "unembedding"};
static_assert(std::size(kOptimizerIds) == 2);
static_assert(std::size(kGroupIds) == std::size_t(kParameterGroupCount));
} // namespace

const char *optimizerId(OptimizerKind kind)
{
    return enumids::idOf(kind, kOptimizerIds);
}

bool optimizerFromId(std::string_view id, OptimizerKind &out)
{
    return enumids::fromId(id, kOptimizerIds, out);
}

const char *parameterGroupId(ParameterGroup group)
{
    return enumids::idOf(group, kGroupIds);
}

bool parameterGroupFromId(std::string_view id, ParameterGroup &out)
{
    return enumids::fromId(id, kGroupIds, out);
}

std::vector<ParameterGroup> parameterGroups(const SequenceWeights &weights)
{
    std::vector<ParameterGroup> out = {ParameterGroup::Embedding, ParameterGroup::Positions};
    for (const SequenceLayerWeights &layer : weights.layers) {
        for (std::size_t h = 0; h < layer.heads.size(); ++h) {
            out.push_back(ParameterGroup::Wq);
            out.push_back(ParameterGroup::Wk);
            out.push_back(ParameterGroup::Wv);
        }
        out.push_back(ParameterGroup::Wo);
    }
    out.push_back(ParameterGroup::Unembedding);
    return out;
}

} // namespace attn
