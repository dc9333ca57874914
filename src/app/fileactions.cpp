#include "fileactions.h"

#include "document/scenedocument.h"
#include "document/scenepresets.h"
#include "model/lessonsession.h"
#include "shortcutsdialog.h"
#include "widgets/savedialog.h"
#include "widgets/unsavedquestion.h"

#include <QAction>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMainWindow>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QStatusBar>

FileActions::FileActions(SceneDocument *document, const Actions &actions, QMainWindow *window)
    : QObject(window), m_document(document), m_actions(actions), m_window(window)
{
    m_actions.newScene->setShortcuts(QKeySequence::New);
    m_actions.save->setShortcuts(QKeySequence::Save);
    m_actions.saveAs->setShortcuts(QKeySequence::SaveAs);
    // Plain X11 sessions define no Save As key; use the one GNOME, KDE and macOS share.
    if (m_actions.saveAs->shortcuts().isEmpty())
        m_actions.saveAs->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S));
    connect(m_actions.newScene, &QAction::triggered, this, &FileActions::onNew);
    connect(m_actions.open, &QAction::triggered, this, &FileActions::onOpen);
    connect(m_actions.save, &QAction::triggered, this, &FileActions::onSave);
    connect(m_actions.saveAs, &QAction::triggered, this, &FileActions::onSaveAs);
    connect(m_actions.revert, &QAction::triggered, this, &FileActions::onRevert);
    connect(m_actions.clearRecent, &QAction::triggered, m_document,
            &SceneDocument::clearRecentFiles);
    m_actions.recent->setToolTipsVisible(true);

    connect(m_document, &SceneDocument::identityChanged, this, &FileActions::updateTitle);
    connect(m_document, &SceneDocument::modifiedChanged, this, &FileActions::updateTitle);
    connect(m_document, &SceneDocument::recentFilesChanged, this, &FileActions::rebuildRecentMenu);
    rebuildRecentMenu();
    updateTitle();
    buildPresetsMenu();
}

void FileActions::retranslate()
{
    retranslatePresets();
    // The entries' keyboard notes ("File › Open Recent, then 1") are translated text too.
    rebuildRecentMenu();
    updateTitle();
}

void FileActions::buildPresetsMenu()
{
    const auto presets = ScenePresets::all();
    for (const ScenePresets::Preset &preset : presets) {
        auto *action = m_actions.presets->addAction(preset.title);
        action->setObjectName(QStringLiteral("preset-") + preset.id);
        action->setData(preset.id);
        // Ctrl+Alt+1 … 9 in menu order: a teacher switches lessons without the mouse.
        if (m_presetActions.size() < 9)
            action->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT |
                                             Qt::Key(Qt::Key_1 + int(m_presetActions.size()))));
        else // the digits are used up: the menu is the keyboard's way in
            action->setProperty(ShortcutsDialog::kNoteProperty,
                                tr("Presets menu, then the arrow keys"));
        const QString id = preset.id;
        connect(action, &QAction::triggered, this, [this, id] { onPreset(id); });
        m_presetActions.append(action);
    }
    m_actions.presets->setToolTipsVisible(true);
    retranslatePresets();
}

void FileActions::retranslatePresets()
{
    for (QAction *action : std::as_const(m_presetActions)) {
        if (const auto preset = ScenePresets::find(action->data().toString())) {
            action->setText(preset->title);
            action->setToolTip(preset->description);
            action->setStatusTip(preset->description);
        }
    }
}

void FileActions::rebuildRecentMenu()
{
    QMenu *menu = m_actions.recent;
    // Not clear(): the list changes while one of its own entries is being triggered, and that
    // entry must outlive its signal.
    const auto old = menu->actions();
    for (QAction *a : old) {
        menu->removeAction(a);
        if (a != m_actions.clearRecent)
            a->deleteLater();
    }
    const QStringList files = m_document->recentFiles();
    for (int i = 0; i < files.size(); ++i) {
        const QString path = files[i];
        QString name = QFileInfo(path).fileName();
        name.replace(QLatin1Char('&'), QStringLiteral("&&"));
        // Numbered 1 to 8 so that the keyboard reaches every entry.
        auto *action = menu->addAction(QStringLiteral("&%1  %2").arg(i + 1).arg(name));
        action->setToolTip(QDir::toNativeSeparators(path));
        action->setStatusTip(QDir::toNativeSeparators(path));
        // The list changes with every file opened, so a fixed key would open a different file
        // each time; the number in the menu is the keyboard's way in.
        action->setProperty(ShortcutsDialog::kNoteProperty,
                            tr("File › Open Recent, then %1").arg(i + 1));
        connect(action, &QAction::triggered, this, [this, path] { onOpenRecent(path); });
    }
    menu->addSeparator();
    menu->addAction(m_actions.clearRecent);
    menu->setEnabled(!files.isEmpty());
}

void FileActions::setLessonOpener(std::function<bool(const QString &)> opener)
{
    m_lessonOpener = std::move(opener);
}

void FileActions::setLessonTitle(const QString &title)
{
    m_lessonTitle = title;
    updateTitle();
}

void FileActions::updateTitle()
{
    m_window->setWindowTitle(
        tr("%1[*] — Attention Canvas")
            .arg(m_lessonTitle.isEmpty() ? m_document->displayName() : m_lessonTitle));
    m_window->setWindowModified(m_document->isModified());
    m_actions.revert->setEnabled(!m_document->filePath().isEmpty() && m_document->isModified());
}

bool FileActions::warn(const QString &title, const QString &path, const QString &why)
{
    QMessageBox::warning(m_window, title, tr("%1\n\n%2").arg(QDir::toNativeSeparators(path), why));
    return false;
}

void FileActions::showMessage(const QString &text)
{
    m_window->statusBar()->showMessage(text, 5000);
}

bool FileActions::maybeSave()
{
    if (m_otherWork && !m_otherWork())
        return false;
    if (!m_document->isModified())
        return true;
    switch (UnsavedQuestion::ask(
        m_window, QStringLiteral("unsavedChangesBox"), tr("Unsaved Changes"),
        tr("The scene \"%1\" has changes that are not saved.").arg(m_document->displayName()))) {
    case UnsavedQuestion::Answer::Save:
        return onSave();
    case UnsavedQuestion::Answer::Discard:
        return true;
    case UnsavedQuestion::Answer::Cancel:
        break;
    }
    return false;
}

bool FileActions::openScene(const QString &path)
{
    if (m_lessonOpener && LessonSession::isLessonFile(path))
        return m_lessonOpener(path);
    QString why;
    if (!m_document->open(path, &why))
        return warn(tr("Cannot open the scene"), path, why);
    emit documentReplaced();
    showMessage(tr("Opened %1").arg(QFileInfo(path).fileName()));
    return true;
}

bool FileActions::loadPreset(const QString &id)
{
    QString why;
    if (!m_document->loadPreset(id, &why)) {
        QMessageBox::warning(m_window, tr("Cannot load the preset"), why);
        return false;
    }
    emit documentReplaced();
    if (const auto preset = ScenePresets::find(id))
        emit presetLoaded(preset->description);
    return true;
}

bool FileActions::saveSceneAs(const QString &path)
{
    QString why;
    if (!m_document->saveAs(path, &why))
        return warn(tr("Cannot save the scene"), path, why);
    showMessage(tr("Saved %1").arg(QFileInfo(path).fileName()));
    return true;
}

void FileActions::onNew()
{
    if (!maybeSave())
        return;
    m_document->newScene();
    emit documentReplaced();
}

void FileActions::onOpen()
{
    if (!maybeSave())
        return;
    const QString path = QFileDialog::getOpenFileName(
        m_window, tr("Open Scene or Lesson"), m_document->lastFolder(),
        tr("Attention Canvas scenes and lessons (*.json);;All files (*)"));
    if (!path.isEmpty())
        openScene(path);
}

void FileActions::onOpenRecent(const QString &path)
{
    if (!maybeSave())
        return;
    if (!openScene(path) && !QFileInfo::exists(path))
        m_document->removeRecentFile(path);
}

bool FileActions::onSave()
{
    if (m_document->filePath().isEmpty())
        return onSaveAs();
    return saveSceneAs(m_document->filePath());
}

bool FileActions::onSaveAs()
{
    QString suggested = m_document->filePath();
    if (suggested.isEmpty()) {
        const QString base =
            m_document->presetId().isEmpty() ? QStringLiteral("scene") : m_document->presetId();
        suggested = QDir(m_document->lastFolder()).filePath(base + QStringLiteral(".json"));
    }
    const QString path = SaveDialog::ask(m_window, tr("Save Scene"), suggested,
                                         tr("Attention Canvas scenes (*.json);;All files (*)"),
                                         QStringLiteral("json"));
    return !path.isEmpty() && saveSceneAs(path);
}

void FileActions::onRevert()
{
    if (m_document->filePath().isEmpty() || !m_document->isModified())
        return;
    QMessageBox box(QMessageBox::Question, tr("Revert"),
                    tr("Go back to the saved \"%1\"? The changes since it was saved are lost.")
                        .arg(m_document->displayName()),
                    QMessageBox::NoButton, m_window);
    box.setObjectName(QStringLiteral("revertBox"));
    QPushButton *revert = box.addButton(tr("Revert"), QMessageBox::DestructiveRole);
    box.addButton(QMessageBox::Cancel);
    box.setDefaultButton(QMessageBox::Cancel);
    box.exec();
    if (box.clickedButton() != revert)
        return;
    QString why;
    if (!m_document->revert(&why)) {
        warn(tr("Cannot open the scene"), m_document->filePath(), why);
        return;
    }
    showMessage(tr("Reverted to %1").arg(m_document->displayName()));
}

void FileActions::onPreset(const QString &id)
{
    if (maybeSave())
        loadPreset(id);
}
