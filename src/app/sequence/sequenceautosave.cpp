#include "sequence/sequenceautosave.h"

#include "core/sequencefile.h"
#include "document/recoveryprompt.h"
#include "model/errortext.h"
#include "model/sequencesession.h"
#include "model/trainingsession.h"
#include "sequence/sequencecloseguard.h"
#include "sequence/sequencewindow.h"
#include "sequence/trainingview.h"
#include "widgets/workerwait.h"

#include <QApplication>
#include <QLabel>
#include <QMessageBox>
#include <QPointer>
#include <QTimer>

#include <memory>
#include <optional>

namespace {
// Set by the app before its first Sequence window: windows of tests and of --export autosave
// nothing unless a test starts them itself.
std::optional<std::chrono::milliseconds> g_everyWindow;
// How often the question at start looks again whether another dialog is still open.
constexpr int kWaitForDialogMs = 250;
} // namespace

SequenceAutosave::SequenceAutosave(SequenceWindow *window)
    : QObject(window), m_window(window), m_session(window->session()),
      m_training(window->trainingView()->session())
{
    connect(&m_autosaver, &Autosaver::failed, this, &SequenceAutosave::message);
    connect(this, &SequenceAutosave::message, window, [window](const QString &text) {
        window->messageLabel()->setText(text);
        window->messageLabel()->setVisible(!text.isEmpty());
    });
    // Every edit and every new document; every step of a run.
    const auto changed = [this] {
        m_autosaver.markChanged();
        m_changedSinceSaved = true;
    };
    connect(m_session, &SequenceSession::changed, this, changed);
    connect(m_training, &TrainingSession::progressed, this, changed);
    connect(m_training, &TrainingSession::restarted, this, changed);
    // A file, a preset or a generated task holds the document as it is now (the Training tab has
    // already started again from it: its changed() came first).
    connect(m_session, &SequenceSession::opened, this, [this] {
        if (!m_recovering)
            takeSaved(bytes());
    });
    connect(m_session, &SequenceSession::saved, this, &SequenceAutosave::takeSaved);
    // Quitting normally ends the session; SIGTERM has terminate()d it before, which this leaves
    // as it is.
    connect(qApp, &QCoreApplication::aboutToQuit, &m_autosaver, &Autosaver::cleanExit);
    // Before anything is unsaved, the document is the window's first preset.
    m_saved = bytes();
    new SequenceCloseGuard(window, this);
    if (g_everyWindow)
        start(*g_everyWindow);
}

// Destroyed without a clean exit: the autosave stays, to be offered at the next start.
SequenceAutosave::~SequenceAutosave() = default;

void SequenceAutosave::startForEveryWindow(std::chrono::milliseconds interval)
{
    g_everyWindow = interval;
}

bool SequenceAutosave::start(std::chrono::milliseconds interval)
{
    if (m_autosaver.isStarted())
        return true;
    if (!m_autosaver.start([this] { return snapshot(); }, interval))
        return false;
    // What the window shows when it opens is a preset: nothing unsaved yet.
    takeSaved(bytes());
    return true;
}

Autosaver::Serialiser SequenceAutosave::snapshot() const
{
    // trainedDocument() is a value: the worker writes its own copy.
    if (m_training->step() > 0)
        return [document = m_training->trainedDocument(int(m_training->snapshots().size()) - 1)] {
            return QByteArray::fromStdString(attn::writeSequence(document));
        };
    return m_session->fileBytesLater();
}

QByteArray SequenceAutosave::bytes() const
{
    return snapshot()();
}

bool SequenceAutosave::hasUnsavedWork() const
{
    // Nothing happened since a file took the document: no need to make its bytes.
    if (!m_changedSinceSaved)
        return false;
    // The largest file takes seconds to write out as text: in a worker, the window repainting.
    // A Cancel counts as unsaved work: the question that follows lets the user decide.
    const auto unsaved = std::make_shared<bool>(true);
    const bool compared =
        WorkerWait::run(m_window, tr("Looking for unsaved changes in the Sequence window…"),
                        QStringLiteral("unsavedWorkProgress"),
                        [make = snapshot(), saved = m_saved, unsaved](const std::atomic<bool> &) {
                            *unsaved = make() != saved;
                        });
    return !compared || *unsaved;
}

void SequenceAutosave::takeSaved(const QByteArray &bytes)
{
    m_saved = bytes;
    m_changedSinceSaved = false;
    m_autosaver.setSavedBytes(bytes);
    // At once, not at the next tick: an autosave of work that a file now holds would be offered
    // back needlessly after a crash. In the worker: the comparison of the largest file's bytes
    // (and writing out an edited one) takes the window's thread too long.
    m_autosaver.requestAutosave();
}

bool SequenceAutosave::recover(QString *error)
{
    const QDateTime written = m_autosaver.recoverableTime();
    std::optional<attn::SequenceDocument> document;
    const auto text = m_autosaver.recoverBytes(
        [&document](const QByteArray &bytes, QString *why) {
            auto parsed =
                attn::parseSequence(std::string_view(bytes.constData(), std::size_t(bytes.size())));
            if (!parsed) {
                *why = ErrorText::describe(parsed.error(), ErrorText::FileKind::Sequence);
                return false;
            }
            document = std::move(parsed).value();
            return true;
        },
        error);
    if (!text)
        return false;
    // No file holds it: opening it must not count as opening a file (which would remove the
    // autosave that recoverBytes() has just written under this session's name).
    m_recovering = true;
    const bool opened = m_session->openDocument(std::move(*document));
    m_recovering = false;
    if (!opened) {
        if (error)
            *error = m_session->message();
        return false;
    }
    m_saved.clear();
    m_autosaver.setSavedBytes({});
    // recoverBytes() has written it under this session's name already; this only makes it the
    // last write the next ticks compare with.
    m_autosaver.requestAutosave();
    emit message(tr("Recovered the sequence autosaved at %1. Save it to keep it.")
                     .arg(RecoveryPrompt::timeText(written)));
    return true;
}

void SequenceAutosave::offerRecovery(QWidget *parent, std::function<SequenceWindow *()> openWindow,
                                     std::function<void(bool)> done)
{
    // One question at a time: the scene's comes first, from the same turn of the event loop.
    if (QApplication::activeModalWidget()) {
        QTimer::singleShot(
            kWaitForDialogMs, parent,
            [parent, openWindow = std::move(openWindow), done = std::move(done)]() mutable {
                offerRecovery(parent, std::move(openWindow), std::move(done));
            });
        return;
    }
    auto finish = [&done](bool recovered) {
        if (done)
            done(recovered);
    };
    Autosaver left(Autosaver::Kind::Sequence);
    if (!left.recoverable())
        return finish(false);
    switch (RecoveryPrompt::ask(parent, left.recoverableTime(), Autosaver::Kind::Sequence)) {
    case RecoveryPrompt::Answer::Discard:
        left.discard();
        return finish(false);
    case RecoveryPrompt::Answer::Later:
        return finish(false);
    case RecoveryPrompt::Answer::Recover:
        break;
    }
    SequenceWindow *window = openWindow();
    QString why = tr("The Sequence window cannot be opened.");
    if (window && window->autosave()->recover(&why))
        return finish(true);
    QMessageBox::warning(parent, tr("Recover Sequence"), why);
    finish(false);
}
