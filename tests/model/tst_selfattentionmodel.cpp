#include "common/datacolumns.h"
#include "common/naivereference.h"
#include "common/smallmatrices.h"
#include "core/selfattention.h"
#include "model/selfattentionmodel.h"

#include <QSignalSpy>
#include <QTest>

#include <cmath>

using Projection = SelfAttentionModel::Projection;
using Preset = SelfAttentionModel::Preset;

namespace {
constexpr long double kTol = 1e-12L;

naive::Mat toMat(const attn::Matrix &m)
{
    naive::Mat out(std::size_t(m.rows()), naive::Vec(std::size_t(m.cols())));
    for (Eigen::Index r = 0; r < m.rows(); ++r)
        for (Eigen::Index c = 0; c < m.cols(); ++c)
            out[std::size_t(r)][std::size_t(c)] = m(r, c);
    return out;
}

/// Every matrix of the model's result against the naive reference on the model's own inputs.
void compareWithReference(const SelfAttentionModel &m)
{
    QVERIFY(m.hasResult());
    const naive::SelfAttentionRef ref = naive::selfAttention(
        toMat(m.tokens()), toMat(m.projection(Projection::Query)),
        toMat(m.projection(Projection::Key)), toMat(m.projection(Projection::Value)), m.causal());
    const attn::SelfAttentionResult &r = m.result();
    const std::pair<const attn::Matrix *, const naive::Mat *> pairs[] = {{&r.q, &ref.q},
                                                                         {&r.k, &ref.k},
                                                                         {&r.v, &ref.v},
                                                                         {&r.rawScores, &ref.raw},
                                                                         {&r.weights, &ref.weights},
                                                                         {&r.output, &ref.output}};
    for (const auto &[actual, expected] : pairs) {
        QCOMPARE(std::size_t(actual->rows()), expected->size());
        for (std::size_t i = 0; i < expected->size(); ++i)
            for (std::size_t j = 0; j < (*expected)[i].size(); ++j)
                QVERIFY2(naive::close((*actual)(Eigen::Index(i), Eigen::Index(j)),
                                      (*expected)[i][j], kTol),
                         qPrintable(QString("[%1][%2]").arg(i).arg(j)));
    }
    QVERIFY(naive::close(r.scale, std::sqrt(2.0L), kTol));
}

using smallmatrices::mat;
using smallmatrices::vec;
} // namespace

Q_DECLARE_METATYPE(Preset)
Q_DECLARE_METATYPE(attn::Matrix)

class TestSelfAttentionModel : public QObject
{
    Q_OBJECT

private slots:
    void defaults();
    void rowsSumToOne_data();
    void rowsSumToOne();
    void causalZeroesUpperTriangle();
    void presetsByHand_data();
    void presetsByHand();
    void randomPresetDraws();
    void tokenCount();
    void editsRecomputeOnce();
    void refusesBadInput();
};

void TestSelfAttentionModel::defaults()
{
    SelfAttentionModel m;
    QCOMPARE(m.tokenCount(), SelfAttentionModel::kDefaultTokens);
    QVERIFY(!m.causal());
    QVERIFY(m.projection(Projection::Query).isApprox(attn::Matrix::Identity(2, 2)));
    QVERIFY(m.projection(Projection::Value).isApprox(attn::Matrix::Identity(2, 2)));
    const double c = std::sqrt(0.5);
    QVERIFY(m.projection(Projection::Key).isApprox(mat(c, c, -c, c)));
    compareWithReference(m);
    // q₁ = x₁ = (1.2, 0.4); k₂ = x₂ turned by 45° = c·(0.3 − 1.1, 0.3 + 1.1) = c·(−0.8, 1.4);
    // q₁·k₂ = c·(−0.96 + 0.56) = −0.4c.
    QVERIFY(std::abs(m.result().rawScores(0, 1) + 0.4 * c) < 1e-12);
}

void TestSelfAttentionModel::rowsSumToOne_data()
{
    dataColumns<int, Preset, Preset, bool>("tokens", "query", "key", "causal");

    QTest::newRow("2 identity") << 2 << Preset::Identity << Preset::Identity << false;
    QTest::newRow("5 rotation") << 5 << Preset::Rotation45 << Preset::Identity << false;
    QTest::newRow("8 projections") << 8 << Preset::ProjectX << Preset::ProjectY << false;
    QTest::newRow("8 random causal") << 8 << Preset::Random << Preset::Random << true;
    QTest::newRow("3 rotation causal") << 3 << Preset::Rotation90 << Preset::Rotation45 << true;
}

void TestSelfAttentionModel::rowsSumToOne()
{
    QFETCH(int, tokens);
    QFETCH(Preset, query);
    QFETCH(Preset, key);
    QFETCH(bool, causal);

    SelfAttentionModel m;
    QVERIFY(m.setTokenCount(tokens));
    m.applyPreset(Projection::Query, query);
    m.applyPreset(Projection::Key, key);
    m.setCausal(causal);
    compareWithReference(m);
    const attn::Matrix &w = m.result().weights;
    for (int i = 0; i < tokens; ++i) {
        long double sum = 0;
        for (int j = 0; j < tokens; ++j) {
            QVERIFY(w(i, j) >= 0 && w(i, j) <= 1);
            sum += w(i, j);
        }
        QVERIFY(naive::close(sum, 1.0L, 1e-12L));
    }
}

void TestSelfAttentionModel::causalZeroesUpperTriangle()
{
    SelfAttentionModel m;
    QVERIFY(m.setTokenCount(6));
    m.setCausal(true);
    const attn::Matrix &w = m.result().weights;
    for (int i = 0; i < 6; ++i)
        for (int j = i + 1; j < 6; ++j)
            QCOMPARE(w(i, j), 0.0);
    // The first token sees only itself.
    QCOMPARE(w(0, 0), 1.0);
    compareWithReference(m);
    m.setCausal(false);
    QVERIFY(m.result().weights(0, 5) > 0);
}

void TestSelfAttentionModel::presetsByHand_data()
{
    dataColumns<Preset, attn::Matrix>("preset", "expected");

    // x W with x a row: the rotation by θ counter-clockwise is [cos θ, sin θ; −sin θ, cos θ].
    const double h = std::sqrt(0.5);
    QTest::newRow("identity") << Preset::Identity << mat(1, 0, 0, 1);
    QTest::newRow("rotation 45") << Preset::Rotation45 << mat(h, h, -h, h);
    QTest::newRow("rotation 90") << Preset::Rotation90 << mat(0, 1, -1, 0);
    QTest::newRow("project x") << Preset::ProjectX << mat(1, 0, 0, 0);
    QTest::newRow("project y") << Preset::ProjectY << mat(0, 0, 0, 1);
}

void TestSelfAttentionModel::presetsByHand()
{
    QFETCH(Preset, preset);
    QFETCH(attn::Matrix, expected);

    const attn::Matrix w = SelfAttentionModel::presetMatrix(preset);
    QVERIFY2(
        w.isApprox(expected, 1e-12) || (w - expected).norm() < 1e-12,
        qPrintable(QString("%1 %2; %3 %4").arg(w(0, 0)).arg(w(0, 1)).arg(w(1, 0)).arg(w(1, 1))));
    // Applied to a token: (1, 0) rotated by 90° is (0, 1).
    SelfAttentionModel m;
    QVERIFY(m.setToken(0, vec(1, 0)));
    m.applyPreset(Projection::Value, preset);
    const attn::Vector expectedV = (vec(1, 0).transpose() * expected).transpose();
    QVERIFY((m.result().v.row(0).transpose() - expectedV).norm() < 1e-12);
}

void TestSelfAttentionModel::randomPresetDraws()
{
    SelfAttentionModel a, b;
    a.applyPreset(Projection::Key, Preset::Random);
    const attn::Matrix first = a.projection(Projection::Key);
    a.applyPreset(Projection::Key, Preset::Random);
    QVERIFY(a.projection(Projection::Key) != first);
    // The same sequence in every session.
    b.applyPreset(Projection::Key, Preset::Random);
    QCOMPARE(b.projection(Projection::Key), first);
    for (Eigen::Index i = 0; i < 4; ++i)
        QVERIFY(first.data()[i] >= -1 && first.data()[i] < 1);
}

void TestSelfAttentionModel::tokenCount()
{
    SelfAttentionModel m;
    QSignalSpy counts(&m, &SelfAttentionModel::tokenCountChanged);
    QVERIFY(m.setToken(1, vec(-2, 3)));
    QVERIFY(m.setTokenCount(8));
    QCOMPARE(m.tokenCount(), 8);
    QCOMPARE(counts.count(), 1);
    // Existing tokens stay; new ones start at their default places.
    QCOMPARE(m.token(1), vec(-2, 3));
    for (int i = 4; i < 8; ++i)
        QCOMPARE(m.token(i), SelfAttentionModel::defaultToken(i));
    QCOMPARE(m.result().weights.rows(), 8);
    QVERIFY(m.setTokenCount(2));
    QCOMPARE(m.result().weights.cols(), 2);
    QVERIFY(!m.setTokenCount(1));
    QVERIFY(!m.setTokenCount(9));
    QCOMPARE(m.tokenCount(), 2);
    compareWithReference(m);
}

void TestSelfAttentionModel::editsRecomputeOnce()
{
    SelfAttentionModel m;
    QSignalSpy changed(&m, &SelfAttentionModel::changed);
    QVERIFY(m.setToken(2, vec(0.5, -0.25)));
    QVERIFY(m.setProjectionEntry(Projection::Query, 0, 1, 0.75));
    QVERIFY(m.setProjection(Projection::Value, mat(2, 0, 0, 0.5)));
    m.setCausal(true);
    m.setCausal(true); // no change, no signal
    QCOMPARE(changed.count(), 4);
    QCOMPARE(m.projection(Projection::Query)(0, 1), 0.75);
    compareWithReference(m);
}

void TestSelfAttentionModel::refusesBadInput()
{
    SelfAttentionModel m;
    const attn::Matrix tokens = m.tokens();
    QSignalSpy changed(&m, &SelfAttentionModel::changed);
    QVERIFY(!m.setToken(0, vec(std::nan(""), 0)));
    QVERIFY(!m.setToken(0, vec(0, std::numeric_limits<double>::infinity())));
    QVERIFY(!m.setToken(7, vec(0, 0)));
    QVERIFY(!m.setProjection(Projection::Key, attn::Matrix::Identity(3, 2)));
    QVERIFY(!m.setProjectionEntry(Projection::Key, 0, 0, std::nan("")));
    QVERIFY(!m.setProjectionEntry(Projection::Key, 2, 0, 1));
    QCOMPARE(changed.count(), 0);
    QCOMPARE(m.tokens(), tokens);
    QVERIFY(m.hasResult());
    QVERIFY(m.errorText().isEmpty());
}

QTEST_GUILESS_MAIN(TestSelfAttentionModel)
#include "tst_selfattentionmodel.moc"
