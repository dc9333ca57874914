#pragma once

#include <string>
#include <utility>
#include <variant>

namespace attn {

/// What went wrong. The core carries no user-facing text: the model layer turns a code and its
/// fields into a translated sentence.
enum class ErrorCode
{
    NoKeys,            ///< the key set is empty
    TooManyKeys,       ///< more keys than allowed (expected = the limit, actual = the count)
    CountMismatch,     ///< two lists that must have one entry each differ (expected, actual)
    DimensionMismatch, ///< a vector or matrix has the wrong size (expected, actual)
    NonFinite,         ///< NaN or infinity in an input
    BadTemperature,    ///< temperature not > 0 or not finite
    BadScaleDim,       ///< scale dimension not > 0
    AllMasked,         ///< every key is masked out
    NoHeads,           ///< multi-head with zero heads
    HeadsDoNotFit,     ///< heads' dimensions do not fit together or do not divide d_model
    BadArgument,       ///< any other argument out of its range
    // Scene files. `subject` is the field path ("keys[1][0]", "multihead.heads[0].wq").
    FileTooLarge,       ///< over the size limit (expected = limit, actual = size in bytes)
    Malformed,          ///< not JSON; detail = reason token, expected = line, actual = column
    TooDeep,            ///< nesting deeper than the parser allows (expected = the limit)
    InvalidUtf8,        ///< bytes that are not UTF-8 (actual = byte offset)
    DuplicateField,     ///< the same field twice in one object
    WrongFormat,        ///< "format" is not "attention-canvas-scene"
    UnsupportedVersion, ///< "version" newer or older than this build reads (actual = version)
    WrongType,          ///< detail = what was expected: "number", "array", "object", ...
    MissingField,       ///< a required field is absent
    UnknownMethod,      ///< detail = the method name found
    UnknownNormaliser,  ///< detail = the normaliser name found
    UnknownField,       ///< a field this version does not know (detail = its name)
    // Sequence files.
    OutOfRange,    ///< a count or size outside 1 … expected (actual = the value; detail = what)
    BadName,       ///< a token name that is empty, too long or holds a control character
                   ///< (detail = "empty", "too-long" or "control"; expected = the byte limit)
    DuplicateName, ///< a token name listed twice (detail = the name)
    UnknownName,   ///< a name not in the vocabulary, or for targets not in the outputs (detail)
    UnknownKind,   ///< positions.kind is not none, sinusoidal, learned or rotary (detail)
    OddDimension,  ///< sinusoidal D or rotary d_k is odd (actual = the size)
    // Training.
    UnknownOptimizer, ///< training.optimizer is not adam or sgd (detail = the name)
    UnknownGroup,     ///< a trainable group that does not exist (detail = the name)
    Diverged, ///< a training step met a non-finite loss, gradient or parameter (subject = which,
              ///< actual = the step); the parameters stay the last finite ones
};

/// A typed error. `subject` names the thing that is wrong in the caller's vocabulary
/// ("keys", "multihead.heads[1].wq", "temperature"); expected/actual hold sizes or counts
/// where they apply, -1 otherwise.
struct Error
{
    ErrorCode code = ErrorCode::BadArgument;
    std::string subject;
    long long expected = -1;
    long long actual = -1;
    std::string detail; ///< a machine token refining the code (never user-facing text)
};

/// A value or an Error; the core returns these instead of throwing.
template <typename T> class Result
{
public:
    Result(T value) : m_data(std::move(value)) {}
    Result(Error error) : m_data(std::move(error)) {}

    bool ok() const { return m_data.index() == 0; }
    explicit operator bool() const { return ok(); }

    const T &value() const & { return std::get<0>(m_data); }
    T &value() & { return std::get<0>(m_data); }
    T &&value() && { return std::get<0>(std::move(m_data)); }
    const T &operator*() const & { return value(); }
    const T *operator->() const { return &value(); }

    const Error &error() const { return std::get<1>(m_data); }

private:
    std::variant<T, Error> m_data;
};

/// English, developer-facing description of an error (for logs and the fuzzer; the GUI and
/// the CLI translate instead).
std::string describe(const Error &error);

} // namespace attn
