#include "savedfiles.h"

#include "autosaver.h"
#include "scenestorage.h"

#include <QFileInfo>
#include <QSettings>

namespace {
const QString kKey = QStringLiteral("savedFiles");
// The scene document's list of recent files (SceneDocument): files opened there may have been
// saved by an earlier version that kept no list of its own.
const QString kRecentKey = QStringLiteral("recentFiles");
} // namespace

void SavedFiles::remember(const QString &path)
{
    const QString absolute = QFileInfo(path).absoluteFilePath();
    QSettings settings;
    QStringList list = settings.value(kKey).toStringList();
    // Most saves are of the file saved last: then the settings file is not written at all.
    if (!list.isEmpty() && list.constFirst() == absolute)
        return;
    list.removeAll(absolute);
    list.prepend(absolute);
    while (list.size() > kMaxRemembered)
        list.removeLast();
    settings.setValue(kKey, list);
}

QStringList SavedFiles::remembered()
{
    return QSettings().value(kKey).toStringList();
}

int SavedFiles::removeStrayTemporaries()
{
    QStringList paths = remembered();
    const QStringList recent = QSettings().value(kRecentKey).toStringList();
    for (const QString &path : recent)
        if (!paths.contains(path))
            paths << path;
    int removed = 0;
    for (const QString &path : paths)
        removed += SceneStorage::removeStrayTemporaries(path);
    return removed + Autosaver::removeStrayTemporaries();
}
