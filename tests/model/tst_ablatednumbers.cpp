// AblatedNumbers: the Training view's numbers with heads switched off, at once for a small
// document, from a worker for a large one; both equal the plain loop's over the ablated model.

#include "common/plainsequencenumbers.h"
#include "core/headablation.h"
#include "core/trainingtask.h"
#include "model/ablatednumbers.h"
#include "model/trainingsession.h"

#include <QSignalSpy>
#include <QTest>

#include <cmath>

class TestAblatedNumbers : public QObject
{
    Q_OBJECT

    // The previous-token task with its last eight examples held out.
    static attn::SequenceDocument task()
    {
        attn::SequenceDocument d = attn::TrainingTask::previousToken({});
        d.heldOut.assign(d.examples.end() - 8, d.examples.end());
        d.examples.resize(d.examples.size() - 8);
        return d;
    }

    static void compare(const AblatedNumbers::Numbers &n, const attn::SequenceDocument &document,
                        const attn::SequenceModel &model)
    {
        const PlainNumbers train = plainNumbers(model, document.examples);
        const PlainNumbers held = plainNumbers(model, document.heldOut);
        QVERIFY(n.loss && n.accuracy && n.heldOutLoss && n.heldOutAccuracy);
        QVERIFY(std::abs(*n.loss - train.loss) < 1e-9);
        QVERIFY(std::abs(*n.accuracy - train.accuracy) < 1e-12);
        QVERIFY(std::abs(*n.heldOutLoss - held.loss) < 1e-9);
        QVERIFY(std::abs(*n.heldOutAccuracy - held.accuracy) < 1e-12);
    }

private slots:
    void smallDocumentAtOnce()
    {
        const attn::SequenceDocument document = task();
        QVERIFY(!document.heldOut.empty());
        TrainingSession session;
        session.setDocument(document);
        const attn::HeadMask off{{true}};
        const attn::SequenceModel model = attn::ablateHeads(document.model, off);
        AblatedNumbers numbers;
        const auto n = numbers.numbers(&session, 0, off, model);
        QVERIFY(n.has_value());
        compare(*n, document, model);
    }

    void largeDocumentFromAWorker()
    {
        attn::SequenceDocument document = task();
        const std::vector<attn::SequenceExample> examples = document.examples;
        while (TrainingSession::measureWork(document) <= TrainingSession::kMeasureHereWork)
            document.examples.insert(document.examples.end(), examples.begin(), examples.end());
        TrainingSession session;
        session.setDocument(document);
        const attn::HeadMask off{{true}};
        const attn::SequenceModel model = attn::ablateHeads(document.model, off);
        AblatedNumbers numbers;
        QSignalSpy ready(&numbers, &AblatedNumbers::ready);
        QVERIFY(!numbers.numbers(&session, 0, off, model));
        QVERIFY(!numbers.numbers(&session, 0, off, model)); // asked twice, measured once
        QVERIFY(ready.wait(60000));
        const auto n = numbers.numbers(&session, 0, off, model);
        QVERIFY(n.has_value());
        compare(*n, document, model);
        QCOMPARE(ready.count(), 1);
        // Forgotten when the run starts again.
        numbers.clear();
        QVERIFY(!numbers.numbers(&session, 0, off, model));
        QVERIFY(ready.wait(60000));
    }
};

QTEST_MAIN(TestAblatedNumbers)
#include "tst_ablatednumbers.moc"
