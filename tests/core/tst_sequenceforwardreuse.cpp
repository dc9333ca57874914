// SequenceForward::runInto reuses one pass's storage (and per-thread scratch space, including the
// rotary angles) across calls. Every number must still be the naive loops' (naivesequence.h),
// whatever ran through the same object before: other lengths, other first positions, other
// models with other sizes, position kinds and masks, and a refused run in between.

#include "core/sequenceforward.h"
#include "naivesequence.h"

#include <QTest>

#include <cmath>

using attn::Matrix;
using attn::PositionKind;
using attn::SequenceForward;
using attn::SequenceModel;

namespace {

// |a − b| within tol·(1 + |b|); NaN in the reference stands for a masked entry (−∞ here).
bool close(double a, naiveseq::Real b, double tol)
{
    if (std::isnan(double(b)))
        return std::isinf(a) && a < 0;
    return std::abs(naiveseq::Real(a) - b) <= tol * (1 + std::abs(b));
}

bool sameRows(const Matrix &a, const naiveseq::Rows &e, double tol)
{
    if (std::size_t(a.rows()) != e.size())
        return false;
    for (std::size_t r = 0; r < e.size(); ++r) {
        if (std::size_t(a.cols()) != e[r].size())
            return false;
        for (std::size_t c = 0; c < e[r].size(); ++c)
            if (!close(a(long(r), long(c)), e[r][c], tol))
                return false;
    }
    return true;
}

// Every intermediate of `f` against the naive loops.
bool matchesNaive(const SequenceForward &f, const SequenceModel &m, const std::vector<int> &tokens,
                  int first)
{
    const naiveseq::Run e = naiveseq::forward(m, tokens, first);
    if (!sameRows(f.input, e.input, 1e-13) || f.layers.size() != e.layers.size())
        return false;
    for (std::size_t l = 0; l < e.layers.size(); ++l) {
        const auto &fl = f.layers[l];
        const auto &el = e.layers[l];
        if (fl.heads.size() != el.heads.size() || !sameRows(fl.output, el.output, 1e-12))
            return false;
        for (std::size_t h = 0; h < el.heads.size(); ++h) {
            const auto &a = fl.heads[h];
            const auto &b = el.heads[h];
            if (!sameRows(a.q, b.q, 1e-12) || !sameRows(a.k, b.k, 1e-12) ||
                !sameRows(a.v, b.v, 1e-12) || !sameRows(a.scores, b.scores, 1e-12) ||
                !sameRows(a.weights, b.weights, 1e-12) || !sameRows(a.output, b.output, 1e-12))
                return false;
        }
    }
    return sameRows(f.logits, e.logits, 1e-12) && f.predictions == e.predictions &&
           f.tokens == tokens && f.firstPosition == first;
}

} // namespace

class TestSequenceForwardReuse : public QObject
{
    Q_OBJECT

private slots:
    void oneObjectThroughManyRuns()
    {
        // Sizes differ between the models (D, d_k, d_v, layers, heads), so a reused matrix of
        // the wrong size or a stale rotary table would show.
        const SequenceModel models[] = {
            naiveseq::randomModel(1, 5, 6, 2, 3, 4, 3, PositionKind::Rotary, true),
            naiveseq::randomModel(2, 5, 4, 1, 2, 2, 2, PositionKind::Rotary, false),
            naiveseq::randomModel(3, 5, 6, 2, 1, 6, 4, PositionKind::Sinusoidal, true),
            naiveseq::randomModel(4, 5, 3, 1, 2, 2, 5, PositionKind::Learned, false, 0.8, 12),
            naiveseq::randomModel(5, 5, 4, 2, 2, 2, 2, PositionKind::None, true),
        };
        const std::vector<std::vector<int>> sentences = {
            {3, 0, 4, 4, 1, 2}, {1}, {2, 2, 0, 1, 3, 4, 0, 1, 2}, {4, 3}, {0, 1, 2, 3, 4, 0}};
        SequenceForward f;
        int runs = 0;
        for (int round = 0; round < 2; ++round)
            for (std::size_t mi = 0; mi < std::size(models); ++mi)
                for (std::size_t si = 0; si < sentences.size(); ++si)
                    for (int first : {0, 3}) {
                        const SequenceModel &m = models[mi];
                        const auto &tokens =
                            sentences[(si + mi + std::size_t(round)) % sentences.size()];
                        QVERIFY(!SequenceForward::runInto(f, m, tokens, first));
                        QVERIFY2(matchesNaive(f, m, tokens, first),
                                 qPrintable(QStringLiteral("model %1, sentence %2, first %3")
                                                .arg(mi)
                                                .arg(si)
                                                .arg(first)));
                        ++runs;
                    }
        QCOMPARE(runs, 100);
    }

    void refusedRunLeavesTheNextOneRight()
    {
        const SequenceModel learned =
            naiveseq::randomModel(6, 4, 4, 1, 2, 2, 2, PositionKind::Learned, true, 0.8, 4);
        SequenceForward f;
        const std::vector<int> tokens{0, 1, 2};
        QVERIFY(!SequenceForward::runInto(f, learned, tokens, 0));
        // Positions 3 … 5 are beyond the table's 4 rows: refused, as run() refuses it.
        const auto e = SequenceForward::runInto(f, learned, tokens, 3);
        QVERIFY(e);
        QCOMPARE(e->code, attn::ErrorCode::DimensionMismatch);
        QVERIFY(!SequenceForward::run(learned, tokens, 3).ok());
        QVERIFY(!SequenceForward::runInto(f, learned, tokens, 1));
        QVERIFY(matchesNaive(f, learned, tokens, 1));
    }

    // run() and runInto() give the same numbers, bit for bit.
    void runAndRunIntoAgree()
    {
        const SequenceModel m =
            naiveseq::randomModel(7, 6, 8, 2, 4, 4, 2, PositionKind::Rotary, true);
        const std::vector<int> tokens{5, 4, 3, 2, 1, 0, 1, 2};
        SequenceForward reused;
        const std::vector<int> shorter{1, 2};
        QVERIFY(!SequenceForward::runInto(reused, m, shorter, 7));
        QVERIFY(!SequenceForward::runInto(reused, m, tokens, 2));
        const auto fresh = SequenceForward::run(m, tokens, 2);
        QVERIFY(fresh.ok());
        QCOMPARE(reused.logits, fresh->logits);
        for (std::size_t l = 0; l < reused.layers.size(); ++l)
            for (std::size_t h = 0; h < reused.layers[l].heads.size(); ++h)
                QCOMPARE(reused.layers[l].heads[h].weights, fresh->layers[l].heads[h].weights);
    }
};

QTEST_APPLESS_MAIN(TestSequenceForwardReuse)
#include "tst_sequenceforwardreuse.moc"
