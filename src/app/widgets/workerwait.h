#pragma once

#include <QCoreApplication>
#include <QString>

#include <atomic>
#include <functional>

class QProgressDialog;
class QWidget;

/// Work that may take seconds (writing out the largest sequence file) done in a worker thread
/// while the window keeps repainting: the caller's event loop turns every few milliseconds, and
/// after a quarter of a second an application-modal progress dialog says what is happening and
/// offers Cancel.
///
/// The work gets a flag that Cancel sets and must share (capture by value) everything it
/// touches: after a Cancel, run() returns at once and the worker finishes on its own (a save,
/// for example, then withdraws its temporary file before the rename).
class WorkerWait
{
    Q_DECLARE_TR_FUNCTIONS(WorkerWait)

public:
    using Work = std::function<void(const std::atomic<bool> &cancelled)>;

    /// Runs `work` and returns when it is done (true) or cancelled (false). `label` is the
    /// dialog's sentence; the dialog is named `objectName` for tests.
    static bool run(QWidget *parent, const QString &label, const QString &objectName, Work work);
    /// The wait itself, for work started elsewhere with a dialog of its own (the PNG encoder
    /// after the bands): turns the event loop until `finished()` is true (true) or the dialog
    /// is cancelled, which sets `cancelled` for the worker (false).
    static bool waitFor(QProgressDialog &progress, const std::function<bool()> &finished,
                        std::atomic<bool> &cancelled);
    /// Between two steps of long work run from a window (an export's frames, a wait for a
    /// worker): the events (the window repaints, Cancel is heard), and while a worker is busy
    /// (`waiting`) a pause of kPollMs with them.
    static void letEventsIn(bool waiting);
    /// How often (ms) a window that waits for a worker looks whether it is done.
    static constexpr int kPollMs = 5;
};
