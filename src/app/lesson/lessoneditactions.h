#pragma once

#include <QObject>
#include <QString>

#include <functional>

class LessonAutosave;
class LessonEditor;
class LessonEditorPanel;
class LessonPresenter;
class QAction;
class QDockWidget;
class QMainWindow;
class QMenu;

/// The Lesson menu and the lesson editor's dock, as FileActions is the File menu: a new lesson,
/// a scene or sequence file as a one-step lesson, the current view added as a step, duplicate,
/// delete, move up and down, the note and the title in both languages, undo and redo of the
/// lesson's edits, save and save as, and the question before unsaved lesson edits are lost. Every
/// edit goes through the LessonEditor; what the window shows is captured by the presenter
/// (LessonPresenter::captureStep()), the inverse of presenting a step.
class LessonEditActions : public QObject
{
    Q_OBJECT

public:
    /// The menu goes into `window`'s menu bar before `before` (the Help menu).
    LessonEditActions(LessonEditor *editor, LessonPresenter *presenter, QMainWindow *window,
                      QAction *before);

    LessonEditor *editor() const { return m_editor; }
    LessonAutosave *autosave() const { return m_autosave; }
    QDockWidget *dock() const { return m_dock; }
    LessonEditorPanel *panel() const { return m_panel; }
    QMenu *menu() const { return m_menu; }

    /// The commands, for tests and the buttons.
    QAction *newLesson() const { return m_new; }
    QAction *openAsLesson() const { return m_openAs; }
    QAction *addStep() const { return m_add; }
    QAction *duplicateStep() const { return m_duplicate; }
    QAction *deleteStep() const { return m_delete; }
    QAction *moveUp() const { return m_up; }
    QAction *moveDown() const { return m_down; }
    QAction *editNote() const { return m_note; }
    QAction *editTitle() const { return m_title; }
    QAction *undo() const { return m_undo; }
    QAction *redo() const { return m_redo; }
    QAction *save() const { return m_save; }
    QAction *saveAs() const { return m_saveAs; }
    QAction *showEditor() const { return m_show; }

    /// Saves to `path` (Save As without its dialog); on failure shows why.
    bool saveLessonAs(const QString &path);
    /// A scene or sequence file as a new one-step lesson, without asking; on failure shows why.
    bool openFileAsLesson(const QString &path);
    /// When the lesson has unsaved edits, asks whether to save them (the QMessageBox named
    /// "unsavedLessonBox": Save / Discard / Cancel). False when the user cancels or saving fails.
    bool maybeSave();
    /// Asked before a new lesson replaces the scene on show (FileActions::maybeSave).
    void setSceneGuard(std::function<bool()> guard) { m_sceneGuard = std::move(guard); }

    void retranslate();

signals:
    /// One translated sentence for the status bar.
    void message(const QString &text);

private:
    QAction *make(const char *name, const QKeySequence &key);
    void updateActions();
    void updateUndoTexts();
    void reveal();
    void onNew();
    void onOpenAs();
    void onAdd();
    void onNote();
    void onTitle();
    bool onSave();
    bool onSaveAs();
    bool warn(const QString &title, const QString &path, const QString &why);

    LessonEditor *m_editor;
    LessonPresenter *m_presenter;
    QMainWindow *m_window;
    LessonAutosave *m_autosave;
    QMenu *m_menu;
    QDockWidget *m_dock;
    LessonEditorPanel *m_panel = nullptr;
    std::function<bool()> m_sceneGuard;
    QAction *m_new, *m_openAs, *m_add, *m_duplicate, *m_delete, *m_up, *m_down, *m_note, *m_title,
        *m_undo, *m_redo, *m_save, *m_saveAs, *m_show;
};
