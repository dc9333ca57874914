// Autosaver: the scene is written only when it changed, a clean exit leaves nothing behind, and
// a session that ends any other way (destroyed without cleanExit, or killed) leaves a scene the
// next start offers. A running instance's autosave is never offered to another one. Every test
// works in QStandardPaths' test mode, so nothing of the user's own data folder is touched.

#include "common/diskfull.h"
#include "core/scenefile.h"
#include "model/autosaver.h"
#include "model/scenemodel.h"
#include "model/terminationsignals.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QSemaphore>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QSysInfo>
#include <QTest>
#include <QThread>

#include <atomic>
#include <csignal>
#include <cstdio>
#include <thread>
#include <unistd.h>

using namespace std::chrono_literals;

namespace {
constexpr auto kInterval = 40ms;

QStringList autosaveFiles(const QString &suffix)
{
    return QDir(Autosaver::folder())
        .entryList({QStringLiteral("autosave-*") + suffix}, QDir::Files | QDir::Hidden);
}

std::string text(const attn::Scene &scene)
{
    return attn::writeScene(scene);
}

attn::Scene readScene(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const QByteArray bytes = f.readAll();
    auto scene = attn::parseScene(std::string_view(bytes.constData(), std::size_t(bytes.size())));
    return scene ? *scene : attn::Scene{};
}

// Starts `autosaver` on `model` and edits the scene (its temperature); false when either fails.
bool startEdited(Autosaver &autosaver, SceneModel &model, double temperature)
{
    return autosaver.start(&model, 1h) && model.setTemperature(temperature);
}

// The same, then autosaves at once.
bool startAndAutosave(Autosaver &autosaver, SceneModel &model, double temperature)
{
    return startEdited(autosaver, model, temperature) && autosaver.autosaveNow();
}

// The child of crashLeavesARecoverableScene: autosaves an edited scene, then dies at once
// (SIGKILL: no destructor, no aboutToQuit, the lock file stays with a dead pid in it).
int runCrashingChild()
{
    SceneModel model;
    Autosaver autosaver;
    if (!startEdited(autosaver, model, 3.5))
        return 10;
    if (!autosaver.autosaveNow() || !QFileInfo::exists(autosaver.autosavePath()))
        return 11;
    ::kill(::getpid(), SIGKILL);
    return 12;
}

// The child of terminationLeavesARecoverableSceneAndNoLock: an edited scene that no tick has
// written yet, wired to the termination signals as the window's entry point is; prints "ready"
// and runs until a signal ends it.
int runTerminatedChild()
{
    SceneModel model;
    Autosaver autosaver;
    if (!startEdited(autosaver, model, 4.5))
        return 10;
    TerminationSignals termination;
    if (!termination.isInstalled())
        return 11;
    QObject::connect(&termination, &TerminationSignals::received, &autosaver, [&](int sig) {
        autosaver.terminate();
        QCoreApplication::exit(128 + sig);
    });
    std::printf("ready\n");
    std::fflush(stdout);
    return QCoreApplication::exec();
}

// A document whose serialisers (run by the autosave's worker) the test can hold: while one
// waits, the test does what the window would do meanwhile, so that the order of the two is
// known, not left to the threads' timing.
struct HeldDocument
{
    QByteArray bytes;              ///< the document, as the window holds it
    std::atomic<bool> hold{false}; ///< copies taken now wait for release() before they go on
    QSemaphore entered;            ///< one for each held serialiser that began
    QSemaphore released;
    std::atomic<int> serialised{0};

    Autosaver::SnapshotProvider provider()
    {
        return [this] {
            return Autosaver::Serialiser([this, copy = bytes, held = hold.load()] {
                if (held) {
                    entered.release();
                    released.acquire();
                }
                ++serialised;
                return copy;
            });
        };
    }
    // Until the worker is inside a serialiser that waits.
    bool inFlight() { return entered.tryAcquire(1, 60000); }
};

QByteArray contents(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QStringList everyFile()
{
    return QDir(Autosaver::folder()).entryList(QDir::Files | QDir::Hidden);
}

/// Makes `path` look older than a minute (a save that died long ago).
void age(const QString &path)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadWrite));
    QVERIFY(f.setFileTime(QDateTime::currentDateTime().addSecs(-600),
                          QFileDevice::FileModificationTime));
}

// Starts this test's own executable again as a child session; `role` names the environment
// variable by which main() knows which part the child plays.
void startChild(QProcess &child, const char *role)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QString::fromLatin1(role), QStringLiteral("1"));
    child.setProcessEnvironment(env);
    child.start(QCoreApplication::applicationFilePath(), {});
}

} // namespace

class TestAutosaver : public QObject
{
    Q_OBJECT

private slots:
    void init() { QDir(Autosaver::folder()).removeRecursively(); }
    void cleanup() { QDir(Autosaver::folder()).removeRecursively(); }

    void folderIsInTheApplicationDataFolder()
    {
        QVERIFY(Autosaver::folder().startsWith(
            QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)));
        // Test mode: never the user's real folder.
        QVERIFY(Autosaver::folder().contains(QStringLiteral(".qttest")));
    }

    void writesOnlyWhenModified()
    {
        SceneModel model;
        Autosaver autosaver;
        QSignalSpy saved(&autosaver, &Autosaver::saved);
        QVERIFY(autosaver.start(&model, kInterval));
        QVERIFY(autosaver.isStarted());

        // An untouched scene is nothing to lose: several intervals pass without a write.
        QTest::qWait(int(kInterval.count()) * 5);
        QCOMPARE(saved.count(), 0);
        QVERIFY(!QFileInfo::exists(autosaver.autosavePath()));

        QVERIFY(model.setTemperature(2.5));
        QTRY_COMPARE(saved.count(), 1);
        QCOMPARE(saved.at(0).at(0).toString(), autosaver.autosavePath());
        QCOMPARE(text(readScene(autosaver.autosavePath())), text(model.scene()));

        // No change since: no second write however long it runs.
        QTest::qWait(int(kInterval.count()) * 5);
        QCOMPARE(saved.count(), 1);

        // A change that the file does not hold (the normalised view) is no reason either.
        model.setNormalised(true);
        QTest::qWait(int(kInterval.count()) * 5);
        QCOMPARE(saved.count(), 1);

        attn::Vector q(2);
        q << -1.0, 0.25;
        QVERIFY(model.setQuery(q));
        QTRY_COMPARE(saved.count(), 2);
        QCOMPARE(text(readScene(autosaver.autosavePath())), text(model.scene()));
        autosaver.cleanExit();
    }

    void defaultIntervalIsOneMinute()
    {
        QCOMPARE(Autosaver::kDefaultInterval, std::chrono::milliseconds(60000));
    }

    void cleanExitLeavesNothing()
    {
        SceneModel model;
        Autosaver autosaver;
        QVERIFY(startAndAutosave(autosaver, model, 4));
        QCOMPARE(autosaveFiles(QStringLiteral(".json")).size(), 1);
        QCOMPARE(autosaveFiles(QStringLiteral(".lock")).size(), 1);

        autosaver.cleanExit();
        QVERIFY(autosaveFiles(QStringLiteral(".json")).isEmpty());
        QVERIFY(autosaveFiles(QStringLiteral(".lock")).isEmpty());
        Autosaver next;
        QVERIFY(!next.recoverable());
    }

    void savedSceneIsNotOffered()
    {
        SceneModel model;
        Autosaver autosaver;
        QVERIFY(startAndAutosave(autosaver, model, 4));
        autosaver.sceneSaved(); // the user saved to a file
        QVERIFY(!QFileInfo::exists(autosaver.autosavePath()));
        // Still unchanged since that save: nothing to write.
        QSignalSpy saved(&autosaver, &Autosaver::saved);
        QVERIFY(autosaver.autosaveNow());
        QCOMPARE(saved.count(), 0);
        model.setTemperature(5);
        QVERIFY(autosaver.autosaveNow());
        QCOMPARE(saved.count(), 1);
    }

    void onlyUnsavedChangesAreWritten()
    {
        SceneModel model;
        Autosaver autosaver;
        QVERIFY(autosaver.start(&model, 1h));
        QSignalSpy saved(&autosaver, &Autosaver::saved);
        // The document says its scene is what its file holds: edits that leave it so (as an
        // undo back to the file does) are nothing to keep.
        autosaver.setModified(false);
        QVERIFY(model.setTemperature(2));
        QVERIFY(autosaver.autosaveNow());
        QCOMPARE(saved.count(), 0);

        autosaver.setModified(true);
        QVERIFY(autosaver.autosaveNow());
        QCOMPARE(saved.count(), 1);
        QVERIFY(QFileInfo::exists(autosaver.autosavePath()));

        // Saved: the autosave goes at once.
        autosaver.setModified(false);
        QVERIFY(!QFileInfo::exists(autosaver.autosavePath()));
        // Unsaved again with the very same scene (a recovered one, an undo past the save): it
        // is written again although the text did not change since the last write.
        autosaver.setModified(true);
        QVERIFY(autosaver.autosaveNow());
        QCOMPARE(saved.count(), 2);
        QCOMPARE(readScene(autosaver.autosavePath()).temperature, 2.0);
        autosaver.cleanExit();
    }

    void sessionWithoutCleanExitIsRecovered()
    {
        attn::Scene edited;
        {
            SceneModel model;
            Autosaver first;
            QVERIFY(first.start(&model, 1h));
            QVERIFY(model.setTemperature(0.25));
            QVERIFY(model.removeKey(1));
            QVERIFY(first.autosaveNow());
            edited = model.scene();
            // Destroyed without cleanExit(), as when main() is left by an exception.
        }
        SceneModel model;
        Autosaver second;
        QVERIFY(second.recoverable());
        QVERIFY(second.recoverableTime().isValid());
        QVERIFY(second.start(&model, 1h));
        QVERIFY(second.recoverable());

        QString why;
        const auto scene = second.recover(&why);
        QVERIFY2(scene.has_value(), qPrintable(why));
        QCOMPARE(text(*scene), text(edited));
        QVERIFY(!model.setScene(*scene));

        // The scene is now this session's autosave; the old session's files are gone, so the
        // same scene is not offered twice.
        QVERIFY(!second.recoverable());
        QCOMPARE(autosaveFiles(QStringLiteral(".json")),
                 QStringList{QFileInfo(second.autosavePath()).fileName()});
        QCOMPARE(text(readScene(second.autosavePath())), text(edited));
        // Setting the recovered scene into the model is not a new change to write.
        QSignalSpy saved(&second, &Autosaver::saved);
        QVERIFY(second.autosaveNow());
        QCOMPARE(saved.count(), 0);
        second.cleanExit();
    }

    void recoverBeforeStartKeepsTheFiles()
    {
        {
            SceneModel model;
            Autosaver first;
            QVERIFY(startAndAutosave(first, model, 7));
        }
        Autosaver second;
        const auto scene = second.recover();
        QVERIFY(scene.has_value());
        QCOMPARE(scene->temperature, 7.0);
        // Not started: nowhere to keep it yet, so the earlier copy stays until it is.
        QVERIFY(second.recoverable());
    }

    void crashLeavesARecoverableScene()
    {
        QProcess child;
        startChild(child, "AC_AUTOSAVER_CHILD");
        QVERIFY(child.waitForFinished(60000));
        QCOMPARE(child.exitStatus(), QProcess::CrashExit);
        // The killed session's lock is still there: the marker of an abnormal end.
        QCOMPARE(autosaveFiles(QStringLiteral(".lock")).size(), 1);

        SceneModel model;
        Autosaver next;
        QVERIFY(next.start(&model, 1h));
        QVERIFY(next.recoverable());
        QString why;
        const auto scene = next.recover(&why);
        QVERIFY2(scene.has_value(), qPrintable(why));
        QCOMPARE(scene->temperature, 3.5);
        // The dead session's lock went with its scene; only this session's remains.
        QCOMPARE(autosaveFiles(QStringLiteral(".lock")).size(), 1);
        QVERIFY(!next.recoverable());
        next.cleanExit();
    }

    void terminationLeavesARecoverableSceneAndNoLock_data()
    {
        QTest::addColumn<int>("signalNumber");
        QTest::newRow("SIGTERM") << int(SIGTERM);
        QTest::newRow("SIGHUP") << int(SIGHUP);
    }
    void terminationLeavesARecoverableSceneAndNoLock()
    {
        QFETCH(int, signalNumber);
        QProcess child;
        startChild(child, "AC_AUTOSAVER_TERM_CHILD");
        QVERIFY(child.waitForStarted(60000));
        QByteArray out;
        while (!out.contains("ready") && child.waitForReadyRead(60000))
            out += child.readAllStandardOutput();
        QVERIFY2(out.contains("ready"), out.constData());
        // Nothing written yet (the interval is an hour), and this session's lock held.
        QVERIFY(autosaveFiles(QStringLiteral(".json")).isEmpty());
        QCOMPARE(autosaveFiles(QStringLiteral(".lock")).size(), 1);
        ::kill(pid_t(child.processId()), signalNumber);
        QVERIFY(child.waitForFinished(60000));
        QCOMPARE(child.exitStatus(), QProcess::NormalExit);
        QCOMPARE(child.exitCode(), 128 + signalNumber);
        // The last autosave was written and the lock removed: nothing stale, the work kept.
        QVERIFY(autosaveFiles(QStringLiteral(".lock")).isEmpty());
        const QStringList scenes = autosaveFiles(QStringLiteral(".json"));
        QCOMPARE(scenes.size(), 1);
        QCOMPARE(readScene(Autosaver::folder() + QLatin1Char('/') + scenes.first()).temperature,
                 4.5);

        SceneModel model;
        Autosaver next;
        QVERIFY(next.start(&model, 1h));
        QVERIFY(next.recoverable());
        const auto scene = next.recover();
        QVERIFY(scene.has_value());
        QCOMPARE(scene->temperature, 4.5);
        next.cleanExit();
    }

    void startRemovesStrayTemporaryFiles()
    {
        // An autosave killed between writing its temporary file and the rename leaves
        // "autosave-<id>.json.XXXXXX" behind; the next start removes it: at once when no live
        // process holds that session's lock (nobody can still be writing it), after a minute
        // when one does (it may be that instance's save in progress).
        SceneModel runningModel;
        Autosaver running; // a live second instance
        QVERIFY(running.start(&runningModel, 1h));
        const QString runningBase = QFileInfo(running.autosavePath()).fileName();
        const QString dir = Autosaver::folder() + QLatin1Char('/');
        const QString old = dir + QStringLiteral("autosave-dead.json.a1B2c3");
        const QString youngDead = dir + QStringLiteral("sequence-autosave-dead.json.Qw3Er4");
        const QString youngLive = dir + runningBase + QStringLiteral(".Zz9Yy8");
        const QString oldLive = dir + runningBase + QStringLiteral(".Xx8Ww7");
        const QString unrelated = dir + QStringLiteral("autosave-dead.json.bak");
        const QString foreign = dir + QStringLiteral("notes.json.a1B2c3");
        for (const QString &path : {old, youngDead, youngLive, oldLive, unrelated, foreign}) {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("{");
        }
        for (const QString &path : {old, oldLive, unrelated, foreign})
            age(path);
        SceneModel model;
        Autosaver autosaver;
        QVERIFY(autosaver.start(&model, 1h));
        QVERIFY(!QFileInfo::exists(old));
        QVERIFY(!QFileInfo::exists(youngDead));
        QVERIFY(!QFileInfo::exists(oldLive));
        QVERIFY(QFileInfo::exists(youngLive));
        QVERIFY(QFileInfo::exists(unrelated));
        QVERIFY(QFileInfo::exists(foreign));
        autosaver.cleanExit();
        running.cleanExit();
    }

    void crashBeforeAnyAutosaveLeavesNoLockForLong()
    {
        SceneModel runningModel;
        Autosaver running; // a live second instance, whose lock must stay
        QVERIFY(running.start(&runningModel, 1h));
        // A session that ended abnormally with nothing unsaved leaves only its lock, here with a
        // pid that no process has (as after SIGKILL).
        const QString dead = Autosaver::folder() + QStringLiteral("/autosave-dead.lock");
        {
            QFile lock(dead);
            QVERIFY(lock.open(QIODevice::WriteOnly));
            lock.write("2147483646\nattention-canvas\n" + QSysInfo::machineHostName().toUtf8() +
                       "\n");
        }
        QCOMPARE(autosaveFiles(QStringLiteral(".lock")).size(), 2);

        SceneModel model;
        Autosaver next;
        QVERIFY(next.start(&model, 1h));
        QVERIFY(!next.recoverable());
        QVERIFY(!QFileInfo::exists(dead));
        QCOMPARE(autosaveFiles(QStringLiteral(".lock")).size(), 2); // running's and next's
        next.cleanExit();
        running.cleanExit();
        QVERIFY(autosaveFiles(QStringLiteral(".lock")).isEmpty());
    }

    void runningInstanceIsNotOffered()
    {
        SceneModel model;
        Autosaver running;
        QVERIFY(startAndAutosave(running, model, 2));

        // A second window of the app (here: the same process, whose pid is alive).
        SceneModel otherModel;
        Autosaver other;
        QVERIFY(other.start(&otherModel, 1h));
        QVERIFY(!other.recoverable());
        other.discard(); // must not touch the running session's files
        QVERIFY(QFileInfo::exists(running.autosavePath()));
        other.cleanExit();
        running.cleanExit();
    }

    void discardRemovesTheLeftScenes()
    {
        for (int i = 0; i < 2; ++i) {
            SceneModel model;
            Autosaver session;
            QVERIFY(session.start(&model, 1h));
            model.setTemperature(1 + i);
            QVERIFY(session.autosaveNow());
        }
        Autosaver next;
        QVERIFY(next.recoverable());
        next.discard();
        QVERIFY(!next.recoverable());
        QVERIFY(autosaveFiles(QStringLiteral(".json")).isEmpty());
    }

    void unreadableAutosaveIsReportedAndKept()
    {
        QVERIFY(QDir().mkpath(Autosaver::folder()));
        QFile broken(Autosaver::folder() + QStringLiteral("/autosave-broken.json"));
        QVERIFY(broken.open(QIODevice::WriteOnly));
        broken.write("{\"format\": \"attention-canvas-scene\", \"version\": 1, \"meth");
        broken.close();

        Autosaver next;
        QVERIFY(next.recoverable());
        QString why;
        QVERIFY(!next.recover(&why).has_value());
        QVERIFY2(why.contains(QStringLiteral("cannot be read")), qPrintable(why));
        QVERIFY2(why.contains(QStringLiteral("the text ends too early")), qPrintable(why));
        QVERIFY(next.recoverable()); // nothing is deleted behind the user's back
        next.discard();
        QVERIFY(!next.recoverable());
    }

    void failedWriteIsReportedAndKeepsTheEarlierAutosave()
    {
        SceneModel model;
        Autosaver autosaver;
        QVERIFY(startAndAutosave(autosaver, model, 2));
        const std::string before = text(model.scene());

        QSignalSpy failed(&autosaver, &Autosaver::failed);
        model.setTemperature(3);
        bool ok = true;
        {
            DiskFull full(64);
            QVERIFY(full.active());
            ok = autosaver.autosaveNow();
        }
        QVERIFY(!ok);
        QCOMPARE(failed.count(), 1);
        const QString message = failed.at(0).at(0).toString();
        QVERIFY2(message.contains(QStringLiteral("could not be autosaved")), qPrintable(message));
        QVERIFY2(message.contains(QFileInfo(autosaver.autosavePath()).fileName()),
                 qPrintable(message));
        // The earlier autosave is whole, and no temporary file is left next to it.
        QCOMPARE(text(readScene(autosaver.autosavePath())), before);
        QCOMPARE(QDir(Autosaver::folder()).entryList(QDir::Files | QDir::Hidden).size(), 2);

        // The scene is still due: the next tick, with room again, writes it.
        QVERIFY(autosaver.autosaveNow());
        QCOMPARE(text(readScene(autosaver.autosavePath())), text(model.scene()));
        autosaver.cleanExit();
    }

    void aNewerCopyReplacesTheOneWaiting()
    {
        HeldDocument document;
        Autosaver autosaver(Autosaver::Kind::Sequence);
        QVERIFY(autosaver.start(document.provider(), 1h));
        QList<QByteArray> savedOn;
        QList<bool> onGuiThread;
        connect(&autosaver, &Autosaver::saved, this, [&](const QString &path) {
            savedOn << contents(path);
            onGuiThread << (QThread::currentThread() == qApp->thread());
        });
        document.bytes = "one";
        document.hold = true;
        autosaver.markChanged();
        autosaver.requestAutosave();
        QVERIFY(document.inFlight());
        // Two more ticks while "one" is being written: "three" replaces "two", which is never
        // even serialised.
        document.hold = false;
        document.bytes = "two";
        autosaver.markChanged();
        autosaver.requestAutosave();
        document.bytes = "three";
        autosaver.markChanged();
        autosaver.requestAutosave();
        document.released.release();
        QVERIFY(autosaver.autosaveNow());
        QCOMPARE(document.serialised.load(), 2);
        QCOMPARE(savedOn, (QList<QByteArray>{"one", "three"}));
        QCOMPARE(onGuiThread, (QList<bool>{true, true}));
        QCOMPARE(contents(autosaver.autosavePath()), QByteArray("three"));
        autosaver.cleanExit();
    }

    void aSaveDuringAWriteIsNotUndoneByIt()
    {
        HeldDocument document;
        Autosaver autosaver(Autosaver::Kind::Sequence);
        QVERIFY(autosaver.start(document.provider(), 1h));
        document.bytes = "one";
        autosaver.markChanged();
        QVERIFY(autosaver.autosaveNow());
        QSignalSpy saved(&autosaver, &Autosaver::saved);

        document.bytes = "two";
        document.hold = true;
        autosaver.markChanged();
        autosaver.requestAutosave();
        QVERIFY(document.inFlight());
        // The user saves "two" while the worker has it in hand: the autosave goes at once, and
        // the write, which goes on only now, must not bring it back.
        autosaver.setModified(false);
        QVERIFY(!QFileInfo::exists(autosaver.autosavePath()));
        document.hold = false;
        document.released.release();
        QVERIFY(autosaver.autosaveNow());
        QVERIFY(!QFileInfo::exists(autosaver.autosavePath()));
        QCOMPARE(saved.count(), 0);
        QCOMPARE(everyFile().size(), 1); // the lock only: no temporary file either
        // Unsaved again: written again.
        autosaver.setModified(true);
        QVERIFY(autosaver.autosaveNow());
        QCOMPARE(contents(autosaver.autosavePath()), QByteArray("two"));
        autosaver.cleanExit();
    }

    void aFileThatHoldsTheWriteInFlightRemovesTheAutosave()
    {
        HeldDocument document;
        Autosaver autosaver(Autosaver::Kind::Sequence);
        QVERIFY(autosaver.start(document.provider(), 1h));
        document.bytes = "one";
        autosaver.markChanged();
        QVERIFY(autosaver.autosaveNow());
        QVERIFY(QFileInfo::exists(autosaver.autosavePath()));

        document.bytes = "two";
        document.hold = true;
        autosaver.markChanged();
        autosaver.requestAutosave();
        QVERIFY(document.inFlight());
        // "two" is now what a file holds (a Save of the Sequence window): nothing is unsaved.
        QSignalSpy saved(&autosaver, &Autosaver::saved);
        autosaver.setSavedBytes("two");
        document.hold = false;
        document.released.release();
        QVERIFY(autosaver.autosaveNow());
        QVERIFY(!QFileInfo::exists(autosaver.autosavePath()));
        QCOMPARE(saved.count(), 0);
        QCOMPARE(everyFile().size(), 1);
        autosaver.cleanExit();
    }

    void cleanExitDuringAWriteLeavesNothing()
    {
        HeldDocument document;
        Autosaver autosaver(Autosaver::Kind::Sequence);
        QVERIFY(autosaver.start(document.provider(), 1h));
        document.bytes = "one";
        autosaver.markChanged();
        QVERIFY(autosaver.autosaveNow());
        const QString path = autosaver.autosavePath();
        QSignalSpy saved(&autosaver, &Autosaver::saved);

        document.bytes = "two";
        document.hold = true;
        autosaver.markChanged();
        autosaver.requestAutosave();
        QVERIFY(document.inFlight());
        // The write goes on only once cleanExit() has removed the autosave (cleanExit waits
        // for it, so it is let go from another thread).
        std::thread letGo([&] {
            for (int i = 0; i < 60000 && QFileInfo::exists(path); ++i)
                QThread::msleep(1);
            document.released.release();
        });
        autosaver.cleanExit();
        letGo.join();
        QCOMPARE(document.serialised.load(), 2);
        QCOMPARE(saved.count(), 0);
        // No autosave, no lock, no temporary file: nothing of the session.
        QCOMPARE(everyFile(), QStringList());
        Autosaver next(Autosaver::Kind::Sequence);
        QVERIFY(!next.recoverable());
    }

    void terminateWritesTheLastStateAfterTheWriteInFlight()
    {
        HeldDocument document;
        Autosaver autosaver(Autosaver::Kind::Sequence);
        QVERIFY(autosaver.start(document.provider(), 1h));
        document.bytes = "one";
        document.hold = true;
        autosaver.markChanged();
        autosaver.requestAutosave();
        QVERIFY(document.inFlight());
        document.hold = false;
        document.bytes = "two";
        autosaver.markChanged();
        document.released.release();
        // Whether "one" is still being written or not: "two" is on disk when terminate()
        // returns, and the lock is gone.
        QVERIFY(autosaver.terminate());
        QCOMPARE(contents(autosaver.autosavePath()), QByteArray("two"));
        QCOMPARE(everyFile(), QStringList{QFileInfo(autosaver.autosavePath()).fileName()});
    }

    void unusableFolderTurnsAutosaveOff()
    {
        // A file where the folder should be: the folder cannot be created, as root too.
        const QString parent = QFileInfo(Autosaver::folder()).path();
        QVERIFY(QDir().mkpath(parent));
        QFile blocker(Autosaver::folder());
        QVERIFY(blocker.open(QIODevice::WriteOnly));
        blocker.close();

        SceneModel model;
        Autosaver autosaver;
        QSignalSpy failed(&autosaver, &Autosaver::failed);
        QVERIFY(!autosaver.start(&model, kInterval));
        QVERIFY(!autosaver.isStarted());
        QCOMPARE(failed.count(), 1);
        QVERIFY(failed.at(0).at(0).toString().contains(QStringLiteral("Autosave is off")));
        model.setTemperature(2);
        QVERIFY(autosaver.autosaveNow()); // nothing to do, nothing crashes
        QFile::remove(Autosaver::folder());
    }
};

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("AttentionCanvasTests"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_autosaver"));
    QStandardPaths::setTestModeEnabled(true);
    if (qEnvironmentVariableIsSet("AC_AUTOSAVER_CHILD"))
        return runCrashingChild();
    if (qEnvironmentVariableIsSet("AC_AUTOSAVER_TERM_CHILD"))
        return runTerminatedChild();
    TestAutosaver test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}

#include "tst_autosaver.moc"
