// Highway compiles the kernels below once per instruction set (foreach_target.h includes this
// file again for each) and HWY_DYNAMIC_DISPATCH picks the best one the CPU has on first use, so a
// portable build (SSE2 assumed) still runs AVX2 or AVX-512 where they exist.
// foreach_target.h must come first, before highway.h and what uses it.
// clang-format off
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "core/vectormath.cpp"
#include <hwy/foreach_target.h> // IWYU pragma: keep
#include <hwy/highway.h>
#include <hwy/contrib/math/math-inl.h>
// clang-format on

#include "vectormath.h"

#include <algorithm>
#include <cmath>

HWY_BEFORE_NAMESPACE();
namespace attn::detail {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// Applies `op` to whole vectors and then to the tail, copied into a full vector, so that every
// element goes through the same arithmetic whatever its position.
template <class Op> void forEachVector(const double *x, double *out, std::size_t n, Op op)
{
    const hn::ScalableTag<double> d;
    const std::size_t lanes = hn::Lanes(d);
    std::size_t i = 0;
    for (; i + lanes <= n; i += lanes)
        hn::StoreU(op(d, hn::LoadU(d, x + i)), d, out + i);
    if (i < n) {
        HWY_ALIGN double tail[HWY_MAX_BYTES / sizeof(double)] = {};
        std::copy(x + i, x + n, tail);
        hn::Store(op(d, hn::Load(d, tail)), d, tail);
        std::copy(tail, tail + (n - i), out + i);
    }
}

// Highway's Tanh: e^{2|x|} − 1 by expm1, then (e − 1)/(e + 1) with the sign of x put back;
// 1 from |x| > 18.7; signed zeros, ±∞ and NaN come out as std::tanh gives them.
void TanhKernel(const double *x, double *out, std::size_t n)
{
    forEachVector(x, out, n, [](auto d, auto v) { return hn::Tanh(d, v); });
}

// Highway's Exp (1 ulp) for arguments ≥ −708. Below, where e^x leaves the normal range, a vector
// with such a lane takes std::exp, which goes smoothly through the subnormals to exactly 0 (rare:
// a weight under 1e−307). A NaN stays NaN either way.
void ExpKernel(const double *x, double *out, std::size_t n)
{
    forEachVector(x, out, n, [](auto d, auto v) {
        if (HWY_UNLIKELY(!hn::AllFalse(d, hn::Lt(v, hn::Set(d, -708.0))))) {
            HWY_ALIGN double lane[HWY_MAX_BYTES / sizeof(double)];
            hn::Store(v, d, lane);
            for (std::size_t k = 0; k < hn::Lanes(d); ++k)
                lane[k] = std::exp(lane[k]);
            return hn::Load(d, lane);
        }
        return hn::Exp(d, v);
    });
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

} // namespace attn::detail
#endif
