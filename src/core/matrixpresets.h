#pragma once

#include "headpresets.h"
#include "types.h"

#include <cstdint>

namespace attn::presets {

/// The presets of the canvas's heads (headpresets.h) for a projection of any shape, as the
/// Sequence window's heads need them (d_k × D, d_v × D, D × h·d_v):
/// Identity: ones on the diagonal (the first min(rows, cols) components passed on as they are);
/// Rotation: the identity with its top-left 2 × 2 block R(θ) = rotation(θ, 2) (the first pair of
/// components turned, the others passed on); for fewer than 2 rows or columns, the identity's
/// block rotation(θ, 1) where it fits;
/// ProjectX / ProjectY: a single 1 at row 0, column 0 / column 1 (the output sees only the first
/// / second component of the input);
/// Random: random(rows, cols, seed).
Matrix sized(Kind kind, int rows, int cols, double thetaDegrees, std::uint64_t seed);

} // namespace attn::presets
