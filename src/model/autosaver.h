#pragma once

#include "core/scene.h"

#include <QByteArray>
#include <QDateTime>
#include <QFuture>
#include <QFutureWatcher>
#include <QMutex>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QStringList>
#include <QThreadPool>
#include <QTimer>

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <optional>

class QLockFile;
class SceneModel;

/// Never lose work. While the app runs, a document is written every interval to
/// <AppDataLocation>/autosave, but only when it changed since the last write; a lock file
/// (QLockFile: pid, host, program) marks the session as running. A clean exit removes both. After
/// a crash the autosave stays behind with a lock that no live process holds, and the next start
/// offers it. Every running instance has its own pair of files, so two windows never take each
/// other's work, and a running instance's autosave is never offered to another one.
///
/// One autosaver keeps one document of one kind (a scene, a sequence, a lesson): the kind names
/// its files ("autosave-<id>.json" for scenes, "sequence-autosave-<id>.json", …), so each kind
/// offers back only its own. The document is whatever bytes the serialiser that the provider
/// given to start() returns makes; the scene has its own start() that watches a SceneModel.
///
/// Threads: a tick takes only a copy of the document on the GUI thread (the provider's
/// serialiser); making it into bytes, comparing them with the last write and the saved file,
/// and the atomic write happen in this autosaver's own worker thread, one at a time and in
/// order (a newer tick while one works replaces the one waiting). The largest sequence takes
/// over a second to write out, which froze the window at every tick. Every change of what the
/// file should be (sceneSaved(), setSavedBytes(), setModified(), cleanExit()) counts one
/// generation more; a write of an earlier generation gives up instead of renaming, decided
/// under the lock under which such a change removes the file, so a late write never brings
/// back a file that was removed. saved() and failed() come on the GUI thread.
///
/// Wiring (AutosaveSession does it for the main window, SequenceAutosave for the Sequence
/// window): start() once the document exists; then, if recoverable(), ask the user and recover()
/// or discard(); setModified() or setSavedBytes() follow the document's unsaved changes;
/// cleanExit() when the user closes the window.
class Autosaver : public QObject
{
    Q_OBJECT

public:
    static constexpr std::chrono::milliseconds kDefaultInterval = std::chrono::minutes(1);

    /// What is autosaved; each kind has its own files and its own sentences.
    enum class Kind
    {
        Scene,
        Sequence,
        Lesson
    };
    /// The document as the bytes of its file, made when called, on the worker thread: it must
    /// hold its own copy of everything it reads, nothing shared with the live document (the
    /// core's documents are values: copying one copies everything). Empty when there is
    /// nothing to write.
    using Serialiser = std::function<QByteArray()>;
    /// Called on the GUI thread at each tick that has a change: takes the copy, which must be
    /// cheap (no serialising here). An empty serialiser: nothing to write.
    using SnapshotProvider = std::function<Serialiser()>;
    /// Checks recovered bytes before they are taken: false with a translated reason in *why.
    using Validator = std::function<bool(const QByteArray &bytes, QString *why)>;

    /// A scene autosaver.
    explicit Autosaver(QObject *parent = nullptr);
    explicit Autosaver(Kind kind, QObject *parent = nullptr);
    ~Autosaver() override;

    Kind kind() const { return m_kind; }

    /// The folder of the autosaves: <QStandardPaths::AppDataLocation>/autosave.
    static QString folder();

    /// Starts watching `model` (a scene autosaver): takes this session's lock, then writes the
    /// scene every `interval` if it changed. Returns false (with failed() emitted) when the folder
    /// cannot be created or locked; the app then runs on without autosave.
    bool start(SceneModel *model, std::chrono::milliseconds interval = kDefaultInterval);
    /// The same for any kind: `provider` gives the document's copy to be written, and the caller
    /// calls markChanged() after every change of the document.
    bool start(SnapshotProvider provider, std::chrono::milliseconds interval = kDefaultInterval);
    bool isStarted() const { return m_lock != nullptr; }
    /// The document changed: the next tick asks the provider for its bytes.
    void markChanged() { m_dirty = true; }
    /// The bytes that the document's file holds (it was just opened or saved; empty: no file
    /// holds it). While the provider gives exactly these, nothing is unsaved: no autosave is
    /// written and an earlier one goes. An alternative to setModified() for documents that
    /// have no "modified" flag of their own.
    void setSavedBytes(const QByteArray &bytes);

    /// Every started autosaver of this process terminate()s (SIGTERM, SIGHUP). Returns false when
    /// one of the last writes failed.
    static bool terminateAll();
    /// Removes the temporary files that autosaves killed before their final rename left in
    /// folder(), of every kind: at once for a session whose lock no live process holds (it can
    /// no longer finish that write), after a minute for one still running. Returns how many went.
    static int removeStrayTemporaries();

    /// True when an earlier session ended without cleanExit() and left a document of this kind
    /// that no running instance holds.
    bool recoverable() const;
    /// When the newest such document was written (for the question to the user).
    QDateTime recoverableTime() const;
    /// Loads the newest left scene (a scene autosaver). After start() it becomes this session's
    /// autosave at once and the earlier session's files are removed; before start() they stay.
    /// On failure returns nothing with a translated reason in *error and leaves the files
    /// (discard() removes them).
    std::optional<attn::Scene> recover(QString *error = nullptr);
    /// The same for any kind: the newest left document's bytes, once `accept` took them.
    std::optional<QByteArray> recoverBytes(const Validator &accept, QString *error = nullptr);
    /// Deletes every document of this kind that earlier sessions left (the user declined to
    /// recover them).
    void discard();

    /// What a tick does, at once: when the document changed, takes its copy and hands it to the
    /// worker (replacing a copy still waiting there), then returns; saved() or failed() come
    /// later.
    void requestAutosave();
    /// Writes now if the scene changed since the last write, and waits for the worker: when it
    /// returns, the autosave is what the document is (or gone, when a file holds it). False when
    /// the write failed (the scene stays due and the next tick tries again).
    bool autosaveNow();
    /// This session's autosave file (empty before start()).
    QString autosavePath() const;

    /// The user saved the scene to a file: nothing is unsaved, so the autosave goes until the
    /// next change. Called by itself on a document without a "modified" flag, it serialises the
    /// document on the GUI thread (to know what the next change is measured against).
    void sceneSaved();
    /// Whether the scene has changes that no file holds (the document's "modified"). Only then
    /// is it written; false removes the autosave, as sceneSaved() does. Until the first call
    /// every change counts as unsaved.
    void setModified(bool modified);
    bool isModified() const { return m_modified; }
    /// The app quits normally: removes this session's autosave and its lock. A write in flight
    /// gives up (it waits for it, at most the serialising it is in): nothing of it stays.
    void cleanExit();
    /// The app is being terminated (SIGTERM, SIGHUP): waits for a write in flight, writes the
    /// unsaved scene one last time, whatever the timer's phase, and removes the lock but keeps
    /// the autosave, so that the next start offers it. Returns false when that last write
    /// failed.
    bool terminate();

signals:
    void saved(const QString &path);
    /// One translated sentence, for the status bar.
    void failed(const QString &message);

private:
    struct Orphan
    {
        QString scenePath;
        QString lockPath;
        QDateTime written;
    };
    /// One tick's work for the worker: the document's copy and the generation it belongs to.
    struct Job
    {
        Serialiser serialise;
        quint64 generation = 0;
    };
    /// What the worker did.
    struct Outcome
    {
        enum class Kind
        {
            Unchanged, ///< nothing to write: empty, or what the last write wrote
            Written,   ///< `bytes` are the autosave now
            Removed,   ///< a file holds the document: the autosave went
            Failed,    ///< the write failed for `reason`; the earlier autosave is whole
            Withdrawn  ///< a later generation came first: the file was not touched
        };
        Kind kind = Kind::Unchanged;
        quint64 generation = 0;
        QByteArray bytes;
        QString reason;
    };
    /// On the worker: touches only the arguments, the file and m_fileLock / m_generation.
    Outcome run(const Job &job, const QByteArray &saved, const QByteArray &lastWritten,
                const QString &path);
    void launch();
    void workerFinished();
    /// Takes an outcome in (GUI thread): false when it is a failed write.
    bool finish(const Outcome &outcome);
    /// Waits until the worker has written every copy handed to it; false when the last failed.
    bool drain();
    /// What the file should be changes: one generation more (a write in flight or waiting gives
    /// up), and `change` to the file under the same lock.
    void invalidate(const std::function<void()> &change = {});
    QList<Orphan> orphans() const;
    void removeStaleLocks() const;
    static void removeOrphan(const Orphan &orphan);
    bool write(const QByteArray &text);
    bool begin(std::chrono::milliseconds interval);
    QString prefix() const;
    /// "The scene could not be autosaved to %1: %2" in this kind's words.
    QString writeFailure(const QString &path, const QString &reason) const;
    QString nothingToRecover() const;
    QString unreadable(const QString &why) const;
    QString cannotCopy(const QString &path) const;

    Kind m_kind = Kind::Scene;
    SnapshotProvider m_provider;
    QPointer<SceneModel> m_model;
    QByteArray m_savedBytes;
    QTimer m_timer;
    std::unique_ptr<QLockFile> m_lock;
    QString m_id;
    QByteArray m_lastWritten;
    bool m_dirty = false;
    bool m_modified = true;

    // Held by the worker through its rename or removal, by the GUI thread through its changes of
    // the file and of m_generation (which the worker also reads without it, to skip work early).
    QMutex m_fileLock;
    std::atomic<quint64> m_generation{0};
    std::optional<Job> m_pending; ///< the newest copy, waiting for the worker
    bool m_busy = false;          ///< a job runs (or its outcome is not taken in yet)
    QFuture<Outcome> m_running;
    QFutureWatcher<Outcome> m_watcher;
    // Declared last, so that it is gone (its thread finished) before what its job uses.
    QThreadPool m_pool;
};
