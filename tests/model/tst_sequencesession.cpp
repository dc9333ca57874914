#include "core/sequencefile.h"
#include "model/sequencesession.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <thread>
#include <vector>

// A hand-written model: D = 2, one head with W_q = W_k = W_v = identity, so that every score can
// be worked out here with a naive loop and compared with what the session reports.
static const char *kModel = R"({
  "format": "attention-canvas-sequence", "version": 1,
  "vocabulary": ["the", "cat", "sat", "猫"], "d_model": 2,
  "embedding": [[1, 0], [0, 1], [-1, 0.5], [0.5, 0.5]],
  "positions": {"kind": "rotary", "base": 10000},
  "layers": [{"heads": [{"wq": [[1, 0], [0, 1]], "wk": [[1, 0], [0, 1]],
                         "wv": [[1, 0], [0, 1]]}],
              "wo": [[1, 0], [0, 1]]}],
  "unembedding": [[1, 0], [0, 1], [1, 1], [0, -1]],
  "examples": [{"tokens": ["the", "cat", "sat"]}]
})";

class TestSequenceSession : public QObject
{
    Q_OBJECT

    // Naive scores of the one head above: under rotary, token i's embedding turned by
    // (shift + i)·θ_0 with θ_0 = 1 (d_k = 2, base^0), for q and for k alike; under sinusoidal
    // P = (sin p, cos p) added first. Everything /√2.
    static double naiveScore(const double e[][2], int i, int j, int shift, bool rotary)
    {
        auto vec = [&](int t, double out[2]) {
            const double p = shift + t;
            if (rotary) {
                out[0] = std::cos(p) * e[t][0] - std::sin(p) * e[t][1];
                out[1] = std::sin(p) * e[t][0] + std::cos(p) * e[t][1];
            } else {
                out[0] = e[t][0] + std::sin(p);
                out[1] = e[t][1] + std::cos(p);
            }
        };
        double q[2], k[2];
        vec(i, q);
        vec(j, k);
        return (q[0] * k[0] + q[1] * k[1]) / std::sqrt(2.0);
    }

private slots:
    void runsTheLoadedSentence()
    {
        SequenceSession session;
        QVERIFY(session.loadText(kModel));
        QCOMPARE(session.text(), QStringLiteral("the cat sat"));
        QCOMPARE(session.split(), SequenceSession::Split::Space);
        QVERIFY(session.hasResult());
        const double e[][2] = {{1, 0}, {0, 1}, {-1, 0.5}};
        const auto &head = session.forward().layers[0].heads[0];
        for (int i = 0; i < 3; ++i) {
            double sum = 0, w[3];
            for (int j = 0; j < 3; ++j)
                sum += w[j] = std::exp(naiveScore(e, i, j, 0, true));
            for (int j = 0; j < 3; ++j) {
                QVERIFY(std::abs(head.scores(i, j) - naiveScore(e, i, j, 0, true)) < 1e-12);
                QVERIFY(std::abs(head.weights(i, j) - w[j] / sum) < 1e-12);
            }
        }
    }

    void rotaryScoresIgnoreACommonShift()
    {
        SequenceSession session;
        QVERIFY(session.loadText(kModel));
        QSignalSpy changed(&session, &SequenceSession::changed);
        QVERIFY(session.setShift(5));
        QCOMPARE(changed.count(), 1);
        const double e[][2] = {{1, 0}, {0, 1}, {-1, 0.5}};
        const auto &head = session.forward().layers[0].heads[0];
        QVERIFY(std::abs(head.scores(2, 0) - naiveScore(e, 2, 0, 5, true)) < 1e-12);
        QVERIFY(session.shiftScoreChange() < 1e-12);
        QVERIFY(session.shiftKeepsScores());
    }

    void sinusoidalScoresChangeWithTheShift()
    {
        SequenceSession session;
        QVERIFY(session.loadText(kModel));
        QVERIFY(session.setPositionKind(attn::PositionKind::Sinusoidal));
        QVERIFY(session.setShift(3));
        const double e[][2] = {{1, 0}, {0, 1}, {-1, 0.5}};
        double largest = 0;
        const auto &head = session.forward().layers[0].heads[0];
        for (int i = 0; i < 3; ++i)
            for (int j = 0; j < 3; ++j) {
                QVERIFY(std::abs(head.scores(i, j) - naiveScore(e, i, j, 3, false)) < 1e-12);
                largest = std::max(largest, std::abs(naiveScore(e, i, j, 3, false) -
                                                     naiveScore(e, i, j, 0, false)));
            }
        QVERIFY(largest > 0.01);
        QVERIFY(std::abs(session.shiftScoreChange() - largest) < 1e-12);
        QVERIFY(!session.shiftKeepsScores());
    }

    void causalMasksLaterKeys()
    {
        SequenceSession session;
        QVERIFY(session.loadText(kModel));
        QVERIFY(session.setCausal(true));
        const auto &w = session.forward().layers[0].heads[0].weights;
        QCOMPARE(w(0, 0), 1.0);
        QCOMPARE(w(0, 1), 0.0);
        QCOMPARE(w(1, 2), 0.0);
    }

    void badInputIsRefusedAndLosesNothing()
    {
        SequenceSession session;
        QVERIFY(session.loadText(kModel));
        QSignalSpy refused(&session, &SequenceSession::refused);
        QVERIFY(!session.setText(QStringLiteral("the dog sat")));
        QVERIFY(session.message().contains(QStringLiteral("\"dog\"")));
        QCOMPARE(session.text(), QStringLiteral("the cat sat"));
        QVERIFY(!session.setTemperature(0));
        QVERIFY(!session.setTemperature(std::nan("")));
        QCOMPARE(session.model().temperature, 1.0);
        QVERIFY(!session.setEmbeddingRow(0, attn::Vector::Constant(2, INFINITY)));
        QCOMPARE(session.model().weights.embedding(0, 0), 1.0);
        QVERIFY(!session.setShift(-1));
        QVERIFY(!session.loadText("{not json"));
        QCOMPARE(session.model().vocabulary.size(), std::size_t(4));
        QCOMPARE(refused.count(), 6);
        QVERIFY(session.setText(QStringLiteral("猫 the"), SequenceSession::Split::Space));
        QCOMPARE(session.tokens(), (std::vector<int>{3, 0}));
        QVERIFY(session.message().isEmpty());
    }

    void splitsByCharacter()
    {
        SequenceSession session;
        QVERIFY(session.loadText(kModel));
        QVERIFY(!session.setText(QStringLiteral("猫猫x"), SequenceSession::Split::Character));
        QCOMPARE(session.split(), SequenceSession::Split::Space);
        QVERIFY(session.setText(QStringLiteral("猫 猫"), SequenceSession::Split::Character));
        QCOMPARE(session.tokens(), (std::vector<int>{3, 3}));
        QCOMPARE(session.split(), SequenceSession::Split::Character);
        QCOMPARE(session.text(), QStringLiteral("猫猫"));
    }

    void learnedPositionsRefuseAShiftBeyondTheTable()
    {
        SequenceSession session;
        QVERIFY(session.loadText(kModel));
        QVERIFY(session.setPositionKind(attn::PositionKind::Learned));
        QVERIFY(session.setShift(61));
        QVERIFY(!session.setShift(62));
        QCOMPARE(session.shift(), 61);
    }

    void movingAnEmbeddingMovesItsQuery()
    {
        SequenceSession session;
        QVERIFY(session.loadText(kModel));
        attn::Vector row(2);
        row << 2, 0;
        QVERIFY(session.setEmbeddingRow(0, row));
        // Token 0 at position 0: no rotation, q = W_q x = (2, 0).
        QCOMPARE(session.forward().layers[0].heads[0].q(0, 0), 2.0);
        QCOMPARE(session.forward().layers[0].heads[0].q(0, 1), 0.0);
    }

    void editsAProjectionAndUndoesIt()
    {
        SequenceSession session;
        QVERIFY(session.loadText(kModel));
        // W_q = 2·I doubles every score: compare with the naive scores of the file's model.
        attn::Matrix wq(2, 2);
        wq << 2, 0, 0, 2;
        QVERIFY(session.setWeight(0, 0, SequenceSession::Part::Query, wq));
        const double e[][2] = {{1, 0}, {0, 1}, {-1, 0.5}};
        const auto &scores = session.forward().layers[0].heads[0].scores;
        for (int i = 0; i < 3; ++i)
            for (int j = 0; j < 3; ++j)
                QVERIFY(std::abs(scores(i, j) - 2 * naiveScore(e, i, j, 0, true)) < 1e-12);
        QVERIFY(session.setWeightEntry(0, 0, SequenceSession::Part::Output, 1, 0, 0.25));
        QCOMPARE(session.model().weights.layers[0].wo(1, 0), 0.25);

        // Wrong shape, non-finite entries, no such head: refused, nothing changed.
        QVERIFY(!session.setWeight(0, 0, SequenceSession::Part::Key, attn::Matrix::Identity(3, 2)));
        QVERIFY(session.message().contains(QStringLiteral("2 × 2")));
        attn::Matrix nan = attn::Matrix::Identity(2, 2);
        nan(0, 0) = std::nan("");
        QVERIFY(!session.setWeight(0, 0, SequenceSession::Part::Value, nan));
        QVERIFY(
            !session.setWeight(0, 3, SequenceSession::Part::Value, attn::Matrix::Identity(2, 2)));
        QCOMPARE(session.model().weights.layers[0].heads[0].wq(0, 0), 2.0);

        QVERIFY(session.canUndo());
        QVERIFY(session.undo()); // W_O back
        QCOMPARE(session.model().weights.layers[0].wo(1, 0), 0.0);
        QVERIFY(session.undo()); // W_q back
        QCOMPARE(session.model().weights.layers[0].heads[0].wq(0, 0), 1.0);
        for (int i = 0; i < 3; ++i)
            for (int j = 0; j < 3; ++j)
                QVERIFY(std::abs(session.forward().layers[0].heads[0].scores(i, j) -
                                 naiveScore(e, i, j, 0, true)) < 1e-12);
        QCOMPARE(session.undoDepth(), 1); // what is left: the load of kModel
    }

    void aDragIsOneUndoStep()
    {
        SequenceSession session;
        QVERIFY(session.loadText(kModel));
        attn::Vector row(2);
        for (int step = 0; step < 5; ++step) {
            row << 1 + step, 0;
            QVERIFY(session.setEmbeddingRow(1, row, step > 0));
        }
        QCOMPARE(session.model().weights.embedding(1, 0), 5.0);
        QVERIFY(session.undo());
        QCOMPARE(session.model().weights.embedding(1, 0), 0.0);
        QCOMPARE(session.model().weights.embedding(1, 1), 1.0);
        QCOMPARE(session.undoDepth(), 1); // what is left: the load of kModel
    }

    void viewsHearOfAChangeWithItsUndoStepInPlace()
    {
        // A view answers changed() by asking canUndo() (the Undo button): the step must be there.
        SequenceSession session;
        QVERIFY(session.loadText(kModel));
        const int before = session.undoDepth();
        std::vector<int> heard;
        connect(&session, &SequenceSession::changed, &session,
                [&] { heard.push_back(session.undoDepth()); });
        QVERIFY(session.setTemperature(2.5));
        QCOMPARE(heard.back(), before + 1);
        QVERIFY(!session.setTemperature(0));
        QCOMPARE(session.undoDepth(), before + 1); // a refused edit leaves no step
        QVERIFY(session.loadText(kModel));
        QCOMPARE(heard.back(), before + 2); // loading another file can be undone too
        QCOMPARE(session.undoDepth(), before + 2);
    }

    void fileBytesLaterKeepsTheDocumentAsItWas()
    {
        // The autosave's worker makes the bytes later, on its own thread, while the window edits
        // on: what it writes is the document when the copy was taken.
        SequenceSession session;
        QVERIFY(session.loadText(kModel));
        const auto later = session.fileBytesLater();
        QVERIFY(session.setTemperature(2.5));
        QVERIFY(session.setText(QStringLiteral("sat the")));
        QByteArray bytes;
        std::thread worker([&] { bytes = later(); });
        worker.join();
        auto document = attn::parseSequence(std::string_view(bytes.constData(), bytes.size()));
        QVERIFY(bool(document));
        QCOMPARE(document->model.temperature, 1.0); // kModel gives none: the default
        QCOMPARE(document->examples.size(), std::size_t(1));
        QCOMPARE(document->examples[0].tokens, (std::vector<int>{0, 1, 2})); // the cat sat
        // A copy taken now has the edits.
        auto now = session.fileBytesLater()();
        document = attn::parseSequence(std::string_view(now.constData(), now.size()));
        QVERIFY(bool(document));
        QCOMPARE(document->model.temperature, 2.5);
        QCOMPARE(document->examples[0].tokens, (std::vector<int>{2, 0}));
    }

    void savesAndReadsBackTheSentence()
    {
        QTemporaryDir dir;
        SequenceSession session;
        QVERIFY(session.loadText(kModel));
        QVERIFY(session.setText(QStringLiteral("猫 sat the"), SequenceSession::Split::Space));
        attn::Vector row(2);
        row << 0.125, -3;
        QVERIFY(session.setEmbeddingRow(2, row));
        const QString path = dir.filePath(QStringLiteral("saved.json"));
        QVERIFY(session.saveFile(path));

        SequenceSession other;
        QVERIFY(other.loadFile(path));
        QCOMPARE(other.tokens(), (std::vector<int>{3, 2, 0}));
        QCOMPARE(other.model().weights.embedding(2, 1), -3.0);
        QCOMPARE(other.document().examples.size(), std::size_t(2)); // the file's own example kept
        // Loading lost nothing: undo brings back the model and sentence the session had.
        QVERIFY(other.canUndo());
        const std::vector<int> start = SequenceSession().tokens();
        QVERIFY(other.undo());
        QCOMPARE(other.tokens(), start);
        QCOMPARE(other.model().dModel, SequenceSession().model().dModel);

        // A path that cannot be written: refused with the path named, the session unchanged.
        const QString bad = dir.filePath(QStringLiteral("no/such/dir/x.json"));
        QVERIFY(!session.saveFile(bad));
        QVERIFY(session.message().contains(QStringLiteral("x.json")));
        QCOMPARE(session.tokens(), (std::vector<int>{3, 2, 0}));
    }

    void offsetCurveFollowsTheShift()
    {
        SequenceSession session;
        QVERIFY(session.loadText(kModel));
        // Key "the" = (1, 0) at position m + 3, query "cat" = (0, 1) at m + 3 + δ; under rotary
        // q·k = cos((δ + m + 3)·1 + π/2 − (m + 3)) = −sin δ, over √2: independent of m.
        for (int m : {0, 7}) {
            QVERIFY(session.setShift(m));
            const auto curve = session.offsetScores(attn::PositionKind::Rotary, 0, 1, 0, 3);
            QVERIFY(curve.ok());
            QCOMPARE(int(curve->size()), 7);
            for (int d = -3; d <= 3; ++d)
                QVERIFY(std::abs((*curve)[std::size_t(d + 3)] +
                                 std::sin(double(d)) / std::sqrt(2.0)) < 1e-12);
        }
    }
};

QTEST_GUILESS_MAIN(TestSequenceSession)
#include "tst_sequencesession.moc"
