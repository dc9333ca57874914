#include "scenestorage.h"

#include "core/json.h"
#include "core/scenefile.h"
#include "core/sequencefile.h"
#include "errortext.h"
#include "savedfiles.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QMutexLocker>
#include <QRegularExpression>
#include <QSaveFile>

#include <cerrno>
#include <cstring>
#include <memory>
#include <sys/stat.h>
#include <unistd.h>

namespace {
// A stray file older than this is left from a save that died; a younger one may be another
// instance's save in progress.
constexpr qint64 kStrayAgeSeconds = 60;

/// Why stat() cannot reach `path`: ELOOP for a loop of symbolic links, ENOENT for nothing
/// there, 0 when it can.
int reachError(const QString &path)
{
    struct stat st;
    return ::stat(QFile::encodeName(path).constData(), &st) == 0 ? 0 : errno;
}
} // namespace

std::optional<attn::Scene> SceneStorage::parse(const QByteArray &text, QString *error)
{
    auto scene = attn::parseScene(std::string_view(text.constData(), std::size_t(text.size())));
    if (!scene) {
        if (error)
            *error = ErrorText::describe(scene.error());
        return std::nullopt;
    }
    return std::move(scene).value();
}

namespace {
// The checks every file passes before it is read, worded for its kind; on success *bytes holds
// the file, at most `limit` + 1 bytes (one byte over is enough for the parser to name the size).
bool readRegularFile(const QString &path, std::size_t limit, SceneStorage::FileKind kind,
                     QByteArray *bytes, QString *error)
{
    const bool sequence = kind == SceneStorage::FileKind::Sequence;
    auto fail = [error](const QString &why) {
        if (error)
            *error = why;
        return false;
    };
    const QFileInfo info(path);
    if (!info.exists()) {
        // A symbolic link whose target cannot be reached is there, just not readable: say why.
        if (reachError(path) == ELOOP)
            return fail(sequence ? SceneStorage::tr("The file is a symbolic link that leads back "
                                                    "to itself (a loop of symbolic links); it "
                                                    "points to no sequence file.")
                                 : SceneStorage::tr("The file is a symbolic link that leads back "
                                                    "to itself (a loop of symbolic links); it "
                                                    "points to no scene file."));
        if (info.isSymLink())
            return fail(SceneStorage::tr("The file is a symbolic link to %1, which does not exist.")
                            .arg(QDir::toNativeSeparators(info.symLinkTarget())));
        return fail(SceneStorage::tr("The file does not exist."));
    }
    if (info.isDir())
        return fail(sequence ? SceneStorage::tr("This is a folder, not a sequence file.")
                             : SceneStorage::tr("This is a folder, not a scene file."));
    // Opening a named pipe waits until something writes to it, which may be never, and a device
    // never ends: only regular files are read.
    if (!info.isFile())
        return fail(sequence ? SceneStorage::tr("This is not a regular file (it is a pipe, a "
                                                "device or a socket); choose a sequence file.")
                             : SceneStorage::tr("This is not a regular file (it is a pipe, a "
                                                "device or a socket); choose a scene file."));
    // Checked before reading so that a huge file is never loaded into memory.
    if (info.size() > qint64(limit))
        return fail(ErrorText::describe(attn::Error{attn::ErrorCode::FileTooLarge,
                                                    "",
                                                    static_cast<long long>(limit),
                                                    static_cast<long long>(info.size()),
                                                    {}},
                                        kind));
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return fail(SceneStorage::tr("The file cannot be read: %1").arg(file.errorString()));
    *bytes = file.read(qint64(limit) + 1);
    if (file.error() != QFileDevice::NoError)
        return fail(SceneStorage::tr("The file cannot be read: %1").arg(file.errorString()));
    return true;
}

bool holdsSequence(const QByteArray &text)
{
    const auto json = attn::parseJson(std::string_view(text.constData(), std::size_t(text.size())));
    return json && attn::isSequenceJson(*json);
}
} // namespace

std::optional<QByteArray> SceneStorage::probe(const QString &path)
{
    const QFileInfo info(path);
    if (!info.isFile() || info.size() > qint64(attn::kMaxSequenceBytes))
        return std::nullopt;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return std::nullopt;
    QByteArray text = file.read(qint64(attn::kMaxSequenceBytes) + 1);
    if (file.error() != QFileDevice::NoError)
        return std::nullopt;
    return text;
}

SceneStorage::FileKind SceneStorage::kindOf(const QString &path)
{
    const auto text = probe(path);
    return text && holdsSequence(*text) ? FileKind::Sequence : FileKind::Scene;
}

std::optional<attn::Scene> SceneStorage::load(const QString &path, QString *error)
{
    // A sequence file may be larger than any scene: its own limit applies to the first read, so
    // that it is named as what it is rather than refused for its size.
    QByteArray text;
    const QFileInfo info(path);
    const std::size_t limit = info.isFile() && info.size() > qint64(attn::kMaxSceneBytes) &&
                                      info.size() <= qint64(attn::kMaxSequenceBytes) &&
                                      kindOf(path) == FileKind::Sequence
                                  ? attn::kMaxSequenceBytes
                                  : attn::kMaxSceneBytes;
    if (!readRegularFile(path, limit, FileKind::Scene, &text, error))
        return std::nullopt;
    if (holdsSequence(text)) {
        if (error)
            *error = tr("This is a sequence file, not a scene file; the canvas opens scene "
                        "files only.");
        return std::nullopt;
    }
    return parse(text, error);
}

std::optional<attn::SequenceDocument> SceneStorage::loadSequence(const QString &path,
                                                                 QString *error)
{
    QByteArray text;
    if (!readRegularFile(path, attn::kMaxSequenceBytes, FileKind::Sequence, &text, error))
        return std::nullopt;
    auto document =
        attn::parseSequence(std::string_view(text.constData(), std::size_t(text.size())));
    if (!document) {
        if (error)
            *error = ErrorText::describe(document.error(), FileKind::Sequence);
        return std::nullopt;
    }
    return std::move(document).value();
}

int SceneStorage::removeStrayTemporaries(const QString &path)
{
    // QSaveFile writes "<name>.XXXXXX" (six letters or digits) beside the target and renames it
    // over the target at the end; a process killed just before the rename leaves it behind.
    const QFileInfo target(path);
    const QDir dir = target.absoluteDir();
    const QRegularExpression pattern(
        QStringLiteral("^%1\\.[A-Za-z0-9]{6}$").arg(QRegularExpression::escape(target.fileName())));
    const QDateTime now = QDateTime::currentDateTimeUtc();
    int removed = 0;
    const QStringList candidates = dir.entryList({target.fileName() + QStringLiteral(".??????")},
                                                 QDir::Files | QDir::Hidden | QDir::NoSymLinks);
    for (const QString &name : candidates) {
        if (!pattern.match(name).hasMatch())
            continue;
        const QFileInfo stray(dir.filePath(name));
        if (stray.lastModified().toUTC().secsTo(now) < kStrayAgeSeconds)
            continue;
        if (QFile::remove(stray.filePath()))
            ++removed;
    }
    return removed;
}

bool SceneStorage::writeAtomically(const QString &path, const QByteArray &bytes, QString *reason,
                                   Record record, LastWord *lastWord)
{
    // Remembered before the first byte: a save killed half-way is the one whose temporary file
    // the next start must find.
    if (record == Record::Yes)
        SavedFiles::remember(path);
    removeStrayTemporaries(path);
    // Unbuffered, with every write checked: QSaveFile::commit() in Qt 6.4 does not notice a
    // failed flush, so on a full disk a buffered write would replace the earlier file with a
    // truncated one and report success. Writing the rest again after a short write makes the
    // system say why (ENOSPC, EFBIG).
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Unbuffered)) {
        if (reason)
            *reason = file.errorString();
        return false;
    }
    qint64 done = 0;
    while (done < bytes.size()) {
        const qint64 n = file.write(bytes.constData() + done, bytes.size() - done);
        if (n <= 0) {
            if (reason)
                *reason = file.errorString();
            file.cancelWriting(); // the temporary file goes with `file`
            return false;
        }
        done += n;
    }
    // On disk before the rename, which QSaveFile (Qt 6.4) does without: after a power cut the
    // name holds the whole new file or the old one, not a new name for an empty one.
    if (::fsync(file.handle()) != 0) {
        if (reason)
            *reason = QString::fromLocal8Bit(std::strerror(errno));
        file.cancelWriting();
        return false;
    }
    std::unique_ptr<QMutexLocker<QMutex>> held;
    if (lastWord) {
        if (lastWord->lock)
            held = std::make_unique<QMutexLocker<QMutex>>(lastWord->lock);
        if (lastWord->wanted && !lastWord->wanted()) {
            lastWord->withdrawn = true;
            file.cancelWriting();
            return false;
        }
    }
    if (!file.commit()) {
        if (reason)
            *reason = file.errorString();
        return false;
    }
    return true;
}

bool SceneStorage::save(const attn::Scene &scene, const QString &path, QString *error)
{
    const std::string text = attn::writeScene(scene);
    QString reason;
    if (!writeAtomically(path, QByteArray::fromStdString(text), &reason)) {
        if (error)
            *error = tr("The file cannot be written: %1").arg(reason);
        return false;
    }
    return true;
}
