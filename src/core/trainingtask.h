#pragma once

#include "sequencedocument.h"

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace attn {

/// The built-in training tasks, from the simplest job attention can learn to an induction head.
enum class TrainingTaskKind
{
    Copy,              ///< predict the current token (no attention needed: the residual stream)
    PreviousToken,     ///< predict the token before (impossible without positions)
    FirstToken,        ///< predict the first token of the example (attend to the start)
    AssociativeRecall, ///< key–value pairs, then the keys again: answer each key's value
    TwoHeads,          ///< predict the pair (previous token, first token) as one output token
    Induction,         ///< a random sequence repeated: predict what followed this token before
    Sink ///< a start token "^", random letters nothing predicts, and "=" asking the first letter
};
inline constexpr int kTrainingTaskCount = 7;

/// Identifiers ("copy", "previous-token", "first-token", "associative-recall", "two-heads",
/// "induction", "sink"); the FromId function returns false for anything else.
const char *trainingTaskId(TrainingTaskKind kind);
bool trainingTaskFromId(std::string_view id, TrainingTaskKind &out);

/// A built-in training task: an ordinary sequence document (model with seeded starting weights,
/// examples with targets, held-out examples drawn the same way, a training block) generated from
/// a seed, so that a learner can press Train on it and anyone can rebuild the same file.
struct TrainingTask
{
    /// Everything a task is generated from. defaults() gives each task's sizes, which reach at
    /// least 95% accuracy from seed 1 in `steps` Adam steps (tests/core/tst_trainingtasks.cpp).
    struct Options
    {
        TrainingTaskKind kind = TrainingTaskKind::PreviousToken;
        std::uint64_t seed = 1;
        /// Input tokens "A", "B", …; associative recall: the number of keys, and as many values
        /// "1", "2", …; sink: the letters, besides which the vocabulary holds "^" and "=".
        int vocabulary = 6;
        /// Tokens per example. Associative recall: length / 3 key–value pairs, then the same keys
        /// in a new order; induction: the longest example, a random part of length / 4 to
        /// length / 2 tokens, then the same again; sink: "^" and length − 1 tokens.
        int length = 8;
        int examples = 48; ///< training examples
        int heldOut = 16;  ///< held-out examples ("held_out"), drawn after the training ones
        int dModel = 8;    ///< D
        int keyDim = 2;    ///< d_k of every head (even for rotary positions)
        int valueDim = 0;  ///< d_v of every head; 0: D
        int layers = 1;
        int heads = 1; ///< per layer
        PositionKind positions = PositionKind::Rotary;
        double learningRate = 0.05; ///< Adam
        int steps = 300;            ///< written into the training block
        /// Every starting weight times this (1: drawn as PyTorch would). A small start keeps the
        /// heads near uniform attention for a while: the induction task's plateau.
        double initScale = 1;
    };

    /// The default options of a task (seed 1).
    static Options defaults(TrainingTaskKind kind);
    /// The tokens per example `options` makes: `length`, rounded down to a multiple of 3 for
    /// associative recall and of 2 for induction.
    static int exampleLength(const Options &options);
    /// Checks `options` against what the task can be built from and the sequence file's limits.
    /// Errors: OutOfRange with the option as subject ("vocabulary", "length", "examples",
    /// "held_out", "d_model", "key_dim", "value_dim", "layers", "heads", "steps", "learning_rate",
    /// "init_scale")
    /// and the bound in `expected` (induction needs a vocabulary as large as the repeated part,
    /// associative recall as many keys as pairs; the two-heads task's outputs, vocabulary²,
    /// must fit the file's limit); OddDimension (subject "key_dim") for rotary positions.
    static Result<bool> check(const Options &options);
    /// The document, valid (validateSequence()) when check() passes.
    static SequenceDocument make(const Options &options);

    /// Induction score of a head: over every example, the mean attention weight that a position
    /// i in the repeated part (whose token first appeared at j < i) puts on position j + 1, the
    /// token that followed it before (Olsson et al. 2022). 1 for a perfect induction head, about
    /// 1/i for a uniform one. nullopt when no position has an earlier occurrence.
    static std::optional<double> inductionScore(const SequenceModel &model,
                                                std::span<const SequenceExample> examples,
                                                int layer, int head);
    /// Previous-token score of a head: the mean attention weight of positions i ≥ 1 on i − 1.
    static std::optional<double> previousTokenScore(const SequenceModel &model,
                                                    std::span<const SequenceExample> examples,
                                                    int layer, int head);
    /// First-token score of a head: the mean attention weight of positions i ≥ 1 on position 0.
    static std::optional<double> firstTokenScore(const SequenceModel &model,
                                                 std::span<const SequenceExample> examples,
                                                 int layer, int head);

    /// "Previous token": every position but the first must predict the token before it.
    /// Attention alone sees a set, so this is impossible without positions; with rotary positions
    /// one head whose d_k = 2 learns to look one step back, which the 2-D head canvas shows as is.
    struct PreviousTokenOptions
    {
        std::uint64_t seed = 1;
        int vocabulary = 6; ///< tokens "A", "B", …
        int length = 8;     ///< tokens per example
        int examples = 48;  ///< 1 … kMaxExamples
        int dModel = 8;     ///< D; the head has d_k = 2 and d_v = D
        PositionKind positions = PositionKind::Rotary;
        double learningRate = 0.05;
        int steps = 300; ///< written into the training block
    };

    /// The document; valid (validateSequence()) for options within the file limits. The same as
    /// make() with the previous-token defaults and these options.
    static SequenceDocument previousToken(const PreviousTokenOptions &options);
};

} // namespace attn
