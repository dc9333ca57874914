#pragma once

#include "error.h"
#include "json.h"
#include "types.h"

#include <algorithm>
#include <cmath>
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

inline Check checkFinite(const Matrix &m, std::string_view path)
{
    for (Eigen::Index r = 0; r < m.rows(); ++r)
        for (Eigen::Index c = 0; c < m.cols(); ++c)
            if (!std::isfinite(m(r, c)))
                return makeError(ErrorCode::NonFinite, at(at(path, r), c));
    return {};
}

/// Rows first: a file states the rows directly, while a wrong column count is already reported on
/// the row that has it when the matrix is read.
inline Check checkShape(const Matrix &m, std::string_view path, Eigen::Index rows,
                        Eigen::Index cols)
{
    if (m.rows() != rows)
        return makeError(ErrorCode::DimensionMismatch, std::string(path), rows, m.rows());
    if (m.cols() != cols)
        return makeError(ErrorCode::DimensionMismatch, std::string(path), cols, m.cols());
    return checkFinite(m, path);
}

/// "format" must name the document kind and "version" must be `version`. Every version problem
/// is UnsupportedVersion so that a reader can tell the user to look for a newer build; detail
/// says whether the field was missing or not an integer.
inline Check readFormatAndVersion(const JsonValue &root, std::string_view format, int version)
{
    const JsonValue *given = nullptr;
    if (auto e = require(root, "", "format", given))
        return e;
    if (!given->isString())
        return makeError(ErrorCode::WrongType, "format", -1, -1, "string");
    if (given->asString() != format)
        return makeError(ErrorCode::WrongFormat, "format");
    const JsonValue *number = root.find("version");
    if (!number)
        return makeError(ErrorCode::UnsupportedVersion, "version", version, -1, "missing");
    const double v = number->asNumber();
    if (!number->isNumber() || v != std::floor(v))
        return makeError(ErrorCode::UnsupportedVersion, "version", version, -1, "not-integer");
    // Clamped so that absurd versions (1e300) still convert without undefined behaviour.
    if (v != version)
        return makeError(ErrorCode::UnsupportedVersion, "version", version,
                         static_cast<long long>(std::clamp(v, -1e18, 1e18)));
    return {};
}

} // namespace attn::jsonfields
