#pragma once

#include "enumids.h"
#include "types.h"

#include <array>
#include <cstddef>

namespace attn {

/// One row per score method: the facts about a method that every layer shares, so that adding a
/// method means adding a row here (the static_assert below fails until there is one) instead of
/// editing lists of names spread over the program. The command line's help and error messages
/// list the identifiers from this table; the report and the walkthrough read the shape of the
/// computation from it; the app's names, formulas, pictures and parameter pages are in
/// src/app/methods/. The normalisers are meant to get a table of the same shape.
struct MethodInfo
{
    Method method;
    /// The identifier in scene files, reports and on the command line.
    const char *id;
    /// Whether the score is the dot product q·k divided by √d (scaled dot product): the
    /// comparison and the division are two steps (the walkthrough shows q·k first), and the
    /// report gives the d used. Multi-head attention's heads divide by their own √d_k inside
    /// their own computation (perHeadSoftmax), which is not this single division.
    bool dividesByRootD;
    /// Whether every head runs its own softmax (multi-head attention): there is no single
    /// trace of logits and exponentials, and the report lists the heads instead.
    bool perHeadSoftmax;
};

inline constexpr std::array<MethodInfo, 6> kMethods{{
    {Method::Dot, "dot", false, false},
    {Method::Scaled, "scaled", true, false},
    {Method::Cosine, "cosine", false, false},
    {Method::General, "general", false, false},
    {Method::Additive, "additive", false, false},
    {Method::MultiHead, "multihead", false, true},
}};
static_assert(kMethods.size() == kMethodCount, "one row per Method");

/// The row of `method`.
constexpr const MethodInfo &methodInfo(Method method)
{
    return kMethods[static_cast<std::size_t>(method)];
}

/// The table lists the methods in the order of the enum, so that methodInfo() is an index.
static_assert(enumids::inEnumOrder(kMethods, &MethodInfo::method),
              "kMethods follows the order of Method");

} // namespace attn
