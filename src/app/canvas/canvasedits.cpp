#include "canvas/canvasedits.h"

#include "canvas/scenehandles.h"
#include "canvas/selection.h"
#include "canvas/vectordialog.h"
#include "core/emptiestdirection.h"
#include "core/scene.h"
#include "document/sceneeditor.h"
#include "model/scenemodel.h"

namespace {
QPointF snapped(QPointF world, double step)
{
    return QPointF(attn::roundToStep(world.x(), step), attn::roundToStep(world.y(), step));
}
} // namespace

CanvasEdits::CanvasEdits(SceneEditor *editor, const SceneHandles *handles, Selection *selection)
    : m_editor(editor), m_handles(handles), m_selection(selection)
{}

bool CanvasEdits::setVectorOf(const VectorHandle &handle, const attn::Vector &v)
{
    switch (handle.kind) {
    case VectorHandle::Kind::Query:
        return m_editor->setQuery(v);
    case VectorHandle::Kind::Key:
        return m_editor->setKey(handle.index, v);
    case VectorHandle::Kind::Value:
        return m_editor->setValue(handle.index, v);
    case VectorHandle::Kind::GeneralColumn: {
        attn::Matrix w = m_handles->generalMatrix();
        w.col(handle.index) = v;
        return m_editor->setGeneral(w, SceneEditor::Edit::MoveGeneralColumn, handle.index);
    }
    case VectorHandle::Kind::None:
        break;
    }
    return false;
}

bool CanvasEdits::moveHandle(const VectorHandle &handle, QPointF world)
{
    // While normalised the drawn tip sits on the circle in the mouse's direction; snapping the
    // scene vector to the grid there would only make that direction jump in coarse steps.
    if (m_snap && !m_editor->model()->normalised())
        world = snapped(world, kSnapStep);
    return setVectorOf(handle, SceneHandles::vector2(world));
}

void CanvasEdits::addKey()
{
    selectAdded(m_editor->addKeyInEmptiestDirection());
}

void CanvasEdits::addKeyAt(QPointF world)
{
    if (m_snap)
        world = snapped(world, kSnapStep);
    selectAdded(m_editor->addKeyTowards(SceneHandles::vector2(world)));
}

void CanvasEdits::selectAdded(int index)
{
    if (index < 0)
        emit statusMessage(tr("Cannot add more than %1 keys").arg(attn::Scene::kMaxKeys));
    else
        m_selection->select({VectorHandle::Kind::Key, index});
}

void CanvasEdits::removeKeyOf(const VectorHandle &handle)
{
    if (!handle.isKeyRow()) {
        emit statusMessage(tr("Select a key or a value to remove it"));
        return;
    }
    removeKey(handle.index);
}

void CanvasEdits::removeKey(int index)
{
    const int n = m_editor->model()->keyCount();
    if (n <= 1) {
        emit statusMessage(tr("Cannot remove the last key"));
        return;
    }
    const VectorHandle before = m_selection->handle();
    if (!m_editor->removeKey(index)) {
        emit statusMessage(tr("Cannot remove the only key that is not masked"));
        return;
    }
    m_selection->keyRemoved(before, index, n);
}

void CanvasEdits::toggleMask(int index)
{
    if (!m_editor->toggleMasked(index))
        emit statusMessage(tr("At least one key must stay unmasked"));
}

VectorDialog *CanvasEdits::typeCoordinates(const VectorHandle &handle, QWidget *parent)
{
    const QPointF current = SceneHandles::point(m_handles->vectorOf(handle));
    auto *dialog = new VectorDialog(SceneHandles::nameOf(handle), current, parent);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, handle, dialog] {
        // The key may have gone while the dialog was open (undo): then there is nothing to set.
        const bool gone = handle.isKeyRow() && handle.index >= m_editor->model()->keyCount();
        if (!gone)
            setVectorOf(handle, SceneHandles::vector2(dialog->coordinates()));
    });
    dialog->open();
    return dialog;
}
