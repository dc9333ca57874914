#include "lesson/lessonautosave.h"

#include "core/lessonfile.h"
#include "document/recoveryprompt.h"
#include "lesson/lessoneditor.h"
#include "model/errortext.h"
#include "model/lessonsession.h"

#include <QApplication>
#include <QMessageBox>
#include <QTimer>
#include <QWidget>

namespace {
// How often the question at start looks again whether another dialog is still open.
constexpr int kWaitForDialogMs = 250;
} // namespace

LessonAutosave::LessonAutosave(LessonEditor *editor, QWidget *window)
    : QObject(window), m_editor(editor), m_window(window)
{
    connect(&m_autosaver, &Autosaver::failed, this, &LessonAutosave::message);
    LessonSession *session = m_editor->session();
    connect(session, &LessonSession::edited, &m_autosaver, &Autosaver::markChanged);
    connect(session, &LessonSession::lessonChanged, &m_autosaver, &Autosaver::markChanged);
    // Only unsaved work is kept: a lesson that its file holds as it is needs no autosave.
    connect(m_editor, &LessonEditor::modifiedChanged, &m_autosaver, &Autosaver::setModified);
}

// Destroyed without cleanExit(): the autosave stays, to be offered at the next start.
LessonAutosave::~LessonAutosave() = default;

bool LessonAutosave::start(std::chrono::milliseconds interval)
{
    if (m_autosaver.isStarted())
        return true;
    m_autosaver.setModified(m_editor->isModified());
    // What LessonEditor::bytes() writes, of a copy (the lesson is a value): the worker's own.
    return m_autosaver.start(
        [this]() -> Autosaver::Serialiser {
            if (!m_editor->isOpen())
                return {};
            return [lesson = m_editor->session()->lesson()] {
                return QByteArray::fromStdString(attn::writeLesson(lesson));
            };
        },
        interval);
}

void LessonAutosave::cleanExit()
{
    m_autosaver.cleanExit();
}

bool LessonAutosave::recover(QString *error)
{
    const QDateTime written = m_autosaver.recoverableTime();
    std::optional<attn::Lesson> lesson;
    const auto bytes = m_autosaver.recoverBytes(
        [&lesson](const QByteArray &text, QString *why) {
            auto parsed =
                attn::parseLesson(std::string_view(text.constData(), std::size_t(text.size())));
            if (!parsed) {
                *why = ErrorText::describe(parsed.error(), ErrorText::FileKind::Lesson);
                return false;
            }
            lesson = std::move(parsed).value();
            return true;
        },
        error);
    if (!bytes || !m_editor->adopt(std::move(*lesson), error))
        return false;
    // Under this session's name at once: a second crash right after must not lose it.
    m_autosaver.setModified(true);
    m_autosaver.markChanged();
    m_autosaver.autosaveNow();
    emit recovered();
    emit message(tr("Recovered the lesson autosaved at %1. Save it to keep it.")
                     .arg(RecoveryPrompt::timeText(written)));
    return true;
}

void LessonAutosave::offerRecovery(std::function<bool()> mayReplace, std::function<void(bool)> done)
{
    // One question at a time: the scene's and the sequence's come first.
    if (QApplication::activeModalWidget()) {
        QTimer::singleShot(
            kWaitForDialogMs, this,
            [this, mayReplace = std::move(mayReplace), done = std::move(done)]() mutable {
                offerRecovery(std::move(mayReplace), std::move(done));
            });
        return;
    }
    auto finish = [&done](bool recovered) {
        if (done)
            done(recovered);
    };
    if (!m_autosaver.recoverable())
        return finish(false);
    switch (RecoveryPrompt::ask(m_window, m_autosaver.recoverableTime(), Autosaver::Kind::Lesson)) {
    case RecoveryPrompt::Answer::Discard:
        m_autosaver.discard();
        return finish(false);
    case RecoveryPrompt::Answer::Later:
        return finish(false);
    case RecoveryPrompt::Answer::Recover:
        break;
    }
    // Kept on disk for the next start when the user would rather keep the scene on show.
    if (mayReplace && !mayReplace())
        return finish(false);
    QString why;
    if (recover(&why))
        return finish(true);
    QMessageBox::warning(m_window, tr("Recover Lesson"), why);
    finish(false);
}
