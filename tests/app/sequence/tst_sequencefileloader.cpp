// Opening a sequence file in the Sequence window reads it in a worker thread, and computes there
// what the open needs from the whole file (the Training tab's starting loss over every example,
// the file's bytes): the largest file the limits allow opens, with the same numbers as a plain
// loop over its examples; a Cancel while it is read, or while its examples are run, returns at
// once and leaves the document on show, its undo history, the Training tab and the file on disk
// exactly as they were; and a damaged file is refused in the same words as before.

#include "common/largestsequence.h"
#include "common/plainsequencenumbers.h"
#include "common/sanitizers.h"
#include "core/sequencefile.h"
#include "core/sequenceforward.h"
#include "model/sequencesession.h"
#include "model/trainingsession.h"
#include "sequence/sequenceautosave.h"
#include "sequence/sequencewindow.h"
#include "sequence/trainingview.h"

#include <QCryptographicHash>
#include <QElapsedTimer>
#include <QFile>
#include <QLabel>
#include <QProgressDialog>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <cmath>

namespace {
QByteArray hashOf(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256);
}
} // namespace

// Opens the largest file in `window` and checks the document, the Training tab's start (against
// a plain loop over every example) and that nothing is unsaved.
void theLargestFileOpensIn(SequenceWindow &window, const QString &path)
{
    QVERIFY(window.openFile(path));
    const attn::SequenceDocument &d = window.session()->document();
    QCOMPARE(d.model.layerCount(), attn::kMaxSequenceLayers);
    QCOMPARE(int(d.examples.size()), attn::kMaxExamples);
    QCOMPARE(int(d.heldOut.size()), attn::kMaxExamples);
    QVERIFY(window.session()->hasResult());
    // What was there before the file is one undo away, as with any load.
    QVERIFY(window.session()->canUndo());
    // The Training tab starts from the file's model, with the loss measured in the worker.
    const TrainingSession *training = window.trainingView()->session();
    QCOMPARE(training->snapshots().size(), std::size_t(1));
    const TrainingSnapshot &start = training->snapshots().front();
    QCOMPARE(start.step, 0);
    const PlainNumbers train = plainNumbers(d.model, d.examples);
    const PlainNumbers held = plainNumbers(d.model, d.heldOut);
    QVERIFY(start.loss && start.accuracy && start.heldOutLoss && start.heldOutAccuracy);
    QVERIFY2(std::abs(*start.loss - train.loss) <= 1e-9 * std::abs(train.loss),
             qPrintable(QStringLiteral("%1 vs %2").arg(*start.loss).arg(train.loss)));
    QCOMPARE(*start.accuracy, train.accuracy);
    QVERIFY(std::abs(*start.heldOutLoss - held.loss) <= 1e-9 * std::abs(held.loss));
    QCOMPARE(*start.heldOutAccuracy, held.accuracy);
    // No example repeats a token (token t of example e is 31e + 7t mod 256, and 7t differs
    // for every t < 64): no position counts towards an induction score.
    QCOMPARE(start.induction.counted, 0LL);
    // The bytes the worker wrote are the file's (which writeSequence() wrote): nothing is
    // unsaved, and the window's sentence is the first example.
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(window.session()->fileBytes(), f.readAll());
    QVERIFY(!window.autosave()->hasUnsavedWork());
    QCOMPARE(window.session()->tokens(), d.examples.front().tokens);
}

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
        // And the same file opens afterwards, in the same window (each open of it runs the model
        // over 2,048 examples: one open serves both checks).
        theLargestFileOpensIn(window, m_largest);
    }

    void cancelWhileRunningTheExamplesChangesNothing()
    {
        SequenceWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        SequenceSession *session = window.session();
        QVERIFY(session->setText(session->text()));
        const QByteArray before = session->fileBytes();
        const int depth = session->undoDepth();
        const TrainingSession *training = window.trainingView()->session();
        const std::optional<double> lossBefore = training->snapshots().front().loss;
        const int examplesBefore = int(training->document().examples.size());

        // The parse is over when the dialog says the examples are being run: Cancel then.
        QElapsedTimer sinceCancel;
        QTimer poll;
        connect(&poll, &QTimer::timeout, this, [&] {
            auto *dialog =
                window.findChild<QProgressDialog *>(QStringLiteral("sequenceReadProgress"));
            if (!dialog || !dialog->isVisible() || sinceCancel.isValid() ||
                !dialog->labelText().startsWith(QStringLiteral("Running the model")))
                return;
            sinceCancel.start();
            QTest::mouseClick(dialog->findChild<QPushButton *>(), Qt::LeftButton);
        });
        poll.start(10);
        const bool opened = window.openFile(m_largest);
        const qint64 cancelMs = sinceCancel.isValid() ? sinceCancel.elapsed() : -1;
        poll.stop();
        QVERIFY2(sinceCancel.isValid(), "the examples were never run under the dialog");
        QVERIFY(!opened);
        QVERIFY2(cancelMs < 2000, qPrintable(QString::number(cancelMs)));
        QCOMPARE(session->fileBytes(), before);
        QCOMPARE(session->undoDepth(), depth);
        QCOMPARE(training->snapshots().size(), std::size_t(1));
        QCOMPARE(training->snapshots().front().loss, lossBefore);
        QCOMPARE(int(training->document().examples.size()), examplesBefore);
        QVERIFY(window.messageLabel()->text().contains(QStringLiteral("cancelled")));
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
