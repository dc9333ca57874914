#pragma once

// Matrices written row by row in a test, and compared with a tolerance that the failure message
// shows in full (17 digits), for the tests of head presets and the method panel.

#include "core/types.h"

#include <QByteArray>
#include <QTest>

#include <initializer_list>

namespace matrixcompare {

inline attn::Matrix rows(std::initializer_list<std::initializer_list<double>> values)
{
    attn::Matrix m(Eigen::Index(values.size()), Eigen::Index(values.begin()->size()));
    Eigen::Index i = 0;
    for (const auto &row : values) {
        Eigen::Index j = 0;
        for (double x : row)
            m(i, j++) = x;
        ++i;
    }
    return m;
}

inline bool near(const attn::Matrix &a, const attn::Matrix &b, double tol)
{
    return a.rows() == b.rows() && a.cols() == b.cols() &&
           (a.size() == 0 || (a - b).cwiseAbs().maxCoeff() <= tol);
}

inline QByteArray show(const attn::Matrix &m)
{
    QByteArray s = "[";
    for (Eigen::Index i = 0; i < m.rows(); ++i) {
        for (Eigen::Index j = 0; j < m.cols(); ++j)
            s += QByteArray::number(m(i, j), 'g', 17) + (j + 1 < m.cols() ? " " : "");
        s += i + 1 < m.rows() ? "; " : "";
    }
    return s + "]";
}

} // namespace matrixcompare

#define COMPARE_MATRIX(actual, expected, tol)                                                      \
    QVERIFY2(matrixcompare::near((actual), (expected), (tol)),                                     \
             matrixcompare::show(actual) + " != " + matrixcompare::show(expected))
