#pragma once

// The message of a QVERIFY2 on a core Result: the error's fields as text, or nothing when the
// result is ok. One copy for the core tests that each wrote it.

#include "core/error.h"

#include <string>

/// The error of a failed Result as text, or "" (QVERIFY2 evaluates its message every time, so
/// it must be cheap and safe on a result that is ok).
template <typename R> const char *why(const R &result)
{
    static std::string text;
    text = result.ok() ? std::string() : attn::describe(result.error());
    return text.c_str();
}
