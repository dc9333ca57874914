#pragma once

#include <cstddef>
#include <cstdint>

namespace attn::detail {

/// tanh of the n doubles at `x` into `out` (which may be `x`), to within a few units in the last
/// place (tst_vectormath: under 2.3), by Highway's vector tanh in the widest instruction set the
/// CPU has (AVX2, SSE4, SSSE3 or none; chosen once at run time). The additive score evaluates
/// H · n of them per change, and the SSE2 that a portable build may assume has no fast exp.
void tanhInto(const double *x, double *out, std::size_t n);

/// exp of the n doubles at `x`, each ≤ 0 (softmax's shifted logits), into `out` (which may be
/// `x`); Highway's vector exp (1 ulp), the same run-time choice. Arguments below −708 take
/// std::exp, so that the result goes through the subnormal range to exactly 0 as the scalar exp
/// does.
void expNonPositiveInto(const double *x, double *out, std::size_t n);

/// Highway's bits (HWY_AVX2, HWY_SSE4, ...) of the instruction sets the two are compiled for, so
/// that a test can run each of them.
std::int64_t vectorMathTargets();

} // namespace attn::detail
