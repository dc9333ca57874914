#pragma once

#include "core/scene.h"
#include "document/sceneeditor.h"

#include <QUndoCommand>

class SceneModel;

/// One undoable step: the whole scene before and after it. Scenes are small (a few dozen
/// numbers, at most 64 keys), so snapshots are cheap and undo restores the earlier scene exactly,
/// whatever the edit was. The step is created after SceneEditor has already applied the edit, so
/// the first redo() (QUndoStack::push calls it) does nothing.
class SceneCommand : public QUndoCommand
{
public:
    using Edit = SceneEditor::Edit;

    SceneCommand(SceneEditor *editor, Edit edit, int index, const SceneEditor::MergeKey &merge,
                 attn::Scene before, attn::Scene after);

    void undo() override;
    void redo() override;
    int id() const override;
    bool mergeWith(const QUndoCommand *other) override;

    Edit edit() const { return m_edit; }
    int index() const { return m_index; }
    const attn::Scene &before() const { return m_before; }
    const attn::Scene &after() const { return m_after; }

    /// True when two scenes hold the same numbers bit for bit (so +0 and −0 differ), the same
    /// method and the same mask.
    static bool same(const attn::Scene &a, const attn::Scene &b);

    /// The id() of every step that may merge; QUndoStack only asks mergeWith() on equal ids.
    static constexpr int kMergeableId = 0x5ce1e;

private:
    SceneEditor *m_editor;
    SceneModel *m_model;
    Edit m_edit;
    int m_index;
    SceneEditor::MergeKey m_merge;
    attn::Scene m_before;
    attn::Scene m_after;
    bool m_applied = true;
};
