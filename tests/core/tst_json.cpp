#include "common/datacolumns.h"
#include "core/json.h"

#include <QTest>

#include <cmath>
#include <cstring>
#include <limits>
#include <numbers>
#include <string>

using attn::ErrorCode;
using attn::JsonValue;

Q_DECLARE_METATYPE(attn::ErrorCode)
Q_DECLARE_METATYPE(attn::JsonValue)

namespace attn {
// Lets QCOMPARE print JsonValues (found by argument-dependent lookup).
char *toString(const JsonValue &v)
{
    return qstrdup(writeJson(v).c_str());
}
} // namespace attn

namespace {

std::string view(const QByteArray &bytes)
{
    return std::string(bytes.constData(), std::size_t(bytes.size()));
}

// A byte string that may hold NUL bytes (QByteArray(const char *) would stop at the first).
template <std::size_t N> QByteArray bytes(const char (&text)[N])
{
    return QByteArray(text, qsizetype(N - 1));
}

bool sameBits(double a, double b)
{
    return std::memcmp(&a, &b, sizeof a) == 0;
}

QByteArray errorText(const attn::Error &e)
{
    return QByteArray::fromStdString(attn::describe(e));
}

JsonValue arr(std::initializer_list<JsonValue> items)
{
    return JsonValue(JsonValue::Array(items));
}

JsonValue obj(std::initializer_list<JsonValue::Member> members)
{
    return JsonValue(JsonValue::Object(members));
}

std::string nested(int depth, const std::string &open, const std::string &inner,
                   const std::string &close)
{
    std::string s;
    for (int i = 0; i < depth; ++i)
        s += open;
    s += inner;
    for (int i = 0; i < depth; ++i)
        s += close;
    return s;
}

// The columns of the rows that must fail: the text, the reason and where (1-based).
void addErrorColumns()
{
    dataColumns<QByteArray, QString, int, int>("text", "reason", "line", "column");
}

// The reasons the reader gives, as the rows name them.
namespace reason {
const QString chr = "unexpected-character";
const QString end = "unexpected-end";
const QString trailing = "trailing-content";
const QString number = "bad-number";
const QString range = "number-out-of-range";
const QString escape = "bad-escape";
const QString surrogate = "lone-surrogate";
const QString control = "control-character";
} // namespace reason

} // namespace

class TestJson : public QObject
{
    Q_OBJECT

private slots:
    void parsesValidDocuments_data();
    void parsesValidDocuments();
    void keepsMemberOrder();
    void numbersRoundTrip_data();
    void numbersRoundTrip();
    void numberForms_data();
    void numberForms();
    void underflowBecomesZero();
    void rejectsMalformed_data();
    void rejectsMalformed();
    void reportsWhereTheTokenBegins_data();
    void reportsWhereTheTokenBegins();
    void integersRoundLikeTheirDecimals_data();
    void integersRoundLikeTheirDecimals();
    void rejectsDeepNesting_data();
    void rejectsDeepNesting();
    void acceptsMaximumDepth();
    void rejectsDuplicateFields_data();
    void rejectsDuplicateFields();
    void rejectsInvalidUtf8_data();
    void rejectsInvalidUtf8();
    void acceptsValidUtf8Edges_data();
    void acceptsValidUtf8Edges();
    void writerLayout();
    void writerBreaksLongArrays();
    void writerEscapesStrings();
    void writerRoundTrip_data();
    void writerRoundTrip();
    void writerNonFiniteIsNull();
    void valueAccessors();
};

void TestJson::parsesValidDocuments_data()
{
    dataColumns<QByteArray, JsonValue>("text", "expected");

    QTest::newRow("null") << QByteArray("null") << JsonValue();
    QTest::newRow("true") << QByteArray("true") << JsonValue(true);
    QTest::newRow("false") << QByteArray("false") << JsonValue(false);
    QTest::newRow("zero") << QByteArray("0") << JsonValue(0);
    QTest::newRow("negative") << QByteArray("-12") << JsonValue(-12);
    QTest::newRow("fraction") << QByteArray("1.5") << JsonValue(1.5);
    QTest::newRow("exponent") << QByteArray("-1.5e3") << JsonValue(-1500);
    QTest::newRow("capital E") << QByteArray("1E2") << JsonValue(100);
    QTest::newRow("plus exponent") << QByteArray("1e+2") << JsonValue(100);
    QTest::newRow("minus exponent") << QByteArray("25e-2") << JsonValue(0.25);
    QTest::newRow("zero fraction") << QByteArray("0.125") << JsonValue(0.125);
    QTest::newRow("empty string") << QByteArray("\"\"") << JsonValue("");
    QTest::newRow("string") << QByteArray("\"abc\"") << JsonValue("abc");
    QTest::newRow("escapes") << QByteArray(R"("\"\\\/\b\f\n\r\t")") << JsonValue("\"\\/\b\f\n\r\t");
    QTest::newRow("u escape") << QByteArray(R"("\u00e9\u00C9")") << JsonValue("\xC3\xA9\xC3\x89");
    QTest::newRow("u escape nul") << QByteArray(R"("a\u0000b")")
                                  << JsonValue(std::string("a\0b", 3));
    QTest::newRow("surrogate pair")
        << QByteArray(R"("\ud83d\ude00")") << JsonValue("\xF0\x9F\x98\x80");
    QTest::newRow("raw utf-8") << QByteArray("\"\xE6\x97\xA5\xE6\x9C\xAC\"")
                               << JsonValue("\xE6\x97\xA5\xE6\x9C\xAC");
    QTest::newRow("empty array") << QByteArray("[]") << JsonValue::array();
    QTest::newRow("empty array spaced") << QByteArray("[ \n ]") << JsonValue::array();
    QTest::newRow("array") << QByteArray("[1, 2]") << arr({1, 2});
    QTest::newRow("matrix") << QByteArray("[[1,0],[0,1]]") << arr({arr({1, 0}), arr({0, 1})});
    QTest::newRow("empty object") << QByteArray("{}") << JsonValue::object();
    QTest::newRow("object") << QByteArray(R"({"a":1,"b":[true,null],"c":{"d":"e"}})")
                            << obj({{"a", 1},
                                    {"b", arr({true, nullptr})},
                                    {"c", obj({{"d", "e"}})}});
    QTest::newRow("whitespace") << QByteArray(" \t\r\n[ 1 , 2 ]\r\n ") << arr({1, 2});
    QTest::newRow("bom") << QByteArray("\xEF\xBB\xBF{\"a\": 1}") << obj({{"a", 1}});
    QTest::newRow("bom then space") << QByteArray("\xEF\xBB\xBF  true") << JsonValue(true);
    QTest::newRow("same key in two objects")
        << QByteArray(R"([{"a":1},{"a":2}])") << arr({obj({{"a", 1}}), obj({{"a", 2}})});
    QTest::newRow("same key nested")
        << QByteArray(R"({"a":1,"b":{"a":2}})") << obj({{"a", 1}, {"b", obj({{"a", 2}})}});
    QTest::newRow("keys differing by escape")
        << QByteArray(R"({"a":1,"\u0061b":2})") << obj({{"a", 1}, {"ab", 2}});
}

void TestJson::parsesValidDocuments()
{
    QFETCH(QByteArray, text);
    QFETCH(JsonValue, expected);
    const auto result = attn::parseJson(view(text));
    QVERIFY2(result.ok(), result.ok() ? "" : errorText(result.error()).constData());
    QCOMPARE(*result, expected);
}

void TestJson::keepsMemberOrder()
{
    const auto result = attn::parseJson(R"({"z": 1, "a": 2, "m": 3})");
    QVERIFY(result.ok());
    const auto &members = result->asObject();
    QCOMPARE(members.size(), std::size_t(3));
    QCOMPARE(members[0].first, std::string("z"));
    QCOMPARE(members[1].first, std::string("a"));
    QCOMPARE(members[2].first, std::string("m"));
    QCOMPARE(result->find("a")->asNumber(), 2.0);
    QVERIFY(result->find("b") == nullptr);
}

void TestJson::numbersRoundTrip_data()
{
    QTest::addColumn<double>("value");
    QTest::newRow("0") << 0.0;
    QTest::newRow("-0") << -0.0;
    QTest::newRow("0.1") << 0.1;
    QTest::newRow("0.2+0.1") << 0.1 + 0.2;
    QTest::newRow("1/3") << 1.0 / 3.0;
    QTest::newRow("2/3") << 2.0 / 3.0;
    QTest::newRow("1e-300") << 1e-300;
    QTest::newRow("max") << 1.7976931348623157e308;
    QTest::newRow("-max") << -1.7976931348623157e308;
    QTest::newRow("min normal") << std::numeric_limits<double>::min();
    QTest::newRow("min denormal") << std::numeric_limits<double>::denorm_min();
    QTest::newRow("epsilon") << std::numeric_limits<double>::epsilon();
    QTest::newRow("big integer") << 123456789012345678.0;
    QTest::newRow("2^53") << 9007199254740992.0;
    QTest::newRow("2^53+2") << 9007199254740994.0;
    QTest::newRow("1e21") << 1e21;
    QTest::newRow("1e-7") << 1e-7;
    QTest::newRow("pi") << std::numbers::pi;
    QTest::newRow("-e") << -std::numbers::e;
    QTest::newRow("1.2") << 1.2;
    QTest::newRow("0.8") << 0.8;
    QTest::newRow("sqrt2") << std::sqrt(2.0);
    QTest::newRow("next after 1") << std::nextafter(1.0, 2.0);
    QTest::newRow("prev before 1") << std::nextafter(1.0, 0.0);
}

void TestJson::numbersRoundTrip()
{
    QFETCH(double, value);
    const std::string text = attn::formatJsonNumber(value);
    const auto parsed = attn::parseJson(text);
    QVERIFY2(parsed.ok(), text.c_str());
    QVERIFY(parsed->isNumber());
    QVERIFY2(sameBits(parsed->asNumber(), value), text.c_str());

    // The same through a document, where the writer picks the layout.
    const auto doc = attn::parseJson(attn::writeJson(arr({value, obj({{"x", value}})})));
    QVERIFY(doc.ok());
    QVERIFY(sameBits(doc->asArray()[0].asNumber(), value));
    QVERIFY(sameBits(doc->asArray()[1].find("x")->asNumber(), value));
}

void TestJson::numberForms_data()
{
    dataColumns<double, QByteArray>("value", "text");
    QTest::newRow("integer") << 1.0 << QByteArray("1");
    QTest::newRow("integer 100") << 100.0 << QByteArray("100");
    QTest::newRow("negative integer") << -7.0 << QByteArray("-7");
    QTest::newRow("-0") << -0.0 << QByteArray("-0");
    QTest::newRow("0.1") << 0.1 << QByteArray("0.1");
    QTest::newRow("1.2") << 1.2 << QByteArray("1.2");
    QTest::newRow("0.1+0.2") << 0.1 + 0.2 << QByteArray("0.30000000000000004");
    QTest::newRow("1/3") << 1.0 / 3.0 << QByteArray("0.3333333333333333");
    QTest::newRow("1e-300") << 1e-300 << QByteArray("1e-300");
    QTest::newRow("max") << 1.7976931348623157e308 << QByteArray("1.7976931348623157e+308");
    QTest::newRow("big integer") << 123456789012345678.0 << QByteArray("1.2345678901234568e+17");
    QTest::newRow("1e20") << 1e20 << QByteArray("1e+20");
}

void TestJson::numberForms()
{
    QFETCH(double, value);
    QFETCH(QByteArray, text);
    QCOMPARE(QByteArray::fromStdString(attn::formatJsonNumber(value)), text);
}

void TestJson::underflowBecomesZero()
{
    const auto result = attn::parseJson("[1e-400, -1e-400, 0.0000e-99999999999999999999]");
    QVERIFY(result.ok());
    QVERIFY(sameBits(result->asArray()[0].asNumber(), 0.0));
    QVERIFY(sameBits(result->asArray()[1].asNumber(), -0.0));
    QVERIFY(sameBits(result->asArray()[2].asNumber(), 0.0));
}

void TestJson::rejectsMalformed_data()
{
    addErrorColumns();
    using namespace reason;

    QTest::newRow("empty") << QByteArray("") << QString("empty") << 1 << 1;
    QTest::newRow("only spaces") << QByteArray(" \n ") << QString("empty") << 2 << 2;
    QTest::newRow("only bom") << QByteArray("\xEF\xBB\xBF") << QString("empty") << 1 << 1;
    QTest::newRow("only a minus") << QByteArray(" -") << number << 1 << 2;
    QTest::newRow("open bracket") << QByteArray("[") << end << 1 << 2;
    QTest::newRow("trailing comma array") << QByteArray("[1,]") << chr << 1 << 4;
    QTest::newRow("trailing comma object") << QByteArray(R"({"a":1,})") << chr << 1 << 8;
    QTest::newRow("leading comma") << QByteArray("[,1]") << chr << 1 << 2;
    QTest::newRow("missing comma") << QByteArray("[1 2]") << chr << 1 << 4;
    QTest::newRow("line comment") << QByteArray("// c\n1") << chr << 1 << 1;
    QTest::newRow("block comment") << QByteArray("/* c */ 1") << chr << 1 << 1;
    QTest::newRow("comment inside") << QByteArray("[1, /* c */ 2]") << chr << 1 << 5;
    QTest::newRow("NaN") << QByteArray("NaN") << chr << 1 << 1;
    QTest::newRow("nan in array") << QByteArray("[nan]") << chr << 1 << 3;
    QTest::newRow("Infinity") << QByteArray("Infinity") << chr << 1 << 1;
    QTest::newRow("-Infinity") << QByteArray("-Infinity") << number << 1 << 1;
    QTest::newRow("leading zero") << QByteArray("01") << number << 1 << 1;
    QTest::newRow("negative leading zero") << QByteArray("[-01]") << number << 1 << 2;
    QTest::newRow("leading zeros") << QByteArray("00") << number << 1 << 1;
    QTest::newRow("bare minus") << QByteArray("-") << number << 1 << 1;
    QTest::newRow("dot without digits") << QByteArray("1.") << number << 1 << 1;
    QTest::newRow("dot then exponent") << QByteArray("1.e5") << number << 1 << 1;
    QTest::newRow("leading dot") << QByteArray(".5") << chr << 1 << 1;
    QTest::newRow("plus sign") << QByteArray("+1") << chr << 1 << 1;
    QTest::newRow("bare exponent") << QByteArray("1e") << number << 1 << 1;
    QTest::newRow("exponent sign only") << QByteArray("1e+") << number << 1 << 1;
    QTest::newRow("hex") << QByteArray("0x10") << trailing << 1 << 2;
    QTest::newRow("overflow") << QByteArray("1e309") << range << 1 << 1;
    QTest::newRow("negative overflow") << QByteArray("-1e309") << range << 1 << 1;
    QTest::newRow("overflow in array") << QByteArray("[0, 1e400]") << range << 1 << 5;
    QTest::newRow("just above max") << QByteArray("1.7976931348623159e308") << range << 1 << 1;
    QTest::newRow("long integer overflow")
        << QByteArray(std::string(400, '9').c_str()) << range << 1 << 1;
    QTest::newRow("huge exponent") << QByteArray("1e99999999999999999999") << range << 1 << 1;
    QTest::newRow("newline in string") << QByteArray("\"a\nb\"") << control << 1 << 3;
    QTest::newRow("tab in string") << QByteArray("\"\t\"") << control << 1 << 2;
    QTest::newRow("nul in string") << bytes("\"a\0\"") << control << 1 << 3;
    QTest::newRow("unit separator in string") << QByteArray("\"\x1F\"") << control << 1 << 2;
    QTest::newRow("nul outside") << bytes("[1,\0]") << chr << 1 << 4;
    QTest::newRow("unknown escape") << QByteArray(R"("\x")") << escape << 1 << 2;
    QTest::newRow("escaped quote char") << QByteArray(R"("\')") << escape << 1 << 2;
    QTest::newRow("short u escape") << QByteArray(R"("\u12")") << escape << 1 << 2;
    QTest::newRow("bad hex") << QByteArray(R"("ab\u12G4")") << escape << 1 << 4;
    QTest::newRow("lone high surrogate") << QByteArray(R"("\uD800")") << surrogate << 1 << 2;
    QTest::newRow("lone low surrogate") << QByteArray(R"("\uDC00")") << surrogate << 1 << 2;
    QTest::newRow("high then letter") << QByteArray(R"("\uD800x")") << surrogate << 1 << 2;
    QTest::newRow("high then non-low") << QByteArray(R"("\uD800\u0041")") << surrogate << 1 << 2;
    QTest::newRow("high then high") << QByteArray(R"("\uD800\uD800")") << surrogate << 1 << 2;
    QTest::newRow("high then bad escape") << QByteArray(R"("\uD800\uZZZZ")") << escape << 1 << 8;
    QTest::newRow("unterminated string") << QByteArray("\"abc") << end << 1 << 5;
    QTest::newRow("single quotes") << QByteArray("'a'") << chr << 1 << 1;
    QTest::newRow("trailing value") << QByteArray("[1] 2") << trailing << 1 << 5;
    QTest::newRow("two objects") << QByteArray("{} {}") << trailing << 1 << 4;
    QTest::newRow("truncated literal") << QByteArray("tru") << end << 1 << 4;
    QTest::newRow("wrong literal") << QByteArray("trux") << chr << 1 << 4;
    QTest::newRow("capital literal") << QByteArray("True") << chr << 1 << 1;
    QTest::newRow("unquoted key") << QByteArray("{a:1}") << chr << 1 << 2;
    QTest::newRow("number key") << QByteArray("{1:2}") << chr << 1 << 2;
    QTest::newRow("missing colon") << QByteArray(R"({"a" 1})") << chr << 1 << 6;
    QTest::newRow("missing value") << QByteArray(R"({"a":})") << chr << 1 << 6;
    QTest::newRow("unclosed array") << QByteArray("[1, 2") << end << 1 << 6;
    QTest::newRow("unclosed object") << QByteArray(R"({"a": 1)") << end << 1 << 8;
    QTest::newRow("mismatched brackets") << QByteArray("[1}") << chr << 1 << 3;
    QTest::newRow("multi-line") << QByteArray("[\n  1,\n  x\n]") << chr << 3 << 3;
    QTest::newRow("crlf lines") << QByteArray("[\r\n  1,\r\n  x\r\n]") << chr << 3 << 3;
    QTest::newRow("column counts characters")
        << QByteArray("\"\xC3\xA9\xE6\x97\xA5\" x") << trailing << 1 << 6;
    QTest::newRow("bom not counted") << QByteArray("\xEF\xBB\xBF[1,]") << chr << 1 << 4;
    QTest::newRow("bom after value") << QByteArray("[1]\xEF\xBB\xBF") << trailing << 1 << 4;
    QTest::newRow("second bom") << QByteArray("\xEF\xBB\xBF\xEF\xBB\xBF"
                                              "1")
                                << chr << 1 << 1;
    QTest::newRow("nbsp is not whitespace") << QByteArray("\xC2\xA0"
                                                          "1")
                                            << chr << 1 << 1;
    QTest::newRow("vertical tab") << QByteArray("\v1") << chr << 1 << 1;
}

void TestJson::rejectsMalformed()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, reason);
    QFETCH(int, line);
    QFETCH(int, column);
    const auto result = attn::parseJson(view(text));
    QVERIFY(!result.ok());
    QCOMPARE(result.error().code, ErrorCode::Malformed);
    QCOMPARE(QString::fromStdString(result.error().detail), reason);
    QCOMPARE(result.error().expected, qlonglong(line));
    QCOMPARE(result.error().actual, qlonglong(column));
}

// The cases where the reader's library would on its own report another reason or byte: it reads
// a whole token before looking at where it stands, takes a NUL byte for the end, splits "01"
// into two numbers and knows no byte-order mark after whitespace. Reasons and columns as the
// rows above: the first byte of the offending token, escapes where they begin.
void TestJson::reportsWhereTheTokenBegins_data()
{
    addErrorColumns();
    using namespace reason;

    QTest::newRow("nul after value") << bytes("1\0") << trailing << 1 << 2;
    QTest::newRow("nul after array") << bytes("[1]\0 x") << trailing << 1 << 4;
    QTest::newRow("nul after space") << bytes("[1] \0") << trailing << 1 << 5;
    QTest::newRow("leading zero, broken rest") << QByteArray("01.") << number << 1 << 1;
    QTest::newRow("leading zero in array") << QByteArray("[01.]") << number << 1 << 2;
    QTest::newRow("leading zero as member") << QByteArray(R"({"a":01})") << number << 1 << 6;
    QTest::newRow("negative leading zero") << QByteArray("-01") << number << 1 << 1;
    QTest::newRow("zero then negative") << QByteArray("0-1") << trailing << 1 << 2;
    QTest::newRow("trailing broken literal") << QByteArray("[1] tx") << trailing << 1 << 5;
    QTest::newRow("trailing after literal") << QByteArray("nullx") << trailing << 1 << 5;
    QTest::newRow("trailing broken string") << QByteArray("[1] \"a\x01") << trailing << 1 << 5;
    QTest::newRow("literal as a name") << QByteArray("{tru") << chr << 1 << 2;
    QTest::newRow("minus as a name") << QByteArray("{-") << chr << 1 << 2;
    QTest::newRow("number after comma in object") << QByteArray(R"({"a":1,2})") << chr << 1 << 8;
    QTest::newRow("literal instead of colon") << QByteArray(R"({"a"n1})") << chr << 1 << 5;
    QTest::newRow("string instead of comma") << QByteArray("[1 \"abc") << chr << 1 << 4;
    QTest::newRow("broken number after value") << QByteArray("[1 -x]") << chr << 1 << 4;
    QTest::newRow("unterminated name") << QByteArray(R"({"a":1,"b)") << end << 1 << 10;
    QTest::newRow("backslash at the end") << QByteArray("\"\\") << end << 1 << 3;
    QTest::newRow("high then backslash x") << QByteArray(R"("\uD800\x")") << surrogate << 1 << 2;
    QTest::newRow("high then backslash, end") << QByteArray(R"("\uD800\)") << surrogate << 1 << 2;
    QTest::newRow("high, end") << QByteArray(R"("\uD800)") << surrogate << 1 << 2;
    QTest::newRow("low after a value") << QByteArray(R"([1,"\uDC00" 2])") << surrogate << 1 << 5;
    QTest::newRow("u escape at the end")
        << QByteArray(R"(["\u12)") << QString("bad-escape") << 1 << 3;
    QTest::newRow("control after minus") << QByteArray("[-\n1]") << number << 1 << 2;
    QTest::newRow("not a byte-order mark") << QByteArray("\xEF\xBB\xBE") << chr << 1 << 1;
    QTest::newRow("overflow in object")
        << QByteArray(R"({"a": -1e400})") << QString("number-out-of-range") << 1 << 7;
}

void TestJson::reportsWhereTheTokenBegins()
{
    rejectsMalformed();
}

void TestJson::integersRoundLikeTheirDecimals_data()
{
    dataColumns<QByteArray, double>("text", "value");
    // The compiler rounds the same decimals; beyond 2^53 an integer is one rounding away.
    QTest::newRow("2^53 + 1") << QByteArray("9007199254740993") << 9007199254740993.0;
    QTest::newRow("2^64 - 1") << QByteArray("18446744073709551615") << 18446744073709551615.0;
    QTest::newRow("2^64") << QByteArray("18446744073709551616") << 18446744073709551616.0;
    QTest::newRow("-2^63") << QByteArray("-9223372036854775808") << -9223372036854775808.0;
    QTest::newRow("-2^63 - 1") << QByteArray("-9223372036854775809") << -9223372036854775809.0;
    QTest::newRow("30 digits") << QByteArray("123456789012345678901234567890")
                               << 123456789012345678901234567890.0;
    QTest::newRow("-0") << QByteArray("-0") << -0.0;
    QTest::newRow("-0.0") << QByteArray("-0.0") << -0.0;
    QTest::newRow("-0 in array") << QByteArray("[-0]") << -0.0;
}

void TestJson::integersRoundLikeTheirDecimals()
{
    QFETCH(QByteArray, text);
    QFETCH(double, value);
    auto result = attn::parseJson(view(text));
    QVERIFY(result.ok());
    const double got = result->isArray() ? result->asArray()[0].asNumber() : result->asNumber();
    QVERIFY2(sameBits(got, value), qPrintable(QString::number(got, 'g', 17)));
}

void TestJson::rejectsDeepNesting_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::newRow("65 arrays") << QByteArray::fromStdString(nested(65, "[", "", "]"));
    QTest::newRow("65 objects") << QByteArray::fromStdString(nested(65, "{\"a\":", "1", "}"));
    QTest::newRow("10000 open brackets") << QByteArray(10000, '[');
    QTest::newRow("10000 arrays closed") << QByteArray::fromStdString(nested(10000, "[", "", "]"));
    QTest::newRow("10000 objects") << QByteArray::fromStdString(nested(10000, "{\"a\":", "", ""));
    QTest::newRow("10000 mixed") << QByteArray::fromStdString(nested(5000, "[{\"k\":", "0", "}]"));
}

void TestJson::rejectsDeepNesting()
{
    QFETCH(QByteArray, text);
    const auto result = attn::parseJson(view(text));
    QVERIFY(!result.ok());
    QCOMPARE(result.error().code, ErrorCode::TooDeep);
    QCOMPARE(result.error().expected, qlonglong(attn::kMaxJsonDepth));
}

void TestJson::acceptsMaximumDepth()
{
    auto result = attn::parseJson(nested(64, "[", "1", "]"));
    QVERIFY(result.ok());
    result = attn::parseJson(nested(32, "[{\"k\":", "1", "}]"));
    QVERIFY(result.ok());
    // Depth is about nesting, not about how many containers a document holds.
    std::string wide = "[";
    for (int i = 0; i < 10000; ++i)
        wide += i ? ",[[]]" : "[[]]";
    wide += "]";
    QVERIFY(attn::parseJson(wide).ok());
}

void TestJson::rejectsDuplicateFields_data()
{
    dataColumns<QByteArray, QString>("text", "subject");
    QTest::newRow("top level") << QByteArray(R"({"a":1,"a":2})") << "a";
    QTest::newRow("not adjacent") << QByteArray(R"({"a":1,"b":2,"a":1})") << "a";
    QTest::newRow("nested") << QByteArray(R"({"x":{"y":[{"z":1},{"z":1,"z":2}]}})") << "x.y[1].z";
    QTest::newRow("in array") << QByteArray(R"([0,{"q":1,"q":1}])") << "[1].q";
    QTest::newRow("spelled with escape") << QByteArray(R"({"wq":1,"w\u0071":2})") << "wq";
}

void TestJson::rejectsDuplicateFields()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, subject);
    const auto result = attn::parseJson(view(text));
    QVERIFY(!result.ok());
    QCOMPARE(result.error().code, ErrorCode::DuplicateField);
    QCOMPARE(QString::fromStdString(result.error().subject), subject);
}

void TestJson::rejectsInvalidUtf8_data()
{
    dataColumns<QByteArray, int>("text", "offset");
    QTest::newRow("stray continuation") << QByteArray("\"\x80\"") << 1;
    QTest::newRow("overlong slash C0") << QByteArray("\"\xC0\xAF\"") << 1;
    QTest::newRow("overlong C1") << QByteArray("\"\xC1\xBF\"") << 1;
    QTest::newRow("overlong 3 bytes") << QByteArray("\"\xE0\x80\xAF\"") << 1;
    QTest::newRow("overlong 3 bytes high") << QByteArray("\"\xE0\x9F\xBF\"") << 1;
    QTest::newRow("overlong 4 bytes") << QByteArray("\"\xF0\x80\x80\xAF\"") << 1;
    QTest::newRow("overlong 4 bytes high") << QByteArray("\"\xF0\x8F\xBF\xBF\"") << 1;
    QTest::newRow("surrogate D800") << QByteArray("\"\xED\xA0\x80\"") << 1;
    QTest::newRow("surrogate DFFF") << QByteArray("\"\xED\xBF\xBF\"") << 1;
    QTest::newRow("above 10FFFF") << QByteArray("\"\xF4\x90\x80\x80\"") << 1;
    QTest::newRow("F5 lead") << QByteArray("\"\xF5\x80\x80\x80\"") << 1;
    QTest::newRow("FE") << QByteArray("\"\xFE\"") << 1;
    QTest::newRow("FF") << QByteArray("\"\xFF\"") << 1;
    QTest::newRow("truncated 2 of 3") << QByteArray("\"\xE2\x82\"") << 1;
    QTest::newRow("truncated 1 of 2") << QByteArray("\"ab\xC3\"") << 3;
    QTest::newRow("truncated at end") << QByteArray("\"abc\xE2\x82") << 4;
    QTest::newRow("truncated 3 of 4") << QByteArray("\"\xF0\x9F\x98\"") << 1;
    QTest::newRow("continuation not 10xxxxxx") << QByteArray("\"\xE2\x82\xC3\xA9\"") << 1;
    QTest::newRow("outside a string") << QByteArray("[1] \xC3") << 4;
    QTest::newRow("after valid text") << QByteArray("[\"\xC3\xA9\", \"\xC3\"]") << 8;
    QTest::newRow("partial bom") << QByteArray("\xEF\xBB") << 0;
    QTest::newRow("in a comment") << QByteArray("// \xFF") << 3;
    QTest::newRow("in a key") << QByteArray("{\"\xFF\": 1}") << 2;
    QTest::newRow("latin-1") << QByteArray("\"caf\xE9\"") << 4;
}

void TestJson::rejectsInvalidUtf8()
{
    QFETCH(QByteArray, text);
    QFETCH(int, offset);
    const auto result = attn::parseJson(view(text));
    QVERIFY(!result.ok());
    QCOMPARE(result.error().code, ErrorCode::InvalidUtf8);
    QCOMPARE(result.error().actual, qlonglong(offset));
    QCOMPARE(attn::findInvalidUtf8(view(text)), std::size_t(offset));
}

void TestJson::acceptsValidUtf8Edges_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::newRow("U+0080") << QByteArray("\"\xC2\x80\"");
    QTest::newRow("U+07FF") << QByteArray("\"\xDF\xBF\"");
    QTest::newRow("U+0800") << QByteArray("\"\xE0\xA0\x80\"");
    QTest::newRow("U+D7FF") << QByteArray("\"\xED\x9F\xBF\"");
    QTest::newRow("U+E000") << QByteArray("\"\xEE\x80\x80\"");
    QTest::newRow("U+FFFF") << QByteArray("\"\xEF\xBF\xBF\"");
    QTest::newRow("U+10000") << QByteArray("\"\xF0\x90\x80\x80\"");
    QTest::newRow("U+10FFFF") << QByteArray("\"\xF4\x8F\xBF\xBF\"");
    QTest::newRow("BOM inside string") << QByteArray("\"\xEF\xBB\xBF\"");
}

void TestJson::acceptsValidUtf8Edges()
{
    QFETCH(QByteArray, text);
    const auto result = attn::parseJson(view(text));
    QVERIFY(result.ok());
    QCOMPARE(QByteArray::fromStdString(result->asString()), text.mid(1, text.size() - 2));
}

void TestJson::writerLayout()
{
    const JsonValue doc = obj({{"format", "attention-canvas-scene"},
                               {"version", 1},
                               {"query", arr({1.2, 0.8})},
                               {"keys", arr({arr({0.5, 1.0}), arr({1.5, 0.5})})},
                               {"mask", arr({false, true})},
                               {"empty", JsonValue::array()},
                               {"nothing", JsonValue::object()},
                               {"block", obj({{"w", arr({arr({1, 0}), arr({0, 1})})}})},
                               {"list", arr({obj({{"a", nullptr}})})}});
    const std::string expected = R"({
  "format": "attention-canvas-scene",
  "version": 1,
  "query": [1.2, 0.8],
  "keys": [[0.5, 1], [1.5, 0.5]],
  "mask": [false, true],
  "empty": [],
  "nothing": {},
  "block": {
    "w": [[1, 0], [0, 1]]
  },
  "list": [
    {
      "a": null
    }
  ]
}
)";
    QCOMPARE(QString::fromStdString(attn::writeJson(doc)), QString::fromStdString(expected));
    QCOMPARE(attn::writeJson(JsonValue(3)), std::string("3\n"));
}

void TestJson::writerBreaksLongArrays()
{
    JsonValue row = JsonValue::array();
    for (int i = 0; i < 4; ++i)
        row.append(1.0 / 3.0 + i);
    JsonValue wide = JsonValue::array();
    for (int i = 0; i < 2; ++i)
        wide.append(row);
    JsonValue tall = JsonValue::array();
    for (int i = 0; i < 10; ++i)
        tall.append(arr({1.5, -2.5}));
    JsonValue longVector = JsonValue::array();
    for (int i = 0; i < 40; ++i)
        longVector.append(0.1 * i);
    const JsonValue doc = obj({{"wide", wide}, {"tall", tall}, {"v", longVector}});
    const std::string text = attn::writeJson(doc);

    const QStringList lines = QString::fromStdString(text).split('\n');
    for (const QString &line : lines)
        QVERIFY2(line.size() <= 80, qPrintable(line));
    // A matrix too long for one line takes one row per line; a row too long for one line is
    // filled line by line.
    QCOMPARE(lines.at(1), QString("  \"wide\": ["));
    QCOMPARE(lines.at(2), QString("    ["));
    QCOMPARE(lines.at(3),
             QString("      0.3333333333333333, 1.3333333333333333, 2.3333333333333335,"));
    QCOMPARE(lines.at(4), QString("      3.3333333333333335"));
    QCOMPARE(lines.at(5), QString("    ],"));
    QVERIFY(lines.contains("  \"tall\": ["));
    QCOMPARE(lines.count("    [1.5, -2.5],"), 9);
    QCOMPARE(lines.count("    [1.5, -2.5]"), 1);
    QVERIFY(lines.contains("    0, 0.1, 0.2, 0.30000000000000004, 0.4, 0.5, 0.6000000000000001,"));

    const auto back = attn::parseJson(text);
    QVERIFY(back.ok());
    QCOMPARE(*back, doc);
}

void TestJson::writerEscapesStrings()
{
    std::string out;
    attn::appendJsonString(out, std::string("a\"b\\c/\b\f\n\r\t\x01\x1f\x7f\0z", 16));
    QCOMPARE(QString::fromStdString(out),
             QString(R"("a\"b\\c/\b\f\n\r\t\u0001\u001f)") + QChar(0x7f) + R"(\u0000z")");
    out.clear();
    attn::appendJsonString(out, "\xE6\x97\xA5\xF0\x9F\x98\x80");
    QCOMPARE(out, std::string("\"\xE6\x97\xA5\xF0\x9F\x98\x80\""));
}

void TestJson::writerRoundTrip_data()
{
    QTest::addColumn<JsonValue>("value");
    QTest::newRow("scalars") << arr({nullptr, true, false, 0, -0.0, 1e-300, "x"});
    QTest::newRow("strings") << arr({"", "\"quoted\"", "back\\slash", "line\nbreak",
                                     JsonValue(std::string("nul\0byte", 8)), "\xC3\xA9\xE2\x82\xAC",
                                     "\x7f"});
    QTest::newRow("nested") << obj({{"a", arr({arr({arr({1})}), JsonValue::object()})},
                                    {"b", obj({{"c", obj({{"d", arr({})}})}})},
                                    {"key with \"quote\"", 2}});
    QTest::newRow("deep") << attn::parseJson(nested(64, "[", "7", "]")).value();
}

void TestJson::writerRoundTrip()
{
    QFETCH(JsonValue, value);
    const auto back = attn::parseJson(attn::writeJson(value));
    QVERIFY2(back.ok(), back.ok() ? "" : errorText(back.error()).constData());
    QCOMPARE(*back, value);
}

void TestJson::writerNonFiniteIsNull()
{
    const JsonValue doc =
        arr({std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity(),
             -std::numeric_limits<double>::infinity()});
    QCOMPARE(attn::writeJson(doc), std::string("[null, null, null]\n"));
    QCOMPARE(attn::formatJsonNumber(std::numeric_limits<double>::quiet_NaN()), std::string("null"));
}

void TestJson::valueAccessors()
{
    JsonValue v;
    QVERIFY(v.isNull());
    QCOMPARE(v.asNumber(), 0.0);
    QCOMPARE(v.asString(), std::string());
    QVERIFY(v.asArray().empty());
    QVERIFY(v.asObject().empty());
    QVERIFY(v.find("a") == nullptr);
    QVERIFY(!JsonValue("true").asBool());

    v.set("a", 1).set("b", 2).set("a", 3);
    QVERIFY(v.isObject());
    QCOMPARE(v.asObject().size(), std::size_t(2));
    QCOMPARE(v.asObject().front().first, std::string("a"));
    QCOMPARE(v.find("a")->asNumber(), 3.0);

    v.append(5);
    QVERIFY(v.isArray());
    QCOMPARE(v.asArray().size(), std::size_t(1));

    QCOMPARE(JsonValue(2) == JsonValue(2.0), true);
    QCOMPARE(JsonValue(0.0) == JsonValue(-0.0), true);
    QCOMPARE(JsonValue(1) == JsonValue(true), false);
    QCOMPARE(JsonValue("1") == JsonValue(1), false);
    QCOMPARE(obj({{"a", 1}, {"b", 2}}) == obj({{"b", 2}, {"a", 1}}), false);
    QCOMPARE(JsonValue(std::numeric_limits<double>::quiet_NaN()) ==
                 JsonValue(std::numeric_limits<double>::quiet_NaN()),
             false);
    QCOMPARE(JsonValue(std::string_view("sv")).asString(), std::string("sv"));
    QCOMPARE(JsonValue(42u).asNumber(), 42.0);
}

QTEST_APPLESS_MAIN(TestJson)
#include "tst_json.moc"
