#include "sequence/sequencefilesaver.h"

#include "model/savedfiles.h"
#include "model/scenestorage.h"
#include "widgets/workerwait.h"

#include <QFileInfo>

#include <memory>

SequenceFileSaver::Result SequenceFileSaver::save(QWidget *parent, const QString &path,
                                                  std::function<QByteArray()> make)
{
    // On the list of saves before the first byte (as writeAtomically() does for a save here):
    // a save killed half-way is the one whose temporary file the next start must find. The list
    // lives in the settings, which belong to this thread.
    SavedFiles::remember(path);
    // The worker may outlive a Cancel: it writes into its own share.
    const auto result = std::make_shared<Result>();
    const bool finished = WorkerWait::run(
        parent, tr("Saving %1…").arg(QFileInfo(path).fileName()), QStringLiteral("saveProgress"),
        [path, make = std::move(make), result](const std::atomic<bool> &cancelled) {
            const QByteArray bytes = make();
            // A Cancel during the write removes the temporary file instead of renaming it.
            SceneStorage::LastWord word{nullptr, [&cancelled] { return !cancelled.load(); }};
            QString reason;
            if (SceneStorage::writeAtomically(path, bytes, &reason, SceneStorage::Record::No,
                                              &word)) {
                result->outcome = Outcome::Written;
                result->bytes = bytes;
            } else {
                result->outcome = word.withdrawn ? Outcome::Cancelled : Outcome::Failed;
                result->reason = reason;
            }
        });
    if (!finished) {
        Result cancelled;
        cancelled.outcome = Outcome::Cancelled;
        return cancelled;
    }
    return *result;
}
