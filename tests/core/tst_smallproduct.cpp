// The small-matrix product behind the sequence model's passes (smallproduct.h) against a naive
// triple loop in long double: every size around the vector width (rows below one vector, whole
// vectors, an overlapping last vector), transposed and strided operands, blocks of larger
// matrices as the destination, with and without accumulation, and an empty inner dimension.

#include "core/random.h"
#include "core/smallproduct.h"
#include "core/types.h"

#include <QTest>

#include <cmath>

using attn::Matrix;

namespace {

Matrix random(attn::Random &rng, Eigen::Index rows, Eigen::Index cols)
{
    Matrix m(rows, cols);
    for (Eigen::Index r = 0; r < rows; ++r)
        for (Eigen::Index c = 0; c < cols; ++c)
            m(r, c) = rng.uniform(-1, 1);
    return m;
}

// max |got − (start + a·b)| over the entries, the reference summed in long double.
template <typename A, typename B>
long double error(const Matrix &got, const Matrix &start, const A &a, const B &b)
{
    long double worst = 0;
    for (Eigen::Index i = 0; i < got.rows(); ++i)
        for (Eigen::Index j = 0; j < got.cols(); ++j) {
            long double s = start(i, j);
            for (Eigen::Index p = 0; p < a.cols(); ++p)
                s += static_cast<long double>(a(i, p)) * static_cast<long double>(b(p, j));
            worst = std::max(worst, std::abs(s - static_cast<long double>(got(i, j))));
        }
    return worst;
}

} // namespace

class TestSmallProduct : public QObject
{
    Q_OBJECT

private slots:
    void matchesTheNaiveLoop()
    {
        attn::Random rng(5);
        for (Eigen::Index m = 1; m <= 13; ++m)
            for (Eigen::Index n : {1, 3, 4, 5, 8, 9})
                for (Eigen::Index k : {0, 1, 2, 7, 16}) {
                    const Matrix a = random(rng, m, k), at = random(rng, k, m);
                    const Matrix b = random(rng, k, n), bt = random(rng, n, k);
                    const Matrix start = random(rng, m, n);
                    const Matrix zero = Matrix::Zero(m, n);
                    const QString where = QStringLiteral("%1 x %2 x %3").arg(m).arg(k).arg(n);
                    for (bool accumulate : {false, true}) {
                        const Matrix &from = accumulate ? start : zero;
                        Matrix c = start; // overwritten entirely when not accumulating
                        attn::detail::product(c, a, b, accumulate);
                        QVERIFY2(error(c, from, a, b) <= 1e-13L, qPrintable(where));
                        c = start;
                        attn::detail::product(c, at.transpose(), bt.transpose(), accumulate);
                        QVERIFY2(error(c, from, at.transpose(), bt.transpose()) <= 1e-13L,
                                 qPrintable(where + QStringLiteral(" transposed")));
                    }
                }
    }

    // A block of a larger matrix as destination and operands: the entries around it stay as
    // they were, and the operands are read through their outer strides.
    void blocksKeepTheirSurroundings()
    {
        attn::Random rng(8);
        const Matrix big = random(rng, 12, 20);
        Matrix dst = random(rng, 11, 9);
        const Matrix before = dst;
        const auto a = big.block(1, 2, 7, 5);
        const auto b = big.block(3, 10, 5, 6);
        attn::detail::product(dst.block(2, 1, 7, 6), a, b, true);
        QVERIFY(error(Matrix(dst.block(2, 1, 7, 6)), Matrix(before.block(2, 1, 7, 6)), a, b) <=
                1e-13L);
        for (Eigen::Index i = 0; i < dst.rows(); ++i)
            for (Eigen::Index j = 0; j < dst.cols(); ++j)
                if (i < 2 || i >= 9 || j < 1 || j >= 7)
                    QCOMPARE(dst(i, j), before(i, j));
    }

    // The same sizes give the same bits, whatever ran before.
    void deterministic()
    {
        attn::Random rng(3);
        const Matrix a = random(rng, 9, 16), b = random(rng, 16, 24);
        Matrix first(9, 24), again(9, 24);
        attn::detail::product(first, a, b, false);
        Matrix other(5, 3);
        attn::detail::product(other, random(rng, 5, 40), random(rng, 40, 3), false);
        attn::detail::product(again, a, b, false);
        QVERIFY(first == again);
    }
};

QTEST_APPLESS_MAIN(TestSmallProduct)
#include "tst_smallproduct.moc"
