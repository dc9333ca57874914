#pragma once

#include "core/lessonfile.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <optional>

/// A lesson being presented: the lesson document, the step on show and, for a step with a
/// question, whether the class is still predicting (the answer held back) or has seen it. It only
/// keeps the place; the window shows each step (LessonPresenter). The edits a lesson editor needs
/// (insert, replace, move, remove a step, its note) are here too, so that the next tool works on
/// the same document; each keeps the place on a step that still exists.
class LessonSession : public QObject
{
    Q_OBJECT

public:
    explicit LessonSession(QObject *parent = nullptr);

    /// Whether a lesson is open.
    bool isOpen() const { return m_lesson.has_value(); }
    /// The lesson; only valid while isOpen().
    const attn::Lesson &lesson() const { return *m_lesson; }
    /// The file or resource it came from; empty for a lesson made in memory.
    QString path() const { return m_path; }
    int stepCount() const { return isOpen() ? int(m_lesson->steps.size()) : 0; }
    /// 0-based.
    int current() const { return m_current; }
    const attn::LessonStep &currentStep() const { return m_lesson->steps[std::size_t(m_current)]; }
    /// True while the current step's question is on show and its answer held back.
    bool isAsking() const { return m_asking; }

    /// The title, the current step's note and its question's prompt in `language` ("en",
    /// "zh_CN"), or the other language's where this one is not given; empty when there is none.
    QString title(const QString &language) const;
    QString note(const QString &language) const;
    QString prompt(const QString &language) const;

    /// Reads a lesson file (or a resource, ":/lessons/…"); on failure nothing changes and
    /// *error holds one translated sentence naming the field.
    bool load(const QString &path, QString *error);
    /// Reads lesson text already in memory.
    bool loadText(const QByteArray &text, const QString &path, QString *error);
    /// Makes `lesson` the lesson (checked with the file's rules), at its first step.
    bool open(attn::Lesson lesson, const QString &path, QString *error);
    void close();

    /// Forward: from a question to its answer, else to the next step (its question first).
    /// False at the end.
    bool next();
    /// Back: from an answer to its question, else to the previous step as it ends (its answer
    /// shown). False at the start.
    bool previous();
    /// To step `index` (its question first). False outside the lesson.
    bool goTo(int index);

    /// Saves the lesson atomically; on failure the earlier file is left as it was.
    bool save(const QString &path, QString *error) const;

    // Edits, for the lesson editor. Each is checked with the file's rules and refused (false,
    // nothing changed) when it would break one.
    bool insertStep(int index, attn::LessonStep step);
    bool replaceStep(int index, attn::LessonStep step);
    bool removeStep(int index);
    bool moveStep(int from, int to);
    bool setNote(int index, std::optional<attn::LessonText> note);
    /// The whole lesson replaced by `lesson` (undo and redo put back snapshots), the place at
    /// step `current` (clamped). Refused like the others, and when no lesson is open.
    bool setLesson(attn::Lesson lesson, int current);
    /// The file the lesson now belongs to (Save As); empty for none.
    void setPath(const QString &path) { m_path = path; }

    /// The lessons shipped in the resources (":/lessons/*.json"), in file-name order.
    static QStringList builtInPaths();
    /// True for a regular file or resource whose JSON "format" is the lesson format.
    static bool isLessonFile(const QString &path);

signals:
    /// Another lesson was opened, or the lesson was closed.
    void lessonChanged();
    /// The step or its question's state changed (also after lessonChanged()).
    void stepChanged();
    /// The lesson's steps or notes were edited.
    void edited();

private:
    bool apply(attn::Lesson candidate, int current);
    void setPlace(int step, bool asking);

    std::optional<attn::Lesson> m_lesson;
    QString m_path;
    int m_current = 0;
    bool m_asking = false;
};
