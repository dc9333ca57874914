#include "lesson/lessoncommand.h"

#include "model/lessonsession.h"

LessonCommand::LessonCommand(LessonSession *session, const QString &text, attn::Lesson before,
                             int currentBefore, attn::Lesson after, int currentAfter)
    : m_session(session), m_before(std::move(before)), m_after(std::move(after)),
      m_currentBefore(currentBefore), m_currentAfter(currentAfter)
{
    setText(text);
}

void LessonCommand::undo()
{
    m_session->setLesson(m_before, m_currentBefore);
}

void LessonCommand::redo()
{
    if (m_applied) {
        m_applied = false;
        return;
    }
    m_session->setLesson(m_after, m_currentAfter);
}
