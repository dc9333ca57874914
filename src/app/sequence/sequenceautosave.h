#pragma once

#include "model/autosaver.h"

#include <QByteArray>
#include <QObject>

#include <chrono>
#include <functional>

class QWidget;
class SequenceSession;
class SequenceWindow;
class TrainingSession;

/// The Sequence window's side of "never lose work", on the same Autosaver as the scene's (kind
/// Sequence). The document is the sequence file the window would write: the trained model when
/// the Training tab has trained it (the newest step, as "Save trained model" writes it: the
/// trained parameters are the work), else the model with the sentence as its first example (as
/// "Save as" writes it). The run's record (curves and snapshots) is not kept: it can be several
/// times the model's size. While the document equals what a file holds (just opened, a preset,
/// a generated task, just saved) nothing is written and an earlier autosave goes.
///
/// A recovered sequence opens in the Sequence window as an undoable open, unsaved.
class SequenceAutosave : public QObject
{
    Q_OBJECT

public:
    /// Watches `window`'s session and its Training tab's run; starts at once when
    /// startForEveryWindow() was called (the app does, tests and --export do not).
    explicit SequenceAutosave(SequenceWindow *window);
    ~SequenceAutosave() override;

    /// Every Sequence window made from now on autosaves every `interval`.
    static void
    startForEveryWindow(std::chrono::milliseconds interval = Autosaver::kDefaultInterval);

    bool start(std::chrono::milliseconds interval = Autosaver::kDefaultInterval);
    bool isStarted() const { return m_autosaver.isStarted(); }
    Autosaver *autosaver() { return &m_autosaver; }
    /// The document as it would be autosaved now.
    QByteArray bytes() const;
    /// The same to be made later, by the autosave's worker: a copy of the document as it is now
    /// (the trained model's, or the session's fileBytesLater()).
    Autosaver::Serialiser snapshot() const;
    /// True when no file holds bytes(): edits, a trained model, a recovered document. Only the
    /// question before quitting asks it: after a change it makes the bytes in a worker, with
    /// progress after a quarter of a second (a Cancel there counts as unsaved work).
    bool hasUnsavedWork() const;

    /// Opens the newest sequence that an earlier session left in the window (undo brings back
    /// what was there) and autosaves it at once under this session's name. False with a
    /// translated reason in *error when there is none or it cannot be read (it is then kept).
    bool recover(QString *error = nullptr);

    /// At start, when an earlier session left a sequence: asks (RecoveryPrompt) and, on Recover,
    /// gets the Sequence window from `openWindow` (which shows it) and recovers into it; on
    /// Discard deletes it. Waits while another dialog is open (the scene's question comes
    /// first). Returns at once; `done` (if given) is called with true when a sequence was
    /// recovered.
    static void offerRecovery(QWidget *parent, std::function<SequenceWindow *()> openWindow,
                              std::function<void(bool)> done = {});

signals:
    /// One translated sentence (a failed autosave, a recovered sequence).
    void message(const QString &text);

private:
    void takeSaved(const QByteArray &bytes);

    SequenceWindow *m_window;
    SequenceSession *m_session;
    TrainingSession *m_training;
    Autosaver m_autosaver{Autosaver::Kind::Sequence};
    bool m_recovering = false;
    QByteArray m_saved; ///< what a file holds (empty: none)
    /// An edit, an undo or a training step came since m_saved was taken (it may be an undo back
    /// to it: only the bytes can tell).
    bool m_changedSinceSaved = false;
};
