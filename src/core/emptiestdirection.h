#pragma once

#include "types.h"

namespace attn {

/// Where a new key goes when the learner asks for one without pointing: the whole degree in
/// [0, 360) whose angular distance to the nearest key (rows of `keys`, 2-D) is largest, so that
/// the new arrow is easy to tell apart from the others. Multiples of 15° win ties and are tried
/// first, so that the first few new keys land on tidy directions (0°, 180°, 90°, 270°, 45°…).
/// Keys of zero length have no direction and are ignored; with none left the answer is 0°.
int emptiestDirection(const Matrix &keys);

/// A step of `step` (0.1, 0.01) rounded so that the result is the double nearest to the decimal:
/// 1.5, not 1.5000000000000002, which files and labels would otherwise show.
double roundToStep(double x, double step);

} // namespace attn
