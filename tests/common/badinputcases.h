#pragma once

// The bad-input matrix shared by the command line test (tests/model/tst_badinput.cpp) and the
// window test (tests/app/tst_badinputgui.cpp): each row makes one bad scene file (or a path that
// is not a readable file) and names the words the message must contain. The expected words are
// written here by hand from docs/scene-format.md, not taken from the code under test.

#include "core/scenefile.h"

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QList>
#include <QRegularExpression>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>
#include <unistd.h>

namespace badinput {

/// A scene that uses every field, so that a wrong type can be put at every one of them.
inline const char *kFullScene = R"({
  "format": "attention-canvas-scene",
  "version": 1,
  "method": "scaled",
  "temperature": 1,
  "scale_dim": 2,
  "query": [1.2, 0.8],
  "keys": [[0.5, 1], [1.5, 0.5], [0.8, 1.2]],
  "values": [[1, 0], [0, 1], [1, 1]],
  "mask": [false, true, false],
  "general": { "w": [[1, 0], [0, 1]] },
  "additive": {
    "wq": [[0.5, -0.5], [1, 0]],
    "wk": [[0, 1], [0.25, 0.25]],
    "b": [0, 0.1],
    "v": [1, -1]
  },
  "multihead": {
    "heads": [
      { "wq": [[1, 0]], "wk": [[1, 0]], "wv": [[1, 0]] },
      { "wq": [[0, 1]], "wk": [[0, 1]], "wv": [[0, 1]] }
    ],
    "wo": [[1, 0], [0, 1]]
  }
}
)";

/// How a row's path is made.
enum class Kind
{
    Bytes,        ///< a file holding `bytes`
    Missing,      ///< a path where nothing is
    Directory,    ///< a folder
    NoPermission, ///< a file with mode 000 (readable anyway for root: skipped there)
    ReadError,    ///< a regular file whose read() fails: a link to /proc/self/mem (offset 0 is
                  ///< unmapped)
    Fifo,         ///< a named pipe with no writer (opening it for reading would wait forever)
    LinkLoop,     ///< a symbolic link to a second link that points back to the first
    DanglingLink, ///< a symbolic link to a path where nothing is
    Bom,          ///< a valid scene behind a UTF-8 byte-order mark: must load like the file without
};

struct Case
{
    QString name;
    Kind kind = Kind::Bytes;
    QByteArray bytes;
    QStringList expected; ///< every one of these must be in the message
};

/// Replaces the value at `path` ("multihead.heads[1].wk[0][1]") inside `node`.
inline QJsonValue replaced(const QJsonValue &node, QStringList segments, const QJsonValue &value)
{
    if (segments.isEmpty())
        return value;
    const QString head = segments.takeFirst();
    bool isIndex = false;
    const int index = head.toInt(&isIndex);
    if (isIndex) {
        QJsonArray a = node.toArray();
        a[index] = replaced(a.at(index), segments, value);
        return a;
    }
    QJsonObject o = node.toObject();
    o[head] = replaced(o.value(head), segments, value);
    return o;
}

inline QByteArray withValue(const QString &path, const QJsonValue &value)
{
    QString p = path;
    p.replace(QRegularExpression(QStringLiteral("\\[(\\d+)\\]")), QStringLiteral(".\\1"));
    const QJsonValue root = QJsonDocument::fromJson(kFullScene).object();
    return QJsonDocument(replaced(root, p.split(QLatin1Char('.')), value).toObject()).toJson();
}

inline QByteArray withText(const char *from, const char *to)
{
    QByteArray s(kFullScene);
    Q_ASSERT(s.contains(from));
    return s.replace(from, to);
}

inline QList<Case> cases()
{
    QList<Case> list;
    auto bytes = [&list](const char *name, const QByteArray &b, QStringList expected) {
        list << Case{QString::fromUtf8(name), Kind::Bytes, b, std::move(expected)};
    };
    auto special = [&list](const char *name, Kind kind, QStringList expected) {
        list << Case{QString::fromUtf8(name), kind, {}, std::move(expected)};
    };
    const QString asList = QStringLiteral("expected a list");
    const QString asNumber = QStringLiteral("expected a number");
    const QString asObject = QStringLiteral("expected an object");

    // Not JSON.
    bytes("truncated JSON", QByteArray(kFullScene).left(200),
          {QStringLiteral("Not valid JSON at line"), QStringLiteral("the text ends too early")});
    bytes("NaN literal", withText("\"temperature\": 1", "\"temperature\": NaN"),
          {QStringLiteral("Not valid JSON at line 5, column 18"),
           QStringLiteral("an unexpected character")});
    bytes("Infinity literal", withText("\"scale_dim\": 2", "\"scale_dim\": Infinity"),
          {QStringLiteral("Not valid JSON at line 6, column 16")});
    bytes("-Infinity literal", withText("[1.2, 0.8]", "[-Infinity, 0.8]"),
          {QStringLiteral("Not valid JSON at line 7, column 13"),
           QStringLiteral("a badly written number")});
    bytes("number 1e309", withText("[1.2, 0.8]", "[1e309, 0.8]"),
          {QStringLiteral("Not valid JSON at line 7"),
           QStringLiteral("a number too large for a double")});
    bytes("trailing comma", withText("[1.2, 0.8]", "[1.2, 0.8,]"),
          {QStringLiteral("Not valid JSON at line 7, column 22")});
    bytes("invalid UTF-8", withText("\"scaled\"", "\"scal\xC3\x28\""),
          {QStringLiteral("not valid UTF-8"), QStringLiteral("(byte 73)")});
    bytes("lone surrogate escape", withText("\"scaled\"", "\"\\ud800\""),
          {QStringLiteral("half of a surrogate pair")});
    bytes("control character in a string", withText("\"scaled\"", "\"sca\tled\""),
          {QStringLiteral("a control character inside a string")});
    bytes("empty file", QByteArray(), {QStringLiteral("the file is empty")});
    bytes("only whitespace", QByteArray("  \n\t\r\n"), {QStringLiteral("the file is empty")});
    bytes("nesting 10,000 deep", QByteArray(10000, '[') + QByteArray(10000, ']'),
          {QStringLiteral("nested more than 64 levels deep")});
    bytes("2 MiB file", QByteArray(kFullScene) + QByteArray(2 * 1024 * 1024, ' '),
          {QStringLiteral("scene files may be at most 1048576 bytes")});
    bytes("duplicate field",
          withText("\"temperature\": 1", "\"temperature\": 1, \"temperature\": 2"),
          {QStringLiteral("temperature: this field appears more than once")});

    // JSON, but not a scene of this version.
    bytes("top level not an object", QByteArray("[1, 2, 3]"),
          {QStringLiteral("the file: expected an object")});
    bytes("another kind of file", withValue(QStringLiteral("format"), QStringLiteral("svg")),
          {QStringLiteral("format: this is not an Attention Canvas scene file")});
    bytes("unknown future version", withValue(QStringLiteral("version"), 2),
          {QStringLiteral("version: version 2 is not supported; this program reads version 1")});
    bytes("version not whole", withValue(QStringLiteral("version"), 1.5),
          {QStringLiteral("version: the version must be a whole number")});
    bytes("unknown method", withValue(QStringLiteral("method"), QStringLiteral("softmax")),
          {QStringLiteral("method: unknown method \"softmax\"")});
    bytes("misspelt field", withText("\"temperature\"", "\"temprature\""),
          {QStringLiteral("temprature: unknown field \"temprature\"")});
    bytes("missing query", withText("\"query\": [1.2, 0.8],", ""),
          {QStringLiteral("query: this required field is missing")});

    // Wrong types at every field.
    const struct
    {
        const char *path;
        QJsonValue value;
        QString expected;
    } types[] = {
        {"format", 123, QStringLiteral("expected a text string")},
        {"version", QStringLiteral("1"), QStringLiteral("the version must be a whole number")},
        {"method", 1, QStringLiteral("expected a text string")},
        {"temperature", QStringLiteral("hot"), asNumber},
        {"scale_dim", QJsonArray{2}, asNumber},
        {"query", QStringLiteral("up"), asList},
        {"query[0]", QStringLiteral("1.2"), asNumber},
        {"keys", QJsonObject{}, asList},
        {"keys[1]", 1.5, asList},
        {"keys[1][0]", true, asNumber},
        {"values", QJsonValue::Null, asList},
        {"values[2][1]", QStringLiteral("1"), asNumber},
        {"mask", true, asList},
        {"mask[1]", 0, QStringLiteral("expected true or false")},
        {"general", QJsonArray{}, asObject},
        {"general.w", QStringLiteral("I"), asList},
        {"general.w[0][1]", QJsonValue::Null, asNumber},
        {"additive", 1, asObject},
        {"additive.wq", QJsonObject{}, asList},
        {"additive.wk[0]", 0, asList},
        {"additive.b", QJsonObject{}, asList},
        {"additive.v[1]", QJsonValue::Null, asNumber},
        {"multihead", QStringLiteral("x"), asObject},
        {"multihead.heads", QJsonObject{}, asList},
        {"multihead.heads[0]", QJsonArray{}, asObject},
        {"multihead.heads[0].wq", 1, asList},
        {"multihead.heads[1].wk[0][1]", QStringLiteral("0"), asNumber},
        {"multihead.heads[0].wv", false, asList},
        {"multihead.wo", QJsonObject{}, asList},
    };
    for (const auto &t : types)
        list << Case{QStringLiteral("wrong type at %1").arg(QString::fromUtf8(t.path)),
                     Kind::Bytes,
                     withValue(QString::fromUtf8(t.path), t.value),
                     {QString::fromUtf8(t.path) + QStringLiteral(": ") + t.expected}};

    // Values out of range.
    bytes("zero temperature", withValue(QStringLiteral("temperature"), 0),
          {QStringLiteral("temperature: the temperature must be a number greater than 0")});
    bytes("negative temperature", withValue(QStringLiteral("temperature"), -0.5),
          {QStringLiteral("temperature: the temperature must be a number greater than 0")});
    bytes("zero scale_dim", withValue(QStringLiteral("scale_dim"), 0),
          {QStringLiteral("scale_dim: the scale dimension must be a number greater than 0")});
    {
        QJsonArray keys, values;
        for (int i = 0; i < 65; ++i) {
            keys.append(QJsonArray{i * 0.1, 1});
            values.append(QJsonArray{1, i * 0.1});
        }
        QJsonObject o = QJsonDocument::fromJson(kFullScene).object();
        o[QStringLiteral("keys")] = keys;
        o[QStringLiteral("values")] = values;
        o.remove(QStringLiteral("mask"));
        bytes("65 keys", QJsonDocument(o).toJson(),
              {QStringLiteral("keys: 65 keys, but at most 64 are allowed")});
    }
    bytes("no keys", withText("\"keys\": [[0.5, 1], [1.5, 0.5], [0.8, 1.2]]", "\"keys\": []"),
          {QStringLiteral("keys: there must be at least one key")});
    bytes("values count mismatch", withText("[[1, 0], [0, 1], [1, 1]]", "[[1, 0], [0, 1]]"),
          {QStringLiteral("values: 2 entries, but there are 3 keys")});
    bytes("every key masked", withText("[false, true, false]", "[true, true, true]"),
          {QStringLiteral("mask: every key is masked")});
    bytes("3-D query", withText("[1.2, 0.8]", "[1.2, 0.8, 0]"),
          {QStringLiteral("query: wrong size, expected 2 but found 3")});
    bytes("zero heads", withValue(QStringLiteral("multihead.heads"), QJsonArray{}),
          {QStringLiteral("multihead.heads: there must be at least one head")});
    bytes("nine heads",
          withText(R"({ "wq": [[0, 1]], "wk": [[0, 1]], "wv": [[0, 1]] })",
                   R"({ "wq": [[0, 1]], "wk": [[0, 1]], "wv": [[0, 1]] },
                      { "wq": [[0, 1]], "wk": [[0, 1]], "wv": [[0, 1]] },
                      { "wq": [[0, 1]], "wk": [[0, 1]], "wv": [[0, 1]] },
                      { "wq": [[0, 1]], "wk": [[0, 1]], "wv": [[0, 1]] },
                      { "wq": [[0, 1]], "wk": [[0, 1]], "wv": [[0, 1]] },
                      { "wq": [[0, 1]], "wk": [[0, 1]], "wv": [[0, 1]] },
                      { "wq": [[0, 1]], "wk": [[0, 1]], "wv": [[0, 1]] },
                      { "wq": [[0, 1]], "wk": [[0, 1]], "wv": [[0, 1]] })"),
          {QStringLiteral("multihead.heads: there must be from 1 to 8 heads, not 9")});
    bytes("heads with different d_v", withText(R"("wv": [[0, 1]])", R"("wv": [[0, 1], [1, 0]])"),
          {QStringLiteral("multihead.heads[1].wv: every head must have the same output size d_v "
                          "(1), but this head has 2")});
    bytes("head with wk rows not matching wq",
          withText(R"("wk": [[1, 0]])", R"("wk": [[1, 0], [0, 1]])"),
          {QStringLiteral("multihead.heads[0].wk: wrong size, expected 1 but found 2")});
    bytes("wo of the wrong width", withText("\"wo\": [[1, 0], [0, 1]]", "\"wo\": [[1], [0]]"),
          {QStringLiteral("multihead.wo: wrong size, expected 2 but found 1")});
    bytes("additive hidden size 17",
          withValue(QStringLiteral("additive.wq"),
                    [] {
                        QJsonArray rows;
                        for (int i = 0; i < 17; ++i)
                            rows.append(QJsonArray{0.1, 0.2});
                        return rows;
                    }()),
          {QStringLiteral("additive.wq: the hidden size H must be from 1 to 16, not 17")});

    // Paths that are not readable scene files.
    special("missing file", Kind::Missing, {QStringLiteral("The file does not exist")});
    special("a folder instead of a file", Kind::Directory,
            {QStringLiteral("This is a folder, not a scene file")});
    special("unreadable file (mode 000)", Kind::NoPermission,
            {QStringLiteral("The file cannot be read"), QStringLiteral("Permission denied")});
    special("unreadable file (read error)", Kind::ReadError,
            {QStringLiteral("The file cannot be read")});
    special("named pipe", Kind::Fifo, {QStringLiteral("not a regular file")});
    special("loop of symbolic links", Kind::LinkLoop,
            {QStringLiteral("symbolic link that leads back to itself"),
             QStringLiteral("loop of symbolic links")});
    special(
        "symbolic link to nothing", Kind::DanglingLink,
        {QStringLiteral("symbolic link to"), QStringLiteral("gone.json, which does not exist")});

    // Accepted on purpose (Windows Notepad writes it); documented in docs/scene-format.md.
    special("byte-order mark", Kind::Bom, {});
    return list;
}

/// True when this process reads files whatever their mode (root, or CAP_DAC_OVERRIDE).
inline bool readsDespiteMode(const QString &path)
{
    return ::access(QFile::encodeName(path).constData(), R_OK) == 0;
}

/// Makes the row's path inside `dir`. Returns an empty path with *skip set when this machine
/// cannot make it (mode 000 means nothing to root).
inline QString make(const Case &c, const QTemporaryDir &dir, QString *skip)
{
    const QString path = dir.filePath(QStringLiteral("scene.json"));
    auto writeFile = [&path](const QByteArray &b) {
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly) || f.write(b) != b.size())
            return QString();
        return path;
    };
    switch (c.kind) {
    case Kind::Bytes:
        return writeFile(c.bytes);
    case Kind::Bom:
        return writeFile(QByteArray("\xEF\xBB\xBF") + kFullScene);
    case Kind::Missing:
        return dir.filePath(QStringLiteral("no-such-scene.json"));
    case Kind::Directory: {
        const QString folder = dir.filePath(QStringLiteral("scene-folder.json"));
        QDir().mkdir(folder);
        return folder;
    }
    case Kind::NoPermission:
        if (writeFile(kFullScene).isEmpty())
            return {};
        QFile::setPermissions(path, QFileDevice::Permissions());
        if (readsDespiteMode(path)) {
            *skip = QStringLiteral("this process reads files with mode 000 (it runs as root); the "
                                   "\"read error\" row covers an unreadable file instead");
            return {};
        }
        return path;
    case Kind::ReadError:
        // Reading /proc/self/mem at offset 0 fails with EIO for every user, root included: the
        // lowest page of a process is never mapped. The link makes it look like a scene file.
        QFile::link(QStringLiteral("/proc/self/mem"), path);
        return path;
    case Kind::Fifo:
        if (::mkfifo(QFile::encodeName(path).constData(), 0600) != 0)
            return {};
        return path;
    case Kind::LinkLoop: {
        const QString other = dir.filePath(QStringLiteral("other.json"));
        if (!QFile::link(other, path) || !QFile::link(path, other))
            return {};
        return path;
    }
    case Kind::DanglingLink:
        if (!QFile::link(dir.filePath(QStringLiteral("gone.json")), path))
            return {};
        return path;
    }
    return {};
}

/// One data row per case, named after it; the column "row" is the index into cases().
inline void addRows()
{
    QTest::addColumn<int>("row");
    const auto list = cases();
    for (int i = 0; i < list.size(); ++i)
        QTest::newRow(list.at(i).name.toUtf8().constData()) << i;
}

/// A scene as the file it saves to: two scenes are the same when their texts are.
inline std::string sceneText(const attn::Scene &s)
{
    return attn::writeScene(s);
}

} // namespace badinput

/// In a test function whose data came from badinput::addRows(): the row's case as `c`, a
/// temporary folder `dir` and the bad path made in it as `path`; skips the rows this machine
/// cannot make.
#define BADINPUT_MAKE_ROW(c, dir, path)                                                            \
    QFETCH(int, row);                                                                              \
    const badinput::Case c = badinput::cases().at(row);                                            \
    QTemporaryDir dir;                                                                             \
    QString path;                                                                                  \
    {                                                                                              \
        QString skip;                                                                              \
        path = badinput::make(c, dir, &skip);                                                      \
        if (!skip.isEmpty())                                                                       \
            QSKIP(qPrintable(skip));                                                               \
    }                                                                                              \
    QVERIFY(!path.isEmpty())
