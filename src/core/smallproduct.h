#pragma once

#include <Eigen/Core>

#include <cstddef>

namespace attn::detail {

/// C (m × n, column-major, leading dimension ldc) = A·B, or += A·B with `accumulate`, where A is
/// m × k and B is k × n, each read through strides: entry (i, p) of A is a[i·aRow + p·aCol], entry
/// (p, j) of B is b[p·bRow + j·bCol] (so a transposed operand is only other strides). C must not
/// overlap A or B. Each entry is its start plus the products summed in order of p, a vector of
/// rows at a time in the widest instruction set the CPU has up to AVX2 (with FMA there), chosen
/// at run time like vectormath.h's kernels: the sequence model's products are a dozen tokens by
/// D = 2 … 64, where Eigen's blocked GEMM spends more on packing its operands than on the
/// arithmetic, and a portable build's Eigen runs SSE2 only. The result depends only on the sizes
/// and the CPU, never on earlier calls.
void productInto(double *c, Eigen::Index ldc, Eigen::Index m, Eigen::Index n, Eigen::Index k,
                 const double *a, Eigen::Index aRow, Eigen::Index aCol, const double *b,
                 Eigen::Index bRow, Eigen::Index bCol, bool accumulate);

/// The same for Eigen matrices, blocks and transposes of them with direct access (dst
/// column-major with unit inner stride).
template <typename Dst, typename A, typename B>
void product(Dst &&dst, const A &a, const B &b, bool accumulate)
{
    static_assert(!std::decay_t<Dst>::IsRowMajor, "the product writes column-major storage");
    eigen_assert(dst.rows() == a.rows() && dst.cols() == b.cols() && a.cols() == b.rows());
    eigen_assert(dst.innerStride() == 1);
    // A row-major expression (a transpose of a column-major matrix) steps along a row by its
    // inner stride.
    const Eigen::Index aRow = A::IsRowMajor ? a.outerStride() : a.innerStride();
    const Eigen::Index aCol = A::IsRowMajor ? a.innerStride() : a.outerStride();
    const Eigen::Index bRow = B::IsRowMajor ? b.outerStride() : b.innerStride();
    const Eigen::Index bCol = B::IsRowMajor ? b.innerStride() : b.outerStride();
    productInto(dst.data(), dst.outerStride(), dst.rows(), dst.cols(), a.cols(), a.data(), aRow,
                aCol, b.data(), bRow, bCol, accumulate);
}

} // namespace attn::detail
