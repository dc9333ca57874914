#include "common/datacolumns.h"
#include "core/headablation.h"
#include "core/sequenceforward.h"
#include "naivesequence.h"

#include <QTest>

#include <cmath>

// Head ablation by zeroing W_O's columns, checked against a plain loop that runs the model and
// simply leaves the switched-off heads' outputs out of the residual stream.
namespace {

using naiveseq::Real;
using naiveseq::Rows;

// naiveseq::forward with the heads marked in `off` adding nothing to the stream: the definition
// of "its output zeroed", written without touching W_O.
Rows naiveLogits(const attn::SequenceModel &m, const std::vector<int> &tokens,
                 const attn::HeadMask &off)
{
    const std::size_t n = tokens.size(), d = std::size_t(m.dModel);
    // The input comes from the plain reference; the layers are written out here.
    Rows r = naiveseq::forward(m, tokens).input;
    for (std::size_t l = 0; l < m.weights.layers.size(); ++l) {
        const attn::SequenceLayerWeights &lw = m.weights.layers[l];
        Rows next = r;
        const std::size_t dv = std::size_t(lw.heads.front().wv.rows());
        for (std::size_t h = 0; h < lw.heads.size(); ++h) {
            if (l < off.size() && h < off[l].size() && off[l][h])
                continue;
            // Head h's output on stream r: project, rotate, softmax, weighted sum of values.
            Rows q = naiveseq::project(r, lw.heads[h].wq), k = naiveseq::project(r, lw.heads[h].wk),
                 v = naiveseq::project(r, lw.heads[h].wv);
            if (m.positions == attn::PositionKind::Rotary) {
                naiveseq::rotate(q, 0, Real(m.base));
                naiveseq::rotate(k, 0, Real(m.base));
            }
            const std::size_t dk = q[0].size();
            for (std::size_t i = 0; i < n; ++i) {
                std::vector<Real> w(n, 0);
                Real best = -1e300L, sum = 0;
                for (std::size_t j = 0; j < n; ++j) {
                    if (m.causal && j > i)
                        continue;
                    Real s = 0;
                    for (std::size_t a = 0; a < dk; ++a)
                        s += q[i][a] * k[j][a];
                    w[j] = s / std::sqrt(Real(dk)) / Real(m.temperature);
                    best = std::max(best, w[j]);
                }
                for (std::size_t j = 0; j < n; ++j)
                    if (!(m.causal && j > i)) {
                        w[j] = std::exp(w[j] - best);
                        sum += w[j];
                    }
                for (std::size_t c = 0; c < d; ++c)
                    for (std::size_t a = 0; a < dv; ++a) {
                        Real o = 0;
                        for (std::size_t j = 0; j < n; ++j)
                            o += w[j] / sum * v[j][a];
                        next[i][c] += Real(lw.wo(long(c), long(h * dv + a))) * o;
                    }
            }
        }
        r = next;
    }
    return naiveseq::project(r, m.weights.unembedding);
}

} // namespace

class TestHeadAblation : public QObject
{
    Q_OBJECT

private slots:
    void matchesLeavingTheHeadOut_data()
    {
        dataColumns<int, int, int>("layer", "head", "positions");
        QTest::newRow("layer 1 head 1, rotary") << 0 << 0 << int(attn::PositionKind::Rotary);
        QTest::newRow("layer 1 head 2, rotary") << 0 << 1 << int(attn::PositionKind::Rotary);
        QTest::newRow("layer 2 head 1, none") << 1 << 0 << int(attn::PositionKind::None);
        QTest::newRow("layer 2 head 2, learned") << 1 << 1 << int(attn::PositionKind::Learned);
        QTest::newRow("nothing off") << -1 << -1 << int(attn::PositionKind::Rotary);
    }

    void matchesLeavingTheHeadOut()
    {
        QFETCH(int, layer);
        QFETCH(int, head);
        QFETCH(int, positions);
        const auto model =
            naiveseq::randomModel(7, 5, 6, 2, 2, 2, 3, attn::PositionKind(positions), true);
        attn::HeadMask off(2, std::vector<bool>(2, false));
        if (layer >= 0)
            off[std::size_t(layer)][std::size_t(head)] = true;
        const std::vector<int> tokens = {0, 3, 1, 4, 2, 3};
        const attn::SequenceModel ablated = attn::ablateHeads(model, off);
        QCOMPARE(attn::anyHeadOff(model, off), layer >= 0);
        auto forward = attn::SequenceForward::run(ablated, tokens);
        QVERIFY(forward.ok());
        const Rows expected = naiveLogits(model, tokens, off);
        for (std::size_t i = 0; i < tokens.size(); ++i)
            for (std::size_t o = 0; o < expected[i].size(); ++o)
                QVERIFY2(std::abs(forward->logits(long(i), long(o)) - double(expected[i][o])) <
                             1e-10,
                         qPrintable(QStringLiteral("logit (%1, %2)").arg(i).arg(o)));
        // The switched-off head's own weights are untouched: only its contribution goes.
        auto whole = attn::SequenceForward::run(model, tokens);
        if (layer >= 0)
            QVERIFY(forward->layers[std::size_t(layer)].heads[std::size_t(head)].weights.isApprox(
                whole->layers[std::size_t(layer)].heads[std::size_t(head)].weights));
        // Nothing else of the model changed.
        QCOMPARE(ablated.weights.embedding, model.weights.embedding);
        QCOMPARE(ablated.weights.layers[0].heads[1].wq, model.weights.layers[0].heads[1].wq);
    }

    void shortMasksLeaveTheRestOn()
    {
        const auto model =
            naiveseq::randomModel(3, 4, 4, 2, 2, 2, 2, attn::PositionKind::None, false);
        QVERIFY(!attn::anyHeadOff(model, {}));
        QVERIFY(!attn::anyHeadOff(model, {{false}}));
        const auto same = attn::ablateHeads(model, {{false}});
        QCOMPARE(same.weights.layers[1].wo, model.weights.layers[1].wo);
        // Layer 2, head 2 off: columns 2 and 3 of its W_O (d_v = 2) are zero, 0 and 1 are not.
        const auto off = attn::ablateHeads(model, {{}, {false, true}});
        QVERIFY(off.weights.layers[1].wo.middleCols(2, 2).isZero(0));
        QCOMPARE(off.weights.layers[1].wo.leftCols(2), model.weights.layers[1].wo.leftCols(2));
        QCOMPARE(off.weights.layers[0].wo, model.weights.layers[0].wo);
    }
};

QTEST_APPLESS_MAIN(TestHeadAblation)
#include "tst_headablation.moc"
