#pragma once

#include "error.h"
#include "json.h"
#include "sequencedocument.h"

#include <cstddef>
#include <string>
#include <string_view>

namespace attn {

inline constexpr const char *kSequenceFormat = "attention-canvas-sequence";
inline constexpr int kSequenceVersion = 1;
/// The limits of a sequence file (docs/sequence-format.md). Every count and size runs from 1.
inline constexpr int kMaxSequenceLayers = 4;
inline constexpr int kMaxSequenceHeads = 8;   ///< per layer
inline constexpr int kMaxSequenceDim = 64;    ///< D, d_k and d_v
inline constexpr int kMaxVocabulary = 256;    ///< names in the vocabulary, and in the outputs
inline constexpr int kMaxTokenNameBytes = 64; ///< UTF-8 bytes of one name
inline constexpr int kMaxExamples = 1024;
inline constexpr int kMaxExampleTokens = 64; ///< also the most rows of a learned position table
/// The largest model and examples within the limits above, every number at 17 digits, take
/// about 25 MB; a file may be a little larger than that.
inline constexpr std::size_t kMaxSequenceBytes = 32 * 1024 * 1024;

/// The seed of a parameter matrix the file leaves out: the 64-bit FNV-1a hash of its field path
/// ("embedding", "positions.table", "layers[0].heads[1].wq", "layers[0].wo", "unembedding").
std::uint64_t sequenceDefaultSeed(std::string_view fieldPath);
/// The matrix a file that leaves `fieldPath` out gets: entries uniform in [−a, a), row by row,
/// from Random(sequenceDefaultSeed(fieldPath)), with a = 1 for the embedding and the position
/// table and a = 1/√cols for the projections and the unembedding (PyTorch's nn.Linear default).
Matrix sequenceDefaultMatrix(std::string_view fieldPath, int rows, int cols);

/// True when `root` is a JSON object whose "format" is kSequenceFormat (what a reader of either
/// kind of file looks at to choose its parser).
bool isSequenceJson(const JsonValue &root);

/// Reads a sequence file (JSON, UTF-8). Every problem is an Error whose subject is the field path
/// ("layers[0].heads[1].wq[2]", "examples[4].tokens[0]"); nothing is thrown, nothing crashes.
Result<SequenceDocument> parseSequence(std::string_view text);
/// The same from JSON already parsed (after isSequenceJson()).
Result<SequenceDocument> readSequence(const JsonValue &root);

/// Writes the documented form; parseSequence(writeSequence(d)) gives d back exactly (numbers at
/// the fewest of 15, 16 or 17 significant digits that read back bit for bit). "outputs" is
/// written only when it differs from the vocabulary, "base" only for sinusoidal and rotary
/// positions, "table" only for learned ones; "training" as it was read.
std::string writeSequence(const SequenceDocument &document);

/// Reads a "training" block (a JSON object) for a model with `positions`: every field optional
/// (defaults in TrainingSettings), unknown fields refused, each bad value refused with its field
/// path ("training.learning_rate", "training.trainable[2]").
Result<TrainingSettings> readTrainingSettings(const JsonValue &block, PositionKind positions);
/// The block that reads back as `settings` for a model with `positions`, every field written
/// ("positions" among the trainable groups only for learned positions).
JsonValue trainingSettingsJson(const TrainingSettings &settings, PositionKind positions);

/// Checks a document built in memory with the loader's rules and limits, in the loader's order.
Result<bool> validateSequence(const SequenceDocument &document);

} // namespace attn
