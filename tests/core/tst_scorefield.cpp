#include "common/datacolumns.h"
#include "common/naivereference.h"
#include "common/smallmatrices.h"
#include "core/attention.h"
#include "core/headpresets.h"
#include "core/scene.h"
#include "core/scorefield.h"
#include "core/scores.h"

#include <QTest>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

using naive::DRows;
using naive::DVec;

Q_DECLARE_METATYPE(attn::AttentionParams)
Q_DECLARE_METATYPE(attn::Method)
Q_DECLARE_METATYPE(attn::GridSpec)
Q_DECLARE_METATYPE(attn::MultiHeadParams)

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

using smallmatrices::mat;
using smallmatrices::vec;
/// Two heads that look at the plane through different lenses: a rotation by 30° with d_k = 2 and
/// a projection onto y with d_k = 1 (unequal d_k, so that each head's own √d_k matters).
attn::MultiHeadParams lenses()
{
    attn::MultiHeadParams p;
    const double c = std::cos(M_PI / 6), s = std::sin(M_PI / 6);
    attn::Head rotate{mat(c, -s, s, c), mat(1, 0.5, 0, 1), attn::Matrix::Identity(2, 2)};
    attn::Matrix y(1, 2);
    y << 0, 1;
    attn::Matrix ky(1, 2);
    ky << 0.5, 2;
    attn::Head project{y, ky, y};
    p.heads = {rotate, project};
    p.wo = attn::Matrix::Identity(2, 3);
    return p;
}

/// The error of a failed result in words (QVERIFY2 evaluates its message even on success).
template <typename T> std::string why(const attn::Result<T> &r)
{
    return r.ok() ? std::string() : attn::describe(r.error());
}

/// Bilinear interpolation of the field at (x, y), written from the definition for the tests.
double bilinear(const attn::ScoreField &f, double x, double y)
{
    const double u = (x - f.grid.x0) / f.grid.dx, v = (y - f.grid.y0) / f.grid.dy;
    int i = std::clamp(int(std::floor(u)), 0, int(f.values.cols()) - 2);
    int j = std::clamp(int(std::floor(v)), 0, int(f.values.rows()) - 2);
    const double a = u - i, b = v - j;
    return (1 - a) * (1 - b) * f.values(j, i) + a * (1 - b) * f.values(j, i + 1) +
           (1 - a) * b * f.values(j + 1, i) + a * b * f.values(j + 1, i + 1);
}

/// The naive score of one key for the methods with a single score function.
naive::Real naiveScore(const attn::Vector &q, double x, double y, attn::Method method,
                       const attn::AttentionParams &p)
{
    const naive::Vec qv = naive::toLong(q);
    const naive::Mat keys{{x, y}};
    switch (method) {
    case attn::Method::Dot:
        return naive::dotScores(qv, keys)[0];
    case attn::Method::Scaled:
        return naive::scaledScores(qv, keys, p.scaleDim > 0 ? p.scaleDim : 2)[0];
    case attn::Method::Cosine:
        return naive::cosineScores(qv, keys)[0];
    case attn::Method::General:
        return naive::generalScores(
            qv, naive::toLong(p.general.size() ? p.general : attn::Matrix::Identity(2, 2)),
            keys)[0];
    case attn::Method::Additive:
        return naive::additiveScores(qv, keys, naive::toLong(p.additive.wq),
                                     naive::toLong(p.additive.wk), naive::toLong(p.additive.b),
                                     naive::toLong(p.additive.v))[0];
    case attn::Method::MultiHead:
        break;
    }
    return std::numeric_limits<naive::Real>::quiet_NaN();
}

} // namespace

class TestScoreField : public QObject
{
    Q_OBJECT

private slots:
    void articleKeysByHand();
    void samplesEqualCoreScores_data();
    void samplesEqualCoreScores();
    void multiHeadSamples_data();
    void multiHeadSamples();
    void errors_data();
    void errors();
    void emptyGrid();
    void isoLinesLieOnLevel_data();
    void isoLinesLieOnLevel();
    void isoLinesOfLinearFieldAreStraight();
    void isoLinesHandCases_data();
    void isoLinesHandCases();
    void isoLinesSkipNonFinite();
    void isoStepAndLevels_data();
    void isoStepAndLevels();
};

void TestScoreField::articleKeysByHand()
{
    // The article's keys lie on this grid: (0.5, 1.0) at (0, 5), (1.5, 0.5) at (10, 0),
    // (0.8, 1.2) at (3, 7). Dot scores by hand: 1.4, 2.2, 1.92.
    const attn::GridSpec grid{0.5, 0.5, 0.1, 0.1, 11, 8};
    auto f = attn::scoreField(vec(1.2, 0.8), attn::Method::Dot, {}, grid);
    QVERIFY(f.ok());
    QCOMPARE(f->values.rows(), 8);
    QCOMPARE(f->values.cols(), 11);
    QVERIFY(std::abs(f->values(5, 0) - 1.4) < 1e-12);
    QVERIFY(std::abs(f->values(0, 10) - 2.2) < 1e-12);
    QVERIFY(std::abs(f->values(7, 3) - 1.92) < 1e-12);
    // Smallest at the lower left corner (0.5, 0.5): 1.0; largest at (1.5, 1.2): 2.76.
    QVERIFY(std::abs(f->minimum - 1.0) < 1e-12);
    QVERIFY(std::abs(f->maximum - 2.76) < 1e-12);
}

void TestScoreField::samplesEqualCoreScores_data()
{
    dataColumns<attn::Method, attn::Vector, attn::AttentionParams>("method", "query", "params");

    const attn::Scene scene = attn::Scene::defaultScene();
    attn::AttentionParams defaults = scene.params();
    attn::AttentionParams scaled64 = defaults;
    scaled64.scaleDim = 64;
    attn::AttentionParams skew = defaults;
    skew.general = mat(1, 2, -0.5, 1);
    attn::AttentionParams additive = defaults;
    additive.additive.b[0] = 1.5;
    attn::AttentionParams masked = defaults;
    masked.mask = {true, false, false}; // a mask has nothing to do with a score
    masked.temperature = 0.1;

    QTest::newRow("dot") << attn::Method::Dot << vec(1.2, 0.8) << defaults;
    QTest::newRow("dot, masked, τ = 0.1") << attn::Method::Dot << vec(1.2, 0.8) << masked;
    QTest::newRow("scaled") << attn::Method::Scaled << vec(1.2, 0.8) << defaults;
    QTest::newRow("scaled, d = 64") << attn::Method::Scaled << vec(-0.3, 2) << scaled64;
    QTest::newRow("cosine") << attn::Method::Cosine << vec(1.2, 0.8) << defaults;
    QTest::newRow("cosine, zero query") << attn::Method::Cosine << vec(0, 0) << defaults;
    QTest::newRow("general, identity") << attn::Method::General << vec(1.2, 0.8) << defaults;
    QTest::newRow("general, skewed") << attn::Method::General << vec(0.7, -1.1) << skew;
    QTest::newRow("additive") << attn::Method::Additive << vec(1.2, 0.8) << defaults;
    QTest::newRow("additive, b₁ = 1.5") << attn::Method::Additive << vec(-2, 0.4) << additive;
}

void TestScoreField::samplesEqualCoreScores()
{
    QFETCH(attn::Method, method);
    QFETCH(attn::Vector, query);
    QFETCH(attn::AttentionParams, params);
    // The grid passes through the origin (i = 5, j = 4), where cosine is defined as 0.
    const attn::GridSpec grid{-2.0, 1.6, 0.4, -0.4, 13, 9};
    auto f = attn::scoreField(query, method, params, grid);
    QVERIFY2(f.ok(), why(f).c_str());
    QCOMPARE(f->values.rows(), 9);
    QCOMPARE(f->values.cols(), 13);
    double lo = 1e300, hi = -1e300;
    for (int j = 0; j < grid.ny; ++j) {
        for (int i = 0; i < grid.nx; ++i) {
            const double x = -2.0 + 0.4 * i, y = 1.6 - 0.4 * j;
            attn::Matrix key(1, 2);
            key << x, y;
            // The core's score of one real key at that point...
            auto core = attn::computeScores(query, key, method, params);
            QVERIFY(core.ok());
            const double got = f->values(j, i);
            QVERIFY2(std::abs(got - core->scores[0]) <= 1e-12 * std::max(1.0, std::abs(got)),
                     qPrintable(QStringLiteral("(%1, %2): field %3, core %4")
                                    .arg(x)
                                    .arg(y)
                                    .arg(got)
                                    .arg(core->scores[0])));
            // ...and the textbook formula.
            std::string why;
            QVERIFY2(naive::check(got, naiveScore(query, x, y, method, params), 1e-12, why),
                     why.c_str());
            lo = std::min(lo, got);
            hi = std::max(hi, got);
        }
    }
    QCOMPARE(f->minimum, lo);
    QCOMPARE(f->maximum, hi);
}

void TestScoreField::multiHeadSamples_data()
{
    dataColumns<attn::MultiHeadParams, attn::Vector>("heads", "query");
    QTest::newRow("default split") << attn::defaults::multiHead() << vec(1.2, 0.8);
    QTest::newRow("rotation and projection") << lenses() << vec(-0.6, 1.3);
}

void TestScoreField::multiHeadSamples()
{
    QFETCH(attn::MultiHeadParams, heads);
    QFETCH(attn::Vector, query);
    attn::AttentionParams params;
    params.multiHead = heads;
    const attn::GridSpec grid{-1.5, -1.0, 0.25, 0.5, 11, 5};
    const int count = int(heads.heads.size());
    for (int head = attn::kMeanOfHeads; head < count; ++head) {
        auto f = attn::scoreField(query, attn::Method::MultiHead, params, grid, head);
        QVERIFY2(f.ok(), why(f).c_str());
        for (int j = 0; j < grid.ny; ++j) {
            for (int i = 0; i < grid.nx; ++i) {
                const double x = -1.5 + 0.25 * i, y = -1.0 + 0.5 * j;
                // attend() with one key at the point, and the naive multi-head reference.
                attn::Matrix key(1, 2);
                key << x, y;
                auto r = attn::attend(query, key, key, attn::Method::MultiHead, params);
                QVERIFY(r.ok());
                std::vector<naive::Mat> wq, wk, wv;
                for (const attn::Head &h : heads.heads) {
                    wq.push_back(naive::toLong(h.wq));
                    wk.push_back(naive::toLong(h.wk));
                    wv.push_back(naive::toLong(h.wv));
                }
                const naive::MultiHeadRef ref = naive::multiHead(
                    naive::toLong(query), {{x, y}}, {{x, y}}, wq, wk, wv, naive::toLong(heads.wo));
                const double core = head == attn::kMeanOfHeads
                                        ? r->scores[0]
                                        : r->heads[std::size_t(head)].scores[0];
                const naive::Real expected = head == attn::kMeanOfHeads
                                                 ? ref.meanScores[0]
                                                 : ref.heads[std::size_t(head)].scores[0];
                QVERIFY(std::abs(f->values(j, i) - core) <= 1e-12 * std::max(1.0, std::abs(core)));
                std::string why;
                QVERIFY2(naive::check(f->values(j, i), expected, 1e-12, why), why.c_str());
            }
        }
    }
}

void TestScoreField::errors_data()
{
    dataColumns<attn::Method, attn::Vector, attn::AttentionParams, attn::GridSpec, int, int>(
        "method", "query", "params", "grid", "head", "code");

    const attn::AttentionParams ok = attn::Scene::defaultScene().params();
    const attn::GridSpec grid{0, 0, 0.5, 0.5, 4, 4};
    attn::Vector q3(3);
    q3 << 1, 2, 3;
    attn::AttentionParams badW = ok;
    badW.general = attn::Matrix::Identity(3, 3);
    attn::AttentionParams nanAdditive = ok;
    nanAdditive.additive.v[1] = kNaN;
    attn::AttentionParams noHeads = ok;
    noHeads.multiHead.heads.clear();
    attn::AttentionParams badScale = ok;
    badScale.scaleDim = -4;

    const int mismatch = int(attn::ErrorCode::DimensionMismatch);
    const int nonFinite = int(attn::ErrorCode::NonFinite);
    const int bad = int(attn::ErrorCode::BadArgument);
    QTest::newRow("3-D query") << attn::Method::Dot << q3 << ok << grid << -1 << mismatch;
    QTest::newRow("NaN query") << attn::Method::Dot << vec(kNaN, 1) << ok << grid << -1
                               << nonFinite;
    QTest::newRow("general W 3×3")
        << attn::Method::General << vec(1, 1) << badW << grid << -1 << mismatch;
    QTest::newRow("additive v NaN")
        << attn::Method::Additive << vec(1, 1) << nanAdditive << grid << -1 << nonFinite;
    QTest::newRow("negative scale dim") << attn::Method::Scaled << vec(1, 1) << badScale << grid
                                        << -1 << int(attn::ErrorCode::BadScaleDim);
    QTest::newRow("no heads") << attn::Method::MultiHead << vec(1, 1) << noHeads << grid << -1
                              << int(attn::ErrorCode::NoHeads);
    QTest::newRow("head 2 of 2") << attn::Method::MultiHead << vec(1, 1) << ok << grid << 2 << bad;
    QTest::newRow("head −2") << attn::Method::MultiHead << vec(1, 1) << ok << grid << -2 << bad;
    QTest::newRow("head for dot") << attn::Method::Dot << vec(1, 1) << ok << grid << 0 << bad;
    QTest::newRow("negative nx") << attn::Method::Dot << vec(1, 1) << ok
                                 << attn::GridSpec{0, 0, 1, 1, -1, 3} << -1 << bad;
    QTest::newRow("NaN dx") << attn::Method::Dot << vec(1, 1) << ok
                            << attn::GridSpec{0, 0, kNaN, 1, 3, 3} << -1 << nonFinite;
    QTest::newRow("grid beyond double") << attn::Method::Dot << vec(1, 1) << ok
                                        << attn::GridSpec{0, 0, 1e308, 1, 3, 3} << -1 << nonFinite;
}

void TestScoreField::errors()
{
    QFETCH(attn::Method, method);
    QFETCH(attn::Vector, query);
    QFETCH(attn::AttentionParams, params);
    QFETCH(attn::GridSpec, grid);
    QFETCH(int, head);
    QFETCH(int, code);
    auto f = attn::scoreField(query, method, params, grid, head);
    QVERIFY(!f.ok());
    QCOMPARE(int(f.error().code), code);
}

void TestScoreField::emptyGrid()
{
    auto f = attn::scoreField(vec(1, 0), attn::Method::Dot, {}, attn::GridSpec{0, 0, 1, 1, 0, 5});
    QVERIFY(f.ok());
    QCOMPARE(f->values.size(), 0);
    QVERIFY(attn::isoLines(*f, 0.5).empty());
}

void TestScoreField::isoLinesLieOnLevel_data()
{
    dataColumns<attn::Method, int>("method", "head");
    for (int m = 0; m < attn::kMethodCount; ++m) {
        const auto method = attn::Method(m);
        QTest::addRow("%s", attn::methodId(method)) << method << attn::kMeanOfHeads;
    }
    QTest::newRow("multihead, head 1") << attn::Method::MultiHead << 0;
    QTest::newRow("multihead, head 2") << attn::Method::MultiHead << 1;
}

void TestScoreField::isoLinesLieOnLevel()
{
    QFETCH(attn::Method, method);
    QFETCH(int, head);
    attn::AttentionParams params = attn::Scene::defaultScene().params();
    params.general = mat(1, 0.6, -0.4, 1.2);
    params.multiHead = lenses();
    const attn::GridSpec grid{-2.05, 1.55, 0.1, -0.1, 41, 31};
    auto f = attn::scoreField(vec(1.2, 0.8), method, params, grid, head);
    QVERIFY(f.ok());
    const double step = attn::isoStep(f->minimum, f->maximum, 6);
    QVERIFY(step > 0);
    const std::vector<double> levels = attn::isoLevels(f->minimum, f->maximum, step);
    QVERIFY(levels.size() >= 3);
    for (const double level : levels) {
        const auto segments = attn::isoLines(*f, level);
        QVERIFY2(!segments.empty(), qPrintable(QString::number(level)));
        for (const attn::Segment &s : segments) {
            for (const auto &[x, y] : {std::pair{s.x1, s.y1}, std::pair{s.x2, s.y2}}) {
                QVERIFY(x >= -2.05 - 1e-9 && x <= 1.95 + 1e-9);
                QVERIFY(y <= 1.55 + 1e-9 && y >= -1.45 - 1e-9);
                const double at = bilinear(*f, x, y);
                QVERIFY2(std::abs(at - level) <= 1e-9 * std::max(1.0, std::abs(level)),
                         qPrintable(QStringLiteral("level %1: %2 at (%3, %4)")
                                        .arg(level)
                                        .arg(at)
                                        .arg(x)
                                        .arg(y)));
            }
        }
    }
}

void TestScoreField::isoLinesOfLinearFieldAreStraight()
{
    // Dot with q = (1.2, 0.8): the iso-line of level L is the straight line 1.2 x + 0.8 y = L,
    // and it crosses the whole window, so the segments join up to its full visible length.
    const attn::GridSpec grid{-2, -2, 0.25, 0.25, 17, 17};
    auto f = attn::scoreField(vec(1.2, 0.8), attn::Method::Dot, {}, grid);
    QVERIFY(f.ok());
    for (const double level : {-1.0, 0.0, 0.5, 2.3}) {
        double length = 0;
        for (const attn::Segment &s : attn::isoLines(*f, level)) {
            QVERIFY(std::abs(1.2 * s.x1 + 0.8 * s.y1 - level) < 1e-9);
            QVERIFY(std::abs(1.2 * s.x2 + 0.8 * s.y2 - level) < 1e-9);
            length += std::hypot(s.x2 - s.x1, s.y2 - s.y1);
        }
        // By hand: the line 1.2x + 0.8y = L clipped to [−2, 2]²; x runs over the part where
        // y = (L − 1.2x) / 0.8 stays inside, which is x ∈ [(L − 1.6)/1.2, (L + 1.6)/1.2] ∩ [−2, 2].
        const double xa = std::max(-2.0, (level - 1.6) / 1.2),
                     xb = std::min(2.0, (level + 1.6) / 1.2);
        const double expected = (xb - xa) * std::hypot(1.0, 1.2 / 0.8);
        QVERIFY2(std::abs(length - expected) < 1e-9,
                 qPrintable(QStringLiteral("%1 vs %2").arg(length).arg(expected)));
    }
}

void TestScoreField::isoLinesHandCases_data()
{
    // One cell, corners (0,0) (1,0) (1,1) (0,1) with values a, b, c, d; the expected segments'
    // ends worked out by hand (as x1 y1 x2 y2, sorted so that the test does not depend on order).
    dataColumns<double, double, double, double, double, QList<double>>("a", "b", "c", "d", "level",
                                                                       "expected");
    QTest::newRow("all below") << 0.0 << 0.0 << 0.0 << 0.0 << 1.0 << QList<double>{};
    QTest::newRow("all above") << 2.0 << 2.0 << 2.0 << 2.0 << 1.0 << QList<double>{};
    // Corner (0,0) alone above: the line cuts the edges at x = 0.5 (bottom) and y = 0.25 (left).
    QTest::newRow("one corner") << 2.0 << 0.0 << 0.0 << -2.0 << 1.0
                                << QList<double>{0, 0.25, 0.5, 0};
    // A vertical line at x = 0.25.
    QTest::newRow("left half") << 1.0 << -3.0 << -3.0 << 1.0 << 0.0
                               << QList<double>{0.25, 0, 0.25, 1};
    // Saddle: (0,0) and (1,1) at 1, the others at 0, level 0.4: the mean 0.5 is above, so the
    // corners below are cut off: (1,0) by (0.6,0)–(1,0.4), (0,1) by (0,0.6)–(0.4,1).
    QTest::newRow("saddle, joined")
        << 1.0 << 0.0 << 1.0 << 0.0 << 0.4 << QList<double>{0, 0.6, 0.4, 1, 0.6, 0, 1, 0.4};
    // The same at level 0.6: the mean is below, the corners above are cut off instead:
    // (0,0) by (0.4,0)–(0,0.4), (1,1) by (1,0.6)–(0.6,1).
    QTest::newRow("saddle, apart")
        << 1.0 << 0.0 << 1.0 << 0.0 << 0.6 << QList<double>{0, 0.4, 0.4, 0, 0.6, 1, 1, 0.6};
}

void TestScoreField::isoLinesHandCases()
{
    QFETCH(double, a);
    QFETCH(double, b);
    QFETCH(double, c);
    QFETCH(double, d);
    QFETCH(double, level);
    QFETCH(QList<double>, expected);
    attn::ScoreField f;
    f.grid = attn::GridSpec{0, 0, 1, 1, 2, 2};
    f.values.resize(2, 2);
    f.values(0, 0) = a; // (x 0, y 0)
    f.values(0, 1) = b; // (x 1, y 0)
    f.values(1, 1) = c; // (x 1, y 1)
    f.values(1, 0) = d; // (x 0, y 1)
    // Each segment with its ends in a fixed order, then the segments sorted.
    std::vector<std::array<double, 4>> got;
    for (const attn::Segment &s : attn::isoLines(f, level)) {
        std::array<double, 4> e{s.x1, s.y1, s.x2, s.y2};
        if (std::pair(e[2], e[3]) < std::pair(e[0], e[1]))
            e = {e[2], e[3], e[0], e[1]};
        got.push_back(e);
    }
    std::sort(got.begin(), got.end());
    QCOMPARE(qsizetype(got.size() * 4), expected.size());
    for (std::size_t k = 0; k < got.size(); ++k)
        for (std::size_t m = 0; m < 4; ++m)
            QVERIFY2(
                std::abs(got[k][m] - expected[qsizetype(k * 4 + m)]) < 1e-12,
                qPrintable(
                    QStringLiteral("segment %1 coordinate %2: %3").arg(k).arg(m).arg(got[k][m])));
}

void TestScoreField::isoLinesSkipNonFinite()
{
    attn::ScoreField f;
    f.grid = attn::GridSpec{0, 0, 1, 1, 3, 2};
    f.values.resize(2, 3);
    f.values << 0, 1, kNaN, 0, 1, 2;
    // The left cell crosses 0.5; the right one has a NaN corner and is skipped.
    const auto segments = attn::isoLines(f, 0.5);
    QCOMPARE(segments.size(), std::size_t(1));
    QCOMPARE(segments[0].x1, 0.5);
    QCOMPARE(segments[0].x2, 0.5);
}

void TestScoreField::isoStepAndLevels_data()
{
    dataColumns<double, double, int, double, QList<double>>("lo", "hi", "count", "step", "levels");
    // (hi − lo)/count → the next 1, 2 or 5 × 10^k, and its multiples strictly inside.
    QTest::newRow("−2.7..3.7, 6") << -2.7 << 3.7 << 6 << 2.0 << QList<double>{-2, 0, 2};
    QTest::newRow("−1..1, 6") << -1.0 << 1.0 << 6 << 0.5 << QList<double>{-0.5, 0, 0.5};
    QTest::newRow("0..10, 10") << 0.0 << 10.0 << 10 << 1.0
                               << QList<double>{1, 2, 3, 4, 5, 6, 7, 8, 9};
    QTest::newRow("0.01..0.05, 4") << 0.01 << 0.05 << 4 << 0.01 << QList<double>{0.02, 0.03, 0.04};
    QTest::newRow("−600..−100, 2") << -600.0 << -100.0 << 2 << 500.0 << QList<double>{-500};
    QTest::newRow("empty range") << 1.0 << 1.0 << 6 << 0.0 << QList<double>{};
    QTest::newRow("reversed") << 2.0 << 1.0 << 6 << 0.0 << QList<double>{};
    QTest::newRow("no count") << 0.0 << 1.0 << 0 << 0.0 << QList<double>{};
    QTest::newRow("NaN") << kNaN << 1.0 << 6 << 0.0 << QList<double>{};
}

void TestScoreField::isoStepAndLevels()
{
    QFETCH(double, lo);
    QFETCH(double, hi);
    QFETCH(int, count);
    QFETCH(double, step);
    QFETCH(QList<double>, levels);
    const double got = attn::isoStep(lo, hi, count);
    QVERIFY2(std::abs(got - step) <= 1e-12 * std::max(1.0, step), qPrintable(QString::number(got)));
    const std::vector<double> l = attn::isoLevels(lo, hi, got);
    QCOMPARE(qsizetype(l.size()), levels.size());
    for (std::size_t k = 0; k < l.size(); ++k)
        QVERIFY2(std::abs(l[k] - levels[qsizetype(k)]) < 1e-12, qPrintable(QString::number(l[k])));
}

QTEST_APPLESS_MAIN(TestScoreField)
#include "tst_scorefield.moc"
