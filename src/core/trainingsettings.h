#pragma once

#include "sequencemodel.h"

#include <array>
#include <string_view>
#include <vector>

namespace attn {

/// How the trainer turns a gradient into a step.
enum class OptimizerKind
{
    Adam, ///< torch.optim.Adam: bias-corrected first and second moments, no weight decay
    Sgd   ///< plain gradient descent, p ← p − η g
};

/// The parameters of a sequence model in the groups a learner switches on and off.
enum class ParameterGroup
{
    Embedding,
    Positions, ///< the learned position table (no parameters under other kinds)
    Wq,
    Wk,
    Wv,
    Wo,
    Unembedding
};
inline constexpr int kParameterGroupCount = 7;

/// Identifiers as in sequence files ("adam", "sgd"; "embedding", "positions", "wq", "wk", "wv",
/// "wo", "unembedding"); the FromId functions return false for anything else.
const char *optimizerId(OptimizerKind kind);
bool optimizerFromId(std::string_view id, OptimizerKind &out);
const char *parameterGroupId(ParameterGroup group);
bool parameterGroupFromId(std::string_view id, ParameterGroup &out);

/// The group of each matrix of `weights`, in the order of SequenceWeights::matrices().
std::vector<ParameterGroup> parameterGroups(const SequenceWeights &weights);

/// The most steps a sequence file may ask for.
inline constexpr int kMaxTrainingSteps = 1'000'000;

/// The "training" block of a sequence file, with its documented defaults.
struct TrainingSettings
{
    OptimizerKind optimizer = OptimizerKind::Adam;
    double learningRate = 0.01;
    double beta1 = 0.9;
    double beta2 = 0.999;
    double epsilon = 1e-8;
    int steps = 1000;
    /// Indexed by ParameterGroup; every group by default.
    std::array<bool, kParameterGroupCount> trainable = {true, true, true, true, true, true, true};

    bool isTrainable(ParameterGroup group) const { return trainable[std::size_t(group)]; }
};

} // namespace attn
