#include "document/scenecommand.h"

#include "model/scenemodel.h"

#include <cstring>

namespace {
bool sameBits(double a, double b)
{
    return std::memcmp(&a, &b, sizeof a) == 0;
}

bool sameBits(const attn::Matrix &a, const attn::Matrix &b)
{
    return a.rows() == b.rows() && a.cols() == b.cols() &&
           (a.size() == 0 ||
            std::memcmp(a.data(), b.data(), std::size_t(a.size()) * sizeof(double)) == 0);
}

bool sameBits(const attn::Vector &a, const attn::Vector &b)
{
    return a.size() == b.size() &&
           (a.size() == 0 ||
            std::memcmp(a.data(), b.data(), std::size_t(a.size()) * sizeof(double)) == 0);
}
} // namespace

SceneCommand::SceneCommand(SceneEditor *editor, Edit edit, int index,
                           const SceneEditor::MergeKey &merge, attn::Scene before,
                           attn::Scene after)
    : m_editor(editor), m_model(editor->model()), m_edit(edit), m_index(index), m_merge(merge),
      m_before(std::move(before)), m_after(std::move(after))
{
    setText(SceneEditor::describe(edit, index));
}

void SceneCommand::undo()
{
    // Undo in the middle of a drag (Ctrl+Z with the button held) ends the drag first: the held
    // tip may be a key that this step removes again.
    m_editor->interruptDrag();
    m_model->setScene(m_before);
}

void SceneCommand::redo()
{
    // The editor applied the edit through the model's own setter before pushing this step.
    if (m_applied) {
        m_applied = false;
        return;
    }
    m_editor->interruptDrag();
    m_model->setScene(m_after);
}

int SceneCommand::id() const
{
    return m_merge.kind >= 0 ? kMergeableId : -1;
}

bool SceneCommand::mergeWith(const QUndoCommand *other)
{
    const auto *next = static_cast<const SceneCommand *>(other);
    if (next->m_merge != m_merge)
        return false;
    m_after = next->m_after;
    // A drag that ends where it started (or Escape) leaves nothing to undo: the stack drops it.
    setObsolete(same(m_before, m_after));
    return true;
}

bool SceneCommand::same(const attn::Scene &a, const attn::Scene &b)
{
    if (a.method != b.method || !sameBits(a.temperature, b.temperature) ||
        a.scaleDim.has_value() != b.scaleDim.has_value() ||
        (a.scaleDim && !sameBits(*a.scaleDim, *b.scaleDim)) || !sameBits(a.query, b.query) ||
        !sameBits(a.keys, b.keys) || !sameBits(a.values, b.values) || a.mask != b.mask ||
        !sameBits(a.general, b.general) || a.normaliser != b.normaliser ||
        a.sigmoidBias.has_value() != b.sigmoidBias.has_value() ||
        (a.sigmoidBias && !sameBits(*a.sigmoidBias, *b.sigmoidBias)))
        return false;
    const attn::AdditiveParams &p = a.additive, &q = b.additive;
    if (!sameBits(p.wq, q.wq) || !sameBits(p.wk, q.wk) || !sameBits(p.b, q.b) ||
        !sameBits(p.v, q.v))
        return false;
    const attn::MultiHeadParams &m = a.multiHead, &n = b.multiHead;
    if (m.heads.size() != n.heads.size() || !sameBits(m.wo, n.wo))
        return false;
    for (std::size_t i = 0; i < m.heads.size(); ++i)
        if (!sameBits(m.heads[i].wq, n.heads[i].wq) || !sameBits(m.heads[i].wk, n.heads[i].wk) ||
            !sameBits(m.heads[i].wv, n.heads[i].wv))
            return false;
    return true;
}
