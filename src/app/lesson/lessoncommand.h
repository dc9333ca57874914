#pragma once

#include "core/lessonfile.h"

#include <QUndoCommand>

class LessonSession;

/// One undoable lesson edit: the whole lesson and the step on show before and after it, as the
/// scene's undo keeps whole scenes (SceneCommand). A lesson is a few scenes and notes, so the
/// snapshots are cheap, and undo gives back exactly the earlier lesson, whatever the edit was:
/// written out, the same bytes. LessonEditor applies each edit through LessonSession's checked
/// edits before pushing the step, so the first redo() (QUndoStack::push calls it) does nothing.
class LessonCommand : public QUndoCommand
{
public:
    LessonCommand(LessonSession *session, const QString &text, attn::Lesson before,
                  int currentBefore, attn::Lesson after, int currentAfter);

    void undo() override;
    void redo() override;

private:
    LessonSession *m_session;
    attn::Lesson m_before;
    attn::Lesson m_after;
    int m_currentBefore;
    int m_currentAfter;
    bool m_applied = true;
};
