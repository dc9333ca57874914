// The vectorised tanh and exp against long-double references from the C library, one value at
// a time: every lane of the four-wide path, the scalar tail, the branch boundary at |x| = 0.625,
// signed zeros, huge arguments, NaN, and exp's way down through the subnormals to 0.

#include "core/fastmath.h"
#include "core/vectormath.h"

#include <QTest>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <hwy/targets.h>
#include <limits>
#include <vector>

namespace {
// Distance in units of the last place between a double and the long-double truth.
double ulps(double got, long double want)
{
    if (want == 0)
        return got == 0 ? 0 : std::numeric_limits<double>::infinity();
    const double w = double(want);
    const double ulp = std::nextafter(std::fabs(w), INFINITY) - std::fabs(w);
    return double(std::fabs((long double)got - want) / ulp);
}

// The vectorised `out` of `name` at `x` against the long-double `truth`: the first argument
// more than four ulps off, or "" when there is none; *worst gets the largest error.
template <typename Truth>
QString firstBeyondFourUlps(const char *name, const std::vector<double> &x,
                            const std::vector<double> &out, Truth truth, double *worst)
{
    *worst = 0;
    for (std::size_t i = 0; i < x.size(); ++i) {
        const double e = ulps(out[i], truth((long double)x[i]));
        if (!(e <= 4))
            return QStringLiteral("%1(%2) = %3: %4 ulps")
                .arg(QLatin1String(name))
                .arg(x[i], 0, 'g', 17)
                .arg(out[i], 0, 'g', 17)
                .arg(e);
        *worst = std::max(*worst, e);
    }
    return {};
}

std::vector<double> tanhSamples()
{
    std::vector<double> x;
    // A dense sweep over where both formulas act, and then some.
    for (int i = -4000; i <= 4000; ++i)
        x.push_back(i * 0.0073);
    for (double b : {0.625, 22.0, 1e-300, 1e-8, 0.5, 1.0, 30.0, 700.0, 1e300, DBL_MAX}) {
        for (double v : {b, std::nextafter(b, 0.0), std::nextafter(b, INFINITY)}) {
            x.push_back(v);
            x.push_back(-v);
        }
    }
    x.push_back(0.0);
    x.push_back(-0.0);
    x.push_back(1.0); // an odd count, so that the scalar tail runs too
    return x;
}
} // namespace

class TestVectorMath : public QObject
{
    Q_OBJECT

private slots:
    void tanhWithinFourUlps()
    {
        const std::vector<double> x = tanhSamples();
        std::vector<double> out(x.size());
        attn::detail::tanhInto(x.data(), out.data(), x.size());
        double worst = 0;
        const QString beyond = firstBeyondFourUlps(
            "tanh", x, out, [](long double v) { return std::tanh(v); }, &worst);
        QVERIFY2(beyond.isEmpty(), qPrintable(beyond));
        qInfo("worst tanh error: %.2f ulps over %zu arguments", worst, x.size());
    }

    void tanhScalarAgreesWithTheReference()
    {
        for (double v : tanhSamples())
            QVERIFY(ulps(attn::detail::tanh(v), std::tanh((long double)v)) <= 4);
    }

    void tanhKeepsTheSignOfZeroAndNaN()
    {
        std::vector<double> x{-0.0, 0.0, NAN, -NAN, INFINITY, -INFINITY, 0.3, -0.3, 2.0};
        attn::detail::tanhInto(x.data(), x.data(), x.size()); // in place, as the scores use it
        QVERIFY(x[0] == 0 && std::signbit(x[0]));
        QVERIFY(x[1] == 0 && !std::signbit(x[1]));
        QVERIFY(std::isnan(x[2]));
        QVERIFY(std::isnan(x[3]));
        QCOMPARE(x[4], 1.0);
        QCOMPARE(x[5], -1.0);
        QCOMPARE(x[6], -x[7]);
    }

    void expWithinFourUlps()
    {
        std::vector<double> x;
        for (int i = 0; i <= 20000; ++i)
            x.push_back(-i * 0.0354); // 0 down to −708
        for (double v : {0.0, -1e-300, -0.5, -0.6931471805599453, -707.9, -708.0, -708.1})
            x.push_back(v);
        std::vector<double> out(x.size());
        attn::detail::expNonPositiveInto(x.data(), out.data(), x.size());
        double worst = 0;
        const QString beyond = firstBeyondFourUlps(
            "exp", x, out, [](long double v) { return std::exp(v); }, &worst);
        QVERIFY2(beyond.isEmpty(), qPrintable(beyond));
        QCOMPARE(out[0], 1.0);
        qInfo("worst exp error: %.2f ulps over %zu arguments", worst, x.size());
    }

    // In place, as the scores call it, every length gives what a separate output gives: the
    // recomputed last vector of a tail reads the inputs, not results already stored over them.
    void inPlaceMatchesSeparateOutputAtEveryLength()
    {
        for (std::size_t n = 1; n < 20; ++n) {
            std::vector<double> x(n);
            for (std::size_t i = 0; i < n; ++i)
                x[i] = -0.37 * double(i + 1);
            std::vector<double> out(n), inPlace = x;
            attn::detail::tanhInto(x.data(), out.data(), n);
            attn::detail::tanhInto(inPlace.data(), inPlace.data(), n);
            for (std::size_t i = 0; i < n; ++i) {
                QCOMPARE(inPlace[i], out[i]);
                QVERIFY(ulps(out[i], std::tanh((long double)x[i])) <= 4);
            }
            inPlace = x;
            attn::detail::expNonPositiveInto(x.data(), out.data(), n);
            attn::detail::expNonPositiveInto(inPlace.data(), inPlace.data(), n);
            for (std::size_t i = 0; i < n; ++i) {
                QCOMPARE(inPlace[i], out[i]);
                QVERIFY(ulps(out[i], std::exp((long double)x[i])) <= 4);
            }
        }
    }

    // Highway picks the widest instruction set the CPU has; a classroom machine may have a
    // narrower one, so every set compiled in and runnable here must keep the same bounds.
    void everyInstructionSetWithinFourUlps()
    {
        const std::vector<double> tanhX = tanhSamples();
        std::vector<double> expX;
        for (int i = 0; i <= 20000; ++i)
            expX.push_back(-i * 0.0354);
        expX.push_back(-745.2); // through std::exp
        const std::vector<int64_t> targets = hwy::SupportedAndGeneratedTargets();
        QVERIFY(!targets.empty());
        for (const int64_t target : targets) {
            if (!(target & attn::detail::vectorMathTargets()))
                continue; // left out on purpose (AVX-512, see src/core/CMakeLists.txt)
            hwy::SetSupportedTargetsForTest(target);
            std::vector<double> out(tanhX.size());
            attn::detail::tanhInto(tanhX.data(), out.data(), out.size());
            double worstTanh = 0;
            for (std::size_t i = 0; i < tanhX.size(); ++i)
                worstTanh = std::max(worstTanh, ulps(out[i], std::tanh((long double)tanhX[i])));
            out.resize(expX.size());
            attn::detail::expNonPositiveInto(expX.data(), out.data(), out.size());
            double worstExp = 0;
            for (std::size_t i = 0; i < expX.size(); ++i)
                worstExp = std::max(worstExp, ulps(out[i], std::exp((long double)expX[i])));
            qInfo("%s: worst tanh %.2f ulps, worst exp %.2f ulps", hwy::TargetName(target),
                  worstTanh, worstExp);
            QVERIFY2(worstTanh <= 4 && worstExp <= 4, hwy::TargetName(target));
        }
        hwy::SetSupportedTargetsForTest(0);
    }

    // Below −708 the result is the C library's own: subnormal, then exactly 0, never a
    // clamped tiny number that would make a vanishing weight look present.
    void expGoesToZeroLikeTheCLibrary()
    {
        std::vector<double> x{-709.0, -740.0, -745.2, -746.0, -800.0, -DBL_MAX, -1.0, -2.0};
        std::vector<double> out(x.size());
        attn::detail::expNonPositiveInto(x.data(), out.data(), x.size());
        for (std::size_t i = 0; i < x.size(); ++i)
            QCOMPARE(out[i], std::exp(x[i]));
        QCOMPARE(out[4], 0.0);
        QCOMPARE(out[5], 0.0);
    }

    void allFiniteSpotsEveryKindOfNonFinite_data()
    {
        QTest::addColumn<double>("bad");
        QTest::newRow("nan") << double(NAN);
        QTest::newRow("+inf") << double(INFINITY);
        QTest::newRow("-inf") << -double(INFINITY);
    }

    void allFiniteSpotsEveryKindOfNonFinite()
    {
        QFETCH(double, bad);
        Eigen::MatrixXd m = Eigen::MatrixXd::Constant(5, 3, DBL_MAX);
        QVERIFY(attn::detail::allFinite(m));
        for (Eigen::Index i = 0; i < m.size(); ++i) {
            Eigen::MatrixXd copy = m;
            copy(i) = bad;
            QVERIFY(!attn::detail::allFinite(copy));
        }
        QVERIFY(attn::detail::allFinite(Eigen::VectorXd()));
    }
};

QTEST_APPLESS_MAIN(TestVectorMath)
#include "tst_vectormath.moc"
