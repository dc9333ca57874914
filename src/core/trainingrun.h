#pragma once

#include "error.h"
#include "json.h"
#include "sequencedocument.h"
#include "sequencemodel.h"

#include <optional>
#include <span>
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
    /// The same on the held-out examples (empty when there are none).
    std::vector<std::optional<double>> heldOutLosses, heldOutAccuracies;

    /// Makes `steps` updates with `trainer`; the first error (a divergence) stops it, with the
    /// trainer holding the last finite parameters. `heldOut` examples are scored at every step
    /// (never trained on).
    static Result<TrainingRun> run(SequenceTrainer &trainer, int steps,
                                   std::span<const SequenceExample> heldOut = {});

    /// {"steps", "losses", "accuracies", "held_out_losses" and "held_out_accuracies" (only with
    /// held-out examples), "parameters": {"embedding", "positions": {"table"}
    /// (learned positions only), "layers": [{"heads": [{"wq", "wk", "wv"}], "wo"}],
    /// "unembedding"}} for the trained `model`.
    JsonValue toJson(const SequenceModel &model) const;
};

} // namespace attn
