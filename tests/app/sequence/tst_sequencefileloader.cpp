// Opening a sequence file in the Sequence window reads it in a worker thread: the largest file
// the limits allow opens, a Cancel in the middle of reading it returns at once and leaves the
// document on show, its undo history and the file on disk exactly as they were, and a damaged
// file is refused in the same words as before.

#include "common/largestsequence.h"
#include "common/sanitizers.h"
#include "core/sequencefile.h"
#include "model/sequencesession.h"
#include "sequence/sequencewindow.h"

#include <QCryptographicHash>
#include <QElapsedTimer>
#include <QFile>
#include <QLabel>
#include <QProgressDialog>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

namespace {
QByteArray hashOf(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256);
}
} // namespace

class TestSequenceFileLoader : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_largest;

private slots:
    void initTestCase()
    {
        if (kUnderSanitizers)
            QSKIP("the largest file is opened in the normal build (several times slower here)");
        QVERIFY(m_dir.isValid());
        const std::string text = testfiles::largestSequenceText();
        QVERIFY(text.size() <= attn::kMaxSequenceBytes);
        QVERIFY(text.size() > 20'000'000); // the size the limits allow, not a toy
        m_largest = m_dir.filePath(QStringLiteral("largest.json"));
        QFile f(m_largest);
        QVERIFY(f.open(QIODevice::WriteOnly));
        QCOMPARE(f.write(text.data(), qint64(text.size())), qint64(text.size()));
    }

    void theLargestFileOpens()
    {
        SequenceWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.openFile(m_largest));
        const attn::SequenceDocument &d = window.session()->document();
        QCOMPARE(d.model.layerCount(), attn::kMaxSequenceLayers);
        QCOMPARE(int(d.examples.size()), attn::kMaxExamples);
        QCOMPARE(int(d.heldOut.size()), attn::kMaxExamples);
        QVERIFY(window.session()->hasResult());
        // What was there before the file is one undo away, as with any load.
        QVERIFY(window.session()->canUndo());
    }

    void cancelWhileReadingChangesNothing()
    {
        SequenceWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        SequenceSession *session = window.session();
        QVERIFY(session->setText(session->text())); // something in the history
        const QByteArray before = session->fileBytes();
        const int depth = session->undoDepth();
        const QByteArray onDisk = hashOf(m_largest);

        // Cancel while the worker parses, as a user would once the dialog is up: the dialog's
        // own Cancel button.
        QElapsedTimer sinceCancel;
        bool dialogShown = false;
        QTimer poll;
        connect(&poll, &QTimer::timeout, this, [&] {
            auto *dialog =
                window.findChild<QProgressDialog *>(QStringLiteral("sequenceReadProgress"));
            if (!dialog || !dialog->isVisible() || sinceCancel.isValid())
                return;
            dialogShown = true;
            sinceCancel.start();
            QTest::mouseClick(dialog->findChild<QPushButton *>(), Qt::LeftButton);
        });
        poll.start(20);
        const bool opened = window.openFile(m_largest);
        const qint64 cancelMs = sinceCancel.isValid() ? sinceCancel.elapsed() : -1;
        poll.stop();
        QVERIFY2(dialogShown, "no progress dialog while the largest file was read");
        QVERIFY(!opened);
        QVERIFY2(sinceCancel.isValid(), "the read finished before the cancel");
        // openFile() returns as soon as Cancel is pressed; 100 ms is the goal (bench_longwork
        // measures it), the bound here is generous for slow machines.
        QVERIFY2(cancelMs < 2000, qPrintable(QString::number(cancelMs)));
        QCOMPARE(session->fileBytes(), before);
        QCOMPARE(session->undoDepth(), depth);
        QCOMPARE(hashOf(m_largest), onDisk);
        QVERIFY(window.messageLabel()->text().contains(QStringLiteral("cancelled")));
        // And the same file opens afterwards.
        QVERIFY(window.openFile(m_largest));
        QCOMPARE(int(session->document().examples.size()), attn::kMaxExamples);
    }

    void aDamagedFileIsRefusedAsBefore()
    {
        SequenceWindow window;
        const QByteArray before = window.session()->fileBytes();
        const QString bad = m_dir.filePath(QStringLiteral("bad.json"));
        QFile f(bad);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"format\": \"attention-canvas-sequence\", \"version\": 1, \"layers\": [}");
        f.close();
        QVERIFY(!window.openFile(bad));
        QVERIFY(!window.messageLabel()->text().isEmpty());
        QCOMPARE(window.session()->fileBytes(), before);
    }
};

QTEST_MAIN(TestSequenceFileLoader)
#include "tst_sequencefileloader.moc"
