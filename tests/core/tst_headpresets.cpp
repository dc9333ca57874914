#include "common/datacolumns.h"
#include "common/matrixcompare.h"
#include "core/attention.h"
#include "core/headpresets.h"
#include "core/random.h"
#include "core/scene.h"
#include "core/scenefile.h"

#include <QTest>

#include <cmath>
#include <initializer_list>
#include <numbers>

Q_DECLARE_METATYPE(attn::Matrix)

namespace {

using matrixcompare::near;
using matrixcompare::rows;

const double kHalfRoot2 = std::sqrt(0.5);
const double kHalfRoot3 = std::sqrt(3.0) / 2;

attn::Scene sceneWith(const attn::MultiHeadParams &p)
{
    attn::Scene s = attn::Scene::defaultScene();
    s.method = attn::Method::MultiHead;
    s.multiHead = p;
    return s;
}

} // namespace

class TestHeadPresets : public QObject
{
    Q_OBJECT

private slots:
    void fixedMatrices_data();
    void fixedMatrices();
    void randomDrawsRowByRow();
    void randomMatchesAdditiveDefaults();
    void fitRows_data();
    void fitRows();
    void averagingOutput_data();
    void averagingOutput();
    void averagingOutputAveragesIdenticalHeads();
    void appendedHead();
    void sameRotationOnBothSidesIsScaledDot();
    void rotationOnOneSideMatters();
    void defaultTargets();
    void resizeOutput_data();
    void resizeOutput();
    void headCount();
    void keyDim();
    void valueDim();
    void hiddenSize();
};

void TestHeadPresets::fixedMatrices_data()
{
    dataColumns<attn::Matrix, attn::Matrix>("actual", "expected");

    const double h2 = kHalfRoot2, h3 = kHalfRoot3;
    QTest::newRow("identity d_k=1") << attn::presets::identity(1) << rows({{1, 0}});
    QTest::newRow("identity d_k=2") << attn::presets::identity(2) << rows({{1, 0}, {0, 1}});
    QTest::newRow("rotation 0°") << attn::presets::rotation(0, 2) << rows({{1, 0}, {0, 1}});
    QTest::newRow("rotation 30° d_k=1") << attn::presets::rotation(30, 1) << rows({{h3, -0.5}});
    QTest::newRow("rotation 45°") << attn::presets::rotation(45, 2) << rows({{h2, -h2}, {h2, h2}});
    QTest::newRow("rotation 90°") << attn::presets::rotation(90, 2) << rows({{0, -1}, {1, 0}});
    QTest::newRow("rotation −90°") << attn::presets::rotation(-90, 2) << rows({{0, 1}, {-1, 0}});
    QTest::newRow("rotation 180° d_k=1") << attn::presets::rotation(180, 1) << rows({{-1, 0}});
    QTest::newRow("project x") << attn::presets::projectX() << rows({{1, 0}});
    QTest::newRow("project y") << attn::presets::projectY() << rows({{0, 1}});
    QTest::newRow("value projection 0, d_v=1")
        << attn::presets::valueProjection(0, 1) << rows({{1, 0}});
    QTest::newRow("value projection 1, d_v=1")
        << attn::presets::valueProjection(1, 1) << rows({{0, 1}});
    QTest::newRow("value projection 4, d_v=1")
        << attn::presets::valueProjection(4, 1) << rows({{1, 0}});
    QTest::newRow("value projection 3, d_v=2")
        << attn::presets::valueProjection(3, 2) << rows({{1, 0}, {0, 1}});
}

void TestHeadPresets::fixedMatrices()
{
    QFETCH(attn::Matrix, actual);
    QFETCH(attn::Matrix, expected);
    COMPARE_MATRIX(actual, expected, 1e-15);
}

void TestHeadPresets::randomDrawsRowByRow()
{
    const attn::Matrix m = attn::presets::random(2, 3, 42);
    QCOMPARE(m.rows(), 2);
    QCOMPARE(m.cols(), 3);
    attn::Random rng(42);
    for (int r = 0; r < 2; ++r)
        for (int c = 0; c < 3; ++c) {
            // uniform(−1, 1) is −1 + 2·u with u the generator's [0, 1) draw.
            const double expected = -1.0 + 2.0 * rng.uniform();
            QCOMPARE(m(r, c), expected);
            QVERIFY(m(r, c) >= -1.0 && m(r, c) < 1.0);
        }
    COMPARE_MATRIX(attn::presets::random(2, 3, 42), m, 0.0);
    QVERIFY(!near(attn::presets::random(2, 3, 43), m, 1e-3));
}

void TestHeadPresets::randomMatchesAdditiveDefaults()
{
    // The additive defaults draw W_q first, row by row, from the same generator.
    const attn::AdditiveParams a = attn::defaults::additive(4, 7);
    COMPARE_MATRIX(attn::presets::random(4, 2, 7), a.wq, 0.0);
}

void TestHeadPresets::fitRows_data()
{
    dataColumns<attn::Matrix, int, attn::Matrix>("input", "rowCount", "expected");

    QTest::newRow("grow 1→2") << rows({{1, 2}}) << 2 << rows({{1, 2}, {0, 0}});
    QTest::newRow("shrink 2→1") << rows({{1, 2}, {3, 4}}) << 1 << rows({{1, 2}});
    QTest::newRow("same") << rows({{1, 2}, {3, 4}}) << 2 << rows({{1, 2}, {3, 4}});
}

void TestHeadPresets::fitRows()
{
    QFETCH(attn::Matrix, input);
    QFETCH(int, rowCount);
    QFETCH(attn::Matrix, expected);
    COMPARE_MATRIX(attn::presets::fitRows(input, rowCount), expected, 0.0);
}

void TestHeadPresets::averagingOutput_data()
{
    dataColumns<int, int, attn::Matrix>("heads", "dv", "expected");

    const double t = 1.0 / 3.0;
    QTest::newRow("1 head, d_v=2") << 1 << 2 << rows({{1, 0}, {0, 1}});
    QTest::newRow("3 heads, d_v=2") << 3 << 2 << rows({{t, 0, t, 0, t, 0}, {0, t, 0, t, 0, t}});
    QTest::newRow("1 head, d_v=1") << 1 << 1 << rows({{1}, {0}});
    QTest::newRow("2 heads, d_v=1 (the default)") << 2 << 1 << rows({{1, 0}, {0, 1}});
    QTest::newRow("3 heads, d_v=1") << 3 << 1 << rows({{0.5, 0, 0.5}, {0, 1, 0}});
    QTest::newRow("4 heads, d_v=1") << 4 << 1 << rows({{0.5, 0, 0.5, 0}, {0, 0.5, 0, 0.5}});
}

void TestHeadPresets::averagingOutput()
{
    QFETCH(int, heads);
    QFETCH(int, dv);
    QFETCH(attn::Matrix, expected);
    COMPARE_MATRIX(attn::presets::averagingOutput(heads, dv), expected, 1e-15);
    COMPARE_MATRIX(attn::defaults::multiHead().wo, attn::presets::averagingOutput(2, 1), 0.0);
}

void TestHeadPresets::averagingOutputAveragesIdenticalHeads()
{
    // h copies of the identity head with W_O = [I/h … I/h] give one identity head's output,
    // which is scaled dot-product attention with d = 2.
    const attn::Scene s = attn::Scene::defaultScene();
    attn::AttentionParams p = s.params();
    const attn::Matrix eye = attn::Matrix::Identity(2, 2);
    p.multiHead.heads.assign(3, attn::Head{eye, eye, eye});
    p.multiHead.wo = attn::presets::averagingOutput(3, 2);
    auto multi = attn::attend(s.query, s.keys, s.values, attn::Method::MultiHead, p);
    auto single = attn::attend(s.query, s.keys, s.values, attn::Method::Scaled, s.params());
    QVERIFY(multi && single);
    COMPARE_MATRIX(multi.value().output, single.value().output, 1e-14);
}

void TestHeadPresets::appendedHead()
{
    const attn::Head h = attn::presets::head(2, 1, 1); // 90°: x of the rotated vector is −y
    COMPARE_MATRIX(h.wq, rows({{0, -1}}), 1e-15);
    COMPARE_MATRIX(h.wk, rows({{0, -1}}), 1e-15);
    COMPARE_MATRIX(h.wv, rows({{1, 0}}), 0.0);

    const attn::Head g = attn::presets::head(1, 2, 2); // 45°
    COMPARE_MATRIX(g.wq, rows({{kHalfRoot2, -kHalfRoot2}, {kHalfRoot2, kHalfRoot2}}), 1e-15);
    // With d_k = 2 the rotation goes to the query alone: on both sides it would cancel.
    COMPARE_MATRIX(g.wk, rows({{1, 0}, {0, 1}}), 0.0);
    COMPARE_MATRIX(g.wv, rows({{1, 0}, {0, 1}}), 0.0);
}

void TestHeadPresets::sameRotationOnBothSidesIsScaledDot()
{
    // W_Q = W_K = R(30°): (Rq)·(Rk) = qᵀRᵀRk = q·k, so the head's scores are the scaled dot
    // product q·kᵢ / √2, written out here for the article's scene.
    const attn::Matrix r = attn::presets::rotation(30.0, 2);
    COMPARE_MATRIX(r, rows({{kHalfRoot3, -0.5}, {0.5, kHalfRoot3}}), 1e-15);
    attn::MultiHeadParams p;
    p.heads.push_back(attn::Head{r, r, attn::Matrix::Identity(2, 2)});
    p.wo = attn::Matrix::Identity(2, 2);
    const attn::Scene s = sceneWith(p);
    auto result = attn::attend(s.query, s.keys, s.values, attn::Method::MultiHead, s.params());
    QVERIFY(result);
    const attn::HeadResult &head = result.value().heads.at(0);
    const double q[2] = {1.2, 0.8};
    const double keys[3][2] = {{0.5, 1.0}, {1.5, 0.5}, {0.8, 1.2}};
    const double values[3][2] = {{1, 0}, {0, 1}, {1, 1}};
    double e[3], sum = 0;
    for (int i = 0; i < 3; ++i) {
        const double scaled = (q[0] * keys[i][0] + q[1] * keys[i][1]) / std::sqrt(2.0);
        QVERIFY2(std::abs(head.scores[i] - scaled) <= 1e-15,
                 qPrintable(QString::number(head.scores[i], 'g', 17) + QStringLiteral(" != ") +
                            QString::number(scaled, 'g', 17)));
        e[i] = std::exp(scaled);
        sum += e[i];
    }
    double out[2] = {0, 0};
    for (int i = 0; i < 3; ++i)
        for (int c = 0; c < 2; ++c)
            out[c] += e[i] / sum * values[i][c];
    COMPARE_MATRIX(attn::Matrix(result.value().output), rows({{out[0]}, {out[1]}}), 1e-15);
}

void TestHeadPresets::rotationOnOneSideMatters()
{
    // W_Q = R(30°), W_K = I: the head compares the turned query Rq with each key.
    const attn::Matrix r = attn::presets::rotation(30.0, 2);
    attn::MultiHeadParams p;
    p.heads.push_back(attn::Head{r, attn::presets::identity(2), attn::Matrix::Identity(2, 2)});
    p.wo = attn::Matrix::Identity(2, 2);
    const attn::Scene s = sceneWith(p);
    auto result = attn::attend(s.query, s.keys, s.values, attn::Method::MultiHead, s.params());
    QVERIFY(result);
    const attn::HeadResult &head = result.value().heads.at(0);
    const double c = std::cos(std::numbers::pi / 6), sn = std::sin(std::numbers::pi / 6);
    const double rq[2] = {c * 1.2 - sn * 0.8, sn * 1.2 + c * 0.8};
    const double keys[3][2] = {{0.5, 1.0}, {1.5, 0.5}, {0.8, 1.2}};
    for (int i = 0; i < 3; ++i) {
        const double expected = (rq[0] * keys[i][0] + rq[1] * keys[i][1]) / std::sqrt(2.0);
        QVERIFY(std::abs(head.scores[i] - expected) <= 1e-15);
        const double plain = (1.2 * keys[i][0] + 0.8 * keys[i][1]) / std::sqrt(2.0);
        QVERIFY(std::abs(head.scores[i] - plain) > 0.05);
    }
}

void TestHeadPresets::defaultTargets()
{
    using attn::presets::Kind;
    for (Kind kind : {Kind::Identity, Kind::ProjectX, Kind::ProjectY, Kind::Random}) {
        const attn::presets::Targets t = attn::presets::defaultTargets(kind);
        QVERIFY(t.query && t.key && !t.value);
    }
    const attn::presets::Targets r = attn::presets::defaultTargets(Kind::Rotation);
    QVERIFY(r.query && !r.key && !r.value);
}

void TestHeadPresets::resizeOutput_data()
{
    dataColumns<attn::Matrix, int, int, attn::Matrix>("wo", "heads", "dv", "expected");

    QTest::newRow("averaging 2→3, d_v=1")
        << rows({{1, 0}, {0, 1}}) << 3 << 1 << rows({{0.5, 0, 0.5}, {0, 1, 0}});
    QTest::newRow("averaging 2→1, d_v=2")
        << rows({{0.5, 0, 0.5, 0}, {0, 0.5, 0, 0.5}}) << 1 << 2 << rows({{1, 0}, {0, 1}});
    QTest::newRow("edited 2→3, d_v=1")
        << rows({{2, 0}, {0, 3}}) << 3 << 1 << rows({{2, 0, 0.5}, {0, 3, 0}});
    QTest::newRow("edited 2→1, d_v=1") << rows({{2, 0}, {0, 3}}) << 1 << 1 << rows({{2}, {0}});
    QTest::newRow("edited 1→2, d_v=2")
        << rows({{2, 1}, {0, 3}}) << 2 << 2 << rows({{2, 1, 0.5, 0}, {0, 3, 0, 0.5}});
}

void TestHeadPresets::resizeOutput()
{
    QFETCH(attn::Matrix, wo);
    QFETCH(int, heads);
    QFETCH(int, dv);
    QFETCH(attn::Matrix, expected);
    COMPARE_MATRIX(attn::presets::resizeOutput(wo, heads, dv), expected, 1e-15);
}

void TestHeadPresets::headCount()
{
    const attn::MultiHeadParams d = attn::defaults::multiHead();
    const attn::MultiHeadParams three = attn::presets::withHeadCount(d, 3);
    QCOMPARE(three.heads.size(), std::size_t(3));
    COMPARE_MATRIX(three.heads[0].wq, d.heads[0].wq, 0.0);
    COMPARE_MATRIX(three.heads[1].wv, d.heads[1].wv, 0.0);
    COMPARE_MATRIX(three.heads[2].wq, rows({{0, -1}}), 1e-15);
    COMPARE_MATRIX(three.heads[2].wv, rows({{1, 0}}), 0.0);
    COMPARE_MATRIX(three.wo, rows({{0.5, 0, 0.5}, {0, 1, 0}}), 1e-15);
    QVERIFY(attn::validateScene(sceneWith(three)));

    const attn::MultiHeadParams one = attn::presets::withHeadCount(three, 1);
    QCOMPARE(one.heads.size(), std::size_t(1));
    COMPARE_MATRIX(one.wo, rows({{1}, {0}}), 0.0);
    QVERIFY(attn::validateScene(sceneWith(one)));

    QCOMPARE(attn::presets::withHeadCount(d, 99).heads.size(), std::size_t(attn::kMaxHeads));
    QCOMPARE(attn::presets::withHeadCount(d, 0).heads.size(), std::size_t(1));
}

void TestHeadPresets::keyDim()
{
    const attn::MultiHeadParams d = attn::defaults::multiHead();
    const attn::MultiHeadParams wide = attn::presets::withKeyDim(d, 1, 2);
    COMPARE_MATRIX(wide.heads[1].wq, rows({{0, 1}, {0, 0}}), 0.0);
    COMPARE_MATRIX(wide.heads[1].wk, rows({{0, 1}, {0, 0}}), 0.0);
    COMPARE_MATRIX(wide.heads[1].wv, d.heads[1].wv, 0.0);
    COMPARE_MATRIX(wide.heads[0].wq, d.heads[0].wq, 0.0);
    QVERIFY(attn::validateScene(sceneWith(wide)));
    // Appended heads take the key dimension of the last head.
    QCOMPARE(attn::presets::withHeadCount(wide, 3).heads[2].wq.rows(), 2);
}

void TestHeadPresets::valueDim()
{
    const attn::MultiHeadParams three =
        attn::presets::withHeadCount(attn::defaults::multiHead(), 3);
    const attn::MultiHeadParams wide = attn::presets::withValueDim(three, 2);
    for (const attn::Head &h : wide.heads)
        COMPARE_MATRIX(h.wv, rows({{1, 0}, {0, 1}}), 0.0);
    const double t = 1.0 / 3.0;
    COMPARE_MATRIX(wide.wo, rows({{t, 0, t, 0, t, 0}, {0, t, 0, t, 0, t}}), 1e-15);
    QVERIFY(attn::validateScene(sceneWith(wide)));

    const attn::MultiHeadParams back = attn::presets::withValueDim(wide, 1);
    COMPARE_MATRIX(back.heads[0].wv, rows({{1, 0}}), 0.0);
    COMPARE_MATRIX(back.heads[1].wv, rows({{0, 1}}), 0.0);
    COMPARE_MATRIX(back.wo, rows({{0.5, 0, 0.5}, {0, 1, 0}}), 1e-15);
}

void TestHeadPresets::hiddenSize()
{
    const attn::AdditiveParams old = attn::defaults::additive(4, 2015);
    const attn::AdditiveParams fresh = attn::defaults::additive(6, 99);
    const attn::AdditiveParams grown = attn::presets::withHiddenSize(old, 6, 99);
    QCOMPARE(grown.hiddenSize(), 6);
    COMPARE_MATRIX(grown.wq.topRows(4), old.wq, 0.0);
    COMPARE_MATRIX(grown.wk.topRows(4), old.wk, 0.0);
    COMPARE_MATRIX(grown.b.head(4), old.b, 0.0);
    COMPARE_MATRIX(grown.v.head(4), old.v, 0.0);
    COMPARE_MATRIX(grown.wq.bottomRows(2), fresh.wq.bottomRows(2), 0.0);
    COMPARE_MATRIX(grown.wk.bottomRows(2), fresh.wk.bottomRows(2), 0.0);
    COMPARE_MATRIX(grown.b.tail(2), fresh.b.tail(2), 0.0);
    COMPARE_MATRIX(grown.v.tail(2), fresh.v.tail(2), 0.0);

    const attn::AdditiveParams shrunk = attn::presets::withHiddenSize(grown, 2, 5);
    QCOMPARE(shrunk.hiddenSize(), 2);
    COMPARE_MATRIX(shrunk.wq, old.wq.topRows(2), 0.0);
    COMPARE_MATRIX(shrunk.v, old.v.head(2), 0.0);

    attn::Scene s = attn::Scene::defaultScene();
    s.additive = grown;
    QVERIFY(attn::validateScene(s));
}

QTEST_APPLESS_MAIN(TestHeadPresets)
#include "tst_headpresets.moc"
