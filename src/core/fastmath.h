#pragma once

#include "smallproduct.h"

#include <Eigen/Core>

#include <cmath>
#include <utility>

namespace attn::detail {

/// tanh of one value to within a few units in the last place, about twice as fast as std::tanh
/// (detail::tanhInto uses it for arrays shorter than one vector, Highway's vector tanh for the
/// rest). Small |x| uses the rational approximation of the Cephes library (relative error about
/// 2.5e-16); elsewhere 1 − 2/(e^{2|x|} + 1), which has no cancellation once |x| ≥ 0.625.
inline double tanh(double x)
{
    const double z = std::fabs(x);
    if (z < 0.625) {
        const double s = x * x;
        const double p = (-9.64399179425052238628e-1 * s - 9.92877231001918586564e1) * s -
                         1.61468768441708447952e3;
        const double q = ((s + 1.12811678491632931402e2) * s + 2.23548839060100448583e3) * s +
                         4.84406305325125486048e3;
        return x + x * s * (p / q);
    }
    if (z > 22.0) // tanh(22) rounds to 1 in double precision
        return std::copysign(1.0, x);
    const double r = 1.0 - 2.0 / (std::exp(2.0 * z) + 1.0);
    return std::copysign(r, x);
}

/// True when no entry is NaN or ±∞. x·0 is 0 for every finite x and NaN otherwise, so one
/// vectorised sum answers; Eigen's allFinite() tests entry by entry, which on the drag path cost
/// more than the scores themselves.
template <typename Derived> bool allFinite(const Eigen::DenseBase<Derived> &x)
{
    return (x.derived().array() * 0.0).sum() == 0.0;
}

/// ‖v‖ without overflow or underflow for any finite v, and without the cost of Eigen's
/// stableNorm in the common case.
template <typename Derived> double safeNorm(const Derived &v)
{
    const double n2 = v.squaredNorm();
    if (n2 > 1e-290 && n2 < 1e290)
        return std::sqrt(n2);
    return n2 == 0 ? 0.0 : double(v.stableNorm());
}

/// dst = a·b, without a temporary (dst must not alias a or b), by smallproduct.h's kernel: for
/// the sequence model's matrices (a dozen tokens, D = 2 … 64) several times faster than Eigen's
/// product in a portable build. The same sizes always give the same bits.
template <typename Dst, typename A, typename B> void multiply(Dst &&dst, const A &a, const B &b)
{
    product(std::forward<Dst>(dst), a, b, false);
}

/// dst += a·b, likewise.
template <typename Dst, typename A, typename B> void multiplyAdd(Dst &&dst, const A &a, const B &b)
{
    product(std::forward<Dst>(dst), a, b, true);
}

} // namespace attn::detail
