#pragma once

#include "cancelflag.h"
#include "error.h"
#include "json.h"
#include "sequencedocument.h"

#include <string_view>

namespace attn {

/// The readers of the largest files, stoppable from another thread: the same results as
/// parseJson() and parseSequence() (a 32 MiB sequence file takes the parser about a second),
/// except that once `cancel` is set they stop within a few milliseconds with BadArgument and
/// the subject "cancelled", as every cancelled computation of the core does.
Result<JsonValue> parseJson(std::string_view text, const CancelFlag *cancel);
Result<SequenceDocument> parseSequence(std::string_view text, const CancelFlag *cancel);

/// True for the error a cancelled computation returns.
inline bool isCancellation(const Error &error)
{
    return error.code == ErrorCode::BadArgument && error.subject == "cancelled";
}

} // namespace attn
