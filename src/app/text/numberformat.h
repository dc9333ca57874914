#pragma once

#include "core/types.h"

#include <QString>

#include <functional>
#include <vector>

/// How numbers are shown on screen: one rule for every view (step table, formula, chart,
/// heat maps, canvas labels, walkthrough), written out in numberformat.cpp.
namespace NumberFormat {
/// The decimals every number a learner reads is shown with.
inline constexpr int kDecimals = 3;
/// x by the rule: `decimals` decimals, scientific notation ("1.1 × 10⁻⁷") for tiny and huge
/// magnitudes, a true minus sign.
QString number(double x, int decimals = kDecimals);
/// number() without trailing zeros after the point ("1.2", "0.6", "2"), for arithmetic written
/// out the way a learner writes it; the rounding is number()'s.
QString written(double x, int decimals = kDecimals);
/// The value that number(x, decimals) stands for: x rounded as it is shown.
double shown(double x, int decimals = kDecimals);
/// A line of arithmetic "a ∘ b = r" on screen: the fewest decimals, from `decimals` up to
/// decimals + 4, at which the `operands` must be shown so that `evaluate` of the shown operands,
/// shown at `decimals`, is what number(result, decimals) shows. The result is always shown as
/// everywhere else; only an operand gets more digits, and only when the line needs them.
int operandDecimals(const std::vector<double> &operands, double result,
                    const std::function<double(const std::vector<double> &)> &evaluate,
                    int decimals = kDecimals);
/// "(1.200, 0.800)"
QString vector(const attn::Vector &v, int decimals = kDecimals);
/// A tick label for an axis whose ticks are `step` apart: as many decimals as the step needs,
/// a true minus sign ("−0.5", "0", "1.5").
QString tick(double value, double step);
/// The digits of `number` as Unicode subscripts: 12 → "₁₂", for labels such as "k₁₂".
QString subscript(int number);
/// The digits of `number` as Unicode superscripts, with a superscript minus: −7 → "⁻⁷".
QString superscript(int number);
/// A step of 1, 2 or 5 × 10ᵏ that splits `span` into about `intervals` intervals, for ticks.
double niceStep(double span, int intervals);
} // namespace NumberFormat
