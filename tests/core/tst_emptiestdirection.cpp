// Where a new key goes: the emptiest direction against angles worked out by hand, then against a
// naive search that measures every whole degree by the dot product (acos), not by differences of
// atan2 angles as the code does.

#include "common/datacolumns.h"
#include "core/emptiestdirection.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <random>
#include <vector>

namespace {
// Keys at the given directions (degrees), at the given length.
attn::Matrix keysAt(const std::vector<double> &degrees, double length = 1)
{
    attn::Matrix k(Eigen::Index(degrees.size()), 2);
    for (size_t i = 0; i < degrees.size(); ++i) {
        const double a = degrees[i] * std::numbers::pi / 180;
        k(Eigen::Index(i), 0) = length * std::cos(a);
        k(Eigen::Index(i), 1) = length * std::sin(a);
    }
    return k;
}

// The angle in degrees between the direction `degrees` and the key (x, y), from their dot product.
double angleTo(int degrees, double x, double y)
{
    const double a = degrees * std::numbers::pi / 180;
    const double c = (std::cos(a) * x + std::sin(a) * y) / std::hypot(x, y);
    return std::acos(std::clamp(c, -1.0, 1.0)) * 180 / std::numbers::pi;
}
} // namespace

class TestEmptiestDirection : public QObject
{
    Q_OBJECT

private slots:
    void byHand_data();
    void byHand();
    void lengthDoesNotMatter();
    void againstNaiveSearch();
    void roundToStep();
};

void TestEmptiestDirection::byHand_data()
{
    dataColumns<std::vector<double>, int>("keys", "expected");
    // Nothing to keep away from: the first tidy angle.
    QTest::addRow("none") << std::vector<double>{} << 0;
    QTest::addRow("one at 0°: opposite") << std::vector<double>{0} << 180;
    // 90° and 270° are both 90° from each key; the first wins.
    QTest::addRow("0° and 180°") << std::vector<double>{0, 180} << 90;
    QTest::addRow("0°, 90°, 180°") << std::vector<double>{0, 90, 180} << 270;
    QTest::addRow("four axes: 45°") << std::vector<double>{0, 90, 180, 270} << 45;
    // Opposite 10° is 190°, no multiple of 15°: the best tidy ones (180°, 195°) are 170° and
    // 175° away, the whole degree 190° is 180° away.
    QTest::addRow("one at 10°") << std::vector<double>{10} << 190;
    // The widest gap runs from 100° to 360°: its middle, 230°, is 130° from both; 225° would be
    // only 125° from 100°.
    QTest::addRow("0° and 100°") << std::vector<double>{0, 100} << 230;
    // Negative angles from atan2 (−90° = 270°): the gap from 0° down to −90° is the small one.
    QTest::addRow("0° and −90°") << std::vector<double>{0, -90} << 135;
}

void TestEmptiestDirection::byHand()
{
    QFETCH(std::vector<double>, keys);
    QFETCH(int, expected);
    QCOMPARE(attn::emptiestDirection(keysAt(keys)), expected);
}

void TestEmptiestDirection::lengthDoesNotMatter()
{
    // A long key and a short one point the same way; a zero key points nowhere.
    QCOMPARE(attn::emptiestDirection(keysAt({0, 100}, 7.5)), 230);
    attn::Matrix k = keysAt({10}, 0.01);
    k.conservativeResize(2, 2);
    k.row(1) << 0, 0;
    QCOMPARE(attn::emptiestDirection(k), 190);
    QCOMPARE(attn::emptiestDirection(attn::Matrix::Zero(3, 2)), 0);
}

void TestEmptiestDirection::againstNaiveSearch()
{
    std::mt19937 rng(1234);
    for (int trial = 0; trial < 300; ++trial) {
        const int n = 1 + int(rng() % 12);
        attn::Matrix keys(n, 2);
        for (int i = 0; i < n; ++i) {
            keys(i, 0) = (int(rng() % 2001) - 1000) / 500.0;
            keys(i, 1) = (int(rng() % 2001) - 1000) / 500.0;
        }
        // Every whole degree's distance to its nearest key, by the dot product.
        std::vector<double> nearest(360, 360);
        for (int a = 0; a < 360; ++a)
            for (int i = 0; i < n; ++i)
                if (keys(i, 0) != 0 || keys(i, 1) != 0)
                    nearest[a] = std::min(nearest[a], angleTo(a, keys(i, 0), keys(i, 1)));
        const double widest = *std::max_element(nearest.begin(), nearest.end());
        const int got = attn::emptiestDirection(keys);
        QVERIFY(got >= 0 && got < 360);
        // As far from every key as any whole degree can be (up to acos's rounding)…
        QVERIFY2(nearest[got] >= widest - 1e-6,
                 qPrintable(QStringLiteral("trial %1: %2° is %3° from a key, %4° is possible")
                                .arg(trial)
                                .arg(got)
                                .arg(nearest[got])
                                .arg(widest)));
        // …and a multiple of 15° whenever one is that far.
        int tidy = -1;
        for (int a = 0; a < 360 && tidy < 0; a += 15)
            if (nearest[a] >= widest - 1e-6)
                tidy = a;
        if (tidy >= 0)
            QCOMPARE(got, tidy);
    }
}

void TestEmptiestDirection::roundToStep()
{
    // The decimal's own double, not one a rounding error away from it.
    QCOMPARE(attn::roundToStep(1.5000000000000002, 0.1), 1.5);
    QCOMPARE(attn::roundToStep(0.1 + 0.2, 0.1), 0.3);
    QCOMPARE(attn::roundToStep(std::sqrt(0.5), 0.01), 0.71);
    QCOMPARE(attn::roundToStep(-0.25, 0.1), -0.3); // halves away from zero
    QCOMPARE(attn::roundToStep(0.999, 0.01), 1.0);
}

QTEST_APPLESS_MAIN(TestEmptiestDirection)
#include "tst_emptiestdirection.moc"
