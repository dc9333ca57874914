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
// the rows of C; four columns of C at a time share each load of A. When the rows are not a whole
// number of vectors, the last vector is the last `lanes` rows, overlapping the one before: its
// lanes already done are computed again but not stored (they keep the value stored before), so
// every entry is still its start plus the products in order of p. Fewer rows than one vector
// are summed one by one, in the same order.
void ProductKernel(double *c, std::ptrdiff_t ldc, std::ptrdiff_t m, std::ptrdiff_t n,
                   std::ptrdiff_t k, const double *a, std::ptrdiff_t lda, const double *b,
                   std::ptrdiff_t bRow, std::ptrdiff_t bCol, bool accumulate)
{
    const hn::CappedTag<double, 4> d;
    const auto lanes = std::ptrdiff_t(hn::Lanes(d));
    if (m < lanes) {
        for (std::ptrdiff_t j = 0; j < n; ++j) {
            double *cj = c + j * ldc;
            const double *bj = b + j * bCol;
            for (std::ptrdiff_t i = 0; i < m; ++i) {
                double s = accumulate ? cj[i] : 0.0;
                for (std::ptrdiff_t p = 0; p < k; ++p)
                    s += a[i + p * lda] * bj[p * bRow];
                cj[i] = s;
            }
        }
        return;
    }
    // The vectors' first rows: 0, lanes, 2·lanes, …, then m − lanes when m is not a multiple.
    const std::ptrdiff_t whole = m / lanes * lanes;
    const std::ptrdiff_t overlap = whole == m ? 0 : whole - (m - lanes); // lanes done already
    const auto fresh = hn::Not(hn::FirstN(d, std::size_t(overlap)));
    const auto store = [&](auto v, double *at, bool last) {
        if (last)
            v = hn::IfThenElse(fresh, v, hn::LoadU(d, at));
        hn::StoreU(v, d, at);
    };
    // What the lanes of the overlapping last vector that were done already start from does not
    // matter: they are recomputed and thrown away.
    const auto start = [&](const double *at) {
        return accumulate ? hn::LoadU(d, at) : hn::Zero(d);
    };
    const auto forEachVector = [&](auto body) {
        for (std::ptrdiff_t i = 0; i < whole; i += lanes)
            body(i, false);
        if (overlap > 0)
            body(m - lanes, true);
    };
    std::ptrdiff_t j = 0;
    for (; j + 4 <= n; j += 4) {
        double *c0 = c + j * ldc, *c1 = c0 + ldc, *c2 = c1 + ldc, *c3 = c2 + ldc;
        const double *b0 = b + j * bCol, *b1 = b0 + bCol, *b2 = b1 + bCol, *b3 = b2 + bCol;
        // Two vectors of rows at a time where there are two whole ones: each broadcast of B
        // then feeds two multiply-adds (the broadcasts, not the arithmetic, bound this loop).
        std::ptrdiff_t i = 0;
        for (; i + 2 * lanes <= whole; i += 2 * lanes) {
            const std::ptrdiff_t i2 = i + lanes;
            auto s0 = start(c0 + i), s1 = start(c1 + i), s2 = start(c2 + i), s3 = start(c3 + i);
            auto t0 = start(c0 + i2), t1 = start(c1 + i2), t2 = start(c2 + i2),
                 t3 = start(c3 + i2);
            for (std::ptrdiff_t p = 0; p < k; ++p) {
                const auto av = hn::LoadU(d, a + i + p * lda);
                const auto aw = hn::LoadU(d, a + i2 + p * lda);
                const std::ptrdiff_t q = p * bRow;
                const auto x0 = hn::Set(d, b0[q]), x1 = hn::Set(d, b1[q]), x2 = hn::Set(d, b2[q]),
                           x3 = hn::Set(d, b3[q]);
                s0 = hn::MulAdd(av, x0, s0);
                s1 = hn::MulAdd(av, x1, s1);
                s2 = hn::MulAdd(av, x2, s2);
                s3 = hn::MulAdd(av, x3, s3);
                t0 = hn::MulAdd(aw, x0, t0);
                t1 = hn::MulAdd(aw, x1, t1);
                t2 = hn::MulAdd(aw, x2, t2);
                t3 = hn::MulAdd(aw, x3, t3);
            }
            store(s0, c0 + i, false);
            store(s1, c1 + i, false);
            store(s2, c2 + i, false);
            store(s3, c3 + i, false);
            store(t0, c0 + i2, false);
            store(t1, c1 + i2, false);
            store(t2, c2 + i2, false);
            store(t3, c3 + i2, false);
        }
        const auto oneVector = [&](std::ptrdiff_t i, bool last) {
            auto s0 = start(c0 + i), s1 = start(c1 + i), s2 = start(c2 + i), s3 = start(c3 + i);
            for (std::ptrdiff_t p = 0; p < k; ++p) {
                const auto av = hn::LoadU(d, a + i + p * lda);
                const std::ptrdiff_t q = p * bRow;
                s0 = hn::MulAdd(av, hn::Set(d, b0[q]), s0);
                s1 = hn::MulAdd(av, hn::Set(d, b1[q]), s1);
                s2 = hn::MulAdd(av, hn::Set(d, b2[q]), s2);
                s3 = hn::MulAdd(av, hn::Set(d, b3[q]), s3);
            }
            store(s0, c0 + i, last);
            store(s1, c1 + i, last);
            store(s2, c2 + i, last);
            store(s3, c3 + i, last);
        };
        for (; i < whole; i += lanes)
            oneVector(i, false);
        if (overlap > 0)
            oneVector(m - lanes, true);
    }
    for (; j < n; ++j) {
        double *cj = c + j * ldc;
        const double *bj = b + j * bCol;
        forEachVector([&](std::ptrdiff_t i, bool last) {
            auto s = start(cj + i);
            for (std::ptrdiff_t p = 0; p < k; ++p)
                s = hn::MulAdd(hn::LoadU(d, a + i + p * lda), hn::Set(d, bj[p * bRow]), s);
            store(s, cj + i, last);
        });
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
    if (m < 4 && n >= 4) {
        // Fewer rows than a vector but several columns (a gradient of W_q with d_k = 2): the
        // transposed product Cᵀ = Bᵀ·Aᵀ has the columns as rows and vectorises; it goes into a
        // buffer and is added back transposed: the same products in the same order, added to C
        // at the end.
        thread_local std::vector<double> transposed;
        transposed.resize(std::size_t(n * m));
        productInto(transposed.data(), n, n, m, k, b, bCol, bRow, a, aCol, aRow, false);
        for (Eigen::Index j = 0; j < n; ++j)
            for (Eigen::Index i = 0; i < m; ++i) {
                const double t = transposed[std::size_t(j + i * n)];
                c[i + j * ldc] = accumulate ? c[i + j * ldc] + t : t;
            }
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
