#include "common/datacolumns.h"
#include "core/offsetscores.h"
#include "core/sequencefile.h"

#include <QTest>

#include <cmath>

// The score of a fixed (query token, key token) pair against the offset of their positions,
// checked against a plain loop that builds x_i = E + P_i from the sine/cosine formula, projects
// with one scalar product at a time and turns every pair by hand.
class TestOffsetScores : public QObject
{
    Q_OBJECT

    using Real = long double;

    // D = 4, one head with d_k = 2, every entry different so that no symmetry hides a mistake.
    static attn::SequenceModel model(attn::PositionKind kind)
    {
        attn::SequenceModel m;
        m.vocabulary = {"a", "b", "c"};
        m.outputs = m.vocabulary;
        m.dModel = 4;
        m.positions = kind;
        m.base = 100;
        m.weights.embedding.resize(3, 4);
        m.weights.embedding << 0.3, -0.7, 1.1, 0.2, //
            -0.4, 0.9, 0.25, -1.3,                  //
            0.8, 0.1, -0.6, 0.5;
        attn::SequenceLayerWeights layer;
        attn::SequenceHeadWeights head;
        head.wq.resize(2, 4);
        head.wq << 0.5, -0.2, 0.9, 0.1, 0.3, 0.8, -0.4, 0.6;
        head.wk.resize(2, 4);
        head.wk << -0.6, 0.4, 0.2, 0.7, 0.9, -0.1, 0.5, -0.3;
        head.wv = attn::Matrix::Identity(2, 4);
        layer.heads = {head};
        layer.wo = attn::Matrix::Identity(4, 2);
        m.weights.layers = {layer};
        m.weights.unembedding = attn::Matrix::Identity(3, 4);
        m.weights.positionTable =
            kind == attn::PositionKind::Learned
                ? attn::sequenceDefaultMatrix("positions.table", attn::kMaxExampleTokens, 4)
                : attn::Matrix(0, 4);
        return m;
    }

    static std::vector<Real> naiveX(const attn::SequenceModel &m, attn::PositionKind kind,
                                    int token, int pos, const attn::Matrix &table)
    {
        std::vector<Real> x(4);
        for (int c = 0; c < 4; ++c) {
            x[std::size_t(c)] = m.weights.embedding(token, c);
            if (kind == attn::PositionKind::Sinusoidal) {
                const Real angle = Real(pos) / std::pow(Real(m.base), Real(2 * (c / 2)) / 4.0L);
                x[std::size_t(c)] += c % 2 == 0 ? std::sin(angle) : std::cos(angle);
            } else if (kind == attn::PositionKind::Learned) {
                x[std::size_t(c)] += table(pos, c);
            }
        }
        return x;
    }

    static std::vector<Real> naiveProject(const attn::Matrix &w, const std::vector<Real> &x,
                                          bool rotate, int pos, Real base)
    {
        std::vector<Real> out(2, 0);
        for (int r = 0; r < 2; ++r)
            for (int c = 0; c < 4; ++c)
                out[std::size_t(r)] += Real(w(r, c)) * x[std::size_t(c)];
        if (rotate) { // d_k = 2: one pair, θ = base^0 = 1
            const Real a = out[0], b = out[1], angle = Real(pos);
            out[0] = a * std::cos(angle) - b * std::sin(angle);
            out[1] = a * std::sin(angle) + b * std::cos(angle);
        }
        return out;
    }

    static std::vector<double> naive(const attn::SequenceModel &m, attn::PositionKind kind,
                                     int queryToken, int keyToken, int keyPosition, int maxOffset)
    {
        const attn::Matrix table =
            attn::sequenceDefaultMatrix("positions.table", attn::kMaxExampleTokens, 4);
        const auto &head = m.weights.layers[0].heads[0];
        const bool rotate = kind == attn::PositionKind::Rotary;
        const auto k = naiveProject(head.wk, naiveX(m, kind, keyToken, keyPosition, table), rotate,
                                    keyPosition, m.base);
        std::vector<double> out;
        for (int d = -maxOffset; d <= maxOffset; ++d) {
            const int pos = keyPosition + d;
            const auto q =
                naiveProject(head.wq, naiveX(m, kind, queryToken, pos, table), rotate, pos, m.base);
            out.push_back(double((q[0] * k[0] + q[1] * k[1]) / std::sqrt(2.0L)));
        }
        return out;
    }

private slots:
    void matchesANaiveLoopForEveryKind_data()
    {
        dataColumns<int, bool>("kind", "ownKind");
        for (int k = 0; k < 4; ++k)
            for (bool own : {true, false})
                QTest::newRow(qPrintable(QStringLiteral("%1 %2").arg(k).arg(own))) << k << own;
    }

    void matchesANaiveLoopForEveryKind()
    {
        QFETCH(int, kind);
        QFETCH(bool, ownKind);
        const auto positionKind = attn::PositionKind(kind);
        // The curve of a kind is the same whether the model holds that kind or another one.
        const attn::SequenceModel m = model(ownKind ? positionKind : attn::PositionKind::None);
        for (int keyPosition : {6, 11}) {
            const attn::OffsetScoreRequest request{0, 2, 1, keyPosition, 6};
            const auto got = attn::offsetScores(m, positionKind, request);
            QVERIFY(got.ok());
            const auto want = naive(m, positionKind, 2, 1, keyPosition, 6);
            QCOMPARE(got->size(), want.size());
            for (std::size_t i = 0; i < want.size(); ++i)
                QVERIFY2(std::abs((*got)[i] - want[i]) < 1e-12,
                         qPrintable(QStringLiteral("offset %1: %2 vs %3")
                                        .arg(int(i) - 6)
                                        .arg((*got)[i])
                                        .arg(want[i])));
        }
    }

    void rotaryDependsOnlyOnTheOffset()
    {
        const attn::SequenceModel m = model(attn::PositionKind::Rotary);
        const auto at5 = attn::offsetScores(m, attn::PositionKind::Rotary, {0, 0, 2, 5, 5});
        const auto at40 = attn::offsetScores(m, attn::PositionKind::Rotary, {0, 0, 2, 40, 5});
        QVERIFY(at5.ok() && at40.ok());
        for (std::size_t i = 0; i < at5->size(); ++i)
            QVERIFY(std::abs((*at5)[i] - (*at40)[i]) < 1e-12);
        // Added positions: the same offsets, other scores.
        const auto s5 = attn::offsetScores(m, attn::PositionKind::Sinusoidal, {0, 0, 2, 5, 5});
        const auto s40 = attn::offsetScores(m, attn::PositionKind::Sinusoidal, {0, 0, 2, 40, 5});
        double largest = 0;
        for (std::size_t i = 0; i < s5->size(); ++i)
            largest = std::max(largest, std::abs((*s5)[i] - (*s40)[i]));
        QVERIFY(largest > 1e-3);
        // No positions: a flat line at the score of the two embeddings.
        const auto none = attn::offsetScores(m, attn::PositionKind::None, {0, 0, 2, 5, 5});
        for (double s : *none)
            QCOMPARE(s, none->front());
    }

    void refusesWhatItCannotCompute()
    {
        attn::SequenceModel m = model(attn::PositionKind::None);
        QCOMPARE(attn::offsetScores(m, attn::PositionKind::None, {1, 0, 0, 5, 5}).error().subject,
                 std::string("head"));
        QCOMPARE(attn::offsetScores(m, attn::PositionKind::None, {0, 3, 0, 5, 5}).error().subject,
                 std::string("queryToken"));
        QCOMPARE(attn::offsetScores(m, attn::PositionKind::None, {0, 0, -1, 5, 5}).error().subject,
                 std::string("keyToken"));
        QCOMPARE(attn::offsetScores(m, attn::PositionKind::None, {0, 0, 0, 4, 5}).error().subject,
                 std::string("keyPosition"));
        QCOMPARE(
            attn::offsetScores(m, attn::PositionKind::Learned, {0, 0, 0, 60, 5}).error().subject,
            std::string("positions.table"));
        m.dModel = 3;
        m.weights.embedding = m.weights.embedding.leftCols(3).eval();
        for (auto &h : m.weights.layers[0].heads) {
            h.wq = h.wq.leftCols(3).eval();
            h.wk = h.wk.leftCols(3).eval();
        }
        QCOMPARE(
            attn::offsetScores(m, attn::PositionKind::Sinusoidal, {0, 0, 0, 5, 5}).error().subject,
            std::string("d_model"));
        for (auto &h : m.weights.layers[0].heads) {
            h.wq = h.wq.topRows(1).eval();
            h.wk = h.wk.topRows(1).eval();
        }
        QCOMPARE(attn::offsetScores(m, attn::PositionKind::Rotary, {0, 0, 0, 5, 5}).error().subject,
                 std::string("d_k"));
    }
};

QTEST_APPLESS_MAIN(TestOffsetScores)
#include "tst_offsetscores.moc"
