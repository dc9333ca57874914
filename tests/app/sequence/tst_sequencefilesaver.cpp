// Saving a sequence file without holding the window (SequenceFileSaver on WorkerWait): the bytes
// are made and written in a worker while the event loop keeps turning; after a quarter of a
// second a progress dialog offers Cancel, and a Cancel returns at once and leaves the earlier
// file whole, with no temporary file beside it once the worker is done. The dialog's Cancel gets
// a real mouse click.

#include "common/testsettings.h"
#include "sequence/sequencefilesaver.h"

#include <QDir>
#include <QFile>
#include <QProgressDialog>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <QThreadPool>
#include <QTimer>
#include <QWidget>

#include <atomic>
#include <memory>

namespace {
QByteArray contents(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// The file names in `dir` but `keep`.
QStringList othersIn(const QString &dir, const QString &keep)
{
    QStringList names = QDir(dir).entryList(QDir::Files | QDir::Hidden);
    names.removeAll(keep);
    return names;
}
} // namespace

class TestSequenceFileSaver : public QObject
{
    Q_OBJECT
    testsettings::Isolated m_isolated{"tst_sequencefilesaver"};

private slots:
    void writesTheBytesAndKeepsTheWindowTurning()
    {
        QWidget window;
        window.show();
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("model.json"));
        // A timer of the window's thread fires while the worker is still making the bytes.
        auto made = std::make_shared<std::atomic<bool>>(false);
        bool tickedWhileWorking = false;
        QTimer::singleShot(20, &window, [&] { tickedWhileWorking = !made->load(); });
        const SequenceFileSaver::Result result = SequenceFileSaver::save(&window, path, [made] {
            QThread::msleep(150);
            made->store(true);
            return QByteArray("{\"format\": 1}\n");
        });
        QCOMPARE(int(result.outcome), int(SequenceFileSaver::Outcome::Written));
        QVERIFY(tickedWhileWorking);
        QCOMPARE(result.bytes, QByteArray("{\"format\": 1}\n"));
        QCOMPARE(contents(path), result.bytes);
        QVERIFY(othersIn(dir.path(), QStringLiteral("model.json")).isEmpty());
    }

    void failureSaysWhyAndWritesNothing()
    {
        QWidget window;
        QTemporaryDir dir;
        const SequenceFileSaver::Result result = SequenceFileSaver::save(
            &window, dir.filePath(QStringLiteral("no/such/folder/model.json")),
            [] { return QByteArray("{}\n"); });
        QCOMPARE(int(result.outcome), int(SequenceFileSaver::Outcome::Failed));
        QVERIFY(!result.reason.isEmpty());
        QVERIFY(QDir(dir.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot).isEmpty());
    }

    void cancelReturnsAtOnceAndKeepsTheEarlierFile()
    {
        QWidget window;
        window.resize(400, 300);
        window.show();
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("model.json"));
        {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("earlier\n");
        }
        // The dialog appears after a quarter of a second; Cancel gets a real click.
        bool clicked = false;
        QTimer poll;
        connect(&poll, &QTimer::timeout, &window, [&] {
            auto *dialog = window.findChild<QProgressDialog *>(QStringLiteral("saveProgress"));
            if (clicked || !dialog || !dialog->isVisible())
                return;
            const auto buttons = dialog->findChildren<QPushButton *>();
            QCOMPARE(buttons.size(), 1);
            clicked = true;
            QTest::mouseClick(buttons.constFirst(), Qt::LeftButton);
        });
        poll.start(10);
        auto finished = std::make_shared<std::atomic<bool>>(false);
        const SequenceFileSaver::Result result = SequenceFileSaver::save(&window, path, [finished] {
            QThread::msleep(1500);
            finished->store(true);
            return QByteArray("new\n");
        });
        poll.stop();
        QVERIFY(clicked);
        QCOMPARE(int(result.outcome), int(SequenceFileSaver::Outcome::Cancelled));
        // Back before the worker was done: the Cancel did not wait for it.
        QVERIFY(!finished->load());
        QThreadPool::globalInstance()->waitForDone();
        QVERIFY(finished->load());
        QCOMPARE(contents(path), QByteArray("earlier\n"));
        QCOMPARE(othersIn(dir.path(), QStringLiteral("model.json")), QStringList());
    }
};

QTEST_MAIN(TestSequenceFileSaver)
#include "tst_sequencefilesaver.moc"
