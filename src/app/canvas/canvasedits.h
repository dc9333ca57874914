#pragma once

#include "canvas/vectorhandle.h"
#include "core/types.h"

#include <QObject>
#include <QPointF>

class SceneEditor;
class SceneHandles;
class Selection;
class VectorDialog;
class QWidget;

/// What the canvas changes in the scene, each change through the SceneEditor (one undo step): a
/// tip set or moved (onto the grid while snapping is on), a key added, removed or (un)masked.
/// The editor decides where a new key goes and whether an edit is allowed; this selects the key
/// it added and says in the status bar why an edit was refused.
class CanvasEdits : public QObject
{
    Q_OBJECT

public:
    /// The grid step that moved tips and added keys snap to.
    static constexpr double kSnapStep = 0.1;

    CanvasEdits(SceneEditor *editor, const SceneHandles *handles, Selection *selection);

    bool snapToGrid() const { return m_snap; }
    void setSnapToGrid(bool on) { m_snap = on; }

    /// Sets the handle's scene vector exactly (no snapping).
    bool setVectorOf(const VectorHandle &handle, const attn::Vector &v);
    /// Sets the handle's scene vector to `world`, snapped to the grid while snapping is on
    /// (except while normalised, where the drawn tip only follows the direction).
    bool moveHandle(const VectorHandle &handle, QPointF world);

    /// Adds a key at a direction no key uses yet and selects it; refused beyond 64 keys.
    void addKey();
    /// Adds a key at `world` (snapped while snapping is on) and selects it.
    void addKeyAt(QPointF world);
    /// Removes the key of `handle` (a key or its value); refused for anything else.
    void removeKeyOf(const VectorHandle &handle);
    /// Removes key `index`, keeping the selection on the same vector (or the key that took the
    /// removed one's place); refused for the last key and the only unmasked one.
    void removeKey(int index);
    void toggleMask(int index);
    /// Opens the dialog that types `handle`'s exact coordinates (window-modal, not blocking) on
    /// `parent`; OK sets them as one undo step. The dialog deletes itself when closed.
    VectorDialog *typeCoordinates(const VectorHandle &handle, QWidget *parent);

signals:
    /// Why an edit was refused ("Cannot remove the last key").
    void statusMessage(const QString &message);

private:
    /// Selects the key an add returned, or says why none was added.
    void selectAdded(int index);

    SceneEditor *m_editor;
    const SceneHandles *m_handles;
    Selection *m_selection;
    bool m_snap = true;
};
