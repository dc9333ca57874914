#include "common/datacolumns.h"
#include "common/naivereference.h"
#include "core/attention.h"

#include <QTest>

#include <cmath>
#include <limits>

using naive::DRows;
using naive::DVec;

Q_DECLARE_METATYPE(attn::AttentionParams)

namespace {

using namespace naive::inputs;

/// The naive score of each method; params only supply W and the additive network.
naive::Vec naiveScores(attn::Method method, const naive::Vec &q, const naive::Mat &keys,
                       const attn::AttentionParams &params)
{
    switch (method) {
    case attn::Method::Dot:
        return naive::dotScores(q, keys);
    case attn::Method::Scaled:
        return naive::scaledScores(
            q, keys, params.scaleDim > 0 ? params.scaleDim : naive::Real(keys.front().size()));
    case attn::Method::Cosine:
        return naive::cosineScores(q, keys);
    case attn::Method::General:
        return params.general.size() == 0
                   ? naive::dotScores(q, keys)
                   : naive::generalScores(q, naive::toLong(params.general), keys);
    case attn::Method::Additive:
        return naive::additiveScores(
            q, keys, naive::toLong(params.additive.wq), naive::toLong(params.additive.wk),
            naive::toLong(params.additive.b), naive::toLong(params.additive.v));
    case attn::Method::MultiHead:
        break;
    }
    return {};
}

attn::AttentionParams randomParams(std::mt19937_64 &gen, std::size_t dq, std::size_t dk)
{
    attn::AttentionParams p;
    p.general = naive::toEigen(naive::randomRows(gen, dq, dk, -1.5, 1.5));
    const std::size_t h = 5;
    p.additive.wq = naive::toEigen(naive::randomRows(gen, h, dq));
    p.additive.wk = naive::toEigen(naive::randomRows(gen, h, dk));
    p.additive.b = naive::toEigen(naive::randomVector(gen, h));
    p.additive.v = naive::toEigen(naive::randomVector(gen, h, -2, 2));
    return p;
}

const std::vector<attn::Method> kScoreMethods{attn::Method::Dot, attn::Method::Scaled,
                                              attn::Method::Cosine, attn::Method::General,
                                              attn::Method::Additive};

using naive::checkDistribution;

attn::Result<attn::AttentionResult> attendRows(const DVec &q, const DRows &keys,
                                               const DRows &values, attn::Method method,
                                               const attn::AttentionParams &params)
{
    return attn::attend(naive::toEigen(q), naive::toEigen(keys), naive::toEigen(values), method,
                        params);
}

} // namespace

class TestAttention : public QObject
{
    Q_OBJECT

private slots:
    void articleDot();
    void articleScaled();
    void matchesNaive_data();
    void matchesNaive();
    void permutingKeysPermutesWeights_data();
    void permutingKeysPermutesWeights();
    void maskedKeys_data();
    void maskedKeys();
    void extremeScoresStayFinite_data();
    void extremeScoresStayFinite();
    void cosineZeroVectors();
    void valuesMayHaveOtherDimension();
    void errors_data();
    void errors();
};

void TestAttention::articleDot()
{
    // softmax(1.4, 2.2, 1.92) = (0.203767, 0.453492, 0.342742); output = w₀(1,0) + w₁(0,1) +
    // w₂(1,1) = (w₀ + w₂, w₁ + w₂) = (0.546508, 0.796233).
    const auto r = attendRows(kArticleQuery, kArticleKeys, kArticleValues, attn::Method::Dot, {});
    NAIVE_REQUIRE_OK(r);
    QCOMPARE(r->method, attn::Method::Dot);
    QCOMPARE(r->temperature, 1.0);
    QCOMPARE(r->scaleDim, 0.0);
    NAIVE_COMPARE(r->scores, (naive::Vec{1.4L, 2.2L, 1.92L}), 1e-12L);
    const naive::Softmax sm = naive::softmax({1.4L, 2.2L, 1.92L});
    NAIVE_COMPARE(r->weights, sm.weights, 1e-13L);
    NAIVE_COMPARE(r->trace.weights, sm.weights, 1e-13L);
    NAIVE_COMPARE(r->output, naive::weightedSum(sm.weights, naive::toLong(kArticleValues)), 1e-13L);
    NAIVE_COMPARE(r->weights, (naive::Vec{0.2037669, 0.4534916, 0.3427415}), 1e-6L);
    NAIVE_COMPARE(r->output, (naive::Vec{0.5465084, 0.7962331}), 1e-6L);
}

void TestAttention::articleScaled()
{
    // Scores /√2 = (0.989949, 1.555635, 1.357645); softmax = (0.237809, 0.418699, 0.343492);
    // output (w₀ + w₂, w₁ + w₂) = (0.581301, 0.762191).
    const auto r =
        attendRows(kArticleQuery, kArticleKeys, kArticleValues, attn::Method::Scaled, {});
    NAIVE_REQUIRE_OK(r);
    QCOMPARE(r->method, attn::Method::Scaled);
    QCOMPARE(r->scaleDim, 2.0);
    const naive::Real r2 = std::sqrt(2.0L);
    const naive::Vec scores{1.4L / r2, 2.2L / r2, 1.92L / r2};
    NAIVE_COMPARE(r->scores, scores, 1e-13L);
    const naive::Softmax sm = naive::softmax(scores);
    NAIVE_COMPARE(r->weights, sm.weights, 1e-13L);
    NAIVE_COMPARE(r->output, naive::weightedSum(sm.weights, naive::toLong(kArticleValues)), 1e-13L);
    NAIVE_COMPARE(r->weights, (naive::Vec{0.2378089, 0.4186993, 0.3434918}), 1e-6L);
    NAIVE_COMPARE(r->output, (naive::Vec{0.5813007, 0.7621911}), 1e-6L);
}

void TestAttention::matchesNaive_data()
{
    dataColumns<int, DVec, DRows, DRows, attn::AttentionParams>("method", "query", "keys", "values",
                                                                "params");

    std::mt19937_64 gen(29);
    struct Case
    {
        const char *name;
        DVec q;
        DRows keys, values;
        attn::AttentionParams params;
    };
    std::vector<Case> cases;
    {
        Case c{"article", kArticleQuery, kArticleKeys, kArticleValues, {}};
        c.params = randomParams(gen, 2, 2);
        cases.push_back(c);
    }
    // Random numbers drawn in a fixed order: the query, the keys, the values, the parameters.
    auto randomCase = [&gen](const char *name, std::size_t d, std::size_t n, std::size_t dv) {
        Case c{name,
               naive::randomVector(gen, d, -2, 2),
               naive::randomRows(gen, n, d, -2, 2),
               naive::randomRows(gen, n, dv),
               {}};
        c.params = randomParams(gen, d, d);
        return c;
    };
    cases.push_back(randomCase("d=3 n=5 tau 0.5", 3, 5, 4));
    cases.back().params.temperature = 0.5;
    cases.push_back(randomCase("d=6 n=8 tau 2.5 masked", 6, 8, 2));
    cases.back().params.temperature = 2.5;
    cases.back().params.mask = {false, true, false, false, true, false, false, false};
    cases.push_back(randomCase("d=4 scaleDim 9", 4, 4, 3));
    cases.back().params.scaleDim = 9;
    for (const Case &c : cases)
        for (attn::Method m : kScoreMethods)
            QTest::addRow("%s, %s", attn::methodId(m), c.name)
                << int(m) << c.q << c.keys << c.values << c.params;

    // General and additive accept a query whose length differs from the keys'.
    Case c{"d_q=3 d_k=2", naive::randomVector(gen, 3, -2, 2), naive::randomRows(gen, 4, 2, -2, 2),
           naive::randomRows(gen, 4, 2), randomParams(gen, 3, 2)};
    for (attn::Method m : {attn::Method::General, attn::Method::Additive})
        QTest::addRow("%s, %s", attn::methodId(m), c.name)
            << int(m) << c.q << c.keys << c.values << c.params;
}

void TestAttention::matchesNaive()
{
    QFETCH(int, method);
    QFETCH(DVec, query);
    QFETCH(DRows, keys);
    QFETCH(DRows, values);
    QFETCH(attn::AttentionParams, params);

    const attn::Method m = attn::Method(method);
    const auto r = attendRows(query, keys, values, m, params);
    NAIVE_REQUIRE_OK(r);

    const naive::Vec scores = naiveScores(m, naive::toLong(query), naive::toLong(keys), params);
    const naive::Softmax sm = naive::softmax(scores, params.temperature, params.mask);
    QCOMPARE(r->method, m);
    QCOMPARE(r->temperature, params.temperature);
    const double expectedScaleDim = m != attn::Method::Scaled ? 0.0
                                    : params.scaleDim > 0     ? params.scaleDim
                                                              : keys[0].size();
    QCOMPARE(r->scaleDim, expectedScaleDim);
    NAIVE_COMPARE(r->scores, scores, 1e-13L);
    NAIVE_COMPARE(r->trace.logits, sm.logits, 1e-13L);
    NAIVE_COMPARE(r->trace.maxLogit, sm.maxLogit, 1e-13L);
    NAIVE_COMPARE(r->trace.shifted, sm.shifted, 1e-13L);
    NAIVE_COMPARE(r->trace.exps, sm.exps, 1e-13L);
    NAIVE_COMPARE(r->trace.sum, sm.sum, 1e-13L);
    NAIVE_COMPARE(r->trace.weights, sm.weights, 1e-13L);
    NAIVE_COMPARE(r->weights, sm.weights, 1e-13L);
    NAIVE_COMPARE(r->output, naive::weightedSum(sm.weights, naive::toLong(values)), 1e-13L);
    checkDistribution(r->weights);
    for (std::size_t i = 0; i < params.mask.size(); ++i)
        if (params.mask[i])
            QCOMPARE(r->weights(Eigen::Index(i)), 0.0);
}

void TestAttention::permutingKeysPermutesWeights_data()
{
    dataColumns<int, DVec, DRows, DRows, attn::AttentionParams, std::vector<int>>(
        "method", "query", "keys", "values", "params", "permutation");

    std::mt19937_64 gen(31);
    const DVec q = naive::randomVector(gen, 3, -2, 2);
    const DRows keys = naive::randomRows(gen, 5, 3, -2, 2);
    const DRows values = naive::randomRows(gen, 5, 2);
    const attn::AttentionParams params = randomParams(gen, 3, 3);
    for (attn::Method m : kScoreMethods) {
        QTest::addRow("%s, article reversed", attn::methodId(m))
            << int(m) << kArticleQuery << kArticleKeys << kArticleValues << randomParams(gen, 2, 2)
            << std::vector<int>{2, 1, 0};
        QTest::addRow("%s, random", attn::methodId(m))
            << int(m) << q << keys << values << params << std::vector<int>{3, 0, 4, 2, 1};
    }
}

void TestAttention::permutingKeysPermutesWeights()
{
    QFETCH(int, method);
    QFETCH(DVec, query);
    QFETCH(DRows, keys);
    QFETCH(DRows, values);
    QFETCH(attn::AttentionParams, params);
    QFETCH(std::vector<int>, permutation);

    DRows pk, pv;
    for (int i : permutation) {
        pk.push_back(keys[std::size_t(i)]);
        pv.push_back(values[std::size_t(i)]);
    }
    const auto a = attendRows(query, keys, values, attn::Method(method), params);
    const auto b = attendRows(query, pk, pv, attn::Method(method), params);
    NAIVE_REQUIRE_OK(a);
    NAIVE_REQUIRE_OK(b);
    for (std::size_t i = 0; i < permutation.size(); ++i) {
        NAIVE_COMPARE(b->scores(Eigen::Index(i)), a->scores(permutation[i]), 1e-14L);
        NAIVE_COMPARE(b->weights(Eigen::Index(i)), a->weights(permutation[i]), 1e-14L);
    }
    // The weighted sum does not care about the order of its terms.
    NAIVE_COMPARE(b->output, naive::toLong(a->output), 1e-14L);
}

void TestAttention::maskedKeys_data()
{
    dataColumns<int, QString, double>("method", "mask", "temperature");

    for (attn::Method m : kScoreMethods) {
        QTest::addRow("%s, middle", attn::methodId(m)) << int(m) << "-x-" << 1.0;
        QTest::addRow("%s, winner masked", attn::methodId(m)) << int(m) << "-x-" << 0.3;
        QTest::addRow("%s, one left", attn::methodId(m)) << int(m) << "x-x" << 1.0;
        QTest::addRow("%s, none", attn::methodId(m)) << int(m) << "---" << 1.0;
    }
}

void TestAttention::maskedKeys()
{
    QFETCH(int, method);
    QFETCH(QString, mask);
    QFETCH(double, temperature);

    std::mt19937_64 gen(37);
    attn::AttentionParams params = randomParams(gen, 2, 2);
    params.temperature = temperature;
    params.mask = naive::toMask(mask);
    const attn::Method m = attn::Method(method);
    const auto r = attendRows(kArticleQuery, kArticleKeys, kArticleValues, m, params);
    NAIVE_REQUIRE_OK(r);

    // A masked key must behave as if it were not there: run the reference on the kept keys only.
    DRows keptKeys, keptValues;
    for (std::size_t i = 0; i < params.mask.size(); ++i)
        if (!params.mask[i]) {
            keptKeys.push_back(kArticleKeys[i]);
            keptValues.push_back(kArticleValues[i]);
        }
    const naive::Vec keptScores =
        naiveScores(m, naive::toLong(kArticleQuery), naive::toLong(keptKeys), params);
    const naive::Softmax sm = naive::softmax(keptScores, temperature);
    std::size_t kept = 0;
    for (std::size_t i = 0; i < params.mask.size(); ++i) {
        if (params.mask[i]) {
            QCOMPARE(r->weights(Eigen::Index(i)), 0.0);
            QCOMPARE(r->trace.exps(Eigen::Index(i)), 0.0);
        } else {
            NAIVE_COMPARE(r->weights(Eigen::Index(i)), sm.weights[kept], 1e-13L);
            ++kept;
        }
    }
    NAIVE_COMPARE(r->output, naive::weightedSum(sm.weights, naive::toLong(keptValues)), 1e-13L);
    checkDistribution(r->weights);
}

void TestAttention::extremeScoresStayFinite_data()
{
    dataColumns<int, double>("method", "temperature");

    for (attn::Method m : {attn::Method::Dot, attn::Method::General}) {
        QTest::addRow("%s, tau 1", attn::methodId(m)) << int(m) << 1.0;
        QTest::addRow("%s, tau 0.5", attn::methodId(m)) << int(m) << 0.5;
        QTest::addRow("%s, tau 0.01", attn::methodId(m)) << int(m) << 0.01;
    }
}

void TestAttention::extremeScoresStayFinite()
{
    QFETCH(int, method);
    QFETCH(double, temperature);

    // 1e154 · 1e154 = 1e308 (still below DBL_MAX ≈ 1.8e308): scores are 1e308, −1e308 and 0,
    // so key 0 takes all the weight and the output is its value.
    const DVec q{1e154, 0.0};
    const DRows keys{{1e154, 0.0}, {-1e154, 0.0}, {0.0, 1.0}};
    attn::AttentionParams params;
    params.temperature = temperature;
    const auto r = attendRows(q, keys, kArticleValues, attn::Method(method), params);
    NAIVE_REQUIRE_OK(r);
    NAIVE_COMPARE(r->scores, (naive::Vec{1e308L, -1e308L, 0.0L}), 1e-12L);
    QVERIFY(naive::allFinite(r->scores));
    QVERIFY(naive::allFinite(r->trace.logits));
    QVERIFY(std::isfinite(r->trace.maxLogit));
    QVERIFY(naive::allFinite(r->trace.shifted));
    QVERIFY(naive::allFinite(r->trace.exps));
    QVERIFY(std::isfinite(r->trace.sum));
    QVERIFY(naive::allFinite(r->weights));
    QVERIFY(naive::allFinite(r->output));
    NAIVE_COMPARE(r->weights, (naive::Vec{1, 0, 0}), 1e-15L);
    NAIVE_COMPARE(r->output, (naive::Vec{1, 0}), 1e-15L);
}

void TestAttention::cosineZeroVectors()
{
    const DRows keys{{0.5, 1.0}, {0.0, 0.0}, {0.8, 1.2}};
    const auto r = attendRows(kArticleQuery, keys, kArticleValues, attn::Method::Cosine, {});
    NAIVE_REQUIRE_OK(r);
    QCOMPARE(r->scores(1), 0.0);
    QCOMPARE(r->zeroNorm.size(), std::size_t(3));
    QVERIFY(!r->zeroNorm[0]);
    QVERIFY(r->zeroNorm[1]);
    QVERIFY(!r->zeroNorm[2]);
    const naive::Softmax sm =
        naive::softmax(naive::cosineScores(naive::toLong(kArticleQuery), naive::toLong(keys)));
    NAIVE_COMPARE(r->weights, sm.weights, 1e-13L);

    const auto z = attendRows({0.0, 0.0}, kArticleKeys, kArticleValues, attn::Method::Cosine, {});
    NAIVE_REQUIRE_OK(z);
    // Every score is 0, so the weights are uniform and the output is the mean value (2/3, 2/3).
    NAIVE_COMPARE(z->scores, (naive::Vec{0, 0, 0}), 0.0L);
    NAIVE_COMPARE(z->weights, (naive::Vec{1.0L / 3, 1.0L / 3, 1.0L / 3}), 1e-15L);
    NAIVE_COMPARE(z->output, (naive::Vec{2.0L / 3, 2.0L / 3}), 1e-15L);
    for (bool flag : z->zeroNorm)
        QVERIFY(flag);
}

void TestAttention::valuesMayHaveOtherDimension()
{
    const DRows values{{1, 0, 2, -1}, {0, 1, 0, 3}, {1, 1, -2, 0.5}};
    const auto r = attendRows(kArticleQuery, kArticleKeys, values, attn::Method::Dot, {});
    NAIVE_REQUIRE_OK(r);
    const naive::Softmax sm = naive::softmax({1.4L, 2.2L, 1.92L});
    NAIVE_COMPARE(r->output, naive::weightedSum(sm.weights, naive::toLong(values)), 1e-13L);
}

void TestAttention::errors_data()
{
    dataColumns<int, DVec, DRows, DRows, attn::AttentionParams, int, long long, long long>(
        "method", "query", "keys", "values", "params", "code", "countA", "countB");

    using attn::ErrorCode;
    using attn::Method;
    const attn::AttentionParams none;
    auto row = [](const char *tag, Method m, const DVec &q, const DRows &k, const DRows &v,
                  const attn::AttentionParams &p, ErrorCode code, long long a = -1,
                  long long b = -1) {
        QTest::addRow("%s, %s", attn::methodId(m), tag)
            << int(m) << q << k << v << p << int(code) << a << b;
    };
    const DVec q = kArticleQuery;
    const DRows k = kArticleKeys, v = kArticleValues;

    for (Method m : {Method::Dot, Method::Scaled, Method::Cosine}) {
        row("no keys", m, q, {}, {}, none, ErrorCode::NoKeys);
        row("q 3 vs k 2", m, {1, 2, 3}, k, v, none, ErrorCode::DimensionMismatch, 3, 2);
        row("2 values for 3 keys", m, q, k, {{1, 0}, {0, 1}}, none, ErrorCode::CountMismatch, 3, 2);
        row("4 values for 3 keys", m, q, k, {{1, 0}, {0, 1}, {1, 1}, {2, 2}}, none,
            ErrorCode::CountMismatch, 3, 4);
        row("NaN in q", m, {kNaN, 0.8}, k, v, none, ErrorCode::NonFinite);
        row("inf in q", m, {1.2, kInf}, k, v, none, ErrorCode::NonFinite);
        row("NaN in keys", m, q, {{0.5, 1}, {1.5, kNaN}, {0.8, 1.2}}, v, none,
            ErrorCode::NonFinite);
        row("-inf in keys", m, q, {{-kInf, 1}, {1.5, 0.5}, {0.8, 1.2}}, v, none,
            ErrorCode::NonFinite);
        row("NaN in values", m, q, k, {{1, 0}, {0, 1}, {kNaN, 1}}, none, ErrorCode::NonFinite);
        row("inf in values", m, q, k, {{kInf, 0}, {0, 1}, {1, 1}}, none, ErrorCode::NonFinite);
    }

    attn::AttentionParams p;
    for (double tau : {0.0, -1.0, kNaN, kInf}) {
        p.temperature = tau;
        row(qPrintable(QString("tau %1").arg(tau)), Method::Dot, q, k, v, p,
            ErrorCode::BadTemperature);
    }
    p = none;
    p.mask = {true, true, true};
    row("all masked", Method::Dot, q, k, v, p, ErrorCode::AllMasked);
    row("all masked", Method::Scaled, q, k, v, p, ErrorCode::AllMasked);
    p.mask = {false, true};
    row("mask of 2 for 3 keys", Method::Dot, q, k, v, p, ErrorCode::CountMismatch, 3, 2);
}

void TestAttention::errors()
{
    QFETCH(int, method);
    QFETCH(DVec, query);
    QFETCH(DRows, keys);
    QFETCH(DRows, values);
    QFETCH(attn::AttentionParams, params);
    QFETCH(int, code);
    QFETCH(long long, countA);
    QFETCH(long long, countB);

    const auto r = attn::attend(naive::toEigen(query), naive::toEigen(keys, 2),
                                naive::toEigen(values, 2), attn::Method(method), params);
    QVERIFY(!r.ok());
    QCOMPARE(int(r.error().code), code);
    QVERIFY(!r.error().subject.empty());
    if (countA >= 0) {
        // Which of the two sizes is called "expected" depends on the point of view; both must
        // be reported.
        const attn::Error &e = r.error();
        QVERIFY2((e.expected == countA && e.actual == countB) ||
                     (e.expected == countB && e.actual == countA),
                 qPrintable(QString("expected %1, actual %2").arg(e.expected).arg(e.actual)));
    }
}

QTEST_APPLESS_MAIN(TestAttention)
#include "tst_attention.moc"
