#include "common/datacolumns.h"
#include "common/naivereference.h"
#include "core/attention.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <limits>

using naive::DRows;
using naive::DVec;

Q_DECLARE_METATYPE(attn::AttentionParams)

namespace {

using namespace naive::inputs;

attn::AttentionParams identityHead(std::size_t d)
{
    const attn::Matrix eye = naive::toEigen(naive::identityRows(d));
    attn::AttentionParams p;
    p.multiHead.heads.push_back({eye, eye, eye});
    p.multiHead.wo = eye;
    return p;
}

/// Checks every field of a multi-head result against the naive reference.
void compareWithReference(const attn::AttentionResult &r, const naive::MultiHeadRef &ref)
{
    QCOMPARE(r.method, attn::Method::MultiHead);
    QCOMPARE(r.heads.size(), ref.heads.size());
    for (std::size_t j = 0; j < ref.heads.size(); ++j) {
        const attn::HeadResult &h = r.heads[j];
        const naive::HeadRef &e = ref.heads[j];
        NAIVE_COMPARE(h.query, e.query, 1e-13L);
        NAIVE_COMPARE(h.keys, e.keys, 1e-13L);
        NAIVE_COMPARE(h.values, e.values, 1e-13L);
        NAIVE_COMPARE(h.scores, e.scores, 1e-13L);
        NAIVE_COMPARE(h.softmax.logits, e.softmax.logits, 1e-13L);
        NAIVE_COMPARE(h.softmax.maxLogit, e.softmax.maxLogit, 1e-13L);
        NAIVE_COMPARE(h.softmax.shifted, e.softmax.shifted, 1e-13L);
        NAIVE_COMPARE(h.softmax.exps, e.softmax.exps, 1e-13L);
        NAIVE_COMPARE(h.softmax.sum, e.softmax.sum, 1e-13L);
        NAIVE_COMPARE(h.softmax.weights, e.softmax.weights, 1e-13L);
        NAIVE_COMPARE(h.output, e.output, 1e-13L);
    }
    NAIVE_COMPARE(r.concat, ref.concat, 1e-13L);
    NAIVE_COMPARE(r.output, ref.output, 1e-13L);
    NAIVE_COMPARE(r.scores, ref.meanScores, 1e-13L);
    NAIVE_COMPARE(r.weights, ref.meanWeights, 1e-13L);
}

} // namespace

class TestMultiHead : public QObject
{
    Q_OBJECT

private slots:
    void identityHeadEqualsScaledDot_data();
    void identityHeadEqualsScaledDot();
    void splitHeadsMatchesNaive_data();
    void splitHeadsMatchesNaive();
    void splitHeadsLayout_data();
    void splitHeadsLayout();
    void headsAttendOverAllKeysSeparately();
    void splitHeadsErrors_data();
    void splitHeadsErrors();
    void attendErrors_data();
    void attendErrors();
};

void TestMultiHead::identityHeadEqualsScaledDot_data()
{
    dataColumns<DVec, DRows, DRows, double, QString>("query", "keys", "values", "temperature",
                                                     "mask");

    QTest::newRow("article") << kArticleQuery << kArticleKeys << kArticleValues << 1.0 << "";
    QTest::newRow("article tau 0.7")
        << kArticleQuery << kArticleKeys << kArticleValues << 0.7 << "";
    QTest::newRow("article masked")
        << kArticleQuery << kArticleKeys << kArticleValues << 1.0 << "-x-";
    std::mt19937_64 gen(41);
    QTest::newRow("d=3 n=4") << naive::randomVector(gen, 3, -2, 2)
                             << naive::randomRows(gen, 4, 3, -2, 2) << naive::randomRows(gen, 4, 3)
                             << 1.0 << "";
    QTest::newRow("d=5 n=6 tau 1.5")
        << naive::randomVector(gen, 5, -2, 2) << naive::randomRows(gen, 6, 5, -2, 2)
        << naive::randomRows(gen, 6, 5) << 1.5 << "x-x---";
}

void TestMultiHead::identityHeadEqualsScaledDot()
{
    QFETCH(DVec, query);
    QFETCH(DRows, keys);
    QFETCH(DRows, values);
    QFETCH(double, temperature);
    QFETCH(QString, mask);

    attn::AttentionParams params = identityHead(query.size());
    params.temperature = temperature;
    params.mask = naive::toMask(mask);
    const auto r = attn::attend(naive::toEigen(query), naive::toEigen(keys), naive::toEigen(values),
                                attn::Method::MultiHead, params);
    NAIVE_REQUIRE_OK(r);

    // With every projection the identity, one head is plain scaled dot-product attention with
    // d = d_model.
    const naive::Vec scores =
        naive::scaledScores(naive::toLong(query), naive::toLong(keys), naive::Real(query.size()));
    const naive::Softmax sm = naive::softmax(scores, temperature, params.mask);
    const naive::Vec out = naive::weightedSum(sm.weights, naive::toLong(values));
    NAIVE_COMPARE(r->scores, scores, 1e-13L);
    NAIVE_COMPARE(r->weights, sm.weights, 1e-13L);
    NAIVE_COMPARE(r->output, out, 1e-13L);
    QCOMPARE(r->heads.size(), std::size_t(1));
    NAIVE_COMPARE(r->heads[0].scores, scores, 1e-13L);
    NAIVE_COMPARE(r->heads[0].softmax.weights, sm.weights, 1e-13L);
    NAIVE_COMPARE(r->heads[0].output, out, 1e-13L);
    NAIVE_COMPARE(r->concat, out, 1e-13L);
    // The single-score trace does not apply to multi-head.
    QCOMPARE(r->trace.weights.size(), Eigen::Index(0));
}

void TestMultiHead::splitHeadsMatchesNaive_data()
{
    dataColumns<int, int, int, double, QString>("dModel", "headCount", "keyCount", "temperature",
                                                "mask");

    QTest::newRow("d=4 h=2") << 4 << 2 << 5 << 1.0 << "";
    QTest::newRow("d=6 h=3") << 6 << 3 << 5 << 1.0 << "";
    QTest::newRow("d=4 h=2 tau 0.5 masked") << 4 << 2 << 3 << 0.5 << "-x-";
    QTest::newRow("d=6 h=3 tau 2 masked") << 6 << 3 << 7 << 2.0 << "x-----x";
    QTest::newRow("d=6 h=2") << 6 << 2 << 4 << 1.0 << "";
    QTest::newRow("d=4 h=4") << 4 << 4 << 3 << 1.0 << "";
    QTest::newRow("d=4 h=1") << 4 << 1 << 3 << 1.0 << "";
    QTest::newRow("d=8 h=4") << 8 << 4 << 6 << 1.0 << "";
}

void TestMultiHead::splitHeadsMatchesNaive()
{
    QFETCH(int, dModel);
    QFETCH(int, headCount);
    QFETCH(int, keyCount);
    QFETCH(double, temperature);
    QFETCH(QString, mask);

    std::mt19937_64 gen(std::uint64_t(1000 * dModel + 10 * headCount + keyCount));
    const std::size_t d = std::size_t(dModel), n = std::size_t(keyCount);
    const DRows wq = naive::randomRows(gen, d, d), wk = naive::randomRows(gen, d, d),
                wv = naive::randomRows(gen, d, d), wo = naive::randomRows(gen, d, d);
    const DVec q = naive::randomVector(gen, d, -2, 2);
    const DRows keys = naive::randomRows(gen, n, d, -2, 2);
    const DRows values = naive::randomRows(gen, n, d, -2, 2);

    const auto split = attn::splitHeads(naive::toEigen(wq), naive::toEigen(wk), naive::toEigen(wv),
                                        naive::toEigen(wo), headCount);
    NAIVE_REQUIRE_OK(split);
    attn::AttentionParams params;
    params.multiHead = split.value();
    params.temperature = temperature;
    params.mask = naive::toMask(mask);
    const auto r = attn::attend(naive::toEigen(q), naive::toEigen(keys), naive::toEigen(values),
                                attn::Method::MultiHead, params);
    NAIVE_REQUIRE_OK(r);

    // The reference cuts the full matrices itself: head j owns rows [j·d_k, (j+1)·d_k).
    const std::size_t dk = d / std::size_t(headCount);
    std::vector<naive::Mat> hq, hk, hv;
    for (std::size_t j = 0; j < std::size_t(headCount); ++j) {
        hq.push_back(naive::rowBlock(naive::toLong(wq), j, dk));
        hk.push_back(naive::rowBlock(naive::toLong(wk), j, dk));
        hv.push_back(naive::rowBlock(naive::toLong(wv), j, dk));
    }
    const naive::MultiHeadRef ref =
        naive::multiHead(naive::toLong(q), naive::toLong(keys), naive::toLong(values), hq, hk, hv,
                         naive::toLong(wo), temperature, params.mask);
    compareWithReference(*r, ref);
    if (QTest::currentTestFailed())
        return;

    // Each head's weights run over the n keys (not over the heads) and sum to 1 on their own.
    for (const attn::HeadResult &h : r->heads) {
        QCOMPARE(h.softmax.weights.size(), Eigen::Index(n));
        QCOMPARE(h.keys.rows(), Eigen::Index(n));
        QVERIFY(std::fabs(h.softmax.weights.sum() - 1.0) <= 1e-12);
        for (std::size_t i = 0; i < params.mask.size(); ++i)
            if (params.mask[i])
                QCOMPARE(h.softmax.weights(Eigen::Index(i)), 0.0);
    }
    for (std::size_t i = 0; i < params.mask.size(); ++i)
        if (params.mask[i])
            QCOMPARE(r->weights(Eigen::Index(i)), 0.0);
}

void TestMultiHead::splitHeadsLayout_data()
{
    dataColumns<int, int>("dModel", "headCount");

    QTest::newRow("d=4 h=2") << 4 << 2;
    QTest::newRow("d=6 h=3") << 6 << 3;
    QTest::newRow("d=6 h=1") << 6 << 1;
    QTest::newRow("d=6 h=6") << 6 << 6;
}

void TestMultiHead::splitHeadsLayout()
{
    QFETCH(int, dModel);
    QFETCH(int, headCount);

    std::mt19937_64 gen(43);
    const std::size_t d = std::size_t(dModel);
    const DRows wq = naive::randomRows(gen, d, d), wk = naive::randomRows(gen, d, d),
                wv = naive::randomRows(gen, d, d), wo = naive::randomRows(gen, d, d);
    const auto split = attn::splitHeads(naive::toEigen(wq), naive::toEigen(wk), naive::toEigen(wv),
                                        naive::toEigen(wo), headCount);
    NAIVE_REQUIRE_OK(split);
    QCOMPARE(split->heads.size(), std::size_t(headCount));
    const std::size_t dk = d / std::size_t(headCount);
    for (std::size_t j = 0; j < split->heads.size(); ++j) {
        const attn::Head &h = split->heads[j];
        NAIVE_COMPARE(h.wq, naive::rowBlock(naive::toLong(wq), j, dk), 0.0L);
        NAIVE_COMPARE(h.wk, naive::rowBlock(naive::toLong(wk), j, dk), 0.0L);
        NAIVE_COMPARE(h.wv, naive::rowBlock(naive::toLong(wv), j, dk), 0.0L);
    }
    NAIVE_COMPARE(split->wo, naive::toLong(wo), 0.0L);
}

void TestMultiHead::headsAttendOverAllKeysSeparately()
{
    // d_model = 4, h = 2 with identity projections: head 0 sees coordinates 0–1, head 1 sees 2–3.
    // q = (1, 0, 0, 1); k₀ = e₀, k₁ = e₃, k₂ = 0. Head 0 scores (1/√2, 0, 0), head 1 (0, 1/√2, 0):
    // with a = e^{1/√2} = 2.028115, head 0 weights (a, 1, 1)/(a + 2) = (0.503490, 0.248255,
    // 0.248255), head 1 the same with keys 0 and 1 swapped. Each head softmaxes over all three
    // keys; mixing the head axis into the key axis would pair heads with keys instead.
    const DRows eye = naive::identityRows(4);
    const auto split = attn::splitHeads(naive::toEigen(eye), naive::toEigen(eye),
                                        naive::toEigen(eye), naive::toEigen(eye), 2);
    NAIVE_REQUIRE_OK(split);
    attn::AttentionParams params;
    params.multiHead = split.value();
    const DVec q{1, 0, 0, 1};
    const DRows keys{{1, 0, 0, 0}, {0, 0, 0, 1}, {0, 0, 0, 0}};
    const DRows values{{1, 2, 3, 4}, {5, 6, 7, 8}, {9, 10, 11, 12}};
    const auto r = attn::attend(naive::toEigen(q), naive::toEigen(keys), naive::toEigen(values),
                                attn::Method::MultiHead, params);
    NAIVE_REQUIRE_OK(r);
    QCOMPARE(r->heads.size(), std::size_t(2));

    const naive::Real a = std::exp(1 / std::sqrt(2.0L));
    const naive::Vec w0{a / (a + 2), 1 / (a + 2), 1 / (a + 2)};
    const naive::Vec w1{1 / (a + 2), a / (a + 2), 1 / (a + 2)};
    NAIVE_COMPARE(r->heads[0].softmax.weights, w0, 1e-14L);
    NAIVE_COMPARE(r->heads[1].softmax.weights, w1, 1e-14L);
    NAIVE_COMPARE(r->heads[0].softmax.weights, (naive::Vec{0.503490, 0.248255, 0.248255}), 1e-6L);
    // Head 0 mixes (1,2), (5,6), (9,10); head 1 mixes (3,4), (7,8), (11,12); W_O = I stacks them.
    naive::Vec expected;
    for (std::size_t c = 0; c < 2; ++c)
        expected.push_back(w0[0] * values[0][c] + w0[1] * values[1][c] + w0[2] * values[2][c]);
    for (std::size_t c = 2; c < 4; ++c)
        expected.push_back(w1[0] * values[0][c] + w1[1] * values[1][c] + w1[2] * values[2][c]);
    NAIVE_COMPARE(r->concat, expected, 1e-14L);
    NAIVE_COMPARE(r->output, expected, 1e-14L);
    // The averaged weights: ((a + 1), (1 + a), 2) / (2(a + 2)).
    NAIVE_COMPARE(r->weights,
                  (naive::Vec{(a + 1) / (2 * (a + 2)), (a + 1) / (2 * (a + 2)), 1 / (a + 2)}),
                  1e-14L);
}

void TestMultiHead::splitHeadsErrors_data()
{
    dataColumns<DRows, DRows, DRows, DRows, int, std::vector<int>>("wq", "wk", "wv", "wo",
                                                                   "headCount", "codes");

    using attn::ErrorCode;
    const DRows i4 = naive::identityRows(4), i6 = naive::identityRows(6),
                i3 = naive::identityRows(3);
    const std::vector<int> noHeads{int(ErrorCode::NoHeads)};
    const std::vector<int> doNotFit{int(ErrorCode::HeadsDoNotFit)};
    const std::vector<int> dimension{int(ErrorCode::DimensionMismatch)};
    QTest::newRow("zero heads") << i4 << i4 << i4 << i4 << 0 << noHeads;
    QTest::newRow("negative heads")
        << i4 << i4 << i4 << i4 << -1
        << std::vector<int>{int(ErrorCode::NoHeads), int(ErrorCode::BadArgument)};
    QTest::newRow("3 heads, d=4") << i4 << i4 << i4 << i4 << 3 << doNotFit;
    QTest::newRow("4 heads, d=6") << i6 << i6 << i6 << i6 << 4 << doNotFit;
    QTest::newRow("5 heads, d=4") << i4 << i4 << i4 << i4 << 5 << doNotFit;
    const DRows rect{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {1, 1, 1}};
    QTest::newRow("W_Q 4x3") << rect << i4 << i4 << i4 << 2 << dimension;
    QTest::newRow("W_K 3x3") << i4 << i3 << i4 << i4 << 2 << dimension;
    QTest::newRow("W_V 4x3") << i4 << i4 << rect << i4 << 2 << dimension;
    QTest::newRow("W_O 4x3") << i4 << i4 << i4 << rect << 2 << dimension;
}

void TestMultiHead::splitHeadsErrors()
{
    QFETCH(DRows, wq);
    QFETCH(DRows, wk);
    QFETCH(DRows, wv);
    QFETCH(DRows, wo);
    QFETCH(int, headCount);
    QFETCH(std::vector<int>, codes);

    const auto r = attn::splitHeads(naive::toEigen(wq), naive::toEigen(wk), naive::toEigen(wv),
                                    naive::toEigen(wo), headCount);
    QVERIFY(!r.ok());
    QVERIFY2(std::find(codes.begin(), codes.end(), int(r.error().code)) != codes.end(),
             attn::describe(r.error()).c_str());
}

void TestMultiHead::attendErrors_data()
{
    dataColumns<DVec, DRows, attn::AttentionParams, std::vector<int>>("query", "keys", "params",
                                                                      "codes");

    using attn::ErrorCode;
    const DVec q{1, 0, 0, 1};
    const DRows keys{{1, 0, 0, 0}, {0, 0, 0, 1}, {0, 1, 1, 0}};
    // Two heads of d_k = 2 built by hand, so that these rows do not depend on splitHeads.
    attn::AttentionParams good;
    const attn::Matrix top = naive::toEigen(DRows{{1, 0, 0, 0}, {0, 1, 0, 0}});
    const attn::Matrix bottom = naive::toEigen(DRows{{0, 0, 1, 0}, {0, 0, 0, 1}});
    good.multiHead.heads = {{top, top, top}, {bottom, bottom, bottom}};
    good.multiHead.wo = naive::toEigen(naive::identityRows(4));
    auto codes = [](std::initializer_list<ErrorCode> list) {
        std::vector<int> out;
        for (ErrorCode c : list)
            out.push_back(int(c));
        return out;
    };

    attn::AttentionParams p;
    QTest::newRow("no heads") << q << keys << p << codes({ErrorCode::NoHeads});
    p = good;
    QTest::newRow("no keys") << q << DRows{} << p << codes({ErrorCode::NoKeys});
    QTest::newRow("q 3 vs d_model 4")
        << DVec{1, 0, 0} << keys << p << codes({ErrorCode::DimensionMismatch});
    QTest::newRow("keys 3 vs d_model 4") << DVec{1, 0, 0} << DRows{{1, 0, 0}, {0, 1, 0}} << p
                                         << codes({ErrorCode::DimensionMismatch});
    p.multiHead.heads[0].wq = naive::toEigen(naive::identityRows(3));
    QTest::newRow("head W_Q 3x3 vs d_model 4")
        << q << keys << p << codes({ErrorCode::DimensionMismatch, ErrorCode::HeadsDoNotFit});
    p = good;
    p.multiHead.heads[1].wk = naive::toEigen(DRows{{0, 0, 1, 0}});
    QTest::newRow("head 1 W_K 1 row, W_Q 2 rows")
        << q << keys << p << codes({ErrorCode::DimensionMismatch, ErrorCode::HeadsDoNotFit});
    p = good;
    p.multiHead.wo = naive::toEigen(naive::identityRows(3));
    QTest::newRow("W_O 3 columns for 4 stacked")
        << q << keys << p << codes({ErrorCode::DimensionMismatch, ErrorCode::HeadsDoNotFit});
    p = good;
    p.multiHead.heads[0].wv(0, 1) = kNaN;
    QTest::newRow("NaN in W_V") << q << keys << p << codes({ErrorCode::NonFinite});
    p = good;
    p.multiHead.wo(2, 2) = kNaN;
    QTest::newRow("NaN in W_O") << q << keys << p << codes({ErrorCode::NonFinite});
    p = good;
    p.temperature = 0;
    QTest::newRow("tau 0") << q << keys << p << codes({ErrorCode::BadTemperature});
    p = good;
    p.mask = {true, true, true};
    QTest::newRow("all masked") << q << keys << p << codes({ErrorCode::AllMasked});
}

void TestMultiHead::attendErrors()
{
    QFETCH(DVec, query);
    QFETCH(DRows, keys);
    QFETCH(attn::AttentionParams, params);
    QFETCH(std::vector<int>, codes);

    const attn::Matrix k = naive::toEigen(keys, Eigen::Index(query.size()));
    const auto r = attn::attend(naive::toEigen(query), k, k, attn::Method::MultiHead, params);
    QVERIFY(!r.ok());
    QVERIFY2(std::find(codes.begin(), codes.end(), int(r.error().code)) != codes.end(),
             attn::describe(r.error()).c_str());
}

QTEST_APPLESS_MAIN(TestMultiHead)
#include "tst_multihead.moc"
