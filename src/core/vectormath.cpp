#include "vectormath.h"

#include "fastmath.h"

#include <cmath>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define AC_HAVE_AVX2_PATH 1
#endif

namespace attn::detail {

namespace {
#ifdef AC_HAVE_AVX2_PATH
// Below this exp's result leaves the normal range, where the vector path's 2ᵏ trick stops.
constexpr double kExpVectorFloor = -708.0;
#endif

void tanhScalar(const double *x, double *out, std::size_t n)
{
    for (std::size_t i = 0; i < n; ++i)
        out[i] = tanh(x[i]);
}

void expScalar(const double *x, double *out, std::size_t n)
{
    for (std::size_t i = 0; i < n; ++i)
        out[i] = std::exp(x[i]);
}

#ifdef AC_HAVE_AVX2_PATH
// Only these functions are compiled for AVX2 + FMA (the target attribute), and they call nothing
// inline from elsewhere, so no AVX instruction can leak into code that runs on an older CPU.

// e^x for four x in [−708, 0]: x = k ln2 + r with |r| ≤ ln2/2 (ln2 split in two parts so that r is
// exact), e^r by its Taylor series to r¹³ (truncation below 1e−17 relative), then 2ᵏ put straight
// into the exponent bits.
__attribute__((target("avx2,fma"))) __m256d exp4(__m256d x)
{
    const __m256d k = _mm256_round_pd(_mm256_mul_pd(x, _mm256_set1_pd(1.4426950408889634)),
                                      _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
    __m256d r = _mm256_fnmadd_pd(k, _mm256_set1_pd(6.93145751953125e-1), x);
    r = _mm256_fnmadd_pd(k, _mm256_set1_pd(1.42860682030941723212e-6), r);
    // Horner from 1/13! down to 1/1!.
    static constexpr double kInverseFactorials[] = {1.0 / 6227020800.0,
                                                    1.0 / 479001600.0,
                                                    1.0 / 39916800.0,
                                                    1.0 / 3628800.0,
                                                    1.0 / 362880.0,
                                                    1.0 / 40320.0,
                                                    1.0 / 5040.0,
                                                    1.0 / 720.0,
                                                    1.0 / 120.0,
                                                    1.0 / 24.0,
                                                    1.0 / 6.0,
                                                    1.0 / 2.0,
                                                    1.0,
                                                    1.0};
    __m256d p = _mm256_set1_pd(kInverseFactorials[0]);
    for (int i = 1; i < 14; ++i)
        p = _mm256_fmadd_pd(p, r, _mm256_set1_pd(kInverseFactorials[i]));
    // k is an integer in [−1022, 0]: 2ᵏ has the biased exponent k + 1023 and a zero mantissa.
    const __m128i k32 = _mm256_cvtpd_epi32(k);
    const __m256i biased = _mm256_add_epi64(_mm256_cvtepi32_epi64(k32), _mm256_set1_epi64x(1023));
    return _mm256_mul_pd(p, _mm256_castsi256_pd(_mm256_slli_epi64(biased, 52)));
}

__attribute__((target("avx2,fma"))) void expAvx2(const double *x, double *out, std::size_t n)
{
    const __m256d floor = _mm256_set1_pd(kExpVectorFloor);
    std::size_t i = 0;
    for (; i + 4 <= n; i += 4) {
        const __m256d v = _mm256_loadu_pd(x + i);
        // Arguments below −708 (rare: a weight under 1e−307) take std::exp, which goes smoothly
        // through the subnormals to exactly 0. A NaN stays NaN either way.
        if (_mm256_movemask_pd(_mm256_cmp_pd(v, floor, _CMP_LT_OQ)) != 0)
            expScalar(x + i, out + i, 4);
        else
            _mm256_storeu_pd(out + i, exp4(v));
    }
    expScalar(x + i, out + i, n - i);
}

// tanh as in detail::tanh(), four lanes at once: both formulas side by side, the right one
// chosen per lane, one division. |x| < 0.625: x (Q + s P)/Q with s = x² (Cephes); elsewhere
// (1 − e)/(1 + e) with e = e^(−2|x|) ≤ 0.29, which has no cancellation; |x| is capped at 22,
// where tanh is 1 in double precision, so e never leaves exp4's range.
__attribute__((target("avx2,fma"))) void tanhAvx2(const double *x, double *out, std::size_t n)
{
    const __m256d signBit = _mm256_set1_pd(-0.0);
    const __m256d one = _mm256_set1_pd(1.0);
    std::size_t i = 0;
    for (; i + 4 <= n; i += 4) {
        const __m256d a = _mm256_loadu_pd(x + i);
        const __m256d z = _mm256_andnot_pd(signBit, a);
        const __m256d s = _mm256_mul_pd(a, a);
        __m256d p = _mm256_set1_pd(-9.64399179425052238628e-1);
        p = _mm256_fmadd_pd(p, s, _mm256_set1_pd(-9.92877231001918586564e1));
        p = _mm256_fmadd_pd(p, s, _mm256_set1_pd(-1.61468768441708447952e3));
        __m256d q = _mm256_add_pd(s, _mm256_set1_pd(1.12811678491632931402e2));
        q = _mm256_fmadd_pd(q, s, _mm256_set1_pd(2.23548839060100448583e3));
        q = _mm256_fmadd_pd(q, s, _mm256_set1_pd(4.84406305325125486048e3));
        const __m256d smallNum = _mm256_mul_pd(a, _mm256_fmadd_pd(s, p, q));

        // min(22, z) rather than min(z, 22): a NaN lane stays NaN.
        const __m256d capped = _mm256_min_pd(_mm256_set1_pd(22.0), z);
        const __m256d e = exp4(_mm256_mul_pd(capped, _mm256_set1_pd(-2.0)));
        // The sign of x goes onto 1 − e.
        const __m256d bigNum = _mm256_or_pd(_mm256_sub_pd(one, e), _mm256_and_pd(signBit, a));

        const __m256d small = _mm256_cmp_pd(z, _mm256_set1_pd(0.625), _CMP_LT_OQ);
        const __m256d num = _mm256_blendv_pd(bigNum, smallNum, small);
        const __m256d den = _mm256_blendv_pd(_mm256_add_pd(one, e), q, small);
        _mm256_storeu_pd(out + i, _mm256_div_pd(num, den));
    }
    tanhScalar(x + i, out + i, n - i);
}

bool hasAvx2()
{
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
}
#endif

using Kernel = void (*)(const double *, double *, std::size_t);

// Chosen once, on first use.
Kernel chooseTanh()
{
#ifdef AC_HAVE_AVX2_PATH
    if (hasAvx2())
        return tanhAvx2;
#endif
    return tanhScalar;
}

Kernel chooseExp()
{
#ifdef AC_HAVE_AVX2_PATH
    if (hasAvx2())
        return expAvx2;
#endif
    return expScalar;
}
} // namespace

void tanhInto(const double *x, double *out, std::size_t n)
{
    static const Kernel kernel = chooseTanh();
    kernel(x, out, n);
}

void expNonPositiveInto(const double *x, double *out, std::size_t n)
{
    static const Kernel kernel = chooseExp();
    kernel(x, out, n);
}

} // namespace attn::detail
