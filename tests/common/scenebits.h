#pragma once

// Bit-for-bit comparison of scenes for the tests, written apart from the app's own
// SceneCommand::same() so that the tests do not check that code against itself. Every number
// is compared through its bit pattern, so +0 and −0 differ and nothing is "close enough".

#include "core/scene.h"

#include <QString>

#include <bit>
#include <cstdint>

namespace scenebits {

inline bool sameNumber(double a, double b)
{
    return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b);
}

inline QString diffMatrix(const QString &name, const Eigen::MatrixXd &a, const Eigen::MatrixXd &b)
{
    if (a.rows() != b.rows() || a.cols() != b.cols())
        return QStringLiteral("%1: %2×%3 vs %4×%5")
            .arg(name)
            .arg(a.rows())
            .arg(a.cols())
            .arg(b.rows())
            .arg(b.cols());
    for (Eigen::Index r = 0; r < a.rows(); ++r)
        for (Eigen::Index c = 0; c < a.cols(); ++c)
            if (!sameNumber(a(r, c), b(r, c)))
                return QStringLiteral("%1(%2,%3): %4 vs %5")
                    .arg(name)
                    .arg(r)
                    .arg(c)
                    .arg(a(r, c), 0, 'g', 17)
                    .arg(b(r, c), 0, 'g', 17);
    return {};
}

/// The first difference between two scenes, or an empty string when they are bit-identical.
inline QString difference(const attn::Scene &a, const attn::Scene &b)
{
    if (a.method != b.method)
        return QStringLiteral("method %1 vs %2").arg(int(a.method)).arg(int(b.method));
    if (!sameNumber(a.temperature, b.temperature))
        return QStringLiteral("temperature %1 vs %2").arg(a.temperature).arg(b.temperature);
    if (a.scaleDim.has_value() != b.scaleDim.has_value() ||
        (a.scaleDim && !sameNumber(*a.scaleDim, *b.scaleDim)))
        return QStringLiteral("scale_dim");
    if (a.mask != b.mask)
        return QStringLiteral("mask");
    QString d;
    if (!(d = diffMatrix(QStringLiteral("query"), a.query, b.query)).isEmpty() ||
        !(d = diffMatrix(QStringLiteral("keys"), a.keys, b.keys)).isEmpty() ||
        !(d = diffMatrix(QStringLiteral("values"), a.values, b.values)).isEmpty() ||
        !(d = diffMatrix(QStringLiteral("general"), a.general, b.general)).isEmpty() ||
        !(d = diffMatrix(QStringLiteral("additive.wq"), a.additive.wq, b.additive.wq)).isEmpty() ||
        !(d = diffMatrix(QStringLiteral("additive.wk"), a.additive.wk, b.additive.wk)).isEmpty() ||
        !(d = diffMatrix(QStringLiteral("additive.b"), a.additive.b, b.additive.b)).isEmpty() ||
        !(d = diffMatrix(QStringLiteral("additive.v"), a.additive.v, b.additive.v)).isEmpty() ||
        !(d = diffMatrix(QStringLiteral("multihead.wo"), a.multiHead.wo, b.multiHead.wo)).isEmpty())
        return d;
    if (a.multiHead.heads.size() != b.multiHead.heads.size())
        return QStringLiteral("head count %1 vs %2")
            .arg(a.multiHead.heads.size())
            .arg(b.multiHead.heads.size());
    for (std::size_t i = 0; i < a.multiHead.heads.size(); ++i) {
        const auto &x = a.multiHead.heads[i];
        const auto &y = b.multiHead.heads[i];
        const QString h = QStringLiteral("heads[%1].").arg(i);
        if (!(d = diffMatrix(h + QStringLiteral("wq"), x.wq, y.wq)).isEmpty() ||
            !(d = diffMatrix(h + QStringLiteral("wk"), x.wk, y.wk)).isEmpty() ||
            !(d = diffMatrix(h + QStringLiteral("wv"), x.wv, y.wv)).isEmpty())
            return d;
    }
    return {};
}

} // namespace scenebits

/// QCOMPARE-like check that prints the first difference.
#define COMPARE_SCENES(actual, expected)                                                           \
    do {                                                                                           \
        const QString difference_ = scenebits::difference((actual), (expected));                   \
        QVERIFY2(difference_.isEmpty(), qPrintable(difference_));                                  \
    } while (false)
