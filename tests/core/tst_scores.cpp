#include "common/datacolumns.h"
#include "common/naivereference.h"
#include "core/scores.h"

#include <QTest>

#include <cmath>
#include <limits>

using naive::DRows;
using naive::DVec;

Q_DECLARE_METATYPE(attn::AttentionParams)

namespace {

using namespace naive::inputs;

attn::AdditiveParams additive(const DRows &wq, const DRows &wk, const DVec &b, const DVec &v)
{
    attn::AdditiveParams p;
    p.wq = naive::toEigen(wq);
    p.wk = naive::toEigen(wk);
    p.b = naive::toEigen(b);
    p.v = naive::toEigen(v);
    return p;
}

struct RandomAdditive
{
    DRows wq, wk;
    DVec b, v;
};

RandomAdditive randomAdditive(std::mt19937_64 &gen, std::size_t h, std::size_t dq, std::size_t dk)
{
    return {naive::randomRows(gen, h, dq), naive::randomRows(gen, h, dk),
            naive::randomVector(gen, h), naive::randomVector(gen, h, -2, 2)};
}

DVec unit(DVec v)
{
    const double n = double(naive::norm(naive::toLong(v)));
    for (double &x : v)
        x /= n;
    return v;
}

attn::Result<attn::ScoreSet> scoresOf(const DVec &q, const DRows &keys, attn::Method method,
                                      const attn::AttentionParams &params = {})
{
    return attn::computeScores(naive::toEigen(q), naive::toEigen(keys), method, params);
}

// The general score qᵀ W kᵢ of every key with the given W.
attn::Result<attn::ScoreSet> generalScoresOf(const DVec &q, const DRows &keys, const DRows &w)
{
    attn::AttentionParams params;
    params.general = naive::toEigen(w);
    return scoresOf(q, keys, attn::Method::General, params);
}

// The columns every data function starts with: the query and the keys.
void addQueryAndKeysColumns()
{
    dataColumns<DVec, DRows>("query", "keys");
}

// The row's query and keys scored by `method`, against naive dot products.
void compareWithNaiveDot(attn::Method method, long double tol)
{
    QFETCH(DVec, query);
    QFETCH(DRows, keys);

    const auto r = scoresOf(query, keys, method);
    NAIVE_REQUIRE_OK(r);
    NAIVE_COMPARE(r->scores, naive::dotScores(naive::toLong(query), naive::toLong(keys)), tol);
}

} // namespace

class TestScores : public QObject
{
    Q_OBJECT

private slots:
    void articleDotScores();
    void dotMatchesNaive_data();
    void dotMatchesNaive();
    void scaledIsDotOverSqrtD_data();
    void scaledIsDotOverSqrtD();
    void cosineMatchesNaive_data();
    void cosineMatchesNaive();
    void cosineEqualsDotOnUnitVectors_data();
    void cosineEqualsDotOnUnitVectors();
    void cosineZeroVectors_data();
    void cosineZeroVectors();
    void generalIdentityEqualsDot_data();
    void generalIdentityEqualsDot();
    void generalMatchesNaive_data();
    void generalMatchesNaive();
    void additiveMatchesNaive_data();
    void additiveMatchesNaive();
    void temperatureAndMaskDoNotTouchScores();
    void multiHeadIsNotAScoreFunction();
    void errors_data();
    void errors();
};

void TestScores::articleDotScores()
{
    // q·k by hand: 1.2·0.5 + 0.8·1.0 = 1.4; 1.2·1.5 + 0.8·0.5 = 2.2; 1.2·0.8 + 0.8·1.2 = 1.92.
    const auto r = scoresOf(kArticleQuery, kArticleKeys, attn::Method::Dot);
    NAIVE_REQUIRE_OK(r);
    QCOMPARE(r->scores.size(), Eigen::Index(3));
    QVERIFY(std::fabs(r->scores(0) - 1.4) <= 1e-12);
    QVERIFY(std::fabs(r->scores(1) - 2.2) <= 1e-12);
    QVERIFY(std::fabs(r->scores(2) - 1.92) <= 1e-12);
}

void TestScores::dotMatchesNaive_data()
{
    addQueryAndKeysColumns();

    QTest::newRow("article") << kArticleQuery << kArticleKeys;
    QTest::newRow("opposite and orthogonal")
        << DVec{1.0, 0.0} << DRows{{-1.0, 0.0}, {0.0, 1.0}, {3.0, 0.0}};
    std::mt19937_64 gen(21);
    for (std::size_t d : {1u, 3u, 8u, 64u})
        QTest::addRow("random d=%zu", d)
            << naive::randomVector(gen, d, -3, 3) << naive::randomRows(gen, 5, d, -3, 3);
}

void TestScores::dotMatchesNaive()
{
    compareWithNaiveDot(attn::Method::Dot, 1e-13L);
}

void TestScores::scaledIsDotOverSqrtD_data()
{
    addQueryAndKeysColumns();
    dataColumns<double, double>("scaleDim", "expectedD");

    // Article, d = 2: 1.4/√2 = 0.98995, 2.2/√2 = 1.55563, 1.92/√2 = 1.35765.
    QTest::newRow("article default d") << kArticleQuery << kArticleKeys << 0.0 << 2.0;
    QTest::newRow("article explicit 2") << kArticleQuery << kArticleKeys << 2.0 << 2.0;
    // √4 = 2: 0.7, 1.1, 0.96.
    QTest::newRow("article explicit 4") << kArticleQuery << kArticleKeys << 4.0 << 4.0;
    QTest::newRow("article explicit 1") << kArticleQuery << kArticleKeys << 1.0 << 1.0;
    QTest::newRow("article explicit 0.5") << kArticleQuery << kArticleKeys << 0.5 << 0.5;
    std::mt19937_64 gen(5);
    const DVec q = naive::randomVector(gen, 16);
    const DRows k = naive::randomRows(gen, 6, 16);
    QTest::newRow("d=16 default") << q << k << 0.0 << 16.0;
    QTest::newRow("d=16 explicit 64") << q << k << 64.0 << 64.0;
}

void TestScores::scaledIsDotOverSqrtD()
{
    QFETCH(DVec, query);
    QFETCH(DRows, keys);
    QFETCH(double, scaleDim);
    QFETCH(double, expectedD);

    attn::AttentionParams params;
    params.scaleDim = scaleDim;
    QCOMPARE(attn::effectiveScaleDim(naive::toEigen(keys), params), expectedD);
    const auto r = scoresOf(query, keys, attn::Method::Scaled, params);
    NAIVE_REQUIRE_OK(r);
    NAIVE_COMPARE(r->scores,
                  naive::scaledScores(naive::toLong(query), naive::toLong(keys), expectedD),
                  1e-13L);
}

void TestScores::cosineMatchesNaive_data()
{
    addQueryAndKeysColumns();

    // |q| = √2.08; cos = 1.4/(√2.08·√1.25) = 0.86824, 2.2/(√2.08·√2.5) = 0.96476,
    // 1.92/2.08 = 0.92308.
    QTest::newRow("article") << kArticleQuery << kArticleKeys;
    // A long key does not win under cosine: the short one points the same way as q.
    QTest::newRow("long key") << DVec{1.0, 1.0} << DRows{{100.0, 0.0}, {0.1, 0.1}};
    QTest::newRow("opposite") << DVec{2.0, -1.0} << DRows{{-4.0, 2.0}, {1.0, 2.0}};
    std::mt19937_64 gen(8);
    QTest::newRow("random d=7") << naive::randomVector(gen, 7, -5, 5)
                                << naive::randomRows(gen, 9, 7, -5, 5);
}

void TestScores::cosineMatchesNaive()
{
    QFETCH(DVec, query);
    QFETCH(DRows, keys);

    const auto r = scoresOf(query, keys, attn::Method::Cosine);
    NAIVE_REQUIRE_OK(r);
    NAIVE_COMPARE(r->scores, naive::cosineScores(naive::toLong(query), naive::toLong(keys)),
                  1e-13L);
    QCOMPARE(r->zeroNorm.size(), keys.size());
    for (bool z : r->zeroNorm)
        QVERIFY(!z);
}

void TestScores::cosineEqualsDotOnUnitVectors_data()
{
    addQueryAndKeysColumns();

    QTest::newRow("axes") << DVec{1.0, 0.0} << DRows{{1.0, 0.0}, {0.0, 1.0}, {-1.0, 0.0}};
    std::mt19937_64 gen(13);
    for (std::size_t d : {2u, 3u, 10u}) {
        DRows keys;
        for (int i = 0; i < 6; ++i)
            keys.push_back(unit(naive::randomVector(gen, d)));
        QTest::addRow("unit d=%zu", d) << unit(naive::randomVector(gen, d)) << keys;
    }
}

void TestScores::cosineEqualsDotOnUnitVectors()
{
    compareWithNaiveDot(attn::Method::Cosine, 1e-12L);
}

void TestScores::cosineZeroVectors_data()
{
    addQueryAndKeysColumns();
    QTest::addColumn<QString>("zeroNorm");

    QTest::newRow("zero query") << DVec{0.0, 0.0} << kArticleKeys << "xxx";
    QTest::newRow("zero key") << kArticleQuery << DRows{{0.5, 1.0}, {0.0, 0.0}, {0.8, 1.2}}
                              << "-x-";
    QTest::newRow("two zero keys")
        << kArticleQuery << DRows{{0.0, 0.0}, {1.5, 0.5}, {0.0, 0.0}} << "x-x";
    QTest::newRow("all zero") << DVec{0.0, 0.0, 0.0} << DRows{{0.0, 0.0, 0.0}} << "x";
    QTest::newRow("negative zero") << DVec{-0.0, 0.0} << DRows{{1.0, 2.0}} << "x";
}

void TestScores::cosineZeroVectors()
{
    QFETCH(DVec, query);
    QFETCH(DRows, keys);
    QFETCH(QString, zeroNorm);

    const auto r = scoresOf(query, keys, attn::Method::Cosine);
    NAIVE_REQUIRE_OK(r);
    const attn::Mask expected = naive::toMask(zeroNorm);
    QCOMPARE(r->zeroNorm.size(), expected.size());
    const naive::Vec ref = naive::cosineScores(naive::toLong(query), naive::toLong(keys));
    for (std::size_t i = 0; i < expected.size(); ++i) {
        QCOMPARE(bool(r->zeroNorm[i]), bool(expected[i]));
        if (expected[i])
            QCOMPARE(r->scores(Eigen::Index(i)), 0.0);
    }
    NAIVE_COMPARE(r->scores, ref, 1e-13L);
    QVERIFY(naive::allFinite(r->scores));
}

void TestScores::generalIdentityEqualsDot_data()
{
    addQueryAndKeysColumns();
    QTest::addColumn<DRows>("w");

    QTest::newRow("article, empty W") << kArticleQuery << kArticleKeys << DRows{};
    QTest::newRow("article, I") << kArticleQuery << kArticleKeys << naive::identityRows(2);
    std::mt19937_64 gen(17);
    QTest::newRow("d=3, I") << naive::randomVector(gen, 3) << naive::randomRows(gen, 4, 3)
                            << naive::identityRows(3);
    QTest::newRow("d=5, empty W") << naive::randomVector(gen, 5) << naive::randomRows(gen, 4, 5)
                                  << DRows{};
}

void TestScores::generalIdentityEqualsDot()
{
    QFETCH(DVec, query);
    QFETCH(DRows, keys);
    QFETCH(DRows, w);

    const auto r = generalScoresOf(query, keys, w);
    NAIVE_REQUIRE_OK(r);
    NAIVE_COMPARE(r->scores, naive::dotScores(naive::toLong(query), naive::toLong(keys)), 1e-13L);
}

void TestScores::generalMatchesNaive_data()
{
    addQueryAndKeysColumns();
    QTest::addColumn<DRows>("w");

    // qᵀW = (1.2·2 + 0.8·0.5, −1.2 + 0.8·3) = (2.8, 1.2), so the scores are
    // 2.8·0.5 + 1.2·1 = 2.6, 2.8·1.5 + 1.2·0.5 = 4.8, 2.8·0.8 + 1.2·1.2 = 3.68.
    QTest::newRow("article, 2x2") << kArticleQuery << kArticleKeys
                                  << DRows{{2.0, -1.0}, {0.5, 3.0}};
    std::mt19937_64 gen(19);
    QTest::newRow("d=4 square") << naive::randomVector(gen, 4) << naive::randomRows(gen, 5, 4)
                                << naive::randomRows(gen, 4, 4, -2, 2);
    // W is d_q × d_k, so q and k may differ in length.
    QTest::newRow("d_q=3, d_k=2") << naive::randomVector(gen, 3) << naive::randomRows(gen, 4, 2)
                                  << naive::randomRows(gen, 3, 2, -2, 2);
    QTest::newRow("d_q=2, d_k=5") << naive::randomVector(gen, 2) << naive::randomRows(gen, 3, 5)
                                  << naive::randomRows(gen, 2, 5, -2, 2);
}

void TestScores::generalMatchesNaive()
{
    QFETCH(DVec, query);
    QFETCH(DRows, keys);
    QFETCH(DRows, w);

    const auto r = generalScoresOf(query, keys, w);
    NAIVE_REQUIRE_OK(r);
    NAIVE_COMPARE(r->scores,
                  naive::generalScores(naive::toLong(query), naive::toLong(w), naive::toLong(keys)),
                  1e-13L);
    if (QTest::currentDataTag() == QByteArray("article, 2x2"))
        NAIVE_COMPARE(r->scores, (naive::Vec{2.6L, 4.8L, 3.68L}), 1e-13L);
}

void TestScores::additiveMatchesNaive_data()
{
    addQueryAndKeysColumns();
    dataColumns<DRows, DRows, DVec, DVec>("wq", "wk", "b", "v");

    // H = 1 picking q₀ and k₁: sᵢ = 2 tanh(1.2 + kᵢ₁) = 2 tanh 2.2, 2 tanh 1.7, 2 tanh 2.4.
    QTest::newRow("article, H=1") << kArticleQuery << kArticleKeys << DRows{{1.0, 0.0}}
                                  << DRows{{0.0, 1.0}} << DVec{0.0} << DVec{2.0};
    std::mt19937_64 gen(23);
    struct Shape
    {
        std::size_t h, dq, dk, n;
    };
    for (Shape s : {Shape{3, 2, 2, 3}, Shape{4, 3, 2, 5}, Shape{1, 2, 5, 2}, Shape{8, 4, 4, 6}}) {
        const RandomAdditive p = randomAdditive(gen, s.h, s.dq, s.dk);
        QTest::addRow("H=%zu d_q=%zu d_k=%zu", s.h, s.dq, s.dk)
            << naive::randomVector(gen, s.dq, -2, 2) << naive::randomRows(gen, s.n, s.dk, -2, 2)
            << p.wq << p.wk << p.b << p.v;
    }
}

void TestScores::additiveMatchesNaive()
{
    QFETCH(DVec, query);
    QFETCH(DRows, keys);
    QFETCH(DRows, wq);
    QFETCH(DRows, wk);
    QFETCH(DVec, b);
    QFETCH(DVec, v);

    attn::AttentionParams params;
    params.additive = additive(wq, wk, b, v);
    const auto r = scoresOf(query, keys, attn::Method::Additive, params);
    NAIVE_REQUIRE_OK(r);
    NAIVE_COMPARE(r->scores,
                  naive::additiveScores(naive::toLong(query), naive::toLong(keys),
                                        naive::toLong(wq), naive::toLong(wk), naive::toLong(b),
                                        naive::toLong(v)),
                  1e-13L);
    if (QTest::currentDataTag() == QByteArray("article, H=1"))
        NAIVE_COMPARE(r->scores,
                      (naive::Vec{2 * std::tanh(2.2L), 2 * std::tanh(1.7L), 2 * std::tanh(2.4L)}),
                      1e-13L);
}

void TestScores::temperatureAndMaskDoNotTouchScores()
{
    // Scores come before temperature and softmax, so neither may change them.
    attn::AttentionParams params;
    params.temperature = 0.25;
    params.mask = {false, true, false};
    for (attn::Method m : {attn::Method::Dot, attn::Method::Scaled}) {
        const auto r = scoresOf(kArticleQuery, kArticleKeys, m, params);
        NAIVE_REQUIRE_OK(r);
        const naive::Real d = m == attn::Method::Scaled ? 2 : 1;
        NAIVE_COMPARE(
            r->scores,
            naive::scaledScores(naive::toLong(kArticleQuery), naive::toLong(kArticleKeys), d),
            1e-13L);
    }
}

void TestScores::multiHeadIsNotAScoreFunction()
{
    const auto r = scoresOf(kArticleQuery, kArticleKeys, attn::Method::MultiHead);
    QVERIFY(!r.ok());
}

void TestScores::errors_data()
{
    QTest::addColumn<int>("method");
    addQueryAndKeysColumns();
    dataColumns<int, attn::AttentionParams, int>("keyCols", "params", "code");

    using attn::ErrorCode;
    using attn::Method;
    const attn::AttentionParams none;
    attn::AttentionParams withAdditive;
    withAdditive.additive = additive({{1, 0}, {0, 1}, {1, 1}}, {{1, 0}, {0, 1}, {1, -1}},
                                     {0.1, 0.2, 0.3}, {1, -1, 0.5});
    auto addRow = [](const char *tag, Method m, const DVec &q, const DRows &k,
                     const attn::AttentionParams &p, ErrorCode code, int keyCols = -1) {
        QTest::newRow(tag) << int(m) << q << k << keyCols << p << int(code);
    };

    addRow("dot, no keys", Method::Dot, {1, 2}, {}, none, ErrorCode::NoKeys, 2);
    addRow("additive, no keys", Method::Additive, {1, 2}, {}, withAdditive, ErrorCode::NoKeys, 2);
    addRow("dot, q 3 vs k 2", Method::Dot, {1, 2, 3}, kArticleKeys, none,
           ErrorCode::DimensionMismatch);
    addRow("scaled, q 1 vs k 2", Method::Scaled, {1}, kArticleKeys, none,
           ErrorCode::DimensionMismatch);
    addRow("cosine, q 3 vs k 2", Method::Cosine, {1, 2, 3}, kArticleKeys, none,
           ErrorCode::DimensionMismatch);
    addRow("dot, NaN in q", Method::Dot, {kNaN, 1}, kArticleKeys, none, ErrorCode::NonFinite);
    addRow("dot, inf in keys", Method::Dot, kArticleQuery, {{0.5, 1}, {kInf, 0.5}}, none,
           ErrorCode::NonFinite);
    addRow("scaled, -inf in keys", Method::Scaled, kArticleQuery, {{0.5, -kInf}}, none,
           ErrorCode::NonFinite);
    addRow("cosine, NaN in q", Method::Cosine, {1, kNaN}, kArticleKeys, none, ErrorCode::NonFinite);
    addRow("additive, inf in q", Method::Additive, {kInf, 0}, kArticleKeys, withAdditive,
           ErrorCode::NonFinite);

    attn::AttentionParams p = none;
    p.general = naive::toEigen(DRows{{1, 0}, {0, 1}, {1, 1}});
    addRow("general, W 3x2 for q 2", Method::General, kArticleQuery, kArticleKeys, p,
           ErrorCode::DimensionMismatch);
    p.general = naive::toEigen(DRows{{1, 0, 0}, {0, 1, 0}});
    addRow("general, W 2x3 for k 2", Method::General, kArticleQuery, kArticleKeys, p,
           ErrorCode::DimensionMismatch);
    p.general = naive::toEigen(DRows{{1, kNaN}, {0, 1}});
    addRow("general, NaN in W", Method::General, kArticleQuery, kArticleKeys, p,
           ErrorCode::NonFinite);

    p = withAdditive;
    p.additive.wq = naive::toEigen(DRows{{1, 0, 0}, {0, 1, 0}, {1, 1, 0}});
    addRow("additive, W_q cols != d_q", Method::Additive, kArticleQuery, kArticleKeys, p,
           ErrorCode::DimensionMismatch);
    p = withAdditive;
    p.additive.wk = naive::toEigen(DRows{{1}, {0}, {1}});
    addRow("additive, W_k cols != d_k", Method::Additive, kArticleQuery, kArticleKeys, p,
           ErrorCode::DimensionMismatch);
    p = withAdditive;
    p.additive.wk = naive::toEigen(DRows{{1, 0}, {0, 1}});
    addRow("additive, W_k rows != H", Method::Additive, kArticleQuery, kArticleKeys, p,
           ErrorCode::DimensionMismatch);
    p = withAdditive;
    p.additive.b = naive::toEigen(DVec{0.1, 0.2});
    addRow("additive, b size != H", Method::Additive, kArticleQuery, kArticleKeys, p,
           ErrorCode::DimensionMismatch);
    p = withAdditive;
    p.additive.v = naive::toEigen(DVec{1, -1, 0.5, 2});
    addRow("additive, v size != W rows", Method::Additive, kArticleQuery, kArticleKeys, p,
           ErrorCode::DimensionMismatch);
    p = withAdditive;
    p.additive.b(1) = kNaN;
    addRow("additive, NaN in b", Method::Additive, kArticleQuery, kArticleKeys, p,
           ErrorCode::NonFinite);
    p = withAdditive;
    p.additive.v(2) = kInf;
    addRow("additive, inf in v", Method::Additive, kArticleQuery, kArticleKeys, p,
           ErrorCode::NonFinite);
    p = withAdditive;
    p.additive.wk(0, 1) = -kInf;
    addRow("additive, inf in W_k", Method::Additive, kArticleQuery, kArticleKeys, p,
           ErrorCode::NonFinite);

    p = none;
    p.scaleDim = -1;
    addRow("scaled, scaleDim -1", Method::Scaled, kArticleQuery, kArticleKeys, p,
           ErrorCode::BadScaleDim);
    p.scaleDim = kNaN;
    addRow("scaled, scaleDim NaN", Method::Scaled, kArticleQuery, kArticleKeys, p,
           ErrorCode::BadScaleDim);
}

void TestScores::errors()
{
    QFETCH(int, method);
    QFETCH(DVec, query);
    QFETCH(DRows, keys);
    QFETCH(int, keyCols);
    QFETCH(attn::AttentionParams, params);
    QFETCH(int, code);

    const auto r = attn::computeScores(naive::toEigen(query), naive::toEigen(keys, keyCols),
                                       attn::Method(method), params);
    QVERIFY(!r.ok());
    QCOMPARE(int(r.error().code), code);
    QVERIFY(!r.error().subject.empty());
    if (r.error().code == attn::ErrorCode::DimensionMismatch) {
        QVERIFY(r.error().expected >= 0);
        QVERIFY(r.error().actual >= 0);
        QVERIFY(r.error().expected != r.error().actual);
    }
}

QTEST_APPLESS_MAIN(TestScores)
#include "tst_scores.moc"
