#include "trainingsettings.h"

namespace attn {

namespace {
constexpr const char *kOptimizerIds[] = {"adam", "sgd"};
constexpr const char *kGroupIds[] = {"embedding", "positions", "wq",         "wk",
                                     "wv",        "wo",        "unembedding"};
} // namespace

const char *optimizerId(OptimizerKind kind)
{
    const int i = static_cast<int>(kind);
    return i >= 0 && i < 2 ? kOptimizerIds[i] : "";
}

bool optimizerFromId(std::string_view id, OptimizerKind &out)
{
    for (int i = 0; i < 2; ++i) {
        if (id == kOptimizerIds[i]) {
            out = static_cast<OptimizerKind>(i);
            return true;
        }
    }
    return false;
}

const char *parameterGroupId(ParameterGroup group)
{
    const int i = static_cast<int>(group);
    return i >= 0 && i < kParameterGroupCount ? kGroupIds[i] : "";
}

bool parameterGroupFromId(std::string_view id, ParameterGroup &out)
{
    for (int i = 0; i < kParameterGroupCount; ++i) {
        if (id == kGroupIds[i]) {
            out = static_cast<ParameterGroup>(i);
            return true;
        }
    }
    return false;
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
