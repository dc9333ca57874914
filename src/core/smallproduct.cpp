// Highway compiles the kernel below once per instruction set (foreach_target.h includes this file
// again for each) and HWY_DYNAMIC_DISPATCH picks the best one the CPU has on first use.
// clang-format off
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "core/smallproduct.cpp"
#include <hwy/foreach_target.h> // IWYU pragma: keep
#include <hwy/highway.h>
// clang-format on

#include "smallproduct.h"

#include <cstring>
#include <vector>

HWY_BEFORE_NAMESPACE();
namespace attn::detail {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// C = (or +=) A·B with A column-major (unit row stride, leading dimension lda). Vectors run down
// the rows of C; four columns of C at a time share each load of A. Rows below a whole vector are
// summed one by one, in the same order of p.
void ProductKernel(double *c, std::ptrdiff_t ldc, std::ptrdiff_t m, std::ptrdiff_t n,
                   std::ptrdiff_t k, const double *a, std::ptrdiff_t lda, const double *b,
                   std::ptrdiff_t bRow, std::ptrdiff_t bCol, bool accumulate)
{
    const hn::CappedTag<double, 4> d;
    const auto lanes = std::ptrdiff_t(hn::Lanes(d));
    const auto scalarRows = [&](std::ptrdiff_t from, std::ptrdiff_t j) {
        double *cj = c + j * ldc;
        const double *bj = b + j * bCol;
        for (std::ptrdiff_t i = from; i < m; ++i) {
            double s = accumulate ? cj[i] : 0.0;
            for (std::ptrdiff_t p = 0; p < k; ++p)
                s += a[i + p * lda] * bj[p * bRow];
            cj[i] = s;
        }
    };
    std::ptrdiff_t j = 0;
    for (; j + 4 <= n; j += 4) {
        double *c0 = c + j * ldc, *c1 = c0 + ldc, *c2 = c1 + ldc, *c3 = c2 + ldc;
        const double *b0 = b + j * bCol, *b1 = b0 + bCol, *b2 = b1 + bCol, *b3 = b2 + bCol;
        std::ptrdiff_t i = 0;
        for (; i + lanes <= m; i += lanes) {
            auto s0 = accumulate ? hn::LoadU(d, c0 + i) : hn::Zero(d);
            auto s1 = accumulate ? hn::LoadU(d, c1 + i) : hn::Zero(d);
            auto s2 = accumulate ? hn::LoadU(d, c2 + i) : hn::Zero(d);
            auto s3 = accumulate ? hn::LoadU(d, c3 + i) : hn::Zero(d);
            for (std::ptrdiff_t p = 0; p < k; ++p) {
                const auto av = hn::LoadU(d, a + i + p * lda);
                const std::ptrdiff_t q = p * bRow;
                s0 = hn::MulAdd(av, hn::Set(d, b0[q]), s0);
                s1 = hn::MulAdd(av, hn::Set(d, b1[q]), s1);
                s2 = hn::MulAdd(av, hn::Set(d, b2[q]), s2);
                s3 = hn::MulAdd(av, hn::Set(d, b3[q]), s3);
            }
            hn::StoreU(s0, d, c0 + i);
            hn::StoreU(s1, d, c1 + i);
            hn::StoreU(s2, d, c2 + i);
            hn::StoreU(s3, d, c3 + i);
        }
        for (std::ptrdiff_t jj = j; jj < j + 4; ++jj)
            scalarRows(i, jj);
    }
    for (; j < n; ++j) {
        double *cj = c + j * ldc;
        const double *bj = b + j * bCol;
        std::ptrdiff_t i = 0;
        for (; i + lanes <= m; i += lanes) {
            auto s = accumulate ? hn::LoadU(d, cj + i) : hn::Zero(d);
            for (std::ptrdiff_t p = 0; p < k; ++p)
                s = hn::MulAdd(hn::LoadU(d, a + i + p * lda), hn::Set(d, bj[p * bRow]), s);
            hn::StoreU(s, d, cj + i);
        }
        scalarRows(i, j);
    }
}

} // namespace HWY_NAMESPACE
} // namespace attn::detail
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace attn::detail {

HWY_EXPORT(ProductKernel);

void productInto(double *c, Eigen::Index ldc, Eigen::Index m, Eigen::Index n, Eigen::Index k,
                 const double *a, Eigen::Index aRow, Eigen::Index aCol, const double *b,
                 Eigen::Index bRow, Eigen::Index bCol, bool accumulate)
{
    if (m <= 0 || n <= 0)
        return;
    if (k <= 0) {
        if (!accumulate)
            for (Eigen::Index j = 0; j < n; ++j)
                std::memset(c + j * ldc, 0, std::size_t(m) * sizeof(double));
        return;
    }
    Eigen::Index lda = aCol;
    if (aRow != 1) {
        // The kernel loads A down its columns: a transposed or strided A is copied into
        // column-major order first (m·k copies against m·k·n multiply-adds). One buffer per
        // thread, grown once.
        thread_local std::vector<double> packed;
        packed.resize(std::size_t(m * k));
        for (Eigen::Index p = 0; p < k; ++p)
            for (Eigen::Index i = 0; i < m; ++i)
                packed[std::size_t(i + p * m)] = a[i * aRow + p * aCol];
        a = packed.data();
        lda = m;
    }
    HWY_DYNAMIC_DISPATCH(ProductKernel)(c, ldc, m, n, k, a, lda, b, bRow, bCol, accumulate);
}

} // namespace attn::detail
#endif
