#include "common/scenebits.h"
#include "common/smallmatrices.h"
#include "common/testsettings.h"
#include "core/scene.h"
#include "document/scenedocument.h"
#include "document/sceneeditor.h"
#include "document/scenepresets.h"
#include "model/scenemodel.h"

#include <QCoreApplication>
#include <QFile>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <memory>

// The document without any window: open, save, revert, presets, the modified flag and the
// recent files. A bad file changes nothing: not the scene, not the history, not the file name.

namespace {
using smallmatrices::vec;

void writeFile(const QString &path, const QByteArray &text)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(text);
}

QByteArray readFile(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

const QByteArray kGoodScene = R"({
  "format": "attention-canvas-scene",
  "version": 1,
  "method": "cosine",
  "temperature": 0.5,
  "query": [2, -1],
  "keys": [[1, 0], [0, 1]],
  "values": [[1, 1], [-1, 1]]
})";
} // namespace

class TestSceneDocument : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();

    void startsUntitledAndClean();
    void openReadsTheFile();
    void badFileChangesNothing_data();
    void badFileChangesNothing();
    void saveMarksClean();
    void saveAsFailureKeepsEverything();
    void undoBackToSavedIsClean();
    void revertDropsChanges();
    void presetIsUntitled();
    void newSceneIsTheDefault();
    void recentFiles();

private:
    /// kGoodScene written to `name` in the test's folder and opened, then its query moved to
    /// (1, 1): the file's path, or "" when a step failed.
    QString openAndEdit(const QString &name);

    // Recent files go to a throw-away settings file, never the user's.
    testsettings::Isolated m_isolated{"tst_scenedocument"};
    std::unique_ptr<SceneModel> m_model;
    std::unique_ptr<SceneEditor> m_editor;
    std::unique_ptr<SceneDocument> m_doc;
    std::unique_ptr<QTemporaryDir> m_dir;
};

void TestSceneDocument::init()
{
    QSettings().clear();
    m_model = std::make_unique<SceneModel>();
    m_editor = std::make_unique<SceneEditor>(m_model.get());
    m_doc = std::make_unique<SceneDocument>(m_editor.get());
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
}

void TestSceneDocument::cleanup()
{
    m_doc.reset();
    m_editor.reset();
    m_model.reset();
    m_dir.reset();
    QSettings().clear();
}

QString TestSceneDocument::openAndEdit(const QString &name)
{
    const QString path = m_dir->filePath(name);
    writeFile(path, kGoodScene);
    QString why;
    return m_doc->open(path, &why) && m_editor->setQuery(vec(1, 1)) ? path : QString();
}

void TestSceneDocument::startsUntitledAndClean()
{
    QVERIFY(m_doc->filePath().isEmpty());
    QCOMPARE(m_doc->displayName(), QStringLiteral("Untitled"));
    QVERIFY(!m_doc->isModified());
    QSignalSpy modified(m_doc.get(), &SceneDocument::modifiedChanged);
    QVERIFY(m_editor->setQuery(vec(0, 1)));
    QVERIFY(m_doc->isModified());
    QCOMPARE(modified.count(), 1);
    QCOMPARE(modified.last().at(0).toBool(), true);
}

void TestSceneDocument::openReadsTheFile()
{
    const QString path = m_dir->filePath(QStringLiteral("good.json"));
    writeFile(path, kGoodScene);
    QVERIFY(m_editor->setQuery(vec(0, 1)));
    QSignalSpy identity(m_doc.get(), &SceneDocument::identityChanged);
    QString why;
    QVERIFY2(m_doc->open(path, &why), qPrintable(why));
    QCOMPARE(identity.count(), 1);
    QCOMPARE(m_doc->filePath(), path);
    QCOMPARE(m_doc->displayName(), QStringLiteral("good.json"));
    QVERIFY(!m_doc->isModified());
    QCOMPARE(m_editor->undoStack()->count(), 0);
    QCOMPARE(m_model->scene().method, attn::Method::Cosine);
    QCOMPARE(m_model->scene().temperature, 0.5);
    QCOMPARE(m_model->scene().query, vec(2, -1));
}

void TestSceneDocument::badFileChangesNothing_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("mentions"); // the field path (or the reason) in the message

    QTest::newRow("not JSON") << QByteArray("{ \"format\": ") << QString("line");
    QTest::newRow("empty") << QByteArray("") << QString("empty");
    QTest::newRow("unknown field")
        << QByteArray(kGoodScene).replace("\"temperature\"", "\"temprature\"")
        << QString("temprature");
    QTest::newRow("short key row")
        << QByteArray(kGoodScene).replace("[[1, 0], [0, 1]]", "[[1, 0], [0]]")
        << QString("keys[1]");
    QTest::newRow("negative τ") << QByteArray(kGoodScene).replace("0.5", "-0.5")
                                << QString("temperature");
    QTest::newRow("values count") << QByteArray(kGoodScene).replace("[[1, 1], [-1, 1]]", "[[1, 1]]")
                                  << QString("values");
}

void TestSceneDocument::badFileChangesNothing()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, mentions);
    // A document with a file, an edit and an undone edit (something to redo).
    const QString goodPath = m_dir->filePath(QStringLiteral("good.json"));
    writeFile(goodPath, kGoodScene);
    QString why;
    QVERIFY(m_doc->open(goodPath, &why));
    QVERIFY(m_editor->setQuery(vec(3, 3)));
    QVERIFY(m_editor->setTemperature(2));
    m_editor->undoStack()->undo();
    const attn::Scene before = m_model->scene();

    const QString badPath = m_dir->filePath(QStringLiteral("bad.json"));
    writeFile(badPath, text);
    QSignalSpy changed(m_model.get(), &SceneModel::changed);
    QVERIFY(!m_doc->open(badPath, &why));
    QVERIFY2(why.contains(mentions), qPrintable(why));
    COMPARE_SCENES(m_model->scene(), before);
    QCOMPARE(changed.count(), 0);
    QCOMPARE(m_editor->undoStack()->count(), 2);
    QCOMPARE(m_editor->undoStack()->index(), 1);
    QCOMPARE(m_doc->filePath(), goodPath);
    QVERIFY(m_doc->isModified());
    QVERIFY(!m_doc->recentFiles().contains(badPath));

    // A missing file and a folder are refused the same way.
    QVERIFY(!m_doc->open(m_dir->filePath(QStringLiteral("missing.json")), &why));
    QVERIFY(!why.isEmpty());
    QVERIFY(!m_doc->open(m_dir->path(), &why));
    COMPARE_SCENES(m_model->scene(), before);
    QCOMPARE(m_editor->undoStack()->count(), 2);
}

void TestSceneDocument::saveMarksClean()
{
    QVERIFY(m_editor->setMethod(attn::Method::General));
    QVERIFY(m_editor->setKey(0, vec(-0.0, 0.1)));
    const attn::Scene edited = m_model->scene();
    QString why;
    QVERIFY(!m_doc->save(&why)); // untitled: there is no file yet
    QVERIFY(!why.isEmpty());
    const QString path = m_dir->filePath(QStringLiteral("saved.json"));
    QSignalSpy identity(m_doc.get(), &SceneDocument::identityChanged);
    QVERIFY2(m_doc->saveAs(path, &why), qPrintable(why));
    QCOMPARE(identity.count(), 1);
    QVERIFY(!m_doc->isModified());
    QCOMPARE(m_doc->filePath(), path);
    QCOMPARE(m_doc->displayName(), QStringLiteral("saved.json"));
    // The history stays: saving is not an edit.
    QCOMPARE(m_editor->undoStack()->count(), 2);

    // What is on disk reads back bit for bit.
    SceneModel other;
    SceneEditor otherEditor(&other);
    SceneDocument otherDoc(&otherEditor);
    QVERIFY(otherDoc.open(path, &why));
    COMPARE_SCENES(other.scene(), edited);

    QVERIFY(m_editor->setTemperature(3));
    QVERIFY(m_doc->isModified());
    QVERIFY(m_doc->save(&why));
    QVERIFY(!m_doc->isModified());
    QVERIFY(readFile(path).contains("\"temperature\": 3"));
}

void TestSceneDocument::saveAsFailureKeepsEverything()
{
    const QString path = openAndEdit(QStringLiteral("kept.json"));
    QVERIFY(!path.isEmpty());
    QString why;
    // A folder that does not exist: the save fails and nothing moves.
    const QString impossible = m_dir->filePath(QStringLiteral("no/such/folder/x.json"));
    QVERIFY(!m_doc->saveAs(impossible, &why));
    QVERIFY(!why.isEmpty());
    QVERIFY(m_doc->isModified());
    QCOMPARE(m_doc->filePath(), path);
    QCOMPARE(readFile(path), kGoodScene);
    QVERIFY(!m_doc->recentFiles().contains(impossible));
}

void TestSceneDocument::undoBackToSavedIsClean()
{
    const QString path = m_dir->filePath(QStringLiteral("s.json"));
    QString why;
    QVERIFY(m_editor->setQuery(vec(1, 1)));
    QVERIFY(m_doc->saveAs(path, &why));
    QVERIFY(m_editor->setQuery(vec(2, 2)));
    QVERIFY(m_doc->isModified());
    m_editor->undoStack()->undo();
    QVERIFY(!m_doc->isModified());
    m_editor->undoStack()->undo();
    QVERIFY(m_doc->isModified());
    m_editor->undoStack()->redo();
    QVERIFY(!m_doc->isModified());
}

void TestSceneDocument::revertDropsChanges()
{
    const QString path = m_dir->filePath(QStringLiteral("r.json"));
    writeFile(path, kGoodScene);
    QString why;
    QVERIFY(m_doc->open(path, &why));
    const attn::Scene saved = m_model->scene();
    QVERIFY(m_editor->removeKey(0));
    QVERIFY(m_editor->setMethod(attn::Method::Dot));
    QVERIFY(m_doc->revert(&why));
    COMPARE_SCENES(m_model->scene(), saved);
    QVERIFY(!m_doc->isModified());
    QCOMPARE(m_editor->undoStack()->count(), 0);
    QCOMPARE(m_doc->filePath(), path);

    // Untitled documents have nothing to revert to.
    m_doc->newScene();
    QVERIFY(!m_doc->revert(&why));
}

void TestSceneDocument::presetIsUntitled()
{
    QVERIFY(!openAndEdit(QStringLiteral("f.json")).isEmpty());
    QString why;
    QVERIFY2(m_doc->loadPreset(QStringLiteral("length-beats-angle"), &why), qPrintable(why));
    QVERIFY(m_doc->filePath().isEmpty());
    QCOMPARE(m_doc->presetId(), QStringLiteral("length-beats-angle"));
    QCOMPARE(m_doc->displayName(), QStringLiteral("Length Beats Angle"));
    QVERIFY(!m_doc->isModified());
    QCOMPARE(m_editor->undoStack()->count(), 0);
    COMPARE_SCENES(m_model->scene(),
                   *ScenePresets::load(QStringLiteral("length-beats-angle"), nullptr));
    QVERIFY(!m_doc->save(&why)); // Save asks for a file name first

    // An unknown preset changes nothing.
    QVERIFY(m_editor->setQuery(vec(2, 2)));
    const attn::Scene before = m_model->scene();
    QVERIFY(!m_doc->loadPreset(QStringLiteral("nope"), &why));
    COMPARE_SCENES(m_model->scene(), before);
    QCOMPARE(m_doc->presetId(), QStringLiteral("length-beats-angle"));
    QVERIFY(m_doc->isModified());
}

void TestSceneDocument::newSceneIsTheDefault()
{
    QVERIFY(!openAndEdit(QStringLiteral("f.json")).isEmpty());
    m_doc->newScene();
    COMPARE_SCENES(m_model->scene(), attn::Scene::defaultScene());
    QVERIFY(m_doc->filePath().isEmpty());
    QVERIFY(m_doc->presetId().isEmpty());
    QCOMPARE(m_doc->displayName(), QStringLiteral("Untitled"));
    QVERIFY(!m_doc->isModified());
    QCOMPARE(m_editor->undoStack()->count(), 0);
}

void TestSceneDocument::recentFiles()
{
    QVERIFY(m_doc->recentFiles().isEmpty());
    QSignalSpy changed(m_doc.get(), &SceneDocument::recentFilesChanged);
    QStringList paths;
    QString why;
    for (int i = 0; i < 10; ++i) {
        paths << m_dir->filePath(QStringLiteral("scene%1.json").arg(i));
        writeFile(paths.back(), kGoodScene);
        QVERIFY(m_doc->open(paths.back(), &why));
    }
    QCOMPARE(changed.count(), 10);
    // Most recent first, at most 8.
    QStringList expected;
    for (int i = 9; i >= 2; --i)
        expected << paths[i];
    QCOMPARE(m_doc->recentFiles(), expected);
    QCOMPARE(QSettings().value(QStringLiteral("recentFiles")).toStringList(), expected);
    QCOMPARE(m_doc->lastFolder(), m_dir->path());

    // Opening one again moves it to the front without a duplicate; saving counts too.
    QVERIFY(m_doc->open(paths[5], &why));
    QCOMPARE(m_doc->recentFiles().size(), 8);
    QCOMPARE(m_doc->recentFiles().front(), paths[5]);
    QCOMPARE(m_doc->recentFiles().count(paths[5]), 1);
    const QString saved = m_dir->filePath(QStringLiteral("saved.json"));
    QVERIFY(m_doc->saveAs(saved, &why));
    QCOMPARE(m_doc->recentFiles().front(), saved);

    m_doc->removeRecentFile(saved);
    QVERIFY(!m_doc->recentFiles().contains(saved));
    m_doc->clearRecentFiles();
    QVERIFY(m_doc->recentFiles().isEmpty());
}

QTEST_GUILESS_MAIN(TestSceneDocument)
#include "tst_scenedocument.moc"
