#include "common/datacolumns.h"
#include "common/naivereference.h"
#include "core/attention.h"
#include "core/scorebreakdown.h"

#include <QTest>

#include <cmath>

using naive::DRows;
using naive::DVec;

Q_DECLARE_METATYPE(attn::Method)

namespace {

using namespace naive::inputs;

struct Explained
{
    attn::AttentionResult result;
    attn::ScoreBreakdown breakdown;
};

/// attend() and then explainScore() on the same inputs, as SceneModel::explain() does.
Explained explainArticle(attn::Method method, const attn::AttentionParams &params, int key,
                         const DVec &q = kArticleQuery, const DRows &keys = kArticleKeys,
                         const DRows &values = kArticleValues)
{
    const attn::Vector qe = naive::toEigen(q);
    const attn::Matrix ke = naive::toEigen(keys), ve = naive::toEigen(values);
    auto r = attn::attend(qe, ke, ve, method, params);
    if (!r)
        qFatal("attend failed: %s", attn::describe(r.error()).c_str());
    auto b = attn::explainScore(qe, ke, ve, key, method, params, *r);
    if (!b)
        qFatal("explainScore failed: %s", attn::describe(b.error()).c_str());
    return {*r, *b};
}

/// Every softmax field against the result's trace: the formula and the table must agree.
void compareStep(const attn::SoftmaxStep &s, const attn::SoftmaxTrace &t, int key, double score,
                 double tau)
{
    QCOMPARE(s.score, score);
    QCOMPARE(s.temperature, tau);
    QCOMPARE(s.logit, t.logits[key]);
    QCOMPARE(s.maxLogit, t.maxLogit);
    QCOMPARE(s.shifted, t.shifted[key]);
    QCOMPARE(s.exp, t.exps[key]);
    QCOMPARE(s.sum, t.sum);
    QCOMPARE(s.weight, t.weights[key]);
}

attn::AttentionParams randomParams(std::mt19937_64 &gen, std::size_t d, std::size_t hidden,
                                   std::size_t heads, std::size_t dk)
{
    attn::AttentionParams p;
    p.temperature = 0.5 + naive::randomVector(gen, 1, 0, 2)[0];
    p.general = naive::toEigen(naive::randomRows(gen, d, d, -2, 2));
    p.additive.wq = naive::toEigen(naive::randomRows(gen, hidden, d));
    p.additive.wk = naive::toEigen(naive::randomRows(gen, hidden, d));
    p.additive.b = naive::toEigen(naive::randomVector(gen, hidden));
    p.additive.v = naive::toEigen(naive::randomVector(gen, hidden, -2, 2));
    for (std::size_t h = 0; h < heads; ++h)
        p.multiHead.heads.push_back({naive::toEigen(naive::randomRows(gen, dk, d)),
                                     naive::toEigen(naive::randomRows(gen, dk, d)),
                                     naive::toEigen(naive::randomRows(gen, dk, d))});
    p.multiHead.wo = naive::toEigen(naive::randomRows(gen, d, heads * dk));
    return p;
}

} // namespace

class TestScoreBreakdown : public QObject
{
    Q_OBJECT

private slots:
    void articleDot();
    void articleScaled();
    void articleCosine();
    void articleGeneral();
    void articleAdditive();
    void articleMultiHead();
    void temperatureAndMask();
    void cosineZeroQuery();
    void matchesNaive_data();
    void matchesNaive();
    void rejectsBadArguments();
};

void TestScoreBreakdown::articleDot()
{
    const auto [r, b] = explainArticle(attn::Method::Dot, {}, 1);
    QCOMPARE(b.method, attn::Method::Dot);
    QCOMPARE(b.key, 1);
    // The first article's worked example: 1.2×1.5 + 0.8×0.5 = 1.8 + 0.4 = 2.2.
    QVERIFY(qFuzzyCompare(b.products[0], 1.8));
    QVERIFY(qFuzzyCompare(b.products[1], 0.4));
    QVERIFY(qFuzzyCompare(b.dot, 2.2));
    QVERIFY(qFuzzyCompare(b.score, 2.2));
    // Softmax by hand: scores 1.4, 2.2, 1.92; max 2.2; exps e^−0.8, 1, e^−0.28.
    const double sum = std::exp(-0.8) + 1.0 + std::exp(-0.28);
    QVERIFY(qFuzzyCompare(b.softmax.logit, 2.2));
    QVERIFY(qFuzzyCompare(b.softmax.maxLogit, 2.2));
    QCOMPARE(b.softmax.shifted, 0.0);
    QCOMPARE(b.softmax.exp, 1.0);
    QVERIFY(qFuzzyCompare(b.softmax.sum, sum));
    QVERIFY(qFuzzyCompare(b.softmax.weight, 1.0 / sum));
    QVERIFY(!b.softmax.masked);
    compareStep(b.softmax, r.trace, 1, r.scores[1], 1.0);
    // v₂ = (0, 1): its share of the output is (0, w₂).
    QCOMPARE(b.value, naive::toEigen(DVec{0.0, 1.0}));
    QCOMPARE(b.contribution[0], 0.0);
    QVERIFY(qFuzzyCompare(b.contribution[1], 1.0 / sum));
    // Nothing of the other methods is filled in.
    QCOMPARE(b.wk.size(), 0);
    QCOMPARE(b.preActivation.size(), 0);
    QVERIFY(b.heads.empty());

    // The first key, with a negative shift: 1.2×0.5 + 0.8×1.0 = 0.6 + 0.8 = 1.4.
    const auto [r0, b0] = explainArticle(attn::Method::Dot, {}, 0);
    QVERIFY(qFuzzyCompare(b0.products[0], 0.6));
    QVERIFY(qFuzzyCompare(b0.products[1], 0.8));
    QVERIFY(qFuzzyCompare(b0.dot, 1.4));
    QVERIFY(qFuzzyCompare(b0.softmax.shifted, -0.8));
    QVERIFY(qFuzzyCompare(b0.softmax.exp, std::exp(-0.8)));
    compareStep(b0.softmax, r0.trace, 0, r0.scores[0], 1.0);
}

void TestScoreBreakdown::articleScaled()
{
    const auto [r, b] = explainArticle(attn::Method::Scaled, {}, 1);
    QVERIFY(qFuzzyCompare(b.dot, 2.2));
    QCOMPARE(b.scaleDim, 2.0);
    QVERIFY(qFuzzyCompare(b.sqrtScale, 1.4142135623730951));
    QVERIFY(qFuzzyCompare(b.scaled, 2.2 / 1.4142135623730951));
    QVERIFY(qFuzzyCompare(b.score, b.scaled));
    compareStep(b.softmax, r.trace, 1, r.scores[1], 1.0);

    // An explicit scale_dim of 64: √64 = 8.
    attn::AttentionParams p;
    p.scaleDim = 64;
    const auto [r64, b64] = explainArticle(attn::Method::Scaled, p, 1);
    QCOMPARE(b64.scaleDim, 64.0);
    QCOMPARE(b64.sqrtScale, 8.0);
    QVERIFY(qFuzzyCompare(b64.scaled, 2.2 / 8));
}

void TestScoreBreakdown::articleCosine()
{
    const auto [r, b] = explainArticle(attn::Method::Cosine, {}, 1);
    QVERIFY(qFuzzyCompare(b.dot, 2.2));
    // ‖q‖ = √(1.44 + 0.64) = √2.08, ‖k₂‖ = √(2.25 + 0.25) = √2.5.
    QVERIFY(qFuzzyCompare(b.queryNorm, std::sqrt(2.08)));
    QVERIFY(qFuzzyCompare(b.keyNorm, std::sqrt(2.5)));
    QVERIFY(qFuzzyCompare(b.normProduct, std::sqrt(5.2)));
    QVERIFY(qFuzzyCompare(b.cosine, 2.2 / std::sqrt(5.2)));
    QVERIFY(!b.zeroNorm);
    QVERIFY(qFuzzyCompare(b.score, b.cosine));
    compareStep(b.softmax, r.trace, 1, r.scores[1], 1.0);
}

void TestScoreBreakdown::articleGeneral()
{
    // Without W the general score is the dot product (W = I).
    const auto [ri, bi] = explainArticle(attn::Method::General, {}, 1);
    QCOMPARE(bi.generalW, attn::Matrix(attn::Matrix::Identity(2, 2)));
    QVERIFY(qFuzzyCompare(bi.general, 2.2));

    // W = [1 2; 0 1]: W k₂ = (1.5 + 1.0, 0.5) = (2.5, 0.5); q·(W k₂) = 3.0 + 0.4 = 3.4.
    attn::AttentionParams p;
    p.general = naive::toEigen(DRows{{1, 2}, {0, 1}});
    const auto [r, b] = explainArticle(attn::Method::General, p, 1);
    QCOMPARE(b.generalW, p.general);
    QVERIFY(qFuzzyCompare(b.wk[0], 2.5));
    QVERIFY(qFuzzyCompare(b.wk[1], 0.5));
    QVERIFY(qFuzzyCompare(b.generalProducts[0], 3.0));
    QVERIFY(qFuzzyCompare(b.generalProducts[1], 0.4));
    QVERIFY(qFuzzyCompare(b.general, 3.4));
    QVERIFY(qFuzzyCompare(b.score, 3.4));
    compareStep(b.softmax, r.trace, 1, r.scores[1], 1.0);
}

void TestScoreBreakdown::articleAdditive()
{
    // H = 2 with hand-picked numbers: W_q = I, W_k swaps, b = (0.1, −0.2), v = (1, −1).
    attn::AttentionParams p;
    p.additive.wq = naive::toEigen(DRows{{1, 0}, {0, 1}});
    p.additive.wk = naive::toEigen(DRows{{0, 1}, {1, 0}});
    p.additive.b = naive::toEigen(DVec{0.1, -0.2});
    p.additive.v = naive::toEigen(DVec{1, -1});
    const auto [r, b] = explainArticle(attn::Method::Additive, p, 1);
    QVERIFY(qFuzzyCompare(b.wqq[0], 1.2));
    QVERIFY(qFuzzyCompare(b.wqq[1], 0.8));
    QVERIFY(qFuzzyCompare(b.wkk[0], 0.5));
    QVERIFY(qFuzzyCompare(b.wkk[1], 1.5));
    QCOMPARE(b.bias, p.additive.b);
    // 1.2 + 0.5 + 0.1 = 1.8 and 0.8 + 1.5 − 0.2 = 2.1.
    QVERIFY(qFuzzyCompare(b.preActivation[0], 1.8));
    QVERIFY(qFuzzyCompare(b.preActivation[1], 2.1));
    QVERIFY(qFuzzyCompare(b.tanhValues[0], std::tanh(1.8)));
    QVERIFY(qFuzzyCompare(b.tanhValues[1], std::tanh(2.1)));
    QCOMPARE(b.v, p.additive.v);
    QVERIFY(qFuzzyCompare(b.vTanh[0], std::tanh(1.8)));
    QVERIFY(qFuzzyCompare(b.vTanh[1], -std::tanh(2.1)));
    QVERIFY(qFuzzyCompare(b.additive, std::tanh(1.8) - std::tanh(2.1)));
    QVERIFY(qFuzzyCompare(b.score, b.additive));
    compareStep(b.softmax, r.trace, 1, r.scores[1], 1.0);
}

void TestScoreBreakdown::articleMultiHead()
{
    // The default heads see the x axis and the y axis: d_k = 1 each.
    attn::AttentionParams p;
    p.multiHead.heads.push_back({naive::toEigen(DRows{{1, 0}}), naive::toEigen(DRows{{1, 0}}),
                                 naive::toEigen(DRows{{1, 0}})});
    p.multiHead.heads.push_back({naive::toEigen(DRows{{0, 1}}), naive::toEigen(DRows{{0, 1}}),
                                 naive::toEigen(DRows{{0, 1}})});
    p.multiHead.wo = naive::toEigen(naive::identityRows(2));
    const auto [r, b] = explainArticle(attn::Method::MultiHead, p, 1);
    QCOMPARE(b.heads.size(), std::size_t(2));
    const attn::HeadBreakdown &h1 = b.heads[0];
    const attn::HeadBreakdown &h2 = b.heads[1];
    QCOMPARE(h1.query, naive::toEigen(DVec{1.2}));
    QCOMPARE(h1.key, naive::toEigen(DVec{1.5}));
    QVERIFY(qFuzzyCompare(h1.dot, 1.8));
    QCOMPARE(h1.dk, 1.0);
    QCOMPARE(h1.sqrtDk, 1.0);
    QVERIFY(qFuzzyCompare(h1.scaled, 1.8));
    QCOMPARE(h2.query, naive::toEigen(DVec{0.8}));
    QCOMPARE(h2.key, naive::toEigen(DVec{0.5}));
    QVERIFY(qFuzzyCompare(h2.dot, 0.4));
    QVERIFY(qFuzzyCompare(h2.scaled, 0.4));
    // Head 1 scores 0.6, 1.8, 0.96: k₂ wins with weight 1 / (e^−1.2 + 1 + e^−0.84).
    const double sum1 = std::exp(-1.2) + 1.0 + std::exp(-0.84);
    QVERIFY(qFuzzyCompare(h1.softmax.sum, sum1));
    QVERIFY(qFuzzyCompare(h1.softmax.weight, 1.0 / sum1));
    // Head 2 scores 0.8, 0.4, 0.96: the max is k₃'s 0.96, so k₂ shifts by 0.4 − 0.96 = −0.56.
    QVERIFY(qFuzzyCompare(h2.softmax.maxLogit, 0.96));
    QVERIFY(qFuzzyCompare(h2.softmax.shifted, -0.56));
    for (int h = 0; h < 2; ++h)
        compareStep(b.heads[std::size_t(h)].softmax, r.heads[std::size_t(h)].softmax, 1,
                    r.heads[std::size_t(h)].scores[1], 1.0);
    QVERIFY(qFuzzyCompare(b.meanScore, (1.8 + 0.4) / 2));
    QCOMPARE(b.meanScore, r.scores[1]);
    QCOMPARE(b.meanWeight, r.weights[1]);
    QCOMPARE(b.score, r.scores[1]);
    QCOMPARE(b.contribution.size(), 0);
}

void TestScoreBreakdown::temperatureAndMask()
{
    attn::AttentionParams p;
    p.temperature = 2;
    p.mask = {false, false, true};
    const auto [r, b] = explainArticle(attn::Method::Dot, p, 0);
    // s₁/τ = 1.4 / 2 = 0.7; the unmasked max is 2.2 / 2 = 1.1; 0.7 − 1.1 = −0.4.
    QCOMPARE(b.softmax.temperature, 2.0);
    QVERIFY(qFuzzyCompare(b.softmax.logit, 0.7));
    QVERIFY(qFuzzyCompare(b.softmax.maxLogit, 1.1));
    QVERIFY(qFuzzyCompare(b.softmax.shifted, -0.4));
    QVERIFY(qFuzzyCompare(b.softmax.sum, std::exp(-0.4) + 1.0));
    compareStep(b.softmax, r.trace, 0, r.scores[0], 2.0);

    const auto [rm, bm] = explainArticle(attn::Method::Dot, p, 2);
    QVERIFY(bm.softmax.masked);
    QCOMPARE(bm.softmax.exp, 0.0);
    QCOMPARE(bm.softmax.weight, 0.0);
    QVERIFY(qFuzzyCompare(bm.dot, 1.92)); // the score itself is still explained
}

void TestScoreBreakdown::cosineZeroQuery()
{
    const auto [r, b] = explainArticle(attn::Method::Cosine, {}, 1, DVec{0, 0});
    QVERIFY(b.zeroNorm);
    QCOMPARE(b.queryNorm, 0.0);
    QCOMPARE(b.cosine, 0.0);
    QCOMPARE(b.score, 0.0);
}

void TestScoreBreakdown::matchesNaive_data()
{
    dataColumns<attn::Method, int, int, int, int, int>("method", "dim", "keys", "hidden", "heads",
                                                       "seed");
    for (int i = 0; i < attn::kMethodCount; ++i) {
        const auto m = attn::Method(i);
        const char *name = attn::methodId(m);
        QTest::addRow("%s d=2 n=3", name) << m << 2 << 3 << 4 << 2 << 1;
        QTest::addRow("%s d=4 n=16", name) << m << 4 << 16 << 6 << 2 << 2;
        QTest::addRow("%s d=6 n=64", name) << m << 6 << 64 << 3 << 3 << 3;
    }
}

void TestScoreBreakdown::matchesNaive()
{
    QFETCH(attn::Method, method);
    QFETCH(int, dim);
    QFETCH(int, keys);
    QFETCH(int, hidden);
    QFETCH(int, heads);
    QFETCH(int, seed);
    std::mt19937_64 gen(std::uint64_t(seed) * 7919u + std::uint64_t(method));
    const std::size_t d = std::size_t(dim), n = std::size_t(keys);
    const DVec q = naive::randomVector(gen, d, -2, 2);
    const DRows k = naive::randomRows(gen, n, d, -2, 2);
    const DRows v = naive::randomRows(gen, n, d, -2, 2);
    const attn::AttentionParams p =
        randomParams(gen, d, std::size_t(hidden), std::size_t(heads), d / std::size_t(heads));

    const naive::Vec ql = naive::toLong(q);
    const naive::Mat kl = naive::toLong(k);
    const naive::Real tol = 1e-12L;
    for (int i = 0; i < keys; i += std::max(1, keys / 5)) {
        const auto [r, b] = explainArticle(method, p, i, q, k, v);
        const naive::Vec &ki = kl[std::size_t(i)];
        NAIVE_COMPARE(b.keyVector, ki, 0.0L);
        naive::Vec prod;
        for (std::size_t j = 0; j < d; ++j)
            prod.push_back(ql[j] * ki[j]);
        switch (method) {
        case attn::Method::Dot:
            NAIVE_COMPARE(b.products, prod, tol);
            NAIVE_COMPARE(b.dot, naive::dot(ql, ki), tol);
            break;
        case attn::Method::Scaled:
            NAIVE_COMPARE(b.dot, naive::dot(ql, ki), tol);
            NAIVE_COMPARE(b.sqrtScale, std::sqrt(naive::Real(d)), tol);
            NAIVE_COMPARE(b.scaled, naive::dot(ql, ki) / std::sqrt(naive::Real(d)), tol);
            break;
        case attn::Method::Cosine:
            NAIVE_COMPARE(b.queryNorm, naive::norm(ql), tol);
            NAIVE_COMPARE(b.keyNorm, naive::norm(ki), tol);
            NAIVE_COMPARE(b.cosine, naive::cosineScores(ql, {ki})[0], tol);
            break;
        case attn::Method::General: {
            const naive::Mat w = naive::toLong(p.general);
            const naive::Vec wk = naive::matVec(w, ki);
            NAIVE_COMPARE(b.wk, wk, tol);
            NAIVE_COMPARE(b.general, naive::dot(ql, wk), tol);
            NAIVE_COMPARE(b.general, naive::generalScores(ql, w, {ki})[0], tol);
            break;
        }
        case attn::Method::Additive: {
            const naive::Vec wqq = naive::matVec(naive::toLong(p.additive.wq), ql);
            const naive::Vec wkk = naive::matVec(naive::toLong(p.additive.wk), ki);
            const naive::Vec bias = naive::toLong(p.additive.b);
            const naive::Vec vv = naive::toLong(p.additive.v);
            naive::Vec pre, th, vt;
            for (std::size_t h = 0; h < bias.size(); ++h) {
                pre.push_back(wqq[h] + wkk[h] + bias[h]);
                th.push_back(std::tanh(pre[h]));
                vt.push_back(vv[h] * th[h]);
            }
            NAIVE_COMPARE(b.wqq, wqq, tol);
            NAIVE_COMPARE(b.wkk, wkk, tol);
            NAIVE_COMPARE(b.preActivation, pre, tol);
            NAIVE_COMPARE(b.tanhValues, th, tol);
            NAIVE_COMPARE(b.vTanh, vt, tol);
            NAIVE_COMPARE(b.additive,
                          naive::additiveScores(ql, {ki}, naive::toLong(p.additive.wq),
                                                naive::toLong(p.additive.wk), bias, vv)[0],
                          tol);
            break;
        }
        case attn::Method::MultiHead: {
            std::vector<naive::Mat> wq, wk, wv;
            for (const auto &h : p.multiHead.heads) {
                wq.push_back(naive::toLong(h.wq));
                wk.push_back(naive::toLong(h.wk));
                wv.push_back(naive::toLong(h.wv));
            }
            const naive::MultiHeadRef ref = naive::multiHead(
                ql, kl, naive::toLong(v), wq, wk, wv, naive::toLong(p.multiHead.wo), p.temperature);
            QCOMPARE(b.heads.size(), ref.heads.size());
            for (std::size_t h = 0; h < ref.heads.size(); ++h) {
                const naive::HeadRef &e = ref.heads[h];
                const attn::HeadBreakdown &a = b.heads[h];
                NAIVE_COMPARE(a.query, e.query, tol);
                NAIVE_COMPARE(a.key, e.keys[std::size_t(i)], tol);
                NAIVE_COMPARE(a.scaled, e.scores[std::size_t(i)], tol);
                NAIVE_COMPARE(a.dk, naive::Real(e.query.size()), 0.0L);
                NAIVE_COMPARE(a.softmax.weight, e.softmax.weights[std::size_t(i)], tol);
                NAIVE_COMPARE(a.softmax.sum, e.softmax.sum, tol);
            }
            NAIVE_COMPARE(b.meanScore, ref.meanScores[std::size_t(i)], tol);
            NAIVE_COMPARE(b.meanWeight, ref.meanWeights[std::size_t(i)], tol);
            continue;
        }
        }
        // The recomputed score agrees with the one the result (and so the table) shows.
        const double own = method == attn::Method::Dot       ? b.dot
                           : method == attn::Method::Scaled  ? b.scaled
                           : method == attn::Method::Cosine  ? b.cosine
                           : method == attn::Method::General ? b.general
                                                             : b.additive;
        NAIVE_COMPARE(own, naive::Real(r.scores[i]), tol);
        compareStep(b.softmax, r.trace, i, r.scores[i], p.temperature);
        naive::Vec share;
        for (double x : v[std::size_t(i)])
            share.push_back(naive::Real(b.softmax.weight) * x);
        NAIVE_COMPARE(b.contribution, share, tol);
    }
}

void TestScoreBreakdown::rejectsBadArguments()
{
    const attn::Vector q = naive::toEigen(kArticleQuery);
    const attn::Matrix k = naive::toEigen(kArticleKeys), v = naive::toEigen(kArticleValues);
    auto r = attn::attend(q, k, v, attn::Method::Dot, {});
    QVERIFY(r.ok());
    for (int key : {-1, 3}) {
        auto b = attn::explainScore(q, k, v, key, attn::Method::Dot, {}, *r);
        QVERIFY(!b.ok());
        QCOMPARE(b.error().code, attn::ErrorCode::BadArgument);
        QCOMPARE(b.error().subject, std::string("key"));
    }
    // A result of another method cannot explain this one.
    auto other = attn::explainScore(q, k, v, 0, attn::Method::Scaled, {}, *r);
    QVERIFY(!other.ok());
    QCOMPARE(other.error().subject, std::string("result"));
    // Nor a result for fewer keys.
    auto fewer =
        attn::explainScore(q, k, v, 0, attn::Method::Dot, {},
                           *attn::attend(q, k.topRows(2), v.topRows(2), attn::Method::Dot, {}));
    QVERIFY(!fewer.ok());
}

QTEST_APPLESS_MAIN(TestScoreBreakdown)
#include "tst_scorebreakdown.moc"
