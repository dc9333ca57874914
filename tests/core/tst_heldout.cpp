// Held-out examples ("held_out"): read and written like "examples" (round trip exact, absent and
// empty alike), every bad one refused with its own field path, and scored in the report: the
// held-out loss and accuracy, and per step under --train, against a naive loop over the same
// examples.

#include "core/json.h"
#include "core/sequencefile.h"
#include "core/sequencereport.h"
#include "core/sequencetrainer.h"
#include "core/trainingrun.h"
#include "naivesequence.h"

#include <QTest>

#include <cmath>

using attn::JsonValue;
using attn::PositionKind;

namespace {

// A small valid document: two examples to train on, three held out (one without targets).
attn::SequenceDocument document(PositionKind kind = PositionKind::Rotary)
{
    attn::SequenceDocument d;
    d.model = naiveseq::randomModel(5, 4, 4, 1, 2, 2, 2, kind, true);
    d.examples = {{{0, 1, 2}, {-1, 0, 1}}, {{3, 2, 1, 0}, {-1, 3, 2, 1}}};
    d.heldOut = {{{1, 1, 3}, {-1, 1, 1}}, {{2, 0}, {}}, {{0, 3, 3, 2}, {2, -1, 3, 3}}};
    return d;
}

// Mean loss and accuracy over the scored positions of `examples`, by the naive forward pass.
std::pair<double, double> naiveScore(const attn::SequenceModel &m,
                                     const std::vector<attn::SequenceExample> &examples)
{
    double loss = 0;
    int scored = 0, correct = 0;
    for (const attn::SequenceExample &ex : examples) {
        const naiveseq::Run run = naiveseq::forward(m, ex.tokens);
        for (std::size_t i = 0; i < ex.targets.size(); ++i) {
            if (ex.targets[i] < 0)
                continue;
            loss += double(naiveseq::tokenLoss(run.logits[i], ex.targets[i]));
            correct += run.predictions[i] == ex.targets[i];
            ++scored;
        }
    }
    return {loss / scored, double(correct) / scored};
}

// The error of parsing `text` after replacing `from` by `to` in it.
attn::Error parseError(std::string text, const std::string &from, const std::string &to)
{
    const auto at = text.find(from);
    if (at == std::string::npos)
        qFatal("no \"%s\" in the file", from.c_str());
    text.replace(at, from.size(), to);
    auto parsed = attn::parseSequence(text);
    if (parsed.ok())
        qFatal("\"%s\" was accepted", to.c_str());
    return parsed.error();
}

} // namespace

class TestHeldOut : public QObject
{
    Q_OBJECT

private slots:
    void roundTrip()
    {
        const attn::SequenceDocument d = document();
        QVERIFY(attn::validateSequence(d).ok());
        const std::string text = attn::writeSequence(d);
        auto root = attn::parseJson(text);
        QVERIFY(root.ok());
        const JsonValue *heldOut = root->find("held_out");
        QVERIFY(heldOut && heldOut->isArray());
        QCOMPARE(heldOut->asArray().size(), std::size_t(3));
        // Names in the file, null for an unscored position, no targets when there are none.
        const JsonValue &first = heldOut->asArray()[0];
        QCOMPARE(first.find("tokens")->asArray()[2].asString(), std::string("t3"));
        QVERIFY(first.find("targets")->asArray()[0].isNull());
        QCOMPARE(first.find("targets")->asArray()[1].asString(), std::string("t1"));
        QVERIFY(!heldOut->asArray()[1].find("targets"));

        auto back = attn::parseSequence(text);
        QVERIFY(back.ok());
        QCOMPARE(back->heldOut.size(), d.heldOut.size());
        for (std::size_t i = 0; i < d.heldOut.size(); ++i) {
            QCOMPARE(back->heldOut[i].tokens, d.heldOut[i].tokens);
            QCOMPARE(back->heldOut[i].targets, d.heldOut[i].targets);
        }
        QCOMPARE(back->examples.size(), d.examples.size());
        QCOMPARE(attn::writeSequence(*back), text);
    }

    void absentAndEmptyAreTheSame()
    {
        attn::SequenceDocument d = document();
        d.heldOut.clear();
        const std::string text = attn::writeSequence(d);
        QVERIFY(text.find("held_out") == std::string::npos);
        auto back = attn::parseSequence(text);
        QVERIFY(back.ok());
        QVERIFY(back->heldOut.empty());

        std::string withEmpty = text;
        withEmpty.replace(withEmpty.find("\"examples\""), 10, "\"held_out\": [], \"examples\"");
        auto empty = attn::parseSequence(withEmpty);
        QVERIFY2(empty.ok(), empty.ok() ? "" : attn::describe(empty.error()).c_str());
        QVERIFY(empty->heldOut.empty());
    }

    void badHeldOutNamesItsField()
    {
        const std::string text = attn::writeSequence(document());
        JsonValue root = *attn::parseJson(text);
        root.set("held_out", 3);
        auto notArray = attn::parseSequence(attn::writeJson(root));
        QVERIFY(!notArray.ok());
        QCOMPARE(notArray.error().code, attn::ErrorCode::WrongType);
        QCOMPARE(notArray.error().subject, std::string("held_out"));
        attn::Error e =
            parseError(text, "\"held_out\": [\n    {", "\"held_out\": [\n    {\"x\": 1, ");
        QCOMPARE(e.code, attn::ErrorCode::UnknownField);
        QCOMPARE(e.subject, std::string("held_out[0].x"));

        // Third held-out example, first token: a name not in the vocabulary.
        std::string bad = text;
        std::size_t at = bad.find("\"held_out\"");
        for (int i = 0; i < 3; ++i)
            at = bad.find("\"tokens\"", at + 1);
        at = bad.find("\"t0\"", at);
        bad.replace(at, 4, "\"zz\"");
        auto parsed = attn::parseSequence(bad);
        QVERIFY(!parsed.ok());
        QCOMPARE(parsed.error().code, attn::ErrorCode::UnknownName);
        QCOMPARE(parsed.error().subject, std::string("held_out[2].tokens[0]"));

        attn::SequenceDocument d = document();
        d.heldOut[1].targets = {0};
        auto valid = attn::validateSequence(d);
        QVERIFY(!valid.ok());
        QCOMPARE(valid.error().code, attn::ErrorCode::DimensionMismatch);
        QCOMPARE(valid.error().subject, std::string("held_out[1].targets"));

        d = document();
        d.heldOut[0].tokens[1] = 9;
        valid = attn::validateSequence(d);
        QVERIFY(!valid.ok());
        QCOMPARE(valid.error().subject, std::string("held_out[0].tokens[1]"));

        d = document();
        d.heldOut[2].targets[0] = 4;
        valid = attn::validateSequence(d);
        QVERIFY(!valid.ok());
        QCOMPARE(valid.error().subject, std::string("held_out[2].targets[0]"));

        d = document();
        d.heldOut[1].tokens.clear();
        valid = attn::validateSequence(d);
        QVERIFY(!valid.ok());
        QCOMPARE(valid.error().code, attn::ErrorCode::OutOfRange);
        QCOMPARE(valid.error().subject, std::string("held_out[1].tokens"));

        d = document();
        d.heldOut.assign(attn::kMaxExamples + 1, d.heldOut[0]);
        valid = attn::validateSequence(d);
        QVERIFY(!valid.ok());
        QCOMPARE(valid.error().code, attn::ErrorCode::OutOfRange);
        QCOMPARE(valid.error().subject, std::string("held_out"));
        QCOMPARE(valid.error().expected, (long long)attn::kMaxExamples);
    }

    void learnedTableMustReachHeldOut()
    {
        // The training examples fit the 8-row table; a held-out example of 9 tokens does not.
        attn::SequenceDocument d = document(PositionKind::Learned);
        QVERIFY(attn::validateSequence(d).ok());
        d.heldOut[0].tokens.assign(9, 1);
        d.heldOut[0].targets.clear();
        auto valid = attn::validateSequence(d);
        QVERIFY(!valid.ok());
        QCOMPARE(valid.error().subject, std::string("positions.table"));
        QCOMPARE(valid.error().expected, 9LL);
    }

    void reportScoresHeldOut()
    {
        const attn::SequenceDocument d = document();
        auto report = attn::writeSequenceReport(d);
        QVERIFY(report.ok());
        auto root = attn::parseJson(*report);
        QVERIFY(root.ok());
        const auto [loss, accuracy] = naiveScore(d.model, d.heldOut);
        QVERIFY(std::abs(root->find("held_out_loss")->asNumber() - loss) <= 1e-12 * loss);
        QCOMPARE(root->find("held_out_accuracy")->asNumber(), accuracy);
        // The held-out examples are not listed with the others.
        QCOMPARE(root->find("examples")->asArray().size(), d.examples.size());

        attn::SequenceDocument without = d;
        without.heldOut.clear();
        auto plain = attn::parseJson(*attn::writeSequenceReport(without));
        QVERIFY(!plain->find("held_out_loss"));
        QVERIFY(!plain->find("held_out_accuracy"));
    }

    void trainingReportScoresHeldOutEveryStep()
    {
        attn::SequenceDocument d = document();
        d.trainingSettings.learningRate = 0.05;
        attn::SequenceTrainer trainer(d.model, d.examples, d.trainingSettings);
        constexpr int kSteps = 5;
        auto run = attn::TrainingRun::run(trainer, kSteps, d.heldOut);
        QVERIFY(run.ok());
        QCOMPARE(run->heldOutLosses.size(), std::size_t(kSteps + 1));
        QCOMPARE(run->heldOutAccuracies.size(), std::size_t(kSteps + 1));

        // Step 0 is the starting model; step N the trained one. A second trainer replays the
        // same steps to check one in the middle.
        const auto [first, firstAccuracy] = naiveScore(d.model, d.heldOut);
        QVERIFY(std::abs(*run->heldOutLosses[0] - first) <= 1e-12 * first);
        QCOMPARE(*run->heldOutAccuracies[0], firstAccuracy);
        const auto [last, lastAccuracy] = naiveScore(trainer.model(), d.heldOut);
        QVERIFY(std::abs(*run->heldOutLosses[kSteps] - last) <= 1e-12 * last);
        QCOMPARE(*run->heldOutAccuracies[kSteps], lastAccuracy);
        attn::SequenceTrainer replay(d.model, d.examples, d.trainingSettings);
        for (int i = 0; i < 2; ++i)
            QVERIFY(replay.step().ok());
        const auto [middle, middleAccuracy] = naiveScore(replay.model(), d.heldOut);
        QVERIFY(std::abs(*run->heldOutLosses[2] - middle) <= 1e-12 * middle);
        QVERIFY(first != last);

        const JsonValue json = run->toJson(trainer.model());
        QCOMPARE(json.find("held_out_losses")->asArray().size(), std::size_t(kSteps + 1));
        QCOMPARE(json.find("held_out_accuracies")->asArray()[kSteps].asNumber(), lastAccuracy);

        // Without held-out examples, no held-out members.
        attn::SequenceTrainer plain(d.model, d.examples, d.trainingSettings);
        auto plainRun = attn::TrainingRun::run(plain, 2);
        QVERIFY(plainRun->heldOutLosses.empty());
        QVERIFY(!plainRun->toJson(plain.model()).find("held_out_losses"));
    }
};

QTEST_APPLESS_MAIN(TestHeldOut)
#include "tst_heldout.moc"
