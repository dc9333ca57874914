// A save that fails says so and loses nothing: the earlier file stays byte for byte, and no
// temporary file is left beside it. The failures are ones that happen to a root process in CI
// too: a full disk (RLIMIT_FSIZE, see tests/common/diskfull.h), a folder that does not exist, a
// folder where nobody may create files (/proc), and a folder in the file's place. A read-only
// folder only stops a process that is not root; that row is skipped for root.

#include "common/diskfull.h"
#include "core/scenefile.h"
#include "model/scenestorage.h"
#include "model/sequencesession.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

namespace {
const QByteArray kEarlier = "the earlier file, which must survive\n";

QByteArray contents(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("<missing>");
}

bool writeEarlier(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(kEarlier) == kEarlier.size();
}

attn::Scene editedScene()
{
    attn::Scene s = attn::Scene::defaultScene();
    s.temperature = 0.5;
    return s;
}
} // namespace

class TestSaveFailure : public QObject
{
    Q_OBJECT

private slots:
    void saveAndLoadAgree()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("scene.json"));
        QString error;
        QVERIFY2(SceneStorage::save(editedScene(), path, &error), qPrintable(error));
        const auto back = SceneStorage::load(path, &error);
        QVERIFY2(back.has_value(), qPrintable(error));
        QCOMPARE(attn::writeScene(*back), attn::writeScene(editedScene()));
    }

    void saveRemovesAStrayTemporaryFile()
    {
        // A save killed just before its rename leaves "<name>.XXXXXX" beside the file; the
        // next save to that file removes it. A younger one (another save in progress) and a
        // file of another name stay.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("scene.json"));
        const QString stray = path + QStringLiteral(".Qa7Zk2");
        const QString young = path + QStringLiteral(".b9X0pL");
        const QString other = dir.filePath(QStringLiteral("scene.json.backup1"));
        for (const QString &p : {stray, young, other}) {
            QFile f(p);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(kEarlier);
            QVERIFY(f.flush()); // before the time is set: a later flush would set it again
            if (p != young)
                QVERIFY(f.setFileTime(QDateTime::currentDateTime().addSecs(-3600),
                                      QFileDevice::FileModificationTime));
        }
        QString error;
        QVERIFY2(SceneStorage::save(editedScene(), path, &error), qPrintable(error));
        QVERIFY(!QFileInfo::exists(stray));
        QVERIFY(QFileInfo::exists(young));
        QVERIFY(QFileInfo::exists(other));
    }

    void diskFull()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("scene.json"));
        QVERIFY(writeEarlier(path));
        QString error;
        bool saved = true;
        {
            // Room for 64 bytes: the scene (about 1 KB) does not fit.
            DiskFull full(64);
            QVERIFY(full.active());
            saved = SceneStorage::save(editedScene(), path, &error);
        }
        QVERIFY(!saved);
        QVERIFY2(error.contains(QStringLiteral("The file cannot be written")), qPrintable(error));
        QVERIFY2(error.contains(QStringLiteral("File too large")), qPrintable(error));
        QCOMPARE(contents(path), kEarlier);
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden),
                 QStringList{QStringLiteral("scene.json")});
    }

    // Room for all but the last 10 bytes: the system writes what fits and reports success for
    // that short write; only the next write fails. Qt 6.4's QSaveFile::commit() did not see it
    // and replaced the earlier file with the truncated one.
    void diskFullWithRoomForAlmostAllOfIt()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("scene.json"));
        QVERIFY(writeEarlier(path));
        attn::Scene big = editedScene();
        big.keys = attn::Matrix::Random(64, 2) * 1e-3;
        big.values = attn::Matrix::Random(64, 2) * 1e-3;
        const auto size = attn::writeScene(big).size();
        QString error;
        bool saved = true;
        {
            DiskFull full(rlim_t(size - 10));
            QVERIFY(full.active());
            saved = SceneStorage::save(big, path, &error);
        }
        QVERIFY(!saved);
        QCOMPARE(contents(path), kEarlier);
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).size(), 1);
    }

    // The Sequence window's "Save as" and "Save trained model" go through the same checked
    // writes: on a full disk the earlier file stays whole.
    void sequenceSaveOnAFullDiskKeepsTheEarlierFile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("model.json"));
        QVERIFY(writeEarlier(path));
        SequenceSession session;
        const qint64 size = session.fileBytes().size();
        QVERIFY(size > 100);
        bool saved = true;
        {
            DiskFull full(rlim_t(size - 10));
            QVERIFY(full.active());
            saved = session.saveFile(path);
        }
        QVERIFY(!saved);
        QVERIFY2(session.message().contains(QStringLiteral("File too large")),
                 qPrintable(session.message()));
        QCOMPARE(contents(path), kEarlier);
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).size(), 1);
        // With room, the same save writes exactly what the session holds.
        QVERIFY(session.saveFile(path));
        QCOMPARE(contents(path), session.fileBytes());
    }

    void unwritablePlaces_data()
    {
        QTest::addColumn<QString>("place");
        QTest::newRow("folder does not exist") << QStringLiteral("@DIR@/no/such/folder/scene.json");
        // Nobody, root included, creates files in /proc.
        QTest::newRow("folder where files cannot be created")
            << QStringLiteral("/proc/attention-canvas-test-scene.json");
        QTest::newRow("a folder in the file's place") << QStringLiteral("@DIR@/taken");
    }

    void unwritablePlaces()
    {
        QFETCH(QString, place);
        QTemporaryDir dir;
        QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("taken")));
        const QString path = QString(place).replace(QStringLiteral("@DIR@"), dir.path());
        QString error;
        QVERIFY(!SceneStorage::save(editedScene(), path, &error));
        QVERIFY2(error.startsWith(QStringLiteral("The file cannot be written: ")),
                 qPrintable(error));
        QVERIFY(error.size() > QStringLiteral("The file cannot be written: ").size());
        QVERIFY(QFileInfo(dir.filePath(QStringLiteral("taken"))).isDir());
        QCOMPARE(QDir(dir.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden),
                 QStringList{QStringLiteral("taken")});
    }

    void readOnlyFolder()
    {
        QTemporaryDir dir;
        const QString folder = dir.filePath(QStringLiteral("locked"));
        QVERIFY(QDir().mkdir(folder));
        const QString path = folder + QStringLiteral("/scene.json");
        QVERIFY(writeEarlier(path));
        QFile::setPermissions(folder, QFileDevice::ReadOwner | QFileDevice::ExeOwner);
        if (::access(QFile::encodeName(folder).constData(), W_OK) == 0) {
            QFile::setPermissions(folder, QFileDevice::ReadOwner | QFileDevice::WriteOwner |
                                              QFileDevice::ExeOwner);
            QSKIP("this process writes into read-only folders (it runs as root); the full-disk "
                  "and /proc rows cover the failure instead");
        }
        QString error;
        const bool saved = SceneStorage::save(editedScene(), path, &error);
        QFile::setPermissions(folder, QFileDevice::ReadOwner | QFileDevice::WriteOwner |
                                          QFileDevice::ExeOwner);
        QVERIFY(!saved);
        QVERIFY(error.contains(QStringLiteral("Permission denied")));
        QCOMPARE(contents(path), kEarlier);
    }

    // The command line's --report goes the same way.
    void reportOnAFullDisk()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("report.json"));
        QVERIFY(writeEarlier(out));
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove(QStringLiteral("DISPLAY"));
        env.insert(QStringLiteral("LC_ALL"), QStringLiteral("C.UTF-8"));
        p.setProcessEnvironment(env);
        {
            // The child inherits the limit; its standard output and error are pipes, not files.
            DiskFull full(64);
            QVERIFY(full.active());
            p.start(QStringLiteral(AC_APP_PATH), {QStringLiteral("--lang"), QStringLiteral("en"),
                                                  QStringLiteral("--report"), out});
            QVERIFY(p.waitForStarted());
        }
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 1);
        const QString err = QString::fromUtf8(p.readAllStandardError());
        QVERIFY2(err.contains(QStringLiteral("cannot write the report")), qPrintable(err));
        QCOMPARE(contents(out), kEarlier);
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).size(), 1);
    }
};

QTEST_GUILESS_MAIN(TestSaveFailure)
#include "tst_savefailure.moc"
