// SceneStorage reads scene and sequence files, each with its own size limit and in its own
// words: a sequence file larger than a scene may be is read, and a message about a sequence file
// never calls it a scene file. The limits are the documented ones (docs/scene-format.md: 1 MiB,
// docs/sequence-format.md: 32 MiB), written out here rather than taken from the code.

#include "common/clifiles.h"
#include "common/datacolumns.h"
#include "model/scenestorage.h"
#include "model/sequencesession.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

namespace {

constexpr qint64 kSceneLimit = 1024 * 1024;
constexpr qint64 kSequenceLimit = 32 * 1024 * 1024;

// Two tokens and one identity head: the smallest sequence file that loads.
const QByteArray kSequence = clifiles::identitySequence(R"([{"tokens": ["x", "y", "x"]}])");
const char *const kScene = clifiles::kArticleScene;
using clifiles::write;

// The JSON followed by white space up to `size` bytes (white space after the value is allowed).
QByteArray padded(const QByteArray &json, qint64 size)
{
    return json + QByteArray(size - json.size(), ' ');
}

} // namespace

class TestSceneStorageKinds : public QObject
{
    Q_OBJECT

private slots:
    void kindIsToldByTheFormat()
    {
        QTemporaryDir dir;
        QCOMPARE(SceneStorage::kindOf(write(dir, QStringLiteral("s.json"), kSequence)),
                 SceneStorage::FileKind::Sequence);
        QCOMPARE(SceneStorage::kindOf(write(dir, QStringLiteral("c.json"), kScene)),
                 SceneStorage::FileKind::Scene);
        QCOMPARE(SceneStorage::kindOf(write(dir, QStringLiteral("b.json"), "{\"format\": ")),
                 SceneStorage::FileKind::Scene);
        QCOMPARE(SceneStorage::kindOf(dir.filePath(QStringLiteral("none.json"))),
                 SceneStorage::FileKind::Scene);
    }

    // Two MiB: over the scene limit, well within the sequence limit.
    void largeSequenceFileLoads()
    {
        QTemporaryDir dir;
        const QString path =
            write(dir, QStringLiteral("big.json"), padded(kSequence, 2 * kSceneLimit));
        QString error;
        const auto document = SceneStorage::loadSequence(path, &error);
        QVERIFY2(document, qPrintable(error));
        QCOMPARE(document->model.vocabulary.size(), std::size_t(2));
        QCOMPARE(document->examples.front().tokens, (std::vector<int>{0, 1, 0}));

        // The Sequence window reads the same file.
        SequenceSession session;
        QVERIFY2(session.loadFile(path), qPrintable(session.message()));
        QCOMPARE(session.tokens(), (std::vector<int>{0, 1, 0}));
    }

    void sequenceLimitIsNamedForSequences()
    {
        QTemporaryDir dir;
        const QString path =
            write(dir, QStringLiteral("huge.json"), padded(kSequence, kSequenceLimit + 1));
        QString error;
        QVERIFY(!SceneStorage::loadSequence(path, &error));
        QVERIFY2(error.contains(QStringLiteral("sequence files may be at most 33554432 bytes")),
                 qPrintable(error));
        QVERIFY2(error.contains(QString::number(kSequenceLimit + 1)), qPrintable(error));
        QVERIFY2(!error.contains(QStringLiteral("scene")), qPrintable(error));
    }

    // The Sequence window names a file's real size, not the limit plus the one byte it reads to
    // find out that the file is over it, and keeps what it had.
    void sequenceWindowNamesTheRealSize()
    {
        QTemporaryDir dir;
        const qint64 size = kSequenceLimit + 4096;
        const QString path = write(dir, QStringLiteral("huge.json"), padded(kSequence, size));
        SequenceSession session;
        QVERIFY(session.loadText(kSequence));
        QVERIFY(!session.loadFile(path));
        QVERIFY2(session.message().contains(QString::number(size)), qPrintable(session.message()));
        QVERIFY2(session.message().contains(QStringLiteral("33554432")),
                 qPrintable(session.message()));
        QCOMPARE(session.tokens(), (std::vector<int>{0, 1, 0}));
    }

    // Opened as a scene (the main window's File → Open), a sequence file is named as what it is,
    // small or larger than any scene.
    void sequenceOpenedAsASceneSaysSo_data()
    {
        QTest::addColumn<qint64>("size");
        QTest::newRow("small") << qint64(0);
        QTest::newRow("2 MiB") << 2 * kSceneLimit;
    }
    void sequenceOpenedAsASceneSaysSo()
    {
        QFETCH(qint64, size);
        QTemporaryDir dir;
        const QByteArray text = size > 0 ? padded(kSequence, size) : QByteArray(kSequence);
        QString error;
        QVERIFY(!SceneStorage::load(write(dir, QStringLiteral("s.json"), text), &error));
        QVERIFY2(error.contains(QStringLiteral("This is a sequence file")), qPrintable(error));
        QVERIFY2(!error.contains(QStringLiteral("may be at most")), qPrintable(error));
    }

    // A scene over its limit is still refused for its size, in the scene's words.
    void largeSceneStillRefused()
    {
        QTemporaryDir dir;
        QString error;
        QVERIFY(!SceneStorage::load(
            write(dir, QStringLiteral("c.json"), padded(kScene, 2 * kSceneLimit)), &error));
        QVERIFY2(error.contains(QStringLiteral("scene files may be at most 1048576 bytes")),
                 qPrintable(error));
    }

    // The messages that name the kind of file, for a file read as a sequence.
    void sequenceMessagesSaySequence_data()
    {
        dataColumns<QByteArray, QString>("text", "expected");
        QTest::newRow("a scene") << QByteArray(kScene)
                                 << QStringLiteral("format: this is not an Attention Canvas "
                                                   "sequence file");
        QTest::newRow("no version") << QByteArray(kSequence).replace(R"("version": 1,)", "")
                                    << QStringLiteral("version: the sequence file has no version");
        QTest::newRow("folder") << QByteArray() << QStringLiteral("not a sequence file");
    }
    void sequenceMessagesSaySequence()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, expected);
        QTemporaryDir dir;
        const QString path =
            text.isEmpty() ? dir.path() : write(dir, QStringLiteral("f.json"), text);
        QString error;
        QVERIFY(!SceneStorage::loadSequence(path, &error));
        QVERIFY2(error.contains(expected), qPrintable(error));
        QVERIFY2(!error.contains(QStringLiteral("scene file")), qPrintable(error));

        // The Sequence window's own loader says the same of a file that is there.
        if (!text.isEmpty()) {
            SequenceSession session;
            QVERIFY(!session.loadFile(path));
            QVERIFY2(session.message().contains(expected), qPrintable(session.message()));
        }
    }
};

QTEST_GUILESS_MAIN(TestSceneStorageKinds)
#include "tst_scenestoragekinds.moc"
