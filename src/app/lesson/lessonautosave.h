#pragma once

#include "model/autosaver.h"

#include <QObject>

#include <chrono>
#include <functional>

class LessonEditor;
class QWidget;

/// The lesson's side of "never lose work", on the same Autosaver as the scene's (kind Lesson):
/// while the lesson being edited has changes that no file holds (LessonEditor::isModified()),
/// the lesson file it would write is autosaved; saving it, undoing back to the file or closing
/// it removes the autosave, and so does a normal exit. After an abnormal exit the next start asks
/// (RecoveryPrompt) and opens the lesson where it belongs: presented in the main window, with the
/// lesson editor, untitled and modified until it is saved.
class LessonAutosave : public QObject
{
    Q_OBJECT

public:
    /// Questions are asked over `window`.
    LessonAutosave(LessonEditor *editor, QWidget *window);
    ~LessonAutosave() override;

    bool start(std::chrono::milliseconds interval = Autosaver::kDefaultInterval);
    bool isStarted() const { return m_autosaver.isStarted(); }
    Autosaver *autosaver() { return &m_autosaver; }

    /// When an earlier session left a lesson: asks and, on Recover, first asks `mayReplace`
    /// (the scene on show is replaced by the lesson's first step: its unsaved changes come
    /// first), then opens it; on Discard deletes it. Waits while another dialog is open (the
    /// scene's and the sequence's questions come first). Returns at once; `done` (if given) is
    /// called with true when the lesson was recovered.
    void offerRecovery(std::function<bool()> mayReplace = {}, std::function<void(bool)> done = {});
    /// Opens the newest lesson that an earlier session left, without asking. False with a
    /// translated reason in *error when there is none or it cannot be read (it is then kept).
    bool recover(QString *error = nullptr);
    /// The window closes normally: this session's autosave goes.
    void cleanExit();

signals:
    /// One translated sentence for the status bar (a failed autosave, a recovered lesson).
    void message(const QString &text);
    /// A lesson was recovered into the editor.
    void recovered();

private:
    LessonEditor *m_editor;
    QWidget *m_window;
    Autosaver m_autosaver{Autosaver::Kind::Lesson};
};
