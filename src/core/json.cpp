#include "json.h"

#include "cancellableread.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <system_error>
#include <unordered_set>

namespace attn {

// ---------------------------------------------------------------------------------------------
// JsonValue

const std::string &JsonValue::asString() const
{
    static const std::string empty;
    return isString() ? std::get<std::string>(m_data) : empty;
}

const JsonValue::Array &JsonValue::asArray() const
{
    static const Array empty;
    return isArray() ? std::get<Array>(m_data) : empty;
}

const JsonValue::Object &JsonValue::asObject() const
{
    static const Object empty;
    return isObject() ? std::get<Object>(m_data) : empty;
}

const JsonValue *JsonValue::find(std::string_view key) const
{
    for (const Member &m : asObject())
        if (m.first == key)
            return &m.second;
    return nullptr;
}

JsonValue &JsonValue::append(JsonValue value)
{
    if (!isArray())
        m_data = Array{};
    std::get<Array>(m_data).push_back(std::move(value));
    return *this;
}

JsonValue &JsonValue::set(std::string key, JsonValue value)
{
    if (!isObject())
        m_data = Object{};
    auto &members = std::get<Object>(m_data);
    for (Member &m : members) {
        if (m.first == key) {
            m.second = std::move(value);
            return *this;
        }
    }
    members.emplace_back(std::move(key), std::move(value));
    return *this;
}

bool operator==(const JsonValue &a, const JsonValue &b)
{
    // variant's own == would do the same, spelled out so that the number rule is visible.
    if (a.type() != b.type())
        return false;
    switch (a.type()) {
    case JsonValue::Type::Null:
        return true;
    case JsonValue::Type::Bool:
        return a.asBool() == b.asBool();
    case JsonValue::Type::Number:
        return a.asNumber() == b.asNumber();
    case JsonValue::Type::String:
        return a.asString() == b.asString();
    case JsonValue::Type::Array:
        return a.asArray() == b.asArray();
    case JsonValue::Type::Object:
        return a.asObject() == b.asObject();
    }
    return false;
}

// ---------------------------------------------------------------------------------------------
// UTF-8

namespace {

// Table 3-7 of the Unicode standard, one row per range of first bytes: the sequence's length and
// the range of its second byte (every later byte is 80…BF). The second byte's range depending on
// the first is what excludes overlong forms, surrogates and code points above U+10FFFF.
struct Utf8Lead
{
    unsigned char first, last;
    int length;
    unsigned char lo, hi;
};

constexpr Utf8Lead kUtf8Leads[] = {
    {0xC2, 0xDF, 2, 0x80, 0xBF}, {0xE0, 0xE0, 3, 0xA0, 0xBF}, {0xE1, 0xEC, 3, 0x80, 0xBF},
    {0xED, 0xED, 3, 0x80, 0x9F}, {0xEE, 0xEF, 3, 0x80, 0xBF}, {0xF0, 0xF0, 4, 0x90, 0xBF},
    {0xF1, 0xF3, 4, 0x80, 0xBF}, {0xF4, 0xF4, 4, 0x80, 0x8F},
};

} // namespace

std::size_t findInvalidUtf8(std::string_view text)
{
    const auto *s = reinterpret_cast<const unsigned char *>(text.data());
    const std::size_t n = text.size();
    std::size_t i = 0;
    while (i < n) {
        const unsigned char c = s[i];
        if (c < 0x80) {
            ++i;
            continue;
        }
        const Utf8Lead *lead =
            std::find_if(std::begin(kUtf8Leads), std::end(kUtf8Leads),
                         [c](const Utf8Lead &l) { return c >= l.first && c <= l.last; });
        if (lead == std::end(kUtf8Leads))
            return i;
        const int length = lead->length;
        if (n - i < std::size_t(length))
            return i;
        if (s[i + 1] < lead->lo || s[i + 1] > lead->hi)
            return i;
        for (int k = 2; k < length; ++k)
            if (s[i + k] < 0x80 || s[i + k] > 0xBF)
                return i;
        i += std::size_t(length);
    }
    return std::string_view::npos;
}

namespace {

bool sameBits(double a, double b)
{
    return std::memcmp(&a, &b, sizeof a) == 0;
}

// ---------------------------------------------------------------------------------------------
// Reader: nlohmann-json's SAX parser does the lexing and the grammar (iteratively, so no input
// can exhaust the stack). The handler builds the JsonValue, refuses repeated members and deep
// nesting, and keeps what nlohmann reports so that describeFailure() can turn it back into this
// library's reasons and positions.

using Nlohmann = nlohmann::json;

// What nlohmann reported on failure: how many bytes it had read (the last one read broke the
// rule; reading the end counts as one byte more), the current token as it prints it, and the
// message that names the rule.
struct LibraryFailure
{
    std::size_t read = 0;
    std::string token;
    int id = 0;
    std::string message;
};

class SaxHandler
{
public:
    explicit SaxHandler(const CancelFlag *cancel) : m_cancel(cancel)
    {
        m_frames.reserve(kMaxJsonDepth);
    }

    // nlohmann gives signed integers only to numbers written with a minus, so a signed 0 can only
    // have been "-0", which must read back as -0.0.
    bool number_integer(Nlohmann::number_integer_t v) { return add(v == 0 ? -0.0 : double(v)); }
    // Integers up to 2^64 convert from nlohmann's exact integer with one rounding, the same
    // double that the decimal text rounds to.
    bool number_unsigned(Nlohmann::number_unsigned_t v) { return add(double(v)); }
    // Correctly rounded by nlohmann (strtod, with the locale's decimal point taken care of);
    // overflow never gets here (error 406) and underflow arrives as ±0 or a subnormal.
    bool number_float(Nlohmann::number_float_t v, const Nlohmann::string_t &) { return add(v); }
    bool null() { return add(JsonValue()); }
    bool boolean(bool b) { return add(JsonValue(b)); }
    bool string(Nlohmann::string_t &s) { return add(JsonValue(std::move(s))); }
    bool binary(Nlohmann::binary_t &) { return false; } // only the binary formats have these
    bool start_object(std::size_t) { return enter(false); }
    bool start_array(std::size_t) { return enter(true); }
    bool end_object() { return leave(); }
    bool end_array() { return leave(); }

    bool key(Nlohmann::string_t &name)
    {
        Frame &frame = m_frames.back();
        // A hash set keeps duplicate detection linear even for objects with many members.
        const bool fresh = frame.names.insert(name).second;
        frame.name = std::move(name);
        if (!fresh) {
            m_error = Error{ErrorCode::DuplicateField, path(), -1, -1, {}};
            return false;
        }
        return true;
    }

    bool parse_error(std::size_t read, const std::string &token,
                     const nlohmann::detail::exception &e)
    {
        m_failure = LibraryFailure{read, token, e.id, e.what()};
        return false;
    }

    /// Set when the handler itself stopped the parse (TooDeep, DuplicateField).
    const std::optional<Error> &error() const { return m_error; }
    const LibraryFailure &failure() const { return m_failure; }
    /// True once the top-level value is complete: whatever fails after it is trailing content.
    bool rootDone() const { return m_rootDone; }
    /// True while the innermost open container is an object (after a comma a name must follow).
    bool inObject() const { return !m_frames.empty() && !m_frames.back().isArray; }
    JsonValue takeRoot() { return std::move(m_root); }

private:
    // An array or object being read; it joins its parent when it closes.
    struct Frame
    {
        bool isArray = false;
        JsonValue::Array items;
        JsonValue::Object members;
        std::unordered_set<std::string> names;
        std::string name; // the member being read
    };

    bool enter(bool isArray)
    {
        if (m_frames.size() >= std::size_t(kMaxJsonDepth)) {
            m_error = Error{ErrorCode::TooDeep, {}, kMaxJsonDepth, -1, {}};
            return false;
        }
        m_frames.push_back(Frame{isArray, {}, {}, {}, {}});
        return true;
    }

    bool leave()
    {
        Frame frame = std::move(m_frames.back());
        m_frames.pop_back();
        return add(frame.isArray ? JsonValue(std::move(frame.items))
                                 : JsonValue(std::move(frame.members)));
    }

    bool add(JsonValue value)
    {
        // An atomic load per value would cost little, one per few thousand costs nothing.
        if (m_cancel && ++m_sinceCheck == kCheckEvery) {
            m_sinceCheck = 0;
            if (isCancelled(m_cancel)) {
                m_error = Error{ErrorCode::BadArgument, "cancelled", -1, -1, {}};
                return false;
            }
        }
        if (m_frames.empty()) {
            m_root = std::move(value);
            m_rootDone = true;
            return true;
        }
        Frame &frame = m_frames.back();
        if (frame.isArray)
            frame.items.push_back(std::move(value));
        else
            frame.members.emplace_back(std::move(frame.name), std::move(value));
        return true;
    }

    // "multihead.heads[0].wq": an open array's next index is the size it has so far.
    std::string path() const
    {
        std::string path;
        for (const Frame &frame : m_frames) {
            if (frame.isArray) {
                path += '[' + std::to_string(frame.items.size()) + ']';
            } else {
                if (!path.empty())
                    path += '.';
                path += frame.name;
            }
        }
        return path;
    }

    std::vector<Frame> m_frames;
    JsonValue m_root;
    bool m_rootDone = false;
    std::optional<Error> m_error;
    LibraryFailure m_failure;
    static constexpr int kCheckEvery = 4096;
    const CancelFlag *m_cancel;
    int m_sinceCheck = 0;
};

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

bool isHexDigit(char c)
{
    return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

// Line and column (1-based; the column counts characters, not bytes, and the byte-order mark
// at `start` is not counted), computed only on failure so that the happy path pays nothing.
Error malformed(std::string_view text, std::size_t start, const char *reason, std::size_t offset)
{
    long long line = 1, column = 1;
    for (std::size_t i = start; i < offset && i < text.size(); ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c == '\n') {
            ++line;
            column = 1;
        } else if ((c & 0xC0) != 0x80) {
            ++column;
        }
    }
    return Error{ErrorCode::Malformed, {}, line, column, reason};
}

// nlohmann's "invalid literal" stops at the first byte that fits no token: either that byte
// began the token, or it broke a true, false or null begun just before it.
std::size_t literalStart(std::string_view text, std::size_t last)
{
    for (std::size_t i = 1; i <= 4 && i <= last; ++i) {
        const char first = text[last - i];
        const std::string_view word = first == 't'   ? "true"
                                      : first == 'f' ? "false"
                                      : first == 'n' ? "null"
                                                     : "";
        if (i < word.size() && text.substr(last - i, i) == word.substr(0, i))
            return last - i;
    }
    return last;
}

struct Reason
{
    const char *name;
    std::size_t offset;
};

// The reasons inside a string, reported where the escape that broke them begins. `last` is the
// last byte read (text.size() at the end), `rule` nlohmann's message after "syntax error ... - ".
Reason stringFailure(std::string_view text, std::string_view rule, std::size_t last, bool atEnd)
{
    if (rule.starts_with("invalid string: control character"))
        return {"control-character", last};
    if (rule.starts_with("invalid string: forbidden character after backslash"))
        return atEnd ? Reason{"unexpected-end", last} : Reason{"bad-escape", last - 1};
    if (rule.starts_with("invalid string: '\\u' must be followed by 4 hex digits")) {
        // Up to three hex digits were read after "\u" before the byte that is not one.
        std::size_t i = last;
        for (int k = 0; k < 3 && i > 0 && isHexDigit(text[i - 1]); ++k)
            --i;
        return {"bad-escape", i >= 2 ? i - 2 : 0};
    }
    if (rule.starts_with("invalid string: surrogate U+DC00..U+DFFF must follow"))
        return {"lone-surrogate", last >= 5 ? last - 5 : 0}; // last is the escape's 4th digit
    if (rule.starts_with("invalid string: surrogate U+D800..U+DBFF must be followed")) {
        // After the high surrogate's escape came a whole "\uXXXX" that is not a low surrogate,
        // a backslash and then no 'u', or something else.
        std::size_t back = 6;
        if (last >= 5 && text[last - 5] == '\\' && text[last - 4] == 'u')
            back = 11;
        else if (last >= 1 && text[last - 1] == '\\')
            back = 7;
        return {"lone-surrogate", last >= back ? last - back : 0};
    }
    // "missing closing quote", the only other one (ill-formed UTF-8 was ruled out before).
    return {"unexpected-end", last};
}

// Turns what nlohmann reported into the reason and position the hand-written parser gave (the
// bad-input matrix and tst_json pin them): most at the start of the offending token, literals
// at the byte that breaks them, escapes where they begin, everything after a complete value
// "trailing-content". The rules are nlohmann 3.11's messages; an unknown one falls back to
// "unexpected-character" at the last byte read.
Error describeFailure(std::string_view text, std::size_t start, const SaxHandler &handler)
{
    const LibraryFailure &failure = handler.failure();
    const std::size_t size = text.size();
    const std::size_t last = std::min(failure.read > 0 ? failure.read - 1 : 0, size);
    const bool atEnd = last >= size;
    // Where the current string or number began: nlohmann keeps its bytes, a control character
    // (only ever the last one) printed as "<U+001F>", the end not at all.
    const auto tokenStart = [&] {
        std::size_t length = failure.token.size();
        if (!atEnd && static_cast<unsigned char>(text[last]) < 0x20)
            length -= std::min<std::size_t>(length, 7);
        const std::size_t read = atEnd ? size : last + 1;
        return read - std::min(length, read);
    };
    const auto fail = [&](const char *reason, std::size_t offset) {
        return malformed(text, start, reason, offset);
    };

    if (failure.id == 406) // a number beyond the largest double
        return fail("number-out-of-range", tokenStart());

    const std::string_view message = failure.message;
    const std::size_t dash = message.find(" - ");
    const std::string_view rule =
        dash == std::string_view::npos ? message : message.substr(dash + 3);

    enum class Kind
    {
        Other,
        Number,
        String,
        Literal
    };
    std::size_t tokenBegin = last;
    Reason reason{"unexpected-character", last};
    Kind kind = Kind::Other;
    bool broken = false; // nlohmann could not read the token itself
    if (rule.starts_with("unexpected ")) {
        const std::string_view token = rule.substr(11);
        if (token.starts_with("end of input")) {
            // nlohmann takes a NUL byte for the end too.
            if (atEnd)
                return fail("unexpected-end", size);
        } else if (token.starts_with("true literal") || token.starts_with("null literal")) {
            tokenBegin = last - 3;
        } else if (token.starts_with("false literal")) {
            tokenBegin = last - 4;
        } else if (token.starts_with("string literal")) {
            tokenBegin = tokenStart();
        } else if (token.starts_with("number literal")) {
            tokenBegin = tokenStart();
            kind = Kind::Number;
        }
        reason.offset = tokenBegin;
    } else if (rule.starts_with("invalid number")) {
        tokenBegin = tokenStart();
        kind = Kind::Number;
        broken = true;
        reason = {"bad-number", tokenBegin};
    } else if (rule.starts_with("invalid literal")) {
        tokenBegin = literalStart(text, last);
        kind = tokenBegin < last ? Kind::Literal : Kind::Other;
        broken = true;
        if (atEnd)
            reason.name = "unexpected-end";
    } else if (rule.starts_with("invalid string")) {
        tokenBegin = tokenStart();
        kind = Kind::String;
        broken = true;
        reason = stringFailure(text, rule, last, atEnd);
    }

    // nlohmann ends a number at a leading zero ("01" is 0, then 1); JSON has no leading zeros.
    if (kind == Kind::Number && tokenBegin > 0 && isDigit(text[tokenBegin]) &&
        isDigit(text[tokenBegin - 1])) {
        const std::size_t zero = tokenBegin - 1;
        return fail("bad-number", zero > 0 && text[zero - 1] == '-' ? zero - 1 : zero);
    }
    if (handler.rootDone())
        return fail("trailing-content", tokenBegin);
    // A value where none may stand is unexpected at its first byte, however broken the rest of
    // it: nlohmann reads the whole token before its parser looks at where it stands.
    if (broken && kind != Kind::Other) {
        std::size_t i = tokenBegin;
        while (i > start && std::string_view(" \t\n\r").find(text[i - 1]) != std::string_view::npos)
            --i;
        const char before = i > start ? text[i - 1] : '[';
        const bool name = before == '{' || (before == ',' && handler.inObject());
        const bool value = before == '[' || before == ':' || (before == ',' && !handler.inObject());
        if (!(kind == Kind::String ? name || value : value))
            return fail("unexpected-character", tokenBegin);
    }
    return fail(reason.name, reason.offset);
}

// ---------------------------------------------------------------------------------------------
// Writer

constexpr std::size_t kLineWidth = 80;
constexpr int kIndent = 2;

// Arrays without objects may go on one line; objects always take one member per line.
bool inlineable(const JsonValue &v)
{
    if (v.isObject())
        return v.asObject().empty();
    if (!v.isArray())
        return true;
    for (const JsonValue &item : v.asArray())
        if (!inlineable(item))
            return false;
    return true;
}

void writeInline(std::string &out, const JsonValue &v);

void writeScalar(std::string &out, const JsonValue &v)
{
    switch (v.type()) {
    case JsonValue::Type::Null:
        out += "null";
        break;
    case JsonValue::Type::Bool:
        out += v.asBool() ? "true" : "false";
        break;
    case JsonValue::Type::Number:
        out += formatJsonNumber(v.asNumber());
        break;
    case JsonValue::Type::String:
        appendJsonString(out, v.asString());
        break;
    case JsonValue::Type::Array:
        writeInline(out, v);
        break;
    case JsonValue::Type::Object:
        out += "{}";
        break;
    }
}

void writeInline(std::string &out, const JsonValue &v)
{
    if (!v.isArray()) {
        writeScalar(out, v);
        return;
    }
    out += '[';
    bool first = true;
    for (const JsonValue &item : v.asArray()) {
        if (!first)
            out += ", ";
        first = false;
        writeInline(out, item);
    }
    out += ']';
}

std::size_t currentColumn(const std::string &out)
{
    const std::size_t newline = out.rfind('\n');
    return newline == std::string::npos ? out.size() : out.size() - newline - 1;
}

void writeIndented(std::string &out, const JsonValue &v, int indent)
{
    if (v.isArray() && !v.asArray().empty()) {
        if (inlineable(v)) {
            std::string line;
            writeInline(line, v);
            // The closing comma that may follow counts towards the width.
            if (currentColumn(out) + line.size() + 1 <= kLineWidth) {
                out += line;
                return;
            }
        }
        const auto &items = v.asArray();
        out += "[\n";
        if (std::none_of(items.begin(), items.end(),
                         [](const JsonValue &item) { return item.isArray() || item.isObject(); })) {
            // A long list of numbers reads better filled line by line than one per line.
            std::string line(std::size_t(indent + kIndent), ' ');
            for (std::size_t i = 0; i < items.size(); ++i) {
                std::string item;
                writeScalar(item, items[i]);
                if (i + 1 < items.size())
                    item += ',';
                if (line.size() > std::size_t(indent + kIndent) &&
                    line.size() + 1 + item.size() > kLineWidth) {
                    out += line;
                    out += '\n';
                    line.assign(std::size_t(indent + kIndent), ' ');
                } else if (line.size() > std::size_t(indent + kIndent)) {
                    line += ' ';
                }
                line += item;
            }
            out += line;
            out += '\n';
            out.append(std::size_t(indent), ' ');
            out += ']';
            return;
        }
        for (std::size_t i = 0; i < items.size(); ++i) {
            out.append(std::size_t(indent + kIndent), ' ');
            writeIndented(out, items[i], indent + kIndent);
            out += i + 1 < items.size() ? ",\n" : "\n";
        }
        out.append(std::size_t(indent), ' ');
        out += ']';
        return;
    }
    if (v.isObject() && !v.asObject().empty()) {
        out += "{\n";
        const auto &members = v.asObject();
        for (std::size_t i = 0; i < members.size(); ++i) {
            out.append(std::size_t(indent + kIndent), ' ');
            appendJsonString(out, members[i].first);
            out += ": ";
            writeIndented(out, members[i].second, indent + kIndent);
            out += i + 1 < members.size() ? ",\n" : "\n";
        }
        out.append(std::size_t(indent), ' ');
        out += '}';
        return;
    }
    writeScalar(out, v);
}

} // namespace

Result<JsonValue> parseJson(std::string_view text)
{
    return parseJson(text, nullptr);
}

Result<JsonValue> parseJson(std::string_view text, const CancelFlag *cancel)
{
    // nlohmann checks UTF-8 only inside strings and reports no byte offset; the whole text is
    // checked first, as documented.
    if (const std::size_t bad = findInvalidUtf8(text); bad != std::string_view::npos)
        return Error{ErrorCode::InvalidUtf8, {}, -1, static_cast<long long>(bad), {}};
    const std::size_t start = text.starts_with("\xEF\xBB\xBF") ? 3 : 0;
    // Worth its own reason: an empty file is a common mistake and "unexpected end" at line 1,
    // column 1 would not say so.
    if (text.find_first_not_of(" \t\n\r", start) == std::string_view::npos)
        return malformed(text, start, "empty", text.size());
    // nlohmann would read a leading 0xEF (a character U+E000..U+FFFF here) as a broken byte-order
    // mark; like any other character that starts no value it is unexpected.
    if (start == 0 && text.front() == '\xEF')
        return malformed(text, start, "unexpected-character", 0);

    SaxHandler handler(cancel);
    // Strict: one value and nothing after it; comments are errors.
    const bool ok = Nlohmann::sax_parse(text.data(), text.data() + text.size(), &handler,
                                        nlohmann::detail::input_format_t::json, true, false);
    if (handler.error())
        return *handler.error();
    if (!ok)
        return describeFailure(text, start, handler);
    // nlohmann stops at a NUL byte as at the end; the first one is where its value ended.
    if (const std::size_t nul = text.find('\0'); nul != std::string_view::npos)
        return malformed(text, start, "trailing-content", nul);
    return handler.takeRoot();
}

std::string formatJsonNumber(double x)
{
    if (!std::isfinite(x))
        return "null";
    char buffer[64];
    std::string_view best;
    for (int precision = 15; precision <= 17; ++precision) {
        const auto result =
            std::to_chars(buffer, buffer + sizeof buffer, x, std::chars_format::general, precision);
        best = std::string_view(buffer, std::size_t(result.ptr - buffer));
        double back = 0;
        const auto parsed = std::from_chars(best.data(), best.data() + best.size(), back);
        if (parsed.ec == std::errc() && sameBits(back, x))
            break;
    }
    // 17 significant digits always round-trip, so `best` holds a faithful form here.
    return std::string(best);
}

void appendJsonString(std::string &out, std::string_view s)
{
    static constexpr char kHex[] = "0123456789abcdef";
    out += '"';
    for (char ch : s) {
        const auto c = static_cast<unsigned char>(ch);
        switch (c) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\b':
            out += "\\b";
            break;
        case '\f':
            out += "\\f";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        default:
            if (c < 0x20) {
                out += "\\u00";
                out += kHex[c >> 4];
                out += kHex[c & 0xF];
            } else {
                out += ch;
            }
        }
    }
    out += '"';
}

std::string writeJson(const JsonValue &value)
{
    std::string out;
    writeIndented(out, value, 0);
    out += '\n';
    return out;
}

} // namespace attn
