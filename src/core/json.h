#pragma once

#include "error.h"

#include <concepts>
#include <cstddef>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

/// Strict JSON for scene files: RFC 8259 only (no comments, no trailing commas, no NaN), bounded
/// nesting, UTF-8 checked, and a writer whose numbers read back bit for bit. The reader is
/// nlohmann-json's SAX parser behind this interface (json.cpp keeps the library out of every
/// other file); the writer is our own, for its layout and its shortest round-trip numbers.
namespace attn {

/// One JSON value. Objects keep their members in insertion order (a vector of pairs), so that a
/// file written by the app lists its fields in the documented order.
class JsonValue
{
public:
    enum class Type
    {
        Null,
        Bool,
        Number,
        String,
        Array,
        Object
    };
    using Array = std::vector<JsonValue>;
    using Member = std::pair<std::string, JsonValue>;
    using Object = std::vector<Member>;

    /// null.
    JsonValue() = default;
    JsonValue(std::nullptr_t) {}
    JsonValue(bool b) : m_data(b) {}
    /// Any arithmetic type but bool is stored as a double (integers above 2^53 lose precision).
    template <typename T>
    requires(std::is_arithmetic_v<T> && !std::same_as<T, bool>) JsonValue(T number)
        : m_data(static_cast<double>(number))
    {}
    JsonValue(std::string s) : m_data(std::move(s)) {}
    JsonValue(std::string_view s) : m_data(std::string(s)) {}
    JsonValue(const char *s) : m_data(std::string(s)) {}
    JsonValue(Array a) : m_data(std::move(a)) {}
    JsonValue(Object o) : m_data(std::move(o)) {}

    /// An empty array / object (JsonValue({}) would be ambiguous).
    static JsonValue array() { return JsonValue(Array{}); }
    static JsonValue object() { return JsonValue(Object{}); }

    /// The alternatives of m_data are declared in the order of Type.
    Type type() const { return static_cast<Type>(m_data.index()); }
    bool isNull() const { return type() == Type::Null; }
    bool isBool() const { return type() == Type::Bool; }
    bool isNumber() const { return type() == Type::Number; }
    bool isString() const { return type() == Type::String; }
    bool isArray() const { return type() == Type::Array; }
    bool isObject() const { return type() == Type::Object; }

    /// The accessors never fail: on a value of another type they return false, 0, or an empty
    /// string, array or object. Check type() first where the difference matters.
    bool asBool() const { return isBool() && std::get<bool>(m_data); }
    double asNumber() const { return isNumber() ? std::get<double>(m_data) : 0.0; }
    const std::string &asString() const;
    const Array &asArray() const;
    const Object &asObject() const;

    /// The member named `key`, or nullptr (also when this is not an object).
    const JsonValue *find(std::string_view key) const;

    /// Appends to an array; a value of another type is first replaced by an empty array.
    JsonValue &append(JsonValue value);
    /// Sets a member of an object, replacing an existing one with that key in place or appending
    /// a new one; a value of another type is first replaced by an empty object.
    JsonValue &set(std::string key, JsonValue value);

    /// Structural equality; numbers compare with == (so -0 == 0 and NaN != NaN), members in order.
    friend bool operator==(const JsonValue &a, const JsonValue &b);

private:
    std::variant<std::monostate, bool, double, std::string, Array, Object> m_data;
};

/// The deepest nesting of arrays and objects parseJson() accepts.
inline constexpr int kMaxJsonDepth = 64;

/// Parses one JSON document (RFC 8259, UTF-8, an optional byte-order mark at the start).
/// Errors, the first one found:
/// - InvalidUtf8 (actual = 0-based byte offset of the ill-formed sequence), checked on the whole
///   text before anything else;
/// - Malformed (detail = reason token, expected = line, actual = column, both 1-based; the column
///   counts characters, not bytes): "empty" (nothing but whitespace), "unexpected-character",
///   "unexpected-end", "trailing-content", "bad-escape", "lone-surrogate", "bad-number",
///   "number-out-of-range", "control-character";
/// - TooDeep (expected = kMaxJsonDepth) when arrays and objects nest deeper than that;
/// - DuplicateField (subject = path of the repeated member, e.g. "multihead.heads[0].wq").
/// Numbers that underflow become ±0; numbers that overflow a double are errors.
/// The parser is iterative and stops at kMaxJsonDepth, so no input can exhaust the stack.
Result<JsonValue> parseJson(std::string_view text);

/// Writes `value` as indented JSON (2 spaces, a newline at the end). Arrays that hold no objects
/// are written on one line when that line stays within 80 columns ("[1.2, 0.8]",
/// "[[1, 0], [0, 1]]"); otherwise arrays of arrays take one element per line and arrays of plain
/// values are filled line by line. Objects take one member per line. Non-finite numbers, which
/// JSON cannot hold, are written as null. Nesting is not limited here: the caller builds the
/// value.
std::string writeJson(const JsonValue &value);

/// The shortest of the %.15g, %.16g and %.17g forms of `x` that reads back as exactly the same
/// double (including -0); integers come out without ".0". Independent of the C locale.
/// Non-finite values give "null".
std::string formatJsonNumber(double x);

/// Appends `s` as a quoted JSON string literal: ", \ and control characters are escaped, other
/// bytes (UTF-8) are copied unchanged.
void appendJsonString(std::string &out, std::string_view s);

/// The 0-based byte offset of the first ill-formed UTF-8 sequence in `text` (overlong forms,
/// surrogates, code points above U+10FFFF, truncated or stray bytes), or npos if there is none.
std::size_t findInvalidUtf8(std::string_view text);

} // namespace attn
