#pragma once

/// One vector on the canvas that can be hovered, grabbed or selected: the query, a key, a value
/// or (for the General score) a column of W. The canvas's handles and the shared Selection name
/// vectors with this one kind, so that passing one to the other needs no translation.
struct VectorHandle
{
    enum class Kind
    {
        None,
        Query,
        Key,
        Value,
        GeneralColumn
    };
    Kind kind = Kind::None;
    /// The key index for Key and Value, the column (0 or 1) for GeneralColumn, else -1.
    int index = -1;

    bool isValid() const { return kind != Kind::None; }
    /// A key or a value: a row of the scene that removing a key can take away.
    bool isKeyRow() const { return kind == Kind::Key || kind == Kind::Value; }
    bool operator==(const VectorHandle &other) const = default;
};
