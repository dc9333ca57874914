// Every number of the sequence report (read back as JSON) against the naive loops, for each
// position kind, causal on and off, one and two layers, several heads; null where the causal
// mask hides a key and for loss and accuracy when nothing is scored.

#include "common/datacolumns.h"
#include "common/resultwhy.h"
#include "core/json.h"
#include "core/sequencereport.h"
#include "naivesequence.h"

#include <QTest>

#include <cmath>

using attn::JsonValue;
using attn::PositionKind;

Q_DECLARE_METATYPE(attn::PositionKind)

namespace {

void compareRows(const JsonValue &actual, const naiveseq::Rows &expected, const char *what)
{
    QVERIFY2(actual.isArray(), what);
    QCOMPARE(actual.asArray().size(), expected.size());
    for (std::size_t r = 0; r < expected.size(); ++r) {
        const auto &row = actual.asArray()[r].asArray();
        QCOMPARE(row.size(), expected[r].size());
        for (std::size_t c = 0; c < row.size(); ++c) {
            const naiveseq::Real e = expected[r][c];
            if (std::isnan(double(e))) {
                QVERIFY2(row[c].isNull(), what);
                continue;
            }
            QVERIFY2(row[c].isNumber(), what);
            QVERIFY2(std::abs(naiveseq::Real(row[c].asNumber()) - e) <= 1e-12 * (1 + std::abs(e)),
                     qPrintable(QStringLiteral("%1(%2, %3) = %4, expected %5")
                                    .arg(QLatin1String(what))
                                    .arg(r)
                                    .arg(c)
                                    .arg(row[c].asNumber(), 0, 'g', 17)
                                    .arg(double(e), 0, 'g', 17)));
        }
    }
}

} // namespace

class TestSequenceReport : public QObject
{
    Q_OBJECT

private slots:
    void everyNumberMatchesNaiveLoops_data()
    {
        dataColumns<PositionKind, bool, int>("kind", "causal", "layers");
        for (int k = 0; k < 4; ++k)
            for (bool causal : {false, true})
                for (int layers : {1, 2})
                    QTest::addRow("%s causal=%d layers=%d", attn::positionKindId(PositionKind(k)),
                                  int(causal), layers)
                        << PositionKind(k) << causal << layers;
    }

    void everyNumberMatchesNaiveLoops()
    {
        QFETCH(PositionKind, kind);
        QFETCH(bool, causal);
        QFETCH(int, layers);
        attn::SequenceDocument d;
        d.model = naiveseq::randomModel(21 + layers, 4, 4, layers, 2, 2, 3, kind, causal, 1.5);
        d.model.outputs = {"x", "y", "z"};
        d.model.weights.unembedding = d.model.weights.unembedding.topRows(3).eval();
        d.examples = {{{0, 1, 2, 3, 1}, {0, 1, -1, 2, 2}}, {{3, 3, 0}, {}}};
        auto report = attn::writeSequenceReport(d);
        QVERIFY(report.ok());
        auto json = attn::parseJson(*report);
        QVERIFY2(json.ok(), why(json));
        const JsonValue &root = *json;
        QCOMPARE(root.find("format")->asString(), std::string("attention-canvas-sequence-report"));
        QCOMPARE(root.find("version")->asNumber(), 1.0);

        naiveseq::Real lossSum = 0;
        int scored = 0, correct = 0;
        const auto &examples = root.find("examples")->asArray();
        QCOMPARE(examples.size(), d.examples.size());
        for (std::size_t x = 0; x < d.examples.size(); ++x) {
            const JsonValue &ex = examples[x];
            const naiveseq::Run e = naiveseq::forward(d.model, d.examples[x].tokens);
            const auto &tokens = ex.find("tokens")->asArray();
            for (std::size_t i = 0; i < tokens.size(); ++i)
                QCOMPARE(tokens[i].asString(),
                         d.model.vocabulary[std::size_t(d.examples[x].tokens[i])]);
            compareRows(*ex.find("input"), e.input, "input");
            const auto &ls = ex.find("layers")->asArray();
            QCOMPARE(ls.size(), e.layers.size());
            for (std::size_t l = 0; l < ls.size(); ++l) {
                const auto &hs = ls[l].find("heads")->asArray();
                QCOMPARE(hs.size(), e.layers[l].heads.size());
                for (std::size_t h = 0; h < hs.size(); ++h) {
                    const naiveseq::Head &eh = e.layers[l].heads[h];
                    compareRows(*hs[h].find("q"), eh.q, "q");
                    compareRows(*hs[h].find("k"), eh.k, "k");
                    compareRows(*hs[h].find("v"), eh.v, "v");
                    compareRows(*hs[h].find("scores"), eh.scores, "scores");
                    compareRows(*hs[h].find("weights"), eh.weights, "weights");
                    compareRows(*hs[h].find("output"), eh.output, "output");
                }
                compareRows(*ls[l].find("output"), e.layers[l].output, "layer output");
            }
            compareRows(*ex.find("logits"), e.logits, "logits");
            const auto &predictions = ex.find("predictions")->asArray();
            for (std::size_t i = 0; i < predictions.size(); ++i)
                QCOMPARE(predictions[i].asString(), d.model.outputs[std::size_t(e.predictions[i])]);
            const auto &targets = d.examples[x].targets;
            for (std::size_t i = 0; i < targets.size(); ++i) {
                if (targets[i] < 0)
                    continue;
                ++scored;
                lossSum += naiveseq::tokenLoss(e.logits[i], targets[i]);
                correct += e.predictions[i] == targets[i];
            }
        }
        const double loss = root.find("loss")->asNumber();
        QVERIFY(std::abs(naiveseq::Real(loss) - lossSum / scored) < 1e-13);
        QCOMPARE(root.find("accuracy")->asNumber(), double(correct) / scored);
    }

    void numbersHaveSeventeenDigits()
    {
        attn::SequenceDocument d;
        d.model = naiveseq::randomModel(2, 2, 2, 1, 1, 2, 2, PositionKind::None, false);
        d.model.weights.embedding(0, 0) = 0.1;
        d.examples = {{{0}, {}}};
        auto report = attn::writeSequenceReport(d);
        QVERIFY(report.ok());
        // 0.1 at 17 significant digits, as the scene report writes it.
        QVERIFY(report->find("[0.10000000000000001, ") != std::string::npos);
    }

    void lossAndAccuracyAreNullWithoutTargets()
    {
        attn::SequenceDocument d;
        d.model = naiveseq::randomModel(2, 3, 2, 1, 1, 2, 2, PositionKind::Rotary, true);
        d.examples = {{{0, 1, 2}, {}}, {{1}, {-1}}};
        auto report = attn::writeSequenceReport(d);
        QVERIFY(report.ok());
        auto json = attn::parseJson(*report);
        QVERIFY(json.ok());
        QVERIFY(json->find("loss")->isNull());
        QVERIFY(json->find("accuracy")->isNull());
        // Masked scores are null, their weights exactly 0.
        const JsonValue &head = json->find("examples")
                                    ->asArray()[0]
                                    .find("layers")
                                    ->asArray()[0]
                                    .find("heads")
                                    ->asArray()[0];
        QVERIFY(head.find("scores")->asArray()[0].asArray()[1].isNull());
        QVERIFY(head.find("scores")->asArray()[1].asArray()[0].isNumber());
        QCOMPARE(head.find("weights")->asArray()[0].asArray()[2].asNumber(), 0.0);
    }

    void refusesAReportTooLargeToHold()
    {
        attn::SequenceDocument d;
        d.model = naiveseq::randomModel(2, 3, 64, 4, 8, 64, 64, PositionKind::None, false);
        d.examples.assign(1024, {std::vector<int>(64, 0), {}});
        QVERIFY(attn::sequenceReportNumbers(d) > attn::kMaxSequenceReportNumbers);
        auto report = attn::writeSequenceReport(d);
        QVERIFY(!report.ok());
        QCOMPARE(report.error().code, attn::ErrorCode::OutOfRange);
        QCOMPARE(report.error().detail, std::string("report-numbers"));
    }
};

QTEST_APPLESS_MAIN(TestSequenceReport)
#include "tst_sequencereport.moc"
