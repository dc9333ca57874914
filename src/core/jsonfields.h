#pragma once

#include "error.h"
#include "json.h"
#include "normaliser.h"
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
/// The writers' matrix and vector forms are here too, so that every file kind writes a matrix
/// the same way its reader expects it.
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

/// The softmax temperature must be finite and above 0; written as !(t > 0) so that NaN fails too.
inline Check checkTemperature(double t)
{
    if (!(t > 0) || !std::isfinite(t))
        return makeError(ErrorCode::BadTemperature, "temperature");
    return {};
}

/// An optional "temperature" field: left as it is when absent, else a number held to
/// checkTemperature().
inline Check readTemperature(const JsonValue &root, double &out)
{
    const JsonValue *t = root.find("temperature");
    if (!t)
        return {};
    if (auto e = expectNumber(*t, "temperature", out))
        return e;
    return checkTemperature(out);
}

/// Sigmoid attention's bias, when given, must be finite.
inline Check checkSigmoidBias(const std::optional<double> &bias)
{
    if (bias && !std::isfinite(*bias))
        return makeError(ErrorCode::NonFinite, "sigmoid_bias");
    return {};
}

inline Check checkNormaliser(Normaliser n)
{
    const int id = static_cast<int>(n);
    if (id < 0 || id >= kNormaliserCount)
        return makeError(ErrorCode::UnknownNormaliser, "normaliser", -1, -1, std::to_string(id));
    return {};
}

/// The optional top-level "normaliser" (softmax when absent) and "sigmoid_bias" (−ln n when
/// absent) that scene and sequence files share.
inline Check readNormaliser(const JsonValue &root, Normaliser &out, std::optional<double> &bias)
{
    if (const JsonValue *n = root.find("normaliser")) {
        if (!n->isString())
            return makeError(ErrorCode::WrongType, "normaliser", -1, -1, "string");
        if (!normaliserFromId(n->asString(), out))
            return makeError(ErrorCode::UnknownNormaliser, "normaliser", -1, -1, n->asString());
    }
    if (const JsonValue *b = root.find("sigmoid_bias")) {
        double value = 0;
        if (auto e = expectNumber(*b, "sigmoid_bias", value))
            return e;
        bias = value;
        return checkSigmoidBias(bias);
    }
    return {};
}

/// Writes what readNormaliser() reads. Softmax is left out, so that a file that never chose a
/// normaliser is written as before.
inline void writeNormaliser(JsonValue &root, Normaliser n, const std::optional<double> &bias)
{
    const int id = static_cast<int>(n);
    if (n != Normaliser::Softmax)
        // An out-of-range value (memory never validated) is written so that loading it fails.
        root.set("normaliser", id >= 0 && id < kNormaliserCount ? normaliserId(n) : "");
    if (bias)
        root.set("sigmoid_bias", *bias);
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

/// A list of numbers.
inline JsonValue toJson(const Vector &v)
{
    JsonValue::Array items;
    items.reserve(std::size_t(v.size()));
    for (Eigen::Index i = 0; i < v.size(); ++i)
        items.emplace_back(v(i));
    return JsonValue(std::move(items));
}

/// A list of rows, each a list of numbers: the form readMatrix() reads.
inline JsonValue toJson(const Matrix &m)
{
    JsonValue::Array rows;
    rows.reserve(std::size_t(m.rows()));
    for (Eigen::Index r = 0; r < m.rows(); ++r) {
        JsonValue::Array row;
        row.reserve(std::size_t(m.cols()));
        for (Eigen::Index c = 0; c < m.cols(); ++c)
            row.emplace_back(m(r, c));
        rows.emplace_back(std::move(row));
    }
    return JsonValue(std::move(rows));
}

/// A set of attention heads and their output projection, {"heads": [{"wq", "wk", "wv"}, …],
/// "wo"}: a scene's multi-head block and a sequence's layer have the same form.
template <typename Heads> JsonValue headsJson(const Heads &heads, const Matrix &wo)
{
    JsonValue list = JsonValue::array();
    for (const auto &head : heads) {
        JsonValue h = JsonValue::object();
        h.set("wq", toJson(head.wq));
        h.set("wk", toJson(head.wk));
        h.set("wv", toJson(head.wv));
        list.append(std::move(h));
    }
    JsonValue block = JsonValue::object();
    block.set("heads", std::move(list));
    block.set("wo", toJson(wo));
    return block;
}

/// The JSON of a document of at most `limit` bytes. The size is checked before parsing so that
/// an oversized file costs nothing but its length.
inline Result<JsonValue> parseWithin(std::string_view text, std::size_t limit)
{
    if (text.size() > limit)
        return makeError(ErrorCode::FileTooLarge, "", static_cast<long long>(limit),
                         static_cast<long long>(text.size()));
    return parseJson(text);
}

/// The top level of a document: an object of the kind `format` in `version`, holding none but
/// the `known` fields. Format and version come first: a file of another kind or version is
/// expected to have fields this reader does not know, and saying so is more useful than naming
/// one of them.
inline Check readDocumentRoot(const JsonValue &root, std::string_view format, int version,
                              std::initializer_list<std::string_view> known)
{
    if (!root.isObject())
        return makeError(ErrorCode::WrongType, "", -1, -1, "object");
    if (auto e = readFormatAndVersion(root, format, version))
        return e;
    return rejectUnknownFields(root, "", known);
}

} // namespace attn::jsonfields
