#include "common/datacolumns.h"
#include "text/numberformat.h"

#include <QTest>

#include <cmath>

// The one rule for numbers on screen (numberformat.cpp). Expected strings are written by hand.
class TestNumberFormat : public QObject
{
    Q_OBJECT

private slots:
    void number_data();
    void number();
    void written_data();
    void written();
    void shownIsWhatIsWritten();
    void operandDigitsMakeTheLineRight();
    void ticks_data();
    void ticks();
    void scripts();
};

void TestNumberFormat::number_data()
{
    dataColumns<double, QString>("x", "expected");
    // The default scene's weight of k₁: 0.20377… — one precision for every view.
    QTest::newRow("weight") << 0.2037705 << QStringLiteral("0.204");
    QTest::newRow("score") << 1.4 << QStringLiteral("1.400");
    QTest::newRow("negative") << -0.48658 << QStringLiteral("−0.487");
    QTest::newRow("zero") << 0.0 << QStringLiteral("0.000");
    QTest::newRow("negative zero") << -0.0 << QStringLiteral("0.000");
    QTest::newRow("just above a thousandth") << 0.00104 << QStringLiteral("0.001");
    QTest::newRow("tiny weight") << 1.12e-7 << QStringLiteral("1.1 × 10⁻⁷");
    QTest::newRow("tiny negative") << -3.04e-4 << QStringLiteral("−3.0 × 10⁻⁴");
    QTest::newRow("rounding noise") << 2.8e-17 << QStringLiteral("0.000");
    QTest::newRow("huge") << 1234567.0 << QStringLiteral("1.235 × 10⁶");
    QTest::newRow("huge negative") << -4e23 << QStringLiteral("−4.000 × 10²³");
}

void TestNumberFormat::number()
{
    QFETCH(double, x);
    QFETCH(QString, expected);
    QCOMPARE(NumberFormat::number(x), expected);
    QVERIFY(!NumberFormat::number(x).contains(QLatin1Char('-')));
    QVERIFY(!NumberFormat::number(x).contains(QLatin1Char('e')));
}

void TestNumberFormat::written_data()
{
    dataColumns<double, QString>("x", "expected");
    QTest::newRow("1.2") << 1.2 << QStringLiteral("1.2");
    QTest::newRow("2") << 2.0 << QStringLiteral("2");
    QTest::newRow("0.204") << 0.2037705 << QStringLiteral("0.204");
    QTest::newRow("−0.8") << -0.8 << QStringLiteral("−0.8");
    QTest::newRow("−0.0001 rounds away, not to −0") << -1e-13 << QStringLiteral("0");
    QTest::newRow("tiny") << 1.12e-7 << QStringLiteral("1.1 × 10⁻⁷");
}

void TestNumberFormat::written()
{
    QFETCH(double, x);
    QFETCH(QString, expected);
    QCOMPARE(NumberFormat::written(x), expected);
}

void TestNumberFormat::shownIsWhatIsWritten()
{
    QCOMPARE(NumberFormat::shown(0.2037705), 0.204);
    QCOMPARE(NumberFormat::shown(-0.48658), -0.487);
    QCOMPARE(NumberFormat::shown(1.12e-7), 1.1e-7);
    QCOMPARE(NumberFormat::shown(0.51246, 5), 0.51246);
}

void TestNumberFormat::operandDigitsMakeTheLineRight()
{
    // The line: 0.5125 − 0.999 = −0.4866 was wrong as shown. With the operands
    // 0.51246 and 0.99904 the difference is −0.48658: at three decimals 0.512 − 0.999 = −0.487
    // is right, so three digits do.
    auto minus = [](const std::vector<double> &x) { return x[0] - x[1]; };
    QCOMPARE(NumberFormat::operandDecimals({0.51246, 0.99904}, 0.51246 - 0.99904, minus), 3);
    // 0.2124 − 0.7006 = −0.4882 shows −0.488, but 0.212 − 0.701 = −0.489: four decimals.
    QCOMPARE(NumberFormat::operandDecimals({0.2124, 0.7006}, 0.2124 - 0.7006, minus), 4);
    // 1.0004 − 0.0008 = 0.9996 shows 1.000, but 1.000 − 8.0 × 10⁻⁴ = 0.9992 would show 0.999:
    // the operands need four decimals (1.0004 − 0.0008 = 0.9996).
    QCOMPARE(NumberFormat::operandDecimals({1.0004, 0.0008}, 0.9996, minus), 4);
    // Whatever the operands, the shown operands at the digits chosen give the shown result.
    for (int i = 0; i < 2000; ++i) {
        const double a = std::sin(i * 12.9898) * 3, b = std::cos(i * 78.233) * 3;
        const int d = NumberFormat::operandDecimals({a, b}, a - b, minus);
        QCOMPARE(NumberFormat::number(NumberFormat::shown(a, d) - NumberFormat::shown(b, d)),
                 NumberFormat::number(a - b));
    }
}

void TestNumberFormat::ticks_data()
{
    dataColumns<double, double, QString>("value", "step", "expected");
    QTest::newRow("−0.5") << -0.5 << 0.5 << QStringLiteral("−0.5");
    QTest::newRow("−2") << -2.0 << 1.0 << QStringLiteral("−2");
    QTest::newRow("0 from −1e−17") << -1e-17 << 0.2 << QStringLiteral("0.0");
    QTest::newRow("0.25") << 0.25 << 0.25 << QStringLiteral("0.25");
    QTest::newRow("−20") << -20.0 << 10.0 << QStringLiteral("−20");
}

void TestNumberFormat::ticks()
{
    QFETCH(double, value);
    QFETCH(double, step);
    QFETCH(QString, expected);
    QCOMPARE(NumberFormat::tick(value, step), expected);
}

void TestNumberFormat::scripts()
{
    QCOMPARE(NumberFormat::subscript(12), QStringLiteral("₁₂"));
    QCOMPARE(NumberFormat::superscript(-7), QStringLiteral("⁻⁷"));
    QCOMPARE(NumberFormat::superscript(23), QStringLiteral("²³"));
}

QTEST_APPLESS_MAIN(TestNumberFormat)
#include "tst_numberformat.moc"
