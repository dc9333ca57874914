#pragma once

#include "types.h"

#include <array>
#include <cstddef>

namespace attn {

/// One row per score method: the facts about a method that every layer shares, so that adding a
/// method means adding a row here (the static_assert below fails until there is one) instead of
/// editing lists of names spread over the program. The command line's help and error messages
/// list the identifiers from this table; the app's names and formulas are in
/// src/app/methods/.
struct MethodInfo
{
    Method method;
    /// The identifier in scene files, reports and on the command line.
    const char *id;
};

inline constexpr std::array<MethodInfo, 6> kMethods{{
    {Method::Dot, "dot"},
    {Method::Scaled, "scaled"},
    {Method::Cosine, "cosine"},
    {Method::General, "general"},
    {Method::Additive, "additive"},
    {Method::MultiHead, "multihead"},
}};
static_assert(kMethods.size() == kMethodCount, "one row per Method");

/// The row of `method`.
constexpr const MethodInfo &methodInfo(Method method)
{
    return kMethods[static_cast<std::size_t>(method)];
}

/// The table lists the methods in the order of the enum, so that methodInfo() is an index.
constexpr bool methodsInEnumOrder()
{
    for (std::size_t i = 0; i < kMethods.size(); ++i) {
        if (static_cast<std::size_t>(kMethods[i].method) != i)
            return false;
    }
    return true;
}
static_assert(methodsInEnumOrder(), "kMethods follows the order of Method");

} // namespace attn
