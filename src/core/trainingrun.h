#pragma once

#include "error.h"
#include "json.h"
#include "sequencemodel.h"

#include <optional>
#include <vector>

namespace attn {

class SequenceTrainer;

/// The record of training a model for a number of steps without a window (--train): the loss and
/// accuracy after 0, 1, …, N updates, and what the "training" object of the sequence report
/// holds.
struct TrainingRun
{
    int steps = 0;
    std::vector<std::optional<double>> losses;     ///< steps + 1 entries; nullopt without targets
    std::vector<std::optional<double>> accuracies; ///< likewise

    /// Makes `steps` updates with `trainer`; the first error (a divergence) stops it, with the
    /// trainer holding the last finite parameters.
    static Result<TrainingRun> run(SequenceTrainer &trainer, int steps);

    /// {"steps", "losses", "accuracies", "parameters": {"embedding", "positions": {"table"}
    /// (learned positions only), "layers": [{"heads": [{"wq", "wk", "wv"}], "wo"}],
    /// "unembedding"}} for the trained `model`.
    JsonValue toJson(const SequenceModel &model) const;
};

} // namespace attn
