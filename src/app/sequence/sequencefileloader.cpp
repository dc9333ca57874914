#include "sequence/sequencefileloader.h"

#include "core/cancellableread.h"
#include "model/errortext.h"
#include "model/scenestorage.h"

#include <QDir>
#include <QEventLoop>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QProgressDialog>
#include <QPromise>
#include <QWidget>
#include <QtConcurrentRun>

namespace {
struct ReadResult
{
    std::optional<SequenceOpening> opening;
    QString error;
};
} // namespace

SequenceFileLoader::SequenceFileLoader(QWidget *window) : m_window(window) {}

SequenceFileLoader::~SequenceFileLoader()
{
    // A worker still reading sees the flag and ends by itself; it owns what it uses.
    if (m_cancel)
        m_cancel->store(true);
}

SequenceFileLoader::Outcome SequenceFileLoader::read(const QString &path)
{
    m_opening.reset();
    m_error.clear();
    m_cancelled = false;
    // Shared with the worker, which may outlive this object after a Cancel.
    m_cancel = std::make_shared<attn::CancelFlag>(false);
    const std::shared_ptr<attn::CancelFlag> flag = m_cancel;

    // On the heap: should the window close while the loop runs, it takes the dialog with it.
    m_dialog = new QProgressDialog(tr("Reading %1…").arg(QDir::toNativeSeparators(path)),
                                   tr("Cancel"), 0, 0, m_window);
    m_dialog->setObjectName(QStringLiteral("sequenceReadProgress"));
    m_dialog->setWindowTitle(tr("Open a sequence file"));
    m_dialog->setWindowModality(Qt::WindowModal);
    m_dialog->setAutoReset(false);
    m_dialog->setAutoClose(false);
    // A busy indicator (the parser cannot say how far it is), shown only if reading is slow.
    m_dialog->setMinimumDuration(kDialogDelayMs);
    m_dialog->setValue(0);

    QEventLoop loop;
    m_loop = &loop;
    QFutureWatcher<ReadResult> watcher;
    connect(&watcher, &QFutureWatcherBase::finished, &loop, &QEventLoop::quit);
    connect(m_dialog, &QProgressDialog::canceled, this, &SequenceFileLoader::cancel);
    // The worker says when the parse is over (through its future, which outlives this object).
    const QString measuring =
        tr("Running the model on every example of %1…").arg(QFileInfo(path).fileName());
    connect(&watcher, &QFutureWatcherBase::progressValueChanged, this, [this, measuring] {
        if (m_dialog)
            m_dialog->setLabelText(measuring);
    });
    watcher.setFuture(QtConcurrent::run([path, flag](QPromise<ReadResult> &promise) {
        ReadResult r;
        std::optional<attn::SequenceDocument> document;
        const std::optional<QByteArray> bytes = SceneStorage::probe(path);
        if (!bytes) {
            // Missing, not a regular file, too large: refused before anything is parsed, in
            // the words the storage uses for sequence files.
            document = SceneStorage::loadSequence(path, &r.error);
        } else {
            auto parsed = attn::parseSequence(
                std::string_view(bytes->constData(), std::size_t(bytes->size())), flag.get());
            if (parsed)
                document = std::move(parsed).value();
            else if (!attn::isCancellation(parsed.error()))
                r.error = ErrorText::describe(parsed.error(), ErrorText::FileKind::Sequence);
        }
        if (document) {
            promise.setProgressRange(0, 1);
            promise.setProgressValue(1);
            // Nullopt only when cancelled: the caller then ignores the result.
            r.opening = SequenceOpening::prepare(std::move(*document), flag.get());
        }
        promise.addResult(std::move(r));
    }));
    if (!watcher.isFinished() && !m_cancelled)
        loop.exec();
    m_loop = nullptr;
    delete m_dialog;
    if (m_cancelled || !watcher.isFinished())
        return Outcome::Cancelled;
    ReadResult r = watcher.future().takeResult();
    if (!r.opening) {
        m_error = r.error;
        return Outcome::Failed;
    }
    m_opening = std::move(r.opening);
    return Outcome::Read;
}

QProgressDialog *SequenceFileLoader::progressDialog() const
{
    return m_dialog;
}

void SequenceFileLoader::cancel()
{
    if (m_cancel)
        m_cancel->store(true);
    m_cancelled = true;
    if (m_loop)
        m_loop->quit();
}
