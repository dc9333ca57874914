#pragma once

#include "canvas/vectorhandle.h"

#include <QObject>

/// Which vector the learner has selected (by click or Tab): shared by the canvas, the table and
/// the formula so that they all point at the same key. It is view state, not part of the scene.
/// The query, a key or a value; W's columns are the General score's parameters, not vectors the
/// table and formula explain, so selecting one changes nothing.
class Selection : public QObject
{
    Q_OBJECT

public:
    using Kind = VectorHandle::Kind;

    explicit Selection(QObject *parent = nullptr) : QObject(parent) {}

    Kind kind() const { return m_handle.kind; }
    /// The key index for Key and Value, -1 otherwise.
    int index() const { return m_handle.index; }
    const VectorHandle &handle() const { return m_handle; }
    /// The key the table and formula should explain: the selected key or value's index, else 0.
    int focusKey() const { return m_handle.index >= 0 ? m_handle.index : 0; }

    void select(Kind kind, int index = -1);
    void select(const VectorHandle &handle) { select(handle.kind, handle.index); }
    void clear() { select(Kind::None); }

    /// Keeps the selection valid after keys were removed.
    void clamp(int keyCount);

    /// Selects the next (or previous) vector in the table's order q, k₁, v₁, k₂, v₂, … of a
    /// scene with `keyCount` keys, wrapping around; from nothing, the first (or last).
    void cycle(bool forward, int keyCount);

    /// Key `index` of `keyCountBefore` was removed while `before` was selected (clamp() may
    /// have moved the selection since): keeps pointing at the same vector, and when it was the
    /// removed key or its value, at the key that took its place (or the new last one), so that
    /// pressing Delete repeatedly removes key after key.
    void keyRemoved(const VectorHandle &before, int index, int keyCountBefore);

signals:
    void changed();

private:
    VectorHandle m_handle;
};
