#pragma once

#include <QObject>
#include <QString>

#include <functional>

class QAction;
class QMainWindow;
class QMenu;
class SceneDocument;

/// The File and Presets menus: new, open, save, save as, revert, the recent files and the
/// presets, and the question about unsaved changes before any of them replaces the scene. It
/// talks to the SceneDocument (which reads and writes through SceneStorage) and shows what
/// happened in the window's title and status bar; the window only hands it its actions.
class FileActions : public QObject
{
    Q_OBJECT

public:
    /// The form's actions and menus this class drives.
    struct Actions
    {
        QAction *newScene, *open, *save, *saveAs, *revert, *clearRecent;
        QMenu *recent, *presets;
    };

    FileActions(SceneDocument *document, const Actions &actions, QMainWindow *window);

    /// Opens a scene file; on failure shows why and keeps the current scene and its history.
    /// It does not ask about unsaved changes (the menu does, before calling it).
    bool openScene(const QString &path);
    /// Starts an untitled document from a preset (ScenePresets id), without asking.
    bool loadPreset(const QString &id);
    /// Saves to `path`, which becomes the document's file; on failure shows why.
    bool saveSceneAs(const QString &path);
    /// When the scene has unsaved changes, asks whether to save them (Save / Discard / Cancel,
    /// the QMessageBox named "unsavedChangesBox"). False when the user cancels or saving fails.
    bool maybeSave();

    /// The presets' titles and the window title in the language now installed.
    void retranslate();

    /// File → Open hands a lesson file (LessonSession::isLessonFile) to `opener` instead of the
    /// scene loader; it returns whether the lesson opened.
    void setLessonOpener(std::function<bool(const QString &)> opener);
    /// Asked first by maybeSave(): other unsaved work that replacing the scene would lose (a
    /// lesson's edits); false cancels.
    void setOtherWorkGuard(std::function<bool()> guard) { m_otherWork = std::move(guard); }
    /// While a lesson is presented the window is titled after it; empty: after the document.
    void setLessonTitle(const QString &title);

signals:
    /// Another scene replaced the one shown (new, opened or from a preset).
    void documentReplaced();
    /// A preset was loaded; `description` says what it shows.
    void presetLoaded(const QString &description);

private:
    void buildPresetsMenu();
    void retranslatePresets();
    void rebuildRecentMenu();
    void updateTitle();
    void showMessage(const QString &text);
    /// Says why the scene file `path` could not be read or written; returns false.
    bool warn(const QString &title, const QString &path, const QString &why);
    void onNew();
    void onOpen();
    bool onSave();
    bool onSaveAs();
    void onRevert();
    void onOpenRecent(const QString &path);
    void onPreset(const QString &id);

    SceneDocument *m_document;
    Actions m_actions;
    QMainWindow *m_window;
    QList<QAction *> m_presetActions;
    std::function<bool(const QString &)> m_lessonOpener;
    std::function<bool()> m_otherWork;
    QString m_lessonTitle;
};
