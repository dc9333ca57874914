#pragma once

#include "core/types.h"

#include <QString>

/// How numbers are shown on screen: four decimals where they fit, scientific notation for very
/// large or very small magnitudes, and a true minus sign.
namespace NumberFormat {
QString number(double x, int decimals = 4);
/// "(1.2000, 0.8000)"
QString vector(const attn::Vector &v, int decimals = 4);
/// The digits of `number` as Unicode subscripts: 12 → "₁₂", for labels such as "k₁₂".
QString subscript(int number);
/// A step of 1, 2 or 5 × 10ᵏ that splits `span` into about `intervals` intervals, for ticks.
double niceStep(double span, int intervals);
} // namespace NumberFormat
