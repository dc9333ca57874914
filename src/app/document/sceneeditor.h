#pragma once

#include "core/error.h"
#include "core/params.h"
#include "core/scene.h"
#include "core/types.h"
#include "methods/parameteredits.h"
#include "model/sceneedit.h"

#include <QObject>
#include <QString>

#include <cstdint>
#include <functional>
#include <optional>

class QUndoStack;
class SceneCommand;
class SceneModel;

/// The undoable way to edit the scene. Views send every edit here instead of to the SceneModel:
/// the editor applies it through the model's own setter (so the model stays the one owner of
/// the scene and keeps its checks) and records the scene before and after as one step on its
/// QUndoStack. Undo and redo put those exact snapshots back with SceneModel::setScene(), so an
/// undone scene is bit for bit the earlier one.
///
/// Steps merge in two cases: every edit between beginDrag() and endDrag() (a whole drag of one
/// tip is one step), and successive edits of the same field (typing digits into one matrix
/// entry, moving the τ slider). An edit that changes nothing makes no step.
///
/// The "normalise to unit length" view is not part of the scene and not undoable; it is set on
/// the SceneModel directly.
///
/// It lives with the widgets rather than in the model layer because QUndoStack is in Qt Gui and
/// the model layer stays Qt Core only for the headless command line.
class SceneEditor : public QObject, public ParameterEdits
{
    Q_OBJECT

public:
    /// What a step does; it names the step in the Edit menu ("Undo Move Query").
    using Edit = SceneEdit;

    explicit SceneEditor(SceneModel *model, QObject *parent = nullptr);
    ~SceneEditor() override;

    SceneModel *model() const override { return m_model; }
    QUndoStack *undoStack() const { return m_stack; }

    // The edits of SceneModel, undoable. Each returns what the model's setter returns (false:
    // refused, nothing changed, no step).
    bool setQuery(const attn::Vector &query);
    bool setKey(int index, const attn::Vector &key);
    bool setValue(int index, const attn::Vector &value);
    bool addKey(const attn::Vector &key, const attn::Vector &value);
    bool removeKey(int index);
    bool setMasked(int index, bool masked);

    // Key editing as the canvas and the Edit menu ask for it; each is one step.
    /// Adds a key of unit length in the direction farthest from every key
    /// (attn::emptiestDirection), coordinates rounded to hundredths, with an equal value: a new
    /// arrow that is easy to tell apart. Returns its index, or -1 when the scene has
    /// attn::Scene::kMaxKeys keys already.
    int addKeyInEmptiestDirection();
    /// Adds the key `key` with a value of unit length in its direction (rounded to hundredths;
    /// (1, 0) for a key at the origin). Returns its index, or -1 when refused.
    int addKeyTowards(const attn::Vector &key);
    /// Masks key `index` or unmasks it. False when refused (the last unmasked key).
    bool toggleMasked(int index);
    bool setMethod(attn::Method method);
    bool setNormaliser(attn::Normaliser normaliser);
    bool setTemperature(double temperature);
    bool setScaleDim(std::optional<double> scaleDim) override;
    /// Parameter edits name their step with `edit` (and `index`, see Edit). An `entry` ≥ 0 is
    /// the field being typed into: successive edits with the same edit, index and entry merge.
    bool setGeneral(const attn::Matrix &w, Edit edit = Edit::General, int index = -1,
                    int entry = -1) override;
    bool setAdditive(const attn::AdditiveParams &additive, Edit edit = Edit::Additive,
                     int entry = -1) override;
    bool setMultiHead(const attn::MultiHeadParams &multiHead, Edit edit = Edit::Head,
                      int index = -1, int entry = -1) override;

    /// Brackets a drag (mouse press → release): every edit in between merges into one step.
    /// Only moves (the query, a key, a value, a column of W) belong to a drag; any other edit
    /// during one (adding or removing a key, undo, redo, a new scene…) first emits
    /// dragInterrupted(), so that the view holding the tip ends the drag before the scene
    /// changes under it.
    void beginDrag();
    void endDrag();
    bool isDragging() const { return m_dragging; }
    /// Emits dragInterrupted() while a drag is in progress; endDrag() follows from the view.
    /// For everything that must not happen under a held tip: a dialog about to open, undo.
    void interruptDrag();

    /// Starts a new document with `scene` (New, Open, a preset, Revert): the history is cleared
    /// and the document is clean. On failure (a scene that breaks the file's rules) nothing
    /// changes, neither the scene nor the history, and the error is returned.
    std::optional<attn::Error> resetScene(const attn::Scene &scene);

    /// True when the scene is as it was last opened or saved.
    bool isClean() const;
    /// Marks the current state as saved.
    void setClean();
    /// Marks the current state as unsaved with no step to undo (a scene recovered after a crash
    /// that no file holds): no undo or redo makes it clean again, only a save does.
    void setUnsaved();

    /// The name of a step in the current language: "Move Query", "Remove Key 2".
    static QString describe(Edit edit, int index);
    /// Names every step on the stack again in the current language.
    void retranslate();

signals:
    /// The scene became equal to the opened or saved one, or stopped being so.
    void cleanChanged(bool clean);
    /// An edit that is not part of the drag in progress is about to happen: the drag must end
    /// now (the view keeps what it did as one step and calls endDrag()).
    void dragInterrupted();

private:
    /// Which steps merge: equal keys with kind ≥ 0 do.
    struct MergeKey
    {
        int kind = -1;
        int index = -1;
        int entry = -1;
        std::uint64_t drag = 0;
        bool operator==(const MergeKey &other) const = default;
    };
    friend class SceneCommand;

    /// Applies `apply` (a SceneModel setter) and records the change as one step.
    bool record(Edit edit, int index, int entry, const std::function<bool()> &apply);

    SceneModel *m_model;
    QUndoStack *m_stack;
    bool m_dragging = false;
    std::uint64_t m_dragSerial = 0;
};
