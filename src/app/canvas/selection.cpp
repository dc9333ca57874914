#include "canvas/selection.h"

#include <algorithm>

void Selection::select(Kind kind, int index)
{
    if (kind == Kind::GeneralColumn)
        return;
    if (kind == Kind::None || kind == Kind::Query)
        index = -1;
    const VectorHandle handle{kind, index};
    if (handle == m_handle)
        return;
    m_handle = handle;
    emit changed();
}

void Selection::clamp(int keyCount)
{
    if (m_handle.index >= keyCount)
        select(keyCount > 0 ? m_handle.kind : Kind::None, keyCount - 1);
}

void Selection::cycle(bool forward, int keyCount)
{
    // Position 0 is the query, 2i + 1 key i and 2i + 2 its value: each key next to its value,
    // as in the table.
    const int count = 1 + 2 * std::max(0, keyCount);
    const int i = m_handle.index;
    int current = -1;
    if (m_handle.kind == Kind::Query)
        current = 0;
    else if (m_handle.kind == Kind::Key && i >= 0 && i < keyCount)
        current = 1 + 2 * i;
    else if (m_handle.kind == Kind::Value && i >= 0 && i < keyCount)
        current = 2 + 2 * i;
    int next;
    if (current < 0)
        next = forward ? 0 : count - 1;
    else
        next = (current + (forward ? 1 : count - 1)) % count;
    if (next == 0)
        select(Kind::Query);
    else
        select((next % 2) ? Kind::Key : Kind::Value, (next - 1) / 2);
}

void Selection::keyRemoved(const VectorHandle &before, int index, int keyCountBefore)
{
    if (!before.isKeyRow())
        return;
    if (before.index == index)
        select(Kind::Key, std::min(index, keyCountBefore - 2));
    else if (before.index > index)
        select(before.kind, before.index - 1);
}
