#pragma once

#include "core/lessonfile.h"

#include <QByteArray>
#include <QObject>
#include <QString>

#include <functional>
#include <optional>

class LessonSession;
class QUndoStack;

/// The undoable way to edit the lesson, as SceneEditor is the scene's: every edit goes through
/// LessonSession's checked edits (so the lesson file's rules hold after each) and is recorded as
/// one LessonCommand on the lesson's own QUndoStack. It also keeps the lesson as a document: the
/// file it is saved to and whether it has changes no file holds. A lesson opened from a file or
/// Help → Lessons starts a fresh history; a new lesson, one made from a scene or sequence file
/// and a recovered one belong to no file and count as modified until saved.
///
/// It lives with the widgets rather than in the model layer because QUndoStack is in Qt Gui.
class LessonEditor : public QObject
{
    Q_OBJECT

public:
    explicit LessonEditor(LessonSession *session, QObject *parent = nullptr);
    ~LessonEditor() override;

    LessonSession *session() const { return m_session; }
    QUndoStack *undoStack() const { return m_stack; }
    bool isOpen() const;

    /// The lesson file that Save writes; empty for a new lesson and a built-in one.
    QString filePath() const { return m_filePath; }
    /// True while the lesson has changes that no file holds.
    bool isModified() const;
    /// The lesson as its file would hold it now; empty when none is open.
    QByteArray bytes() const;

    /// A new lesson of the one step `first`, titled `title`: no file, a fresh history.
    bool newLesson(attn::LessonStep first, attn::LessonText title, QString *error = nullptr);
    /// A lesson that no file holds (recovered after a crash): a fresh history, modified.
    bool adopt(attn::Lesson lesson, QString *error = nullptr);
    /// A scene or sequence file as a step (a scene step shown with the default view); nothing
    /// with a translated reason in *error when the file is neither.
    static std::optional<attn::LessonStep> stepFromFile(const QString &path, QString *error);
    /// A scene or sequence file as a new one-step lesson titled after the file.
    bool openFileAsLesson(const QString &path, QString *error);

    // The edits, each one undo step; false (nothing changed, no step) when refused.
    bool insertStep(int index, attn::LessonStep step);
    bool duplicateStep(int index);
    bool removeStep(int index);
    bool moveStep(int from, int to);
    /// No note: nullopt (or a text in neither language).
    bool setNote(int index, std::optional<attn::LessonText> note);
    bool setTitle(attn::LessonText title);

    /// Writes filePath() (there must be one).
    bool save(QString *error);
    /// Writes `path` atomically, which becomes the lesson's file.
    bool saveAs(const QString &path, QString *error);

    /// The text of a new lesson's title in the interface language.
    static attn::LessonText untitled();

signals:
    void modifiedChanged(bool modified);
    /// The file the lesson is saved to changed (opened, saved as, new, closed).
    void fileChanged();

private:
    /// Runs `change` (one of the session's checked edits) and records it as one step named
    /// `text`.
    bool record(const QString &text, const std::function<bool()> &change);
    /// Opens `lesson` as a lesson no file holds.
    bool openUnsaved(attn::Lesson lesson, QString *error);
    void onLessonChanged();
    void updateModified();

    LessonSession *m_session;
    QUndoStack *m_stack;
    QString m_filePath;
    bool m_unsaved = false;
    bool m_opening = false;
    bool m_shownModified = false;
};
