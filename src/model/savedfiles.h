#pragma once

#include <QString>
#include <QStringList>

/// The files this app wrote for the user, remembered so that the next start can clean up after a
/// save that was killed half-way. QSaveFile writes "<name>.XXXXXX" beside the file and renames it
/// over the file at the end: a process killed before the rename leaves the earlier file whole and
/// that temporary file behind. Nothing else knows where it is, so every save remembers its path
/// (QSettings "savedFiles", the newest first, at most kMaxRemembered) before it writes.
class SavedFiles
{
public:
    static constexpr int kMaxRemembered = 32;

    /// Puts `path` (made absolute) first on the list.
    static void remember(const QString &path);
    /// The remembered paths, the newest first.
    static QStringList remembered();

    /// The cleanup at start: the temporary files that killed saves left beside every remembered
    /// file and every recent file (SceneStorage::removeStrayTemporaries(): only "<name>.XXXXXX"
    /// of a remembered name, at least a minute old, since a younger one may be another
    /// instance's save in progress), and those in the autosave folder
    /// (Autosaver::removeStrayTemporaries()). Returns how many files went.
    static int removeStrayTemporaries();
};
