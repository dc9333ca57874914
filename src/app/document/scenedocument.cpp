#include "document/scenedocument.h"

#include "document/sceneeditor.h"
#include "document/scenepresets.h"
#include "model/errortext.h"
#include "model/scenemodel.h"
#include "model/scenestorage.h"

#include <QDir>
#include <QFileInfo>
#include <QSettings>

namespace {
const QString kRecentKey = QStringLiteral("recentFiles");
const QString kFolderKey = QStringLiteral("lastFolder");

// false, with `why` in *error when the caller asked for it.
bool fail(QString *error, const QString &why)
{
    if (error)
        *error = why;
    return false;
}
} // namespace

SceneDocument::SceneDocument(SceneEditor *editor, QObject *parent)
    : QObject(parent), m_editor(editor)
{
    connect(m_editor, &SceneEditor::cleanChanged, this,
            [this](bool clean) { emit modifiedChanged(!clean); });
}

SceneDocument::~SceneDocument() = default;

QString SceneDocument::displayName() const
{
    if (!m_path.isEmpty())
        return QFileInfo(m_path).fileName();
    if (!m_presetId.isEmpty())
        if (const auto preset = ScenePresets::find(m_presetId))
            return preset->title;
    return tr("Untitled");
}

bool SceneDocument::isModified() const
{
    return !m_editor->isClean();
}

void SceneDocument::setIdentity(const QString &path, const QString &presetId)
{
    if (path == m_path && presetId == m_presetId)
        return;
    m_path = path;
    m_presetId = presetId;
    emit identityChanged();
}

void SceneDocument::newScene()
{
    m_editor->resetScene(attn::Scene::defaultScene());
    setIdentity({}, {});
}

bool SceneDocument::open(const QString &path, QString *error)
{
    const auto scene = SceneStorage::load(path, error);
    if (!scene || !reset(*scene, error))
        return false;
    adoptFile(path);
    return true;
}

bool SceneDocument::loadPreset(const QString &id, QString *error)
{
    const auto scene = ScenePresets::load(id, error);
    if (!scene || !reset(*scene, error))
        return false;
    setIdentity({}, id);
    return true;
}

bool SceneDocument::save(QString *error)
{
    if (m_path.isEmpty())
        return fail(error, tr("The scene has no file yet; use Save As."));
    return saveAs(m_path, error);
}

bool SceneDocument::saveAs(const QString &path, QString *error)
{
    if (!SceneStorage::save(m_editor->model()->scene(), path, error))
        return false;
    m_editor->setClean();
    adoptFile(path);
    return true;
}

bool SceneDocument::revert(QString *error)
{
    if (m_path.isEmpty())
        return fail(error, tr("The scene has no file to go back to."));
    return open(m_path, error);
}

bool SceneDocument::recover(const attn::Scene &scene, QString *error)
{
    if (!reset(scene, error))
        return false;
    setIdentity({}, {});
    m_editor->setUnsaved();
    return true;
}

bool SceneDocument::reset(const attn::Scene &scene, QString *error)
{
    if (auto e = m_editor->resetScene(scene))
        return fail(error, ErrorText::describe(*e));
    return true;
}

void SceneDocument::adoptFile(const QString &path)
{
    const QString absolute = QFileInfo(path).absoluteFilePath();
    setIdentity(absolute, {});
    remember(absolute);
}

QStringList SceneDocument::recentFiles() const
{
    QStringList files = QSettings().value(kRecentKey).toStringList();
    // Only what this program writes: absolute paths. A hand-edited or foreign value ("5", a
    // rectangle read as text) is not a file to offer.
    files.removeIf([](const QString &f) { return f.isEmpty() || !QDir::isAbsolutePath(f); });
    if (files.size() > kMaxRecentFiles)
        files.resize(kMaxRecentFiles);
    return files;
}

void SceneDocument::remember(const QString &path)
{
    QStringList files = recentFiles();
    files.removeAll(path);
    files.prepend(path);
    if (files.size() > kMaxRecentFiles)
        files.resize(kMaxRecentFiles);
    QSettings settings;
    settings.setValue(kRecentKey, files);
    settings.setValue(kFolderKey, QFileInfo(path).absolutePath());
    emit recentFilesChanged();
}

void SceneDocument::removeRecentFile(const QString &path)
{
    QStringList files = recentFiles();
    if (files.removeAll(path) == 0)
        return;
    QSettings().setValue(kRecentKey, files);
    emit recentFilesChanged();
}

void SceneDocument::clearRecentFiles()
{
    QSettings().remove(kRecentKey);
    emit recentFilesChanged();
}

QString SceneDocument::lastFolder() const
{
    const QString folder = QSettings().value(kFolderKey).toString();
    return !folder.isEmpty() && QFileInfo(folder).isDir() ? folder : QDir::homePath();
}
