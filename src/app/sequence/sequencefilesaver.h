#pragma once

#include <QByteArray>
#include <QCoreApplication>
#include <QString>

#include <functional>

class QWidget;

/// Saves a sequence file without holding the window: the largest file the limits allow takes
/// seconds to write out as text, so the bytes are made and written in a worker (WorkerWait),
/// with progress and Cancel after a quarter of a second. All or nothing, as every save
/// (SceneStorage::writeAtomically): a Cancel or a failure leaves the earlier file as it was.
class SequenceFileSaver
{
    Q_DECLARE_TR_FUNCTIONS(SequenceFileSaver)

public:
    enum class Outcome
    {
        Written,
        Failed,   ///< `reason` says why, in the system's words
        Cancelled ///< the file was not touched
    };
    struct Result
    {
        Outcome outcome = Outcome::Failed;
        QByteArray bytes; ///< what was written
        QString reason;
    };

    /// `make` runs in the worker: it must hold its own copy of the document (as
    /// SequenceSession::fileBytesLater() does).
    static Result save(QWidget *parent, const QString &path, std::function<QByteArray()> make);
};
