#pragma once

#include <QCoreApplication>
#include <QString>

#include <atomic>
#include <functional>

class QWidget;

/// Work that may take seconds (writing out the largest sequence file) done in a worker thread
/// while the window keeps repainting: the caller's event loop turns every few milliseconds, and
/// after a quarter of a second an application-modal progress dialog says what is happening and offers
/// Cancel.
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
};
