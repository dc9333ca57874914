#pragma once

#include "core/error.h"

#include <optional>
#include <utility>

/// Keeps the outcome of a model's last computation: the value and no error, or the error and
/// no value, so that views ask hasResult() or error() and never see a stale pair.
template <typename T>
void keepOutcome(attn::Result<T> &&result, std::optional<T> &value,
                 std::optional<attn::Error> &error)
{
    if (result) {
        value = std::move(result).value();
        error.reset();
    } else {
        value.reset();
        error = result.error();
    }
}
