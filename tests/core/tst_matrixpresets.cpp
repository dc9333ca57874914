#include "core/matrixpresets.h"

#include <QTest>

#include <cmath>
#include <numbers>

// The canvas's head presets for projections of any shape, checked entry by entry by hand.
class TestMatrixPresets : public QObject
{
    Q_OBJECT

private slots:
    void identityHasOnesOnTheDiagonal()
    {
        const attn::Matrix m = attn::presets::sized(attn::presets::Kind::Identity, 2, 4, 0, 1);
        for (int r = 0; r < 2; ++r)
            for (int c = 0; c < 4; ++c)
                QCOMPARE(m(r, c), r == c ? 1.0 : 0.0);
    }

    void rotationTurnsTheFirstPair()
    {
        const attn::Matrix m = attn::presets::sized(attn::presets::Kind::Rotation, 3, 3, 90, 1);
        // R(90°) = [0 −1; 1 0] on components 1 and 2, component 3 passed on.
        const double want[3][3] = {{0, -1, 0}, {1, 0, 0}, {0, 0, 1}};
        for (int r = 0; r < 3; ++r)
            for (int c = 0; c < 3; ++c)
                QVERIFY(std::abs(m(r, c) - want[r][c]) < 1e-15);
        const attn::Matrix one = attn::presets::sized(attn::presets::Kind::Rotation, 1, 2, 60, 1);
        QVERIFY(std::abs(one(0, 0) - 0.5) < 1e-15);
        QVERIFY(std::abs(one(0, 1) + std::sqrt(3.0) / 2) < 1e-15);
    }

    void projectionsKeepOneComponent()
    {
        const attn::Matrix x = attn::presets::sized(attn::presets::Kind::ProjectX, 2, 3, 0, 1);
        const attn::Matrix y = attn::presets::sized(attn::presets::Kind::ProjectY, 2, 3, 0, 1);
        QCOMPARE(x.sum(), 1.0);
        QCOMPARE(x(0, 0), 1.0);
        QCOMPARE(y.sum(), 1.0);
        QCOMPARE(y(0, 1), 1.0);
    }

    void randomIsInRangeAndSeeded()
    {
        const attn::Matrix a = attn::presets::sized(attn::presets::Kind::Random, 3, 5, 0, 7);
        const attn::Matrix b = attn::presets::sized(attn::presets::Kind::Random, 3, 5, 0, 7);
        const attn::Matrix c = attn::presets::sized(attn::presets::Kind::Random, 3, 5, 0, 8);
        QCOMPARE(a.rows(), 3);
        QCOMPARE(a.cols(), 5);
        QVERIFY(a == b);
        QVERIFY(a != c);
        QVERIFY(a.maxCoeff() < 1 && a.minCoeff() >= -1);
    }
};

QTEST_APPLESS_MAIN(TestMatrixPresets)
#include "tst_matrixpresets.moc"
