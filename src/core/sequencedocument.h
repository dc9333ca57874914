#pragma once

#include "json.h"
#include "sequencemodel.h"
#include "trainingsettings.h"

#include <optional>
#include <vector>

namespace attn {

/// One example of a sequence file: its tokens and, optionally, what each position should predict.
struct SequenceExample
{
    std::vector<int> tokens;  ///< vocabulary indices
    std::vector<int> targets; ///< empty: no targets; else one per token, an output index or -1
                              ///< (null in the file: this position is not scored)
};

/// Everything a sequence file holds: the model, the examples it runs on, and the "training"
/// block, kept as it was read (so that a file is written back exactly, with only the fields it
/// gave) and read into `trainingSettings`.
struct SequenceDocument
{
    SequenceModel model;
    std::vector<SequenceExample> examples;
    std::vector<SequenceExample> heldOut; ///< "held_out": examples kept out of training, to measure generalisation
    std::optional<JsonValue> training; ///< absent when the file has no "training" field
    /// The training block's settings, its defaults for the fields it leaves out. Written files
    /// take the block from `training`: code that changes these sets
    /// training = trainingSettingsJson(...) (sequencefile.h).
    TrainingSettings trainingSettings;

    /// Tokens in the longest example (0 without examples).
    int longestExample() const;
};

} // namespace attn
