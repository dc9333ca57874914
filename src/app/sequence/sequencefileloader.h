#pragma once

#include "core/cancelflag.h"
#include "core/sequencedocument.h"
#include "model/sequenceopening.h"

#include <QObject>
#include <QPointer>
#include <QString>

#include <memory>
#include <optional>

class QEventLoop;
class QProgressDialog;
class QWidget;

/// Reads a sequence file in a worker thread and computes there what opening it costs
/// (SequenceOpening: the Training tab's starting loss over every example, the file's bytes): for
/// the largest file the limits allow the parser takes about a second and the rest far longer,
/// during which the window must keep repainting. Meanwhile a window-modal progress dialog (after
/// a short delay, so that small files never flash one) offers Cancel, which returns at once and
/// stops the worker within milliseconds; the document on show is never touched here, only
/// handed the finished result by the caller.
class SequenceFileLoader : public QObject
{
    Q_OBJECT

public:
    enum class Outcome
    {
        Read,     ///< opening() holds the file
        Failed,   ///< error() says why (translated)
        Cancelled ///< the user cancelled; nothing was read
    };

    /// The progress dialog shows only when reading takes longer than this.
    static constexpr int kDialogDelayMs = 250;

    /// The dialog is a child of `window` and modal over it. Not a child itself: should the
    /// window close while read() runs the loop, read() still returns (and says Cancelled).
    explicit SequenceFileLoader(QWidget *window);
    ~SequenceFileLoader() override;

    /// Reads `path`, running the event loop meanwhile, and returns when the worker is done or
    /// the user cancelled.
    Outcome read(const QString &path);
    /// The file's document and what opening it needs, after Outcome::Read.
    std::optional<SequenceOpening> &opening() { return m_opening; }
    QString error() const { return m_error; }

    /// Cancels a read in progress (what the dialog's Cancel does): read() returns Cancelled.
    void cancel();
    /// The dialog while a read is in progress (it may not be on screen yet), else null.
    QProgressDialog *progressDialog() const;

private:
    QPointer<QWidget> m_window;
    QPointer<QProgressDialog> m_dialog;
    QEventLoop *m_loop = nullptr;
    std::shared_ptr<attn::CancelFlag> m_cancel;
    bool m_cancelled = false;
    std::optional<SequenceOpening> m_opening;
    QString m_error;
};
