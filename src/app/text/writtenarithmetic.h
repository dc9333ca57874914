#pragma once

#include "core/types.h"
#include "text/numberformat.h"

#include <QString>

#include <functional>
#include <vector>

/// Arithmetic written out for the step panel ("1.2×0.5 + 0.8×(−0.3) = 0.6 − 0.24"), with the
/// digits that make every step of a line check out at the precision of its result
/// (NumberFormat::operandDecimals()). Shared by the step panel and the method files.
namespace WrittenArithmetic {

using Numbers = std::vector<double>;

Numbers numbers(const attn::Vector &v);
/// `a` followed by `b`, the operands of a dot product for dotOf().
Numbers joined(const attn::Vector &a, const attn::Vector &b);
double addAll(const Numbers &x);
double product(const Numbers &x);
double quotient(const Numbers &x);
/// The dot product of the two halves of `x`.
double dotOf(const Numbers &x);

/// NumberFormat::operandDecimals() for the operands of a line of arithmetic.
int digitsFor(const Numbers &operands, double result,
              const std::function<double(const Numbers &)> &evaluate,
              int decimals = NumberFormat::kDecimals);

/// "a + b − c": the terms of a sum with their signs folded in.
QString sum(const attn::Vector &terms, int decimals = NumberFormat::kDecimals);
/// "a₁×b₁ + a₂×b₂": a dot product written out.
QString products(const attn::Vector &a, const attn::Vector &b,
                 int decimals = NumberFormat::kDecimals);
/// A dot product written out, "a₁×b₁ + a₂×b₂ = t₁ + t₂", with the digits that make both of its
/// steps right at the precision of `result` (shown at `decimals`).
QString dotProduct(const attn::Vector &a, const attn::Vector &b, double result,
                   int decimals = NumberFormat::kDecimals);
/// A dot product written out as products only, "a₁×b₁ + a₂×b₂", with the digits that make it
/// `result` (shown at `decimals`).
QString productsFor(const attn::Vector &a, const attn::Vector &b, double result,
                    int decimals = NumberFormat::kDecimals);
/// Sum of squares under a root: √(1.2² + 0.8²), with the digits that make it `norm`.
QString rootOfSquares(const attn::Vector &v, double norm);

} // namespace WrittenArithmetic
