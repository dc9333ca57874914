#include "error.h"

namespace attn {

namespace {
const char *codeName(ErrorCode code)
{
    switch (code) {
    case ErrorCode::NoKeys:
        return "no keys";
    case ErrorCode::TooManyKeys:
        return "too many keys";
    case ErrorCode::CountMismatch:
        return "count mismatch";
    case ErrorCode::DimensionMismatch:
        return "dimension mismatch";
    case ErrorCode::NonFinite:
        return "not a finite number";
    case ErrorCode::BadTemperature:
        return "temperature must be > 0";
    case ErrorCode::BadScaleDim:
        return "scale dimension must be > 0";
    case ErrorCode::AllMasked:
        return "every key is masked";
    case ErrorCode::NoHeads:
        return "no heads";
    case ErrorCode::HeadsDoNotFit:
        return "heads do not fit";
    case ErrorCode::BadArgument:
        return "bad argument";
    case ErrorCode::FileTooLarge:
        return "file too large";
    case ErrorCode::Malformed:
        return "malformed JSON";
    case ErrorCode::TooDeep:
        return "nesting too deep";
    case ErrorCode::InvalidUtf8:
        return "invalid UTF-8";
    case ErrorCode::DuplicateField:
        return "duplicate field";
    case ErrorCode::WrongFormat:
        return "not an attention-canvas scene";
    case ErrorCode::UnsupportedVersion:
        return "unsupported version";
    case ErrorCode::WrongType:
        return "wrong type";
    case ErrorCode::MissingField:
        return "missing field";
    case ErrorCode::UnknownMethod:
        return "unknown method";
    case ErrorCode::UnknownNormaliser:
        return "unknown normaliser";
    case ErrorCode::UnknownField:
        return "unknown field";
    case ErrorCode::OutOfRange:
        return "out of range";
    case ErrorCode::BadName:
        return "bad name";
    case ErrorCode::DuplicateName:
        return "duplicate name";
    case ErrorCode::UnknownName:
        return "unknown name";
    case ErrorCode::UnknownKind:
        return "unknown position kind";
    case ErrorCode::OddDimension:
        return "odd dimension";
    case ErrorCode::UnknownOptimizer:
        return "unknown optimizer";
    case ErrorCode::UnknownGroup:
        return "unknown parameter group";
    case ErrorCode::Diverged:
        return "training diverged";
    }
    return "error";
}
} // namespace

std::string describe(const Error &error)
{
    std::string text = codeName(error.code);
    if (!error.subject.empty())
        text = error.subject + ": " + text;
    if (!error.detail.empty())
        text += " (" + error.detail + ")";
    if (error.expected >= 0 || error.actual >= 0)
        text += " [expected " + std::to_string(error.expected) + ", got " +
                std::to_string(error.actual) + "]";
    return text;
}

} // namespace attn
