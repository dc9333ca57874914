// Never lose work, through the main window: while the scene has unsaved changes it is autosaved
// into the application's data folder; saving, opening, New and an undo back to the file drop the
// autosave; closing the window removes everything; a scene that an abnormal exit left behind is
// offered at the next start and comes back as an untitled document with unsaved changes.
//
// The prompt's buttons are pressed with real mouse clicks from a timer. QStandardPaths' test mode
// keeps the user's own data folder out of it.

#include "common/datacolumns.h"
#include "common/diskfull.h"
#include "common/mainwindowfixture.h"
#include "common/smallmatrices.h"
#include "common/testsettings.h"
#include "document/autosavesession.h"
#include "document/scenedocument.h"
#include "document/sceneeditor.h"
#include "mainwindow.h"
#include "model/autosaver.h"
#include "model/scenemodel.h"
#include "model/scenestorage.h"

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QMessageBox>
#include <QPointer>
#include <QSettings>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QUndoStack>

#include <cmath>
#include <memory>

using namespace std::chrono_literals;

namespace {
constexpr auto kInterval = 40ms;

// A scene as a crashed session would have left it, written by hand: every number here is what
// the recovered window must show.
const QByteArray kLeftScene = R"({
  "format": "attention-canvas-scene",
  "version": 1,
  "method": "cosine",
  "temperature": 0.75,
  "query": [-0.5, 2],
  "keys": [[1, 0], [0, 1]],
  "values": [[1, 1], [0, -1]]
})";

const QByteArray kFileScene = R"({
  "format": "attention-canvas-scene",
  "version": 1,
  "method": "dot",
  "query": [1, 1],
  "keys": [[2, 0], [0, 2], [1, 1]],
  "values": [[1, 0], [0, 1], [1, 1]]
})";

using smallmatrices::vec;

void writeFile(const QString &path, const QByteArray &text)
{
    QVERIFY(QDir().mkpath(QFileInfo(path).path()));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    QCOMPARE(f.write(text), text.size());
}

QStringList autosaveFiles(const QString &suffix)
{
    return QDir(Autosaver::folder())
        .entryList({QStringLiteral("autosave-*") + suffix}, QDir::Files | QDir::Hidden);
}

std::optional<attn::Scene> load(const QString &path)
{
    QString why;
    auto scene = SceneStorage::load(path, &why);
    if (!scene)
        qWarning("%s: %s", qPrintable(path), qPrintable(why));
    return scene;
}

// The temperature of the scene in `path`; NaN when there is none to read.
double temperatureIn(const QString &path)
{
    const auto scene = load(path);
    return scene ? scene->temperature : std::nan("");
}

QString onlyAutosave()
{
    const QStringList files = autosaveFiles(QStringLiteral(".json"));
    return files.size() == 1 ? QDir(Autosaver::folder()).filePath(files.constFirst()) : QString();
}

// Presses the buttons labelled `labels` (without their &), one in each message box that opens,
// in order, with real mouse clicks, and records each box's name and text.
class Answerer : public QObject
{
public:
    explicit Answerer(const QStringList &labels) : m_labels(labels)
    {
        m_timer.setInterval(10);
        connect(&m_timer, &QTimer::timeout, this, &Answerer::poll);
        m_timer.start();
    }
    explicit Answerer(const QString &label) : Answerer(QStringList{label}) {}

    int answered = 0;
    QString name; ///< of the first box
    QString text; ///< of the first box
    QString lastText;

private:
    void poll()
    {
        auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
        if (!box || !box->isVisible() || box == m_last)
            return;
        m_last = box;
        const QString boxText = box->text() + QLatin1Char('\n') + box->informativeText();
        if (answered == 0) {
            name = box->objectName();
            text = boxText;
        }
        lastText = boxText;
        const QString label = m_labels.value(answered);
        if (answered + 1 >= m_labels.size())
            m_timer.stop();
        const auto buttons = box->buttons();
        for (QAbstractButton *b : buttons) {
            if (b->text().remove(QLatin1Char('&')) == label) {
                ++answered;
                QTest::mouseClick(b, Qt::LeftButton);
                return;
            }
        }
        qWarning("no button %s in the box: closing it", qPrintable(label));
        m_timer.stop();
        box->reject();
    }

    QStringList m_labels;
    QTimer m_timer;
    QPointer<QMessageBox> m_last;
};
} // namespace

class TestAutosaveSession : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        testsettings::isolate("tst_autosavesession");
        QVERIFY(Autosaver::folder().contains(QStringLiteral(".qttest")));
    }

    void init()
    {
        QSettings().clear();
        QDir(Autosaver::folder()).removeRecursively();
        m_dir = std::make_unique<QTemporaryDir>();
        QVERIFY(m_dir->isValid());
    }

    void cleanup()
    {
        closeQuietly();
        QDir(Autosaver::folder()).removeRecursively();
        QSettings().clear();
    }

    void windowWithoutAutosaveTouchesNothing()
    {
        open();
        QVERIFY(m_window->editor()->setTemperature(2.5));
        QTest::qWait(int(kInterval.count()) * 5);
        QVERIFY(!QFileInfo::exists(Autosaver::folder()));
    }

    void onlyUnsavedChangesAreAutosaved()
    {
        open();
        m_window->startAutosave(kInterval);
        QVERIFY(m_window->autosaveSession()->isStarted());
        // This session's lock marks it as running; the untouched scene is nothing to lose.
        QCOMPARE(autosaveFiles(QStringLiteral(".lock")).size(), 1);
        QTest::qWait(int(kInterval.count()) * 5);
        QVERIFY(autosaveFiles(QStringLiteral(".json")).isEmpty());

        QVERIFY(m_window->editor()->setTemperature(2.5));
        QVERIFY(m_window->editor()->setQuery(vec(0, 2)));
        QTRY_VERIFY(!onlyAutosave().isEmpty());
        const auto saved = load(onlyAutosave());
        QVERIFY(saved.has_value());
        QCOMPARE(saved->temperature, 2.5);
        QVERIFY(saved->query == vec(0, 2));
    }

    void savedOpenedOrNewSceneHasNoAutosave_data()
    {
        QTest::addColumn<QString>("action");
        QTest::newRow("save") << QStringLiteral("save");
        QTest::newRow("open") << QStringLiteral("open");
        QTest::newRow("new") << QStringLiteral("new");
        QTest::newRow("undo back to the file") << QStringLiteral("undo");
    }

    void savedOpenedOrNewSceneHasNoAutosave()
    {
        QFETCH(QString, action);
        const QString file = m_dir->filePath(QStringLiteral("scene.json"));
        writeFile(file, kFileScene);
        open();
        QVERIFY(m_window->openScene(file));
        m_window->startAutosave(kInterval);
        QVERIFY(m_window->editor()->setTemperature(3));
        QTRY_VERIFY(!onlyAutosave().isEmpty());

        if (action == QLatin1String("save")) {
            QVERIFY(m_window->saveSceneAs(file));
        } else if (action == QLatin1String("open")) {
            // openScene() itself does not ask (the menu does, before calling it).
            QVERIFY(m_window->openScene(file));
        } else if (action == QLatin1String("new")) {
            Answerer discard(QStringLiteral("Discard"));
            m_window->findChild<QAction *>(QStringLiteral("actionNew"))->trigger();
            QCOMPARE(discard.answered, 1);
            QCOMPARE(discard.name, QStringLiteral("unsavedChangesBox"));
        } else {
            m_window->editor()->undoStack()->undo();
        }
        QVERIFY(!m_window->document()->isModified());
        QVERIFY(autosaveFiles(QStringLiteral(".json")).isEmpty());
        // And it stays so while nothing changes.
        QTest::qWait(int(kInterval.count()) * 5);
        QVERIFY(autosaveFiles(QStringLiteral(".json")).isEmpty());
        // The next change is unsaved work again.
        QVERIFY(m_window->editor()->setTemperature(4));
        QTRY_VERIFY(!onlyAutosave().isEmpty());
        QCOMPARE(temperatureIn(onlyAutosave()), 4.0);
    }

    void closingTheWindowLeavesNothing()
    {
        open();
        m_window->startAutosave(kInterval);
        QVERIFY(m_window->editor()->setTemperature(2));
        QTRY_VERIFY(!onlyAutosave().isEmpty());
        {
            // Cancel first: the window stays, and so does the autosave.
            Answerer cancel(QStringLiteral("Cancel"));
            QVERIFY(!m_window->close());
            QCOMPARE(cancel.answered, 1);
            QVERIFY(!onlyAutosave().isEmpty());
        }
        Answerer discard(QStringLiteral("Discard"));
        QVERIFY(m_window->close());
        QCOMPARE(discard.answered, 1);
        QVERIFY(autosaveFiles(QStringLiteral(".json")).isEmpty());
        QVERIFY(autosaveFiles(QStringLiteral(".lock")).isEmpty());
        // The next start finds nothing to offer.
        m_window.reset();
        m_model.reset();
        open();
        Answerer none(QStringLiteral("Recover"));
        m_window->startAutosave(kInterval);
        QTest::qWait(200);
        QCOMPARE(none.answered, 0);
    }

    void windowGoneWithoutClosingIsRecovered()
    {
        // The first session: edited, autosaved, then gone without a close (as when the process
        // is killed, its lock no longer held by a live process).
        open();
        m_window->startAutosave(kInterval);
        QVERIFY(m_window->editor()->setTemperature(1.25));
        QVERIFY(m_window->editor()->setQuery(vec(-1, 0.5)));
        QTRY_VERIFY(!onlyAutosave().isEmpty());
        m_window.reset();
        m_model.reset();
        QCOMPARE(autosaveFiles(QStringLiteral(".json")).size(), 1);

        open();
        Answerer recover(QStringLiteral("Recover"));
        m_window->startAutosave(kInterval);
        QTRY_COMPARE(recover.answered, 1);
        QCOMPARE(recover.name, QStringLiteral("recoveryPrompt"));
        QVERIFY2(recover.text.contains(QStringLiteral("did not close properly")),
                 qPrintable(recover.text));
        QCOMPARE(m_model->scene().temperature, 1.25);
        QVERIFY(m_model->scene().query == vec(-1, 0.5));
        QVERIFY(m_window->document()->isModified());
    }

    void leftSceneIsOffered_data()
    {
        dataColumns<QString, bool, bool>("answer", "recovered", "offeredAgain");
        QTest::newRow("recover") << QStringLiteral("Recover") << true << false;
        QTest::newRow("discard") << QStringLiteral("Discard") << false << false;
        QTest::newRow("decide later") << QStringLiteral("Decide Later") << false << true;
    }

    void leftSceneIsOffered()
    {
        QFETCH(QString, answer);
        QFETCH(bool, recovered);
        QFETCH(bool, offeredAgain);
        // What an abnormal exit leaves: a scene file and no live process holding its lock.
        const QString left = Autosaver::folder() + QStringLiteral("/autosave-crashed.json");
        writeFile(left, kLeftScene);

        open();
        const attn::Scene before = m_model->scene();
        Answerer answerer(answer);
        m_window->startAutosave(kInterval);
        QTRY_COMPARE(answerer.answered, 1);
        QCOMPARE(answerer.name, QStringLiteral("recoveryPrompt"));

        if (recovered) {
            QCOMPARE(m_model->scene().method, attn::Method::Cosine);
            QCOMPARE(m_model->scene().temperature, 0.75);
            QVERIFY(m_model->scene().query == vec(-0.5, 2));
            QCOMPARE(m_model->keyCount(), 2);
            QCOMPARE(m_model->scene().values(0, 0), 1.0);
            QCOMPARE(m_model->scene().values(1, 1), -1.0);
            // Shown as unsaved work: untitled, modified, nothing to undo into.
            QVERIFY(m_window->document()->isModified());
            QVERIFY(m_window->isWindowModified());
            QVERIFY(m_window->document()->filePath().isEmpty());
            QVERIFY(m_window->windowTitle().startsWith(QStringLiteral("Untitled[*]")));
            QVERIFY(!m_window->editor()->undoStack()->canUndo());
            QVERIFY2(m_window->statusBar()->currentMessage().contains(QStringLiteral("Recovered")),
                     qPrintable(m_window->statusBar()->currentMessage()));
            // On disk at once under this session's name; the crashed session's copy is gone.
            QVERIFY(!QFileInfo::exists(left));
            QVERIFY(!onlyAutosave().isEmpty());
            QCOMPARE(temperatureIn(onlyAutosave()), 0.75);
        } else {
            QCOMPARE(m_model->scene().method, before.method);
            QCOMPARE(m_model->scene().temperature, before.temperature);
            QCOMPARE(m_model->scene().query, before.query);
            QVERIFY(!m_window->document()->isModified());
            QCOMPARE(QFileInfo::exists(left), offeredAgain);
        }

        // The next start asks again only after "Decide Later".
        closeQuietly();
        open();
        Answerer next(QStringLiteral("Decide Later"));
        m_window->startAutosave(kInterval);
        if (offeredAgain)
            QTRY_COMPARE(next.answered, 1);
        else
            QTest::qWait(200);
        QCOMPARE(next.answered, offeredAgain ? 1 : 0);
    }

    void recoveredSceneIsKeptBySaving()
    {
        writeFile(Autosaver::folder() + QStringLiteral("/autosave-crashed.json"), kLeftScene);
        open();
        Answerer recover(QStringLiteral("Recover"));
        m_window->startAutosave(kInterval);
        QTRY_COMPARE(recover.answered, 1);
        QVERIFY(m_window->document()->isModified());

        const QString file = m_dir->filePath(QStringLiteral("recovered.json"));
        QVERIFY(m_window->saveSceneAs(file));
        QVERIFY(!m_window->document()->isModified());
        QVERIFY(autosaveFiles(QStringLiteral(".json")).isEmpty());
        QCOMPARE(temperatureIn(file), 0.75);
        // Opening another file after a recovery starts clean: the unsaved mark does not stick.
        const QString other = m_dir->filePath(QStringLiteral("other.json"));
        writeFile(other, kFileScene);
        QVERIFY(m_window->editor()->setTemperature(2));
        m_window->editor()->setClean();
        QVERIFY(m_window->openScene(other));
        QVERIFY(!m_window->document()->isModified());
    }

    void unreadableLeftSceneIsReportedAndKept()
    {
        const QString left = Autosaver::folder() + QStringLiteral("/autosave-crashed.json");
        writeFile(left, kLeftScene.left(40));
        open();
        const attn::Scene before = m_model->scene();
        // Recover, then the warning that names the problem: the scene stays, and so does the file.
        Answerer answerer({QStringLiteral("Recover"), QStringLiteral("OK")});
        m_window->startAutosave(kInterval);
        QTRY_COMPARE(answerer.answered, 2);
        QVERIFY2(answerer.lastText.contains(QStringLiteral("cannot be read")),
                 qPrintable(answerer.lastText));
        QCOMPARE(m_model->scene().temperature, before.temperature);
        QVERIFY(!m_window->document()->isModified());
        QVERIFY(QFileInfo::exists(left));
    }

    void failedAutosaveIsReported()
    {
        open();
        m_window->startAutosave(kInterval);
        QVERIFY(m_window->editor()->setTemperature(2));
        QTRY_VERIFY(!onlyAutosave().isEmpty());
        QVERIFY(m_window->editor()->setTemperature(3));
        {
            // Full disk: nothing is printed meanwhile (the test log may be a file).
            DiskFull full(64);
            QVERIFY(full.active());
            const bool reported = QTest::qWaitFor(
                [this] { return !m_window->statusBar()->currentMessage().isEmpty(); }, 5000);
            Q_UNUSED(reported); // checked below, once printing is safe again
        }
        const QString message = m_window->statusBar()->currentMessage();
        QVERIFY2(message.contains(QStringLiteral("could not be autosaved")), qPrintable(message));
        // The earlier autosave is whole; with room again the next tick writes the new scene.
        QCOMPARE(temperatureIn(onlyAutosave()), 2.0);
        QTRY_COMPARE(temperatureIn(onlyAutosave()), 3.0);
    }

private:
    void open() { QVERIFY(openMainWindow(m_model, m_window)); }

    // Closes the window as a user who has nothing to keep: no question, a clean exit.
    void closeQuietly()
    {
        if (m_window) {
            m_window->editor()->setClean();
            m_window->close();
        }
        m_window.reset();
        m_model.reset();
    }

    std::unique_ptr<SceneModel> m_model;
    std::unique_ptr<MainWindow> m_window;
    std::unique_ptr<QTemporaryDir> m_dir;
};

QTEST_MAIN(TestAutosaveSession)
#include "tst_autosavesession.moc"
