#include "json.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <optional>
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
        // Table 3-7 of the Unicode standard: the second byte's range depends on the first, which
        // is what excludes overlong forms, surrogates and code points above U+10FFFF.
        int length = 0;
        unsigned char lo = 0x80, hi = 0xBF;
        if (c >= 0xC2 && c <= 0xDF) {
            length = 2;
        } else if (c >= 0xE0 && c <= 0xEF) {
            length = 3;
            if (c == 0xE0)
                lo = 0xA0;
            else if (c == 0xED)
                hi = 0x9F;
        } else if (c >= 0xF0 && c <= 0xF4) {
            length = 4;
            if (c == 0xF0)
                lo = 0x90;
            else if (c == 0xF4)
                hi = 0x8F;
        } else {
            return i;
        }
        if (n - i < std::size_t(length))
            return i;
        if (s[i + 1] < lo || s[i + 1] > hi)
            return i;
        for (int k = 2; k < length; ++k)
            if (s[i + k] < 0x80 || s[i + k] > 0xBF)
                return i;
        i += std::size_t(length);
    }
    return std::string_view::npos;
}

namespace {

void appendUtf8(std::string &out, std::uint32_t cp)
{
    if (cp < 0x80) {
        out += char(cp);
    } else if (cp < 0x800) {
        out += char(0xC0 | (cp >> 6));
        out += char(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += char(0xE0 | (cp >> 12));
        out += char(0x80 | ((cp >> 6) & 0x3F));
        out += char(0x80 | (cp & 0x3F));
    } else {
        out += char(0xF0 | (cp >> 18));
        out += char(0x80 | ((cp >> 12) & 0x3F));
        out += char(0x80 | ((cp >> 6) & 0x3F));
        out += char(0x80 | (cp & 0x3F));
    }
}

bool sameBits(double a, double b)
{
    return std::memcmp(&a, &b, sizeof a) == 0;
}

// ---------------------------------------------------------------------------------------------
// Parser

class Parser
{
public:
    explicit Parser(std::string_view text) : m_text(text) {}

    Result<JsonValue> run()
    {
        if (const std::size_t bad = findInvalidUtf8(m_text); bad != std::string_view::npos)
            return Error{ErrorCode::InvalidUtf8, {}, -1, static_cast<long long>(bad), {}};
        if (m_text.substr(0, 3) == "\xEF\xBB\xBF")
            m_start = m_pos = 3;

        JsonValue root;
        skipWhitespace();
        // Worth its own reason: an empty file is a common mistake and "unexpected end" at
        // line 1, column 1 would not say so.
        if (atEnd())
            return malformed("empty", m_pos);
        if (!parseValue(root))
            return std::move(*m_error);
        skipWhitespace();
        if (m_pos < m_text.size())
            return malformed("trailing-content", m_pos);
        return root;
    }

private:
    // A path segment: a member name, or an array index when `isIndex`.
    struct Segment
    {
        std::string_view name;
        std::size_t index = 0;
        bool isIndex = false;
    };

    bool atEnd() const { return m_pos >= m_text.size(); }
    char peek() const { return m_text[m_pos]; }

    void skipWhitespace()
    {
        while (!atEnd()) {
            const char c = peek();
            if (c != ' ' && c != '\t' && c != '\n' && c != '\r')
                return;
            ++m_pos;
        }
    }

    Error malformed(const char *reason, std::size_t offset) const
    {
        // Line and column are computed only on failure, so the happy path pays nothing for them.
        long long line = 1, column = 1;
        for (std::size_t i = m_start; i < offset && i < m_text.size(); ++i) {
            const auto c = static_cast<unsigned char>(m_text[i]);
            if (c == '\n') {
                ++line;
                column = 1;
            } else if ((c & 0xC0) != 0x80) {
                ++column;
            }
        }
        return Error{ErrorCode::Malformed, {}, line, column, reason};
    }

    bool fail(Error error)
    {
        m_error = std::move(error);
        return false;
    }
    bool fail(const char *reason, std::size_t offset) { return fail(malformed(reason, offset)); }

    // An unexpected byte at the current position, or the end of the text.
    bool failHere()
    {
        return atEnd() ? fail("unexpected-end", m_pos) : fail("unexpected-character", m_pos);
    }

    std::string pathString() const
    {
        std::string path;
        for (const Segment &s : m_path) {
            if (s.isIndex) {
                path += '[' + std::to_string(s.index) + ']';
            } else {
                if (!path.empty())
                    path += '.';
                path += s.name;
            }
        }
        return path;
    }

    bool enter()
    {
        if (++m_depth > kMaxJsonDepth)
            return fail(Error{ErrorCode::TooDeep, {}, kMaxJsonDepth, -1, {}});
        return true;
    }

    bool parseValue(JsonValue &out)
    {
        if (atEnd())
            return failHere();
        switch (peek()) {
        case '{':
            return parseObject(out);
        case '[':
            return parseArray(out);
        case '"': {
            std::string s;
            if (!parseString(s))
                return false;
            out = JsonValue(std::move(s));
            return true;
        }
        case 't':
            return parseLiteral("true", JsonValue(true), out);
        case 'f':
            return parseLiteral("false", JsonValue(false), out);
        case 'n':
            return parseLiteral("null", JsonValue(), out);
        default:
            if (peek() == '-' || (peek() >= '0' && peek() <= '9'))
                return parseNumber(out);
            return failHere();
        }
    }

    bool parseLiteral(std::string_view word, JsonValue value, JsonValue &out)
    {
        for (char c : word) {
            if (atEnd() || peek() != c)
                return failHere();
            ++m_pos;
        }
        out = std::move(value);
        return true;
    }

    bool parseArray(JsonValue &out)
    {
        if (!enter())
            return false;
        ++m_pos; // '['
        JsonValue::Array items;
        skipWhitespace();
        if (!atEnd() && peek() == ']') {
            ++m_pos;
        } else {
            for (;;) {
                m_path.push_back(Segment{{}, items.size(), true});
                JsonValue item;
                skipWhitespace();
                if (!parseValue(item))
                    return false;
                m_path.pop_back();
                items.push_back(std::move(item));
                skipWhitespace();
                if (atEnd())
                    return failHere();
                if (peek() == ']') {
                    ++m_pos;
                    break;
                }
                if (peek() != ',')
                    return failHere();
                ++m_pos;
            }
        }
        --m_depth;
        out = JsonValue(std::move(items));
        return true;
    }

    bool parseObject(JsonValue &out)
    {
        if (!enter())
            return false;
        ++m_pos; // '{'
        JsonValue::Object members;
        // A hash set keeps duplicate detection linear even for objects with many members.
        std::unordered_set<std::string> seen;
        skipWhitespace();
        if (!atEnd() && peek() == '}') {
            ++m_pos;
        } else {
            for (;;) {
                skipWhitespace();
                if (atEnd() || peek() != '"')
                    return failHere();
                std::string key;
                if (!parseString(key))
                    return false;
                if (!seen.insert(key).second) {
                    m_path.push_back(Segment{key, 0, false});
                    Error e{ErrorCode::DuplicateField, pathString(), -1, -1, {}};
                    return fail(std::move(e));
                }
                skipWhitespace();
                if (atEnd() || peek() != ':')
                    return failHere();
                ++m_pos;
                skipWhitespace();
                JsonValue value;
                m_path.push_back(Segment{key, 0, false});
                if (!parseValue(value))
                    return false;
                m_path.pop_back();
                members.emplace_back(std::move(key), std::move(value));
                skipWhitespace();
                if (atEnd())
                    return failHere();
                if (peek() == '}') {
                    ++m_pos;
                    break;
                }
                if (peek() != ',')
                    return failHere();
                ++m_pos;
            }
        }
        --m_depth;
        out = JsonValue(std::move(members));
        return true;
    }

    // Reads the 4 hex digits of a \u escape starting at m_pos.
    std::optional<std::uint32_t> hex4()
    {
        if (m_text.size() - m_pos < 4)
            return std::nullopt;
        std::uint32_t v = 0;
        for (int i = 0; i < 4; ++i) {
            const char c = m_text[m_pos + std::size_t(i)];
            v <<= 4;
            if (c >= '0' && c <= '9')
                v |= std::uint32_t(c - '0');
            else if (c >= 'a' && c <= 'f')
                v |= std::uint32_t(c - 'a' + 10);
            else if (c >= 'A' && c <= 'F')
                v |= std::uint32_t(c - 'A' + 10);
            else
                return std::nullopt;
        }
        m_pos += 4;
        return v;
    }

    bool parseString(std::string &out)
    {
        ++m_pos; // opening quote
        for (;;) {
            if (atEnd())
                return failHere();
            const auto c = static_cast<unsigned char>(peek());
            if (c == '"') {
                ++m_pos;
                return true;
            }
            if (c < 0x20)
                return fail("control-character", m_pos);
            if (c != '\\') {
                // The text is known to be valid UTF-8, so multi-byte sequences copy as they are.
                out += char(c);
                ++m_pos;
                continue;
            }
            const std::size_t escapeStart = m_pos;
            ++m_pos;
            if (atEnd())
                return failHere();
            const char e = peek();
            ++m_pos;
            switch (e) {
            case '"':
                out += '"';
                break;
            case '\\':
                out += '\\';
                break;
            case '/':
                out += '/';
                break;
            case 'b':
                out += '\b';
                break;
            case 'f':
                out += '\f';
                break;
            case 'n':
                out += '\n';
                break;
            case 'r':
                out += '\r';
                break;
            case 't':
                out += '\t';
                break;
            case 'u': {
                const auto unit = hex4();
                if (!unit)
                    return fail("bad-escape", escapeStart);
                std::uint32_t cp = *unit;
                if (cp >= 0xDC00 && cp <= 0xDFFF)
                    return fail("lone-surrogate", escapeStart);
                if (cp >= 0xD800 && cp <= 0xDBFF) {
                    if (m_text.substr(m_pos, 2) != "\\u")
                        return fail("lone-surrogate", escapeStart);
                    const std::size_t lowStart = m_pos;
                    m_pos += 2;
                    const auto low = hex4();
                    if (!low)
                        return fail("bad-escape", lowStart);
                    if (*low < 0xDC00 || *low > 0xDFFF)
                        return fail("lone-surrogate", escapeStart);
                    cp = 0x10000 + ((cp - 0xD800) << 10) + (*low - 0xDC00);
                }
                appendUtf8(out, cp);
                break;
            }
            default:
                return fail("bad-escape", escapeStart);
            }
        }
    }

    bool isDigit() const { return !atEnd() && peek() >= '0' && peek() <= '9'; }

    bool parseNumber(JsonValue &out)
    {
        const std::size_t start = m_pos;
        if (peek() == '-')
            ++m_pos;
        if (!isDigit())
            return fail("bad-number", start);
        if (peek() == '0') {
            ++m_pos;
            if (isDigit())
                return fail("bad-number", start); // leading zero
        } else {
            while (isDigit())
                ++m_pos;
        }
        if (!atEnd() && peek() == '.') {
            ++m_pos;
            if (!isDigit())
                return fail("bad-number", start);
            while (isDigit())
                ++m_pos;
        }
        if (!atEnd() && (peek() == 'e' || peek() == 'E')) {
            ++m_pos;
            if (!atEnd() && (peek() == '+' || peek() == '-'))
                ++m_pos;
            if (!isDigit())
                return fail("bad-number", start);
            while (isDigit())
                ++m_pos;
        }
        const std::string_view token = m_text.substr(start, m_pos - start);
        double value = 0;
        const auto [ptr, ec] = std::from_chars(token.data(), token.data() + token.size(), value);
        if (ec == std::errc::result_out_of_range) {
            if (overflows(token))
                return fail("number-out-of-range", start);
            value = token.front() == '-' ? -0.0 : 0.0;
        } else if (ec != std::errc() || ptr != token.data() + token.size()) {
            return fail("bad-number", start);
        }
        out = JsonValue(value);
        return true;
    }

    // from_chars reports underflow and overflow alike; the decimal exponent of the first
    // significant digit tells them apart (a value below 1 can only underflow).
    static bool overflows(std::string_view token)
    {
        std::size_t i = token.front() == '-' ? 1 : 0;
        std::size_t intDigits = 0;
        for (std::size_t k = i; k < token.size() && token[k] >= '0' && token[k] <= '9'; ++k)
            ++intDigits;
        // The decimal exponent of the digit at i, ignoring the written exponent.
        long long position = static_cast<long long>(intDigits) - 1;
        std::optional<long long> firstSignificant;
        for (; i < token.size() && token[i] != 'e' && token[i] != 'E'; ++i) {
            if (token[i] == '.')
                continue;
            if (token[i] != '0' && !firstSignificant)
                firstSignificant = position;
            --position;
        }
        long long exponent = 0;
        if (i < token.size()) {
            ++i;
            bool negative = false;
            if (token[i] == '+' || token[i] == '-')
                negative = token[i++] == '-';
            for (; i < token.size(); ++i) {
                // Saturate: any exponent beyond a billion is out of range either way.
                if (exponent < 1'000'000'000)
                    exponent = exponent * 10 + (token[i] - '0');
            }
            if (negative)
                exponent = -exponent;
        }
        return firstSignificant && *firstSignificant + exponent >= 0;
    }

    std::string_view m_text;
    std::size_t m_start = 0;
    std::size_t m_pos = 0;
    int m_depth = 0;
    std::vector<Segment> m_path;
    std::optional<Error> m_error;
};

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
    return Parser(text).run();
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
