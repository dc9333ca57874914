#include "common/datacolumns.h"
#include "core/histogram.h"

#include <QTest>

#include <cmath>
#include <limits>
#include <vector>

Q_DECLARE_METATYPE(std::vector<double>)
Q_DECLARE_METATYPE(std::vector<long long>)

class TestHistogram : public QObject
{
    Q_OBJECT

private slots:
    void counts_data();
    void counts();
    void edges();
    void fractions();
    void badArguments_data();
    void badArguments();
};

void TestHistogram::counts_data()
{
    dataColumns<std::vector<double>, int, double, double, std::vector<long long>, long long,
                long long, long long>("values", "bins", "lo", "hi", "counts", "below", "above",
                                      "skipped");

    const double nan = std::numeric_limits<double>::quiet_NaN();
    const double inf = std::numeric_limits<double>::infinity();
    // Bins of width 1 over [0, 4): [0,1) [1,2) [2,3) [3,4]; a left edge belongs to its bin.
    QTest::newRow("unit bins") << std::vector<double>{0, 0.5, 1, 1.99, 2, 3.5, 4} << 4 << 0.0 << 4.0
                               << std::vector<long long>{2, 2, 1, 2} << 0LL << 0LL << 0LL;
    QTest::newRow("outside") << std::vector<double>{-0.1, -5, 4.01, 1e9, 2.5} << 4 << 0.0 << 4.0
                             << std::vector<long long>{0, 0, 1, 0} << 2LL << 2LL << 0LL;
    QTest::newRow("not finite") << std::vector<double>{nan, inf, -inf, 0.25} << 2 << 0.0 << 1.0
                                << std::vector<long long>{1, 0} << 0LL << 0LL << 3LL;
    // Symmetric range [−3, 3] in 3 bins of width 2: [−3,−1) [−1,1) [1,3].
    QTest::newRow("symmetric") << std::vector<double>{-3, -1.5, -1, 0, 0.99, 1, 3} << 3 << -3.0
                               << 3.0 << std::vector<long long>{2, 3, 2} << 0LL << 0LL << 0LL;
    QTest::newRow("one bin") << std::vector<double>{-1, 0, 1} << 1 << -1.0 << 1.0
                             << std::vector<long long>{3} << 0LL << 0LL << 0LL;
    QTest::newRow("empty") << std::vector<double>{} << 5 << 0.0 << 1.0
                           << std::vector<long long>(5, 0) << 0LL << 0LL << 0LL;
}

void TestHistogram::counts()
{
    QFETCH(std::vector<double>, values);
    QFETCH(int, bins);
    QFETCH(double, lo);
    QFETCH(double, hi);
    QFETCH(std::vector<long long>, counts);
    QFETCH(long long, below);
    QFETCH(long long, above);
    QFETCH(long long, skipped);

    const auto h = attn::histogram(values, bins, lo, hi);
    QVERIFY(h.ok());
    QCOMPARE(h->bins(), bins);
    QVERIFY(h->counts == counts);
    QCOMPARE(h->below, below);
    QCOMPARE(h->above, above);
    QCOMPARE(h->skipped, skipped);
    QCOMPARE(h->finite, (long long)values.size() - skipped);
    QCOMPARE(h->lo, lo);
    QCOMPARE(h->hi, hi);
}

void TestHistogram::edges()
{
    const auto h = attn::histogram({}, 4, -2.0, 6.0);
    QVERIFY(h.ok());
    QCOMPARE(h->binWidth(), 2.0);
    const double left[] = {-2, 0, 2, 4};
    for (int i = 0; i < 4; ++i) {
        QCOMPARE(h->binLeft(i), left[i]);
        QCOMPARE(h->binRight(i), left[i] + 2);
    }
    // The last bin ends exactly at hi, whatever the rounding of lo + 4·w.
    const auto odd = attn::histogram({}, 3, -0.1, 0.2);
    QVERIFY(odd.ok());
    QCOMPARE(odd->binRight(2), 0.2);
}

void TestHistogram::fractions()
{
    // Eight finite values, two of them outside the range: shares are of the eight.
    const auto h = attn::histogram(
        {0.1, 0.2, 0.3, 0.6, 0.7, 0.9, -1, 2, std::numeric_limits<double>::quiet_NaN()}, 2, 0.0,
        1.0);
    QVERIFY(h.ok());
    QCOMPARE(h->finite, 8LL);
    QCOMPARE(h->fraction(0), 3.0 / 8.0);
    QCOMPARE(h->fraction(1), 3.0 / 8.0);
    QCOMPARE(h->fraction(-1), 0.0);
    QCOMPARE(h->fraction(2), 0.0);
    const auto none = attn::histogram({}, 2, 0.0, 1.0);
    QCOMPARE(none->fraction(0), 0.0);
}

void TestHistogram::badArguments_data()
{
    dataColumns<int, double, double, QString>("bins", "lo", "hi", "subject");

    const double nan = std::numeric_limits<double>::quiet_NaN();
    const double inf = std::numeric_limits<double>::infinity();
    QTest::newRow("no bins") << 0 << 0.0 << 1.0 << "bins";
    QTest::newRow("negative bins") << -3 << 0.0 << 1.0 << "bins";
    QTest::newRow("empty range") << 4 << 1.0 << 1.0 << "range";
    QTest::newRow("reversed") << 4 << 2.0 << 1.0 << "range";
    QTest::newRow("nan") << 4 << nan << 1.0 << "range";
    QTest::newRow("infinite") << 4 << 0.0 << inf << "range";
}

void TestHistogram::badArguments()
{
    QFETCH(int, bins);
    QFETCH(double, lo);
    QFETCH(double, hi);
    QFETCH(QString, subject);

    const auto h = attn::histogram({0.5}, bins, lo, hi);
    QVERIFY(!h.ok());
    QCOMPARE(h.error().code, attn::ErrorCode::BadArgument);
    QCOMPARE(QString::fromStdString(h.error().subject), subject);
}

QTEST_APPLESS_MAIN(TestHistogram)
#include "tst_histogram.moc"
