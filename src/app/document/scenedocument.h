#pragma once

#include <QObject>
#include <QString>
#include <QStringList>

namespace attn {
struct Scene;
}
class SceneEditor;

/// The scene as a document: which file (or preset) it came from, whether it has unsaved
/// changes, and the list of recent files. Loading, saving and reverting go through here; the
/// dialogs that ask the user are the window's business, so everything here runs without a screen.
///
/// A document is "modified" when the editor's undo stack is not at its clean state: undoing back
/// to the saved scene makes it unmodified again. New, Open, a preset and Revert start a fresh
/// history; a preset is an untitled document (Save asks for a file name).
class SceneDocument : public QObject
{
    Q_OBJECT

public:
    static constexpr int kMaxRecentFiles = 8;

    explicit SceneDocument(SceneEditor *editor, QObject *parent = nullptr);
    ~SceneDocument() override;

    SceneEditor *editor() const { return m_editor; }

    /// The absolute path of the scene file; empty for a new document or a preset.
    QString filePath() const { return m_path; }
    /// The preset the document started from; empty otherwise.
    QString presetId() const { return m_presetId; }
    /// For the title bar: the file name, the preset's title or "Untitled", translated.
    QString displayName() const;
    bool isModified() const;

    /// A new untitled document with the default scene (the article's example).
    void newScene();
    /// Opens a scene file. On failure nothing changes (scene, history, file name) and *error
    /// holds one translated sentence with the reason (the field path for a bad field).
    bool open(const QString &path, QString *error);
    /// Starts an untitled document from a preset; false for an unknown or broken preset.
    bool loadPreset(const QString &id, QString *error);
    /// Writes the scene to filePath() (there must be one) and marks the document clean.
    bool save(QString *error);
    /// Writes the scene to `path` (atomically; a failure leaves an existing file as it was),
    /// which becomes the document's file.
    bool saveAs(const QString &path, QString *error);
    /// Reads filePath() again, dropping the changes and the history.
    bool revert(QString *error);
    /// Starts an untitled document with a scene recovered after an abnormal exit. No file holds
    /// it, so it is modified from the start and stays so until it is saved.
    bool recover(const attn::Scene &scene, QString *error);

    /// Most recent first, at most kMaxRecentFiles absolute paths (QSettings "recentFiles").
    QStringList recentFiles() const;
    void removeRecentFile(const QString &path);
    void clearRecentFiles();
    /// The folder of the last file opened or saved (QSettings "lastFolder"); the home folder
    /// at first.
    QString lastFolder() const;

signals:
    /// The file or preset changed: the title has to follow.
    void identityChanged();
    void modifiedChanged(bool modified);
    void recentFilesChanged();

private:
    void setIdentity(const QString &path, const QString &presetId);
    // The editor's scene replaced by `scene`; false with the reason in *error when it is refused.
    bool reset(const attn::Scene &scene, QString *error);
    // The document is now the file at `path`: its identity and the first of the recent files.
    void adoptFile(const QString &path);
    void remember(const QString &path);

    SceneEditor *m_editor;
    QString m_path;
    QString m_presetId;
};
