// Highway compiles the kernels below once per instruction set (foreach_target.h includes this
// file again for each) and HWY_DYNAMIC_DISPATCH picks the best one the CPU has on first use, so a
// portable build (SSE2 assumed) still runs AVX2 where the CPU has it.
// foreach_target.h must come first, before highway.h and what uses it.
// clang-format off
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "core/vectormath.cpp"
#include <hwy/foreach_target.h> // IWYU pragma: keep
#include <hwy/highway.h>
#include <hwy/contrib/math/math-inl.h>
// clang-format on

#include "vectormath.h"

#include "fastmath.h"

#include <cmath>

HWY_BEFORE_NAMESPACE();
namespace attn::detail {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// Applies `op` to whole vectors; a tail shorter than a vector is done by recomputing the last
// whole vector of the input, loaded before anything is stored, since `out` may be `x`. Arrays
// shorter than one vector (3 keys, 8 lanes with AVX-512) take `scalar`, which there is faster
// than one full vector of Highway's polynomial.
template <class Op, class Scalar>
void forEachVector(const double *x, double *out, std::size_t n, Op op, Scalar scalar)
{
    const hn::ScalableTag<double> d;
    const std::size_t lanes = hn::Lanes(d);
    if (n < lanes) {
        for (std::size_t i = 0; i < n; ++i)
            out[i] = scalar(x[i]);
        return;
    }
    const auto last = hn::LoadU(d, x + n - lanes);
    std::size_t i = 0;
    for (; i + lanes <= n; i += lanes)
        hn::StoreU(op(d, hn::LoadU(d, x + i)), d, out + i);
    if (i < n)
        hn::StoreU(op(d, last), d, out + n - lanes);
}

// Highway's Tanh: e^{2|x|} − 1 by expm1, then (e − 1)/(e + 1) with the sign of x put back;
// 1 from |x| > 18.7; signed zeros, ±∞ and NaN come out as std::tanh gives them.
void TanhKernel(const double *x, double *out, std::size_t n)
{
    forEachVector(
        x, out, n, [](auto d, auto v) { return hn::Tanh(d, v); },
        [](double v) { return detail::tanh(v); });
}

// Highway's Exp (1 ulp) for arguments ≥ −708. Below, where e^x leaves the normal range, a vector
// with such a lane takes std::exp, which goes smoothly through the subnormals to exactly 0 (rare:
// a weight under 1e−307). A NaN stays NaN either way.
void ExpKernel(const double *x, double *out, std::size_t n)
{
    forEachVector(
        x, out, n,
        [](auto d, auto v) {
            if (HWY_UNLIKELY(!hn::AllFalse(d, hn::Lt(v, hn::Set(d, -708.0))))) {
                HWY_ALIGN double lane[HWY_MAX_BYTES / sizeof(double)];
                hn::Store(v, d, lane);
                for (std::size_t k = 0; k < hn::Lanes(d); ++k)
                    lane[k] = std::exp(lane[k]);
                return hn::Load(d, lane);
            }
            return hn::Exp(d, v);
        },
        [](double v) { return std::exp(v); });
}

} // namespace HWY_NAMESPACE
} // namespace attn::detail
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace attn::detail {

HWY_EXPORT(TanhKernel);
HWY_EXPORT(ExpKernel);

void tanhInto(const double *x, double *out, std::size_t n)
{
    HWY_DYNAMIC_DISPATCH(TanhKernel)(x, out, n);
}

void expNonPositiveInto(const double *x, double *out, std::size_t n)
{
    HWY_DYNAMIC_DISPATCH(ExpKernel)(x, out, n);
}

std::int64_t vectorMathTargets()
{
    return HWY_TARGETS;
}

} // namespace attn::detail
#endif
