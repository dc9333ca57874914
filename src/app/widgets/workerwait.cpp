#include "widgets/workerwait.h"

#include <QEventLoop>
#include <QProgressDialog>
#include <QTimer>
#include <QWidget>
#include <QtConcurrent/QtConcurrentRun>

#include <memory>

namespace {
// Shorter work shows no dialog: it would only flash.
constexpr int kShowDialogAfterMs = 250;
} // namespace

bool WorkerWait::run(QWidget *parent, const QString &label, const QString &objectName, Work work)
{
    // Shared with the worker, which may outlive this call after a Cancel.
    const auto cancelled = std::make_shared<std::atomic<bool>>(false);
    QFuture<void> done =
        QtConcurrent::run([work = std::move(work), cancelled] { work(*cancelled); });
    QProgressDialog progress(label, tr("Cancel"), 0, 0, parent);
    progress.setObjectName(objectName);
    if (parent)
        progress.setWindowTitle(parent->window()->windowTitle());
    // Modal for the whole application: the caller waits in a nested event loop, which must not
    // be entered again (a second quit or save from another window).
    progress.setWindowModality(Qt::ApplicationModal);
    progress.setMinimumDuration(kShowDialogAfterMs);
    progress.setValue(0); // starts the clock of minimumDuration
    return waitFor(
        progress, [&done] { return done.isFinished(); }, *cancelled);
}

bool WorkerWait::waitFor(QProgressDialog &progress, const std::function<bool()> &finished,
                         std::atomic<bool> &cancelled)
{
    while (!finished()) {
        letEventsIn(true);
        if (progress.wasCanceled()) {
            cancelled.store(true);
            return false;
        }
    }
    return true;
}

void WorkerWait::letEventsIn(bool waiting)
{
    if (!waiting) {
        QCoreApplication::processEvents();
        return;
    }
    QEventLoop wait;
    QTimer::singleShot(kPollMs, &wait, &QEventLoop::quit);
    wait.exec();
}
