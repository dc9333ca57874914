#pragma once

// Files around a command-line run: the scene written into a temporary folder, what the program
// wrote read back, and the small scene and sequence files that several tests start from (one
// copy each, so that a test's hand-derived numbers all refer to the same file).

#include <QByteArray>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

namespace clifiles {

/// The article's example (Bahdanau-style dot scores on three keys) as a scene file.
inline const char *const kArticleScene = R"({
  "format": "attention-canvas-scene",
  "version": 1,
  "method": "dot",
  "query": [1.2, 0.8],
  "keys": [[0.5, 1.0], [1.5, 0.5], [0.8, 1.2]],
  "values": [[1, 0], [0, 1], [1, 1]]
})";

/// A sequence small enough to follow by hand: two tokens, D = 2, one head whose every matrix is
/// the identity, and the examples given as a JSON list.
inline QByteArray identitySequence(const char *examples)
{
    const QByteArray head = R"({
  "format": "attention-canvas-sequence", "version": 1,
  "vocabulary": ["x", "y"], "d_model": 2,
  "embedding": [[1, 0], [0, 2]],
  "layers": [{"heads": [{"wq": [[1, 0], [0, 1]], "wk": [[1, 0], [0, 1]], "wv": [[1, 0], [0, 1]]}],
              "wo": [[1, 0], [0, 1]]}],
  "unembedding": [[1, 0], [0, 1]],
  "examples": )";
    return head + examples + "\n}";
}

/// Writes `text` to `name` in `dir`; the path, or an empty string when it cannot be written.
inline QString write(const QTemporaryDir &dir, const QString &name, const QByteArray &text)
{
    const QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return {};
    f.write(text);
    return path;
}

/// Writes `text` to `path`; false when it cannot.
inline bool writeTo(const QString &path, const QByteArray &text)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(text) == text.size();
}

/// `args` with the placeholders @OUT@, @SCENE@ and @DIR@ replaced by the paths.
inline QStringList withPaths(QStringList args, const QString &out, const QString &scene,
                             const QString &dir)
{
    for (QString &a : args) {
        a.replace(QStringLiteral("@OUT@"), out);
        a.replace(QStringLiteral("@SCENE@"), scene);
        a.replace(QStringLiteral("@DIR@"), dir);
    }
    return args;
}

/// The bytes of `path`, empty when it cannot be read.
inline QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

/// The JSON object in `path` (a report), empty when the file is missing or not an object.
inline QJsonObject readObject(const QString &path)
{
    return QJsonDocument::fromJson(readAll(path)).object();
}

/// The first head of the first layer of the first example in a sequence report.
inline QJsonObject firstHead(const QJsonObject &report)
{
    const QJsonObject example = report.value(QStringLiteral("examples")).toArray().at(0).toObject();
    const QJsonObject layer = example.value(QStringLiteral("layers")).toArray().at(0).toObject();
    return layer.value(QStringLiteral("heads")).toArray().at(0).toObject();
}

} // namespace clifiles
