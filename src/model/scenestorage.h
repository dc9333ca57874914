#pragma once

#include "core/scene.h"
#include "core/sequencedocument.h"
#include "errortext.h"

#include <QCoreApplication>
#include <QString>

#include <functional>
#include <optional>

class QMutex;

/// Reads and writes scene and sequence files on disk. Reading never changes anything on failure;
/// writing goes through QSaveFile so that a failed save leaves the earlier file as it was. Each
/// kind has its own size limit (1 MiB for scenes, 32 MiB for sequences: docs/scene-format.md and
/// docs/sequence-format.md), checked before the file is read.
class SceneStorage
{
    Q_DECLARE_TR_FUNCTIONS(SceneStorage)

public:
    using FileKind = ErrorText::FileKind;

    /// Loads a scene; on failure returns nothing and puts one translated sentence in *error. A
    /// sequence file is refused with a sentence that says so (whatever its size up to the
    /// sequence limit) rather than with the scene limit or "not a scene file".
    static std::optional<attn::Scene> load(const QString &path, QString *error);
    /// Loads a sequence file with the sequence limit; errors are worded for sequence files.
    static std::optional<attn::SequenceDocument> loadSequence(const QString &path, QString *error);
    /// The kind a file says it is by its "format": Sequence for a regular file of at most the
    /// sequence limit holding JSON whose "format" is the sequence format, Scene for anything else
    /// (which the scene loader then reads or refuses in its usual words).
    static FileKind kindOf(const QString &path);
    /// The bytes a look at the kind of file reads: the whole of a regular file of at most the
    /// sequence limit, or nothing for any other file or one that cannot be read (which the
    /// loaders then refuse in their own words).
    static std::optional<QByteArray> probe(const QString &path);
    /// Parses scene text that is already in memory (presets, the clipboard).
    static std::optional<attn::Scene> parse(const QByteArray &text, QString *error);
    /// Saves atomically; on failure returns false with a translated reason in *error, and the
    /// earlier file at `path`, if any, is left as it was.
    static bool save(const attn::Scene &scene, const QString &path, QString *error);
    /// Whether a save is remembered for the stray-file cleanup at the next start (a file the
    /// user chose) or not (an autosave, whose folder is cleaned on its own).
    enum class Record
    {
        Yes,
        No
    };
    /// Replaces the file at `path` with `bytes` all at once (QSaveFile), or not at all: on
    /// failure returns false with the system's reason in *reason and leaves the earlier file and
    /// no temporary file behind. A process killed at any point of it leaves the earlier file or
    /// the new one, never a part; what it may leave is a temporary "<name>.XXXXXX" beside it,
    /// which SavedFiles::removeStrayTemporaries() removes at a later start (`record` Yes puts
    /// `path` on that list before anything is written). With `lastWord`, false with
    /// lastWord->withdrawn set means that the write was no longer wanted (nothing changed, no
    /// reason).
    /// The last word before the rename, for a writer whose file someone else may remove or
    /// replace meanwhile (the autosave's worker and its window): `wanted` is asked with `lock`
    /// held, and the lock stays held through the rename; when it says no, the new file goes
    /// and `withdrawn` is set. Whoever changes the file under the same lock knows that no write
    /// that it made unwanted replaces it afterwards.
    struct LastWord
    {
        QMutex *lock = nullptr;
        std::function<bool()> wanted;
        bool withdrawn = false;
    };
    static bool writeAtomically(const QString &path, const QByteArray &bytes, QString *reason,
                                Record record = Record::Yes, LastWord *lastWord = nullptr);
    /// Removes the temporary files that saves to `path` left behind when they were killed before
    /// the final rename ("<name>.XXXXXX" beside it, at least a minute old, so that another
    /// instance's save in progress is left alone). writeAtomically() calls it before each write;
    /// returns how many went. Only names of exactly that shape go.
    static int removeStrayTemporaries(const QString &path);
};
