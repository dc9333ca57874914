#pragma once

#include "core/scene.h"

#include <QByteArray>
#include <QDateTime>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QStringList>
#include <QTimer>

#include <chrono>
#include <memory>
#include <optional>

class QLockFile;
class SceneModel;

/// Never lose work. While the app runs, the scene is written every interval to
/// <AppDataLocation>/autosave, but only when it changed since the last write; a lock file
/// (QLockFile: pid, host, program) marks the session as running. A clean exit removes both. After
/// a crash the autosave stays behind with a lock that no live process holds, and the next start
/// offers it. Every running instance has its own pair of files, so two windows never take each
/// other's work, and a running instance's autosave is never offered to another one.
///
/// Wiring (AutosaveSession does it for the window): start() once the model exists; then, if
/// recoverable(), ask the user and recover() or discard(); setModified() follows the document's
/// unsaved changes; cleanExit() when the user closes the window.
class Autosaver : public QObject
{
    Q_OBJECT

public:
    static constexpr std::chrono::milliseconds kDefaultInterval = std::chrono::minutes(1);

    explicit Autosaver(QObject *parent = nullptr);
    ~Autosaver() override;

    /// The folder of the autosaves: <QStandardPaths::AppDataLocation>/autosave.
    static QString folder();

    /// Starts watching `model`: takes this session's lock, then writes the scene every
    /// `interval` if it changed. Returns false (with failed() emitted) when the folder cannot be
    /// created or locked; the app then runs on without autosave.
    bool start(SceneModel *model, std::chrono::milliseconds interval = kDefaultInterval);
    bool isStarted() const { return m_lock != nullptr; }

    /// True when an earlier session ended without cleanExit() and left a scene that no running
    /// instance holds.
    bool recoverable() const;
    /// When the newest such scene was written (for the question to the user).
    QDateTime recoverableTime() const;
    /// Loads the newest left scene. After start() it becomes this session's autosave at once and
    /// the earlier session's files are removed; before start() they stay. On failure returns
    /// nothing with a translated reason in *error and leaves the files (discard() removes them).
    std::optional<attn::Scene> recover(QString *error = nullptr);
    /// Deletes every scene that earlier sessions left (the user declined to recover them).
    void discard();

    /// Writes now if the scene changed since the last write; false when the write failed (the
    /// scene stays due and the next tick tries again).
    bool autosaveNow();
    /// This session's autosave file (empty before start()).
    QString autosavePath() const;

    /// The user saved the scene to a file: nothing is unsaved, so the autosave goes until the
    /// next change.
    void sceneSaved();
    /// Whether the scene has changes that no file holds (the document's "modified"). Only then
    /// is it written; false removes the autosave, as sceneSaved() does. Until the first call
    /// every change counts as unsaved.
    void setModified(bool modified);
    bool isModified() const { return m_modified; }
    /// The app quits normally: removes this session's autosave and its lock.
    void cleanExit();
    /// The app is being terminated (SIGTERM, SIGHUP): writes the unsaved scene one last time,
    /// whatever the timer's phase, and removes the lock but keeps the autosave, so that the next
    /// start offers it. Returns false when that last write failed.
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
    QList<Orphan> orphans() const;
    void removeStaleLocks() const;
    void removeStrayTemporaries() const;
    static void removeOrphan(const Orphan &orphan);
    bool write(const QByteArray &text);
    void markDirty() { m_dirty = true; }

    QPointer<SceneModel> m_model;
    QTimer m_timer;
    std::unique_ptr<QLockFile> m_lock;
    QString m_id;
    QByteArray m_lastWritten;
    bool m_dirty = false;
    bool m_modified = true;
};
