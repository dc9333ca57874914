#pragma once

#include "core/types.h"

struct MethodView;

/// The table of method views, indexed like the core's kMethods (src/core/methods.h); its
/// static_asserts fail until a new method has its row.
namespace MethodViews {
const MethodView &of(attn::Method method);
} // namespace MethodViews
