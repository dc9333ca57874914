// The preset sequence files in resources/sequences: each loads, runs and reports, and the heads
// built by hand do what their names say (checked on the weights, by position).

#include "core/sequenceevaluation.h"
#include "core/sequencefile.h"
#include "core/sequenceforward.h"
#include "core/sequencereport.h"

#include <QDir>
#include <QFile>
#include <QTest>

using attn::SequenceDocument;
using attn::SequenceForward;

namespace {

SequenceDocument load(const QString &name)
{
    QFile f(QStringLiteral(AC_SOURCE_DIR "/resources/sequences/") + name);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot open %s", qPrintable(name));
    const QByteArray text = f.readAll();
    auto d = attn::parseSequence(std::string_view(text.constData(), std::size_t(text.size())));
    if (!d.ok())
        qFatal("%s: %s", qPrintable(name), attn::describe(d.error()).c_str());
    return std::move(d).value();
}

// The key each query gives the largest weight, row by row.
std::vector<int> attended(const SequenceForward &f, int layer)
{
    std::vector<int> out;
    const attn::Matrix &w = f.layers[std::size_t(layer)].heads[0].weights;
    for (int i = 0; i < w.rows(); ++i) {
        Eigen::Index j = 0;
        w.row(i).maxCoeff(&j);
        out.push_back(int(j));
    }
    return out;
}

} // namespace

class TestSequencePresets : public QObject
{
    Q_OBJECT

private slots:
    void everyPresetLoadsAndReports_data()
    {
        QTest::addColumn<QString>("name");
        const QDir dir(QStringLiteral(AC_SOURCE_DIR "/resources/sequences"));
        const QStringList files = dir.entryList({QStringLiteral("*.json")}, QDir::Files);
        QVERIFY(files.size() >= 5);
        for (const QString &f : files)
            QTest::newRow(qPrintable(f)) << f;
    }

    void everyPresetLoadsAndReports()
    {
        QFETCH(QString, name);
        const SequenceDocument d = load(name);
        QVERIFY(attn::validateSequence(d).ok());
        auto report = attn::writeSequenceReport(d);
        QVERIFY(report.ok());
        QVERIFY(report->size() > 100);
        // Written back, a preset reads back to the same file.
        auto again = attn::parseSequence(attn::writeSequence(d));
        QVERIFY(again.ok());
        QCOMPARE(attn::writeSequence(*again), attn::writeSequence(d));
    }

    void previousTokenHeadLooksOneBack()
    {
        const SequenceDocument d = load(QStringLiteral("previous-token-rotary.json"));
        QCOMPARE(d.model.positions, attn::PositionKind::Rotary);
        for (const auto &ex : d.examples) {
            auto f = SequenceForward::run(d.model, ex.tokens);
            QVERIFY(f.ok());
            const std::vector<int> looks = attended(*f, 0);
            for (int i = 1; i < f->length(); ++i) {
                QCOMPARE(looks[std::size_t(i)], i - 1);
                QVERIFY(f->layers[0].heads[0].weights(i, i - 1) > 0.98);
            }
        }
        auto e = attn::SequenceEvaluation::evaluate(d.model, d.examples);
        QVERIFY(e.ok());
        QCOMPARE(*e->accuracy(), 1.0);
        // Moved along the sequence, the rotary head still looks one back.
        auto moved = SequenceForward::run(d.model, d.examples[0].tokens, 30);
        QVERIFY(moved.ok());
        QCOMPARE(attended(*moved, 0)[3], 2);
    }

    void firstTokenHeadLooksAtTheStart()
    {
        const SequenceDocument d = load(QStringLiteral("first-token-learned.json"));
        QCOMPARE(d.model.positions, attn::PositionKind::Learned);
        for (const auto &ex : d.examples) {
            auto f = SequenceForward::run(d.model, ex.tokens);
            QVERIFY(f.ok());
            for (int j : attended(*f, 0))
                QCOMPARE(j, 0);
        }
        auto e = attn::SequenceEvaluation::evaluate(d.model, d.examples);
        QVERIFY(e.ok());
        QCOMPARE(*e->accuracy(), 1.0);
    }

    // Layer 2 attends to the token after the earlier occurrence of the current token, which it
    // can only find through layer 1's previous-token head: an induction head.
    void twoLayersMakeAnInductionHead()
    {
        const SequenceDocument d = load(QStringLiteral("two-layer-induction.json"));
        QCOMPARE(d.model.layerCount(), 2);
        const auto &tokens = d.examples[0].tokens; // D A C B A C B
        auto f = SequenceForward::run(d.model, tokens);
        QVERIFY(f.ok());
        const std::vector<int> second = attended(*f, 1);
        QCOMPARE(second[4], 2); // the second A looks at C, which followed the first A
        QCOMPARE(second[5], 3);
        QCOMPARE(second[6], 4);
        QCOMPARE(f->predictions[4], d.examples[0].targets[4]);
        QCOMPARE(f->predictions[5], d.examples[0].targets[5]);
    }

    void sentencesAreInBothLanguages()
    {
        const SequenceDocument zh = load(QStringLiteral("sentence-chinese.json"));
        QCOMPARE(zh.model.positions, attn::PositionKind::Rotary);
        QCOMPARE(zh.model.vocabulary[std::size_t(zh.examples[0].tokens[0])], std::string("猫"));
        const SequenceDocument en = load(QStringLiteral("sentence-english.json"));
        QCOMPARE(en.model.positions, attn::PositionKind::Sinusoidal);
        QCOMPARE(en.model.vocabulary[std::size_t(en.examples[0].tokens[1])], std::string("cat"));
    }
};

QTEST_APPLESS_MAIN(TestSequencePresets)
#include "tst_sequencepresets.moc"
