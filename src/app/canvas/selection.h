#pragma once

#include <QObject>

/// Which vector the learner has selected (by click or Tab): shared by the canvas, the table and
/// the formula so that they all point at the same key. It is view state, not part of the scene.
class Selection : public QObject
{
    Q_OBJECT

public:
    enum class Kind
    {
        None,
        Query,
        Key,
        Value
    };

    explicit Selection(QObject *parent = nullptr) : QObject(parent) {}

    Kind kind() const { return m_kind; }
    /// The key index for Key and Value, -1 otherwise.
    int index() const { return m_index; }
    /// The key the table and formula should explain: the selected key or value's index, else 0.
    int focusKey() const { return m_index >= 0 ? m_index : 0; }

    void select(Kind kind, int index = -1)
    {
        if (kind == Kind::None || kind == Kind::Query)
            index = -1;
        if (kind == m_kind && index == m_index)
            return;
        m_kind = kind;
        m_index = index;
        emit changed();
    }
    void clear() { select(Kind::None); }

    /// Keeps the selection valid after keys were removed.
    void clamp(int keyCount)
    {
        if (m_index >= keyCount)
            select(keyCount > 0 ? m_kind : Kind::None, keyCount - 1);
    }

signals:
    void changed();

private:
    Kind m_kind = Kind::None;
    int m_index = -1;
};
