#pragma once

#include <cstddef>

namespace attn::detail {

/// tanh of the n doubles at `x` into `out` (which may be `x`), to within a few units in the last
/// place, four at a time where the CPU has AVX2 and FMA (chosen once at run time), else one at a
/// time with detail::tanh(). The additive score evaluates H · n of them per change, and the
/// SSE2 that a portable build may assume has no fast exp (Eigen's takes longer than glibc's).
void tanhInto(const double *x, double *out, std::size_t n);

/// exp of the n doubles at `x`, each ≤ 0 (softmax's shifted logits), into `out` (which may be
/// `x`); the same run-time choice. Arguments below −708 take std::exp, so that the result goes
/// through the subnormal range to exactly 0 as the scalar exp does.
void expNonPositiveInto(const double *x, double *out, std::size_t n);

} // namespace attn::detail
