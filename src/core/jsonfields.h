#pragma once

#include "error.h"
#include "json.h"
#include "types.h"

#include <algorithm>
#include <concepts>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>

/// The field-by-field checks every document reader shares (scenes, sequences, their training
/// block): each returns the first rule a value breaks as an Error whose subject is the field's
/// path ("layers[0].heads[1].wq[2]"), so that every file kind names its problems the same way.
namespace attn::jsonfields {

/// The first rule broken, or nothing.
using Check = std::optional<Error>;

inline Error makeError(ErrorCode code, std::string subject, long long expected = -1,
                       long long actual = -1, std::string detail = {})
{
    return Error{code, std::move(subject), expected, actual, std::move(detail)};
}

/// "path[index]"
inline std::string at(std::string_view path, std::integral auto index)
{
    return std::string(path) + '[' + std::to_string(index) + ']';
}

/// "path.name", or "name" at the top level.
inline std::string member(std::string_view path, std::string_view name)
{
    if (path.empty())
        return std::string(name);
    return std::string(path) + '.' + std::string(name);
}

inline Check expectNumber(const JsonValue &v, std::string_view path, double &out)
{
    if (!v.isNumber())
        return makeError(ErrorCode::WrongType, std::string(path), -1, -1, "number");
    out = v.asNumber();
    return {};
}

inline Check expectObject(const JsonValue &v, std::string_view path)
{
    if (!v.isObject())
        return makeError(ErrorCode::WrongType, std::string(path), -1, -1, "object");
    return {};
}

inline Check expectArray(const JsonValue &v, std::string_view path)
{
    if (!v.isArray())
        return makeError(ErrorCode::WrongType, std::string(path), -1, -1, "array");
    return {};
}

/// Typos must not pass silently, so every object is checked against the fields it may hold.
inline Check rejectUnknownFields(const JsonValue &object, std::string_view path,
                                 std::initializer_list<std::string_view> known)
{
    for (const auto &[name, value] : object.asObject())
        if (std::find(known.begin(), known.end(), name) == known.end())
            return makeError(ErrorCode::UnknownField, member(path, name), -1, -1, name);
    return {};
}

/// A required member; on return `out` is null when the error is set.
inline Check require(const JsonValue &object, std::string_view path, std::string_view name,
                     const JsonValue *&out)
{
    out = object.find(name);
    if (!out)
        return makeError(ErrorCode::MissingField, member(path, name));
    return {};
}

/// A list of rows of numbers; `cols` < 0 takes the first row's length as the width.
inline Check readMatrix(const JsonValue &v, std::string_view path, long long cols, Matrix &out)
{
    if (auto e = expectArray(v, path))
        return e;
    const auto &rows = v.asArray();
    if (cols < 0)
        cols = !rows.empty() && rows.front().isArray()
                   ? static_cast<long long>(rows.front().asArray().size())
                   : 0;
    out.resize(static_cast<Eigen::Index>(rows.size()), static_cast<Eigen::Index>(cols));
    for (std::size_t r = 0; r < rows.size(); ++r) {
        const std::string rowPath = at(path, r);
        if (auto e = expectArray(rows[r], rowPath))
            return e;
        const auto &items = rows[r].asArray();
        if (static_cast<long long>(items.size()) != cols)
            return makeError(ErrorCode::DimensionMismatch, rowPath, cols,
                             static_cast<long long>(items.size()));
        for (std::size_t c = 0; c < items.size(); ++c)
            if (auto e =
                    expectNumber(items[c], at(rowPath, c), out(Eigen::Index(r), Eigen::Index(c))))
                return e;
    }
    return {};
}

} // namespace attn::jsonfields
