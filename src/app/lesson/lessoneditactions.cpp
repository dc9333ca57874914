#include "lesson/lessoneditactions.h"

#include "core/lessonfile.h"
#include "lesson/lessonautosave.h"
#include "lesson/lessoneditor.h"
#include "lesson/lessoneditorpanel.h"
#include "lesson/lessonpresenter.h"
#include "lesson/lessontextdialog.h"
#include "model/language.h"
#include "model/lessonsession.h"
#include "widgets/savedialog.h"
#include "widgets/unsavedquestion.h"

#include <QAction>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QStandardPaths>
#include <QUndoStack>

LessonEditActions::LessonEditActions(LessonEditor *editor, LessonPresenter *presenter,
                                     QMainWindow *window, QAction *before)
    : QObject(window), m_editor(editor), m_presenter(presenter), m_window(window),
      m_autosave(new LessonAutosave(editor, window)), m_menu(new QMenu(window)),
      m_dock(new QDockWidget(window))
{
    m_menu->setObjectName(QStringLiteral("menuLesson"));
    window->menuBar()->insertMenu(before, m_menu);

    // Ctrl+J starts the lesson's chords (J for "journey"; Ctrl+L is taken); moving a step and
    // undoing are pressed again and again, so they are single keys.
    const auto chord = [](Qt::Key second, Qt::KeyboardModifiers mods = {}) {
        return QKeySequence(QKeyCombination(Qt::CTRL, Qt::Key_J), QKeyCombination(mods, second));
    };
    m_new = make("actionNewLesson", chord(Qt::Key_N));
    m_openAs = make("actionOpenAsLesson", chord(Qt::Key_O));
    m_add = make("actionAddStep", chord(Qt::Key_A));
    m_duplicate = make("actionDuplicateStep", chord(Qt::Key_D));
    m_delete = make("actionDeleteStep", chord(Qt::Key_Delete));
    m_up = make("actionMoveStepUp", QKeySequence(Qt::ALT | Qt::SHIFT | Qt::Key_Up));
    m_down = make("actionMoveStepDown", QKeySequence(Qt::ALT | Qt::SHIFT | Qt::Key_Down));
    m_note = make("actionEditNote", chord(Qt::Key_E));
    m_title = make("actionEditLessonTitle", chord(Qt::Key_T));
    m_undo = make("actionUndoLessonEdit", QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_Z));
    m_redo = make("actionRedoLessonEdit", QKeySequence(Qt::CTRL | Qt::ALT | Qt::SHIFT | Qt::Key_Z));
    m_save = make("actionSaveLesson", chord(Qt::Key_S));
    m_saveAs = make("actionSaveLessonAs", chord(Qt::Key_S, Qt::ShiftModifier));

    m_menu->addActions({m_new, m_openAs});
    m_menu->addSeparator();
    m_menu->addActions({m_add, m_duplicate, m_delete, m_up, m_down});
    m_menu->addSeparator();
    m_menu->addActions({m_note, m_title});
    m_menu->addSeparator();
    m_menu->addActions({m_undo, m_redo});
    m_menu->addSeparator();
    m_menu->addActions({m_save, m_saveAs});
    m_menu->addSeparator();

    // The dock is the editor's, not a panel about the scene (DockTable's): it starts closed
    // on the left, and a lesson's steps never open or close it.
    m_dock->setObjectName(QStringLiteral("dockLessonEditor"));
    m_dock->setFeatures(QDockWidget::DockWidgetClosable | QDockWidget::DockWidgetFloatable |
                        QDockWidget::DockWidgetMovable);
    m_panel = new LessonEditorPanel(m_editor, {m_add, m_duplicate, m_delete, m_up, m_down, m_note},
                                    m_dock);
    m_dock->setWidget(m_panel);
    window->addDockWidget(Qt::LeftDockWidgetArea, m_dock);
    m_dock->hide();
    m_show = m_dock->toggleViewAction();
    m_show->setObjectName(QStringLiteral("actionLessonEditor"));
    m_show->setShortcut(chord(Qt::Key_L));
    m_menu->addAction(m_show);

    connect(m_new, &QAction::triggered, this, &LessonEditActions::onNew);
    connect(m_openAs, &QAction::triggered, this, &LessonEditActions::onOpenAs);
    connect(m_add, &QAction::triggered, this, &LessonEditActions::onAdd);
    LessonSession *session = m_editor->session();
    connect(m_duplicate, &QAction::triggered, this,
            [this, session] { m_editor->duplicateStep(session->current()); });
    connect(m_delete, &QAction::triggered, this,
            [this, session] { m_editor->removeStep(session->current()); });
    connect(m_up, &QAction::triggered, this,
            [this, session] { m_editor->moveStep(session->current(), session->current() - 1); });
    connect(m_down, &QAction::triggered, this,
            [this, session] { m_editor->moveStep(session->current(), session->current() + 1); });
    connect(m_note, &QAction::triggered, this, &LessonEditActions::onNote);
    connect(m_title, &QAction::triggered, this, &LessonEditActions::onTitle);
    QUndoStack *stack = m_editor->undoStack();
    connect(m_undo, &QAction::triggered, stack, &QUndoStack::undo);
    connect(m_redo, &QAction::triggered, stack, &QUndoStack::redo);
    connect(m_save, &QAction::triggered, this, &LessonEditActions::onSave);
    connect(m_saveAs, &QAction::triggered, this, &LessonEditActions::onSaveAs);

    connect(session, &LessonSession::lessonChanged, this, &LessonEditActions::updateActions);
    connect(session, &LessonSession::stepChanged, this, &LessonEditActions::updateActions);
    connect(m_editor, &LessonEditor::modifiedChanged, this, &LessonEditActions::updateActions);
    connect(stack, &QUndoStack::indexChanged, this, &LessonEditActions::updateUndoTexts);
    connect(stack, &QUndoStack::cleanChanged, this, &LessonEditActions::updateUndoTexts);
    connect(m_autosave, &LessonAutosave::message, this, &LessonEditActions::message);
    connect(m_autosave, &LessonAutosave::recovered, this, &LessonEditActions::reveal);
    retranslate();
}

QAction *LessonEditActions::make(const char *name, const QKeySequence &key)
{
    auto *action = new QAction(m_window);
    action->setObjectName(QString::fromLatin1(name));
    action->setShortcut(key);
    // The keys work wherever the focus is in the window, as the menus' do.
    action->setShortcutContext(Qt::WindowShortcut);
    m_window->addAction(action);
    return action;
}

void LessonEditActions::retranslate()
{
    m_menu->setTitle(tr("Less&on"));
    m_dock->setWindowTitle(tr("Lesson editor"));
    m_new->setText(tr("&New Lesson"));
    m_new->setToolTip(tr("Start a lesson whose first step is the current view"));
    m_openAs->setText(tr("&Open File as Lesson…"));
    m_openAs->setToolTip(tr("A scene or sequence file as a lesson of one step"));
    m_add->setText(tr("&Add Current View as Step"));
    m_add->setIconText(tr("Add view"));
    m_add->setToolTip(tr("Add what the window shows now (scene, view, panels, walkthrough) as "
                         "the next step"));
    m_duplicate->setText(tr("Du&plicate Step"));
    m_duplicate->setIconText(tr("Duplicate"));
    m_delete->setText(tr("&Delete Step"));
    m_delete->setIconText(tr("Delete"));
    m_up->setText(tr("Move Step &Up"));
    m_up->setIconText(tr("Up"));
    m_down->setText(tr("Move Step Do&wn"));
    m_down->setIconText(tr("Down"));
    m_note->setText(tr("Edit No&te…"));
    m_note->setIconText(tr("Note…"));
    m_note->setToolTip(tr("The step's note in English and Chinese"));
    m_title->setText(tr("Lesson T&itle…"));
    m_save->setText(tr("&Save Lesson"));
    m_saveAs->setText(tr("Sa&ve Lesson As…"));
    m_show->setText(tr("Lesson &Editor"));
    updateUndoTexts();
    updateActions();
}

void LessonEditActions::updateUndoTexts()
{
    const QUndoStack *stack = m_editor->undoStack();
    const QString undo = stack->undoText();
    const QString redo = stack->redoText();
    m_undo->setText(undo.isEmpty() ? tr("Undo Lesson Edit") : tr("Undo Lesson Edit: %1").arg(undo));
    m_redo->setText(redo.isEmpty() ? tr("Redo Lesson Edit") : tr("Redo Lesson Edit: %1").arg(redo));
    m_undo->setEnabled(stack->canUndo());
    m_redo->setEnabled(stack->canRedo());
}

void LessonEditActions::updateActions()
{
    const LessonSession *session = m_editor->session();
    const bool open = session->isOpen();
    const int current = session->current();
    const int count = session->stepCount();
    m_add->setEnabled(!open || count < attn::kMaxLessonSteps);
    m_duplicate->setEnabled(open && count < attn::kMaxLessonSteps);
    // A lesson has at least one step: the last one is not deleted (close the lesson instead).
    m_delete->setEnabled(open && count > 1);
    m_up->setEnabled(open && current > 0);
    m_down->setEnabled(open && current + 1 < count);
    m_note->setEnabled(open);
    m_title->setEnabled(open);
    m_save->setEnabled(open);
    m_saveAs->setEnabled(open);
}

void LessonEditActions::reveal()
{
    m_dock->show();
    m_dock->raise();
}

bool LessonEditActions::warn(const QString &title, const QString &path, const QString &why)
{
    QMessageBox::warning(m_window, title, tr("%1\n\n%2").arg(QDir::toNativeSeparators(path), why));
    return false;
}

void LessonEditActions::onNew()
{
    if (!maybeSave())
        return;
    QString why;
    if (!m_editor->newLesson(m_presenter->captureStep(), LessonEditor::untitled(), &why)) {
        QMessageBox::warning(m_window, tr("Cannot start a lesson"), why);
        return;
    }
    reveal();
}

void LessonEditActions::onOpenAs()
{
    if (m_sceneGuard && !m_sceneGuard())
        return;
    const QString path = QFileDialog::getOpenFileName(
        m_window, tr("Open File as Lesson"),
        QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation),
        tr("Attention Canvas scenes and sequences (*.json);;All files (*)"));
    if (!path.isEmpty())
        openFileAsLesson(path);
}

bool LessonEditActions::openFileAsLesson(const QString &path)
{
    QString why;
    // A lesson file is opened as itself.
    const bool opened = LessonSession::isLessonFile(path) ? m_editor->session()->load(path, &why)
                                                          : m_editor->openFileAsLesson(path, &why);
    if (!opened)
        return warn(tr("Cannot open the file as a lesson"), path, why);
    reveal();
    emit message(tr("Opened %1 as a lesson").arg(QFileInfo(path).fileName()));
    return true;
}

void LessonEditActions::onAdd()
{
    attn::LessonStep step = m_presenter->captureStep();
    LessonSession *session = m_editor->session();
    if (!session->isOpen()) {
        QString why;
        if (!m_editor->newLesson(std::move(step), LessonEditor::untitled(), &why))
            QMessageBox::warning(m_window, tr("Cannot start a lesson"), why);
        else
            reveal();
        return;
    }
    m_editor->insertStep(session->current() + 1, std::move(step));
}

void LessonEditActions::onNote()
{
    const LessonSession *session = m_editor->session();
    if (!session->isOpen())
        return;
    const int index = session->current();
    LessonTextDialog dialog(LessonTextDialog::Kind::Note,
                            session->lesson().steps[std::size_t(index)].note, m_window);
    if (dialog.exec() == QDialog::Accepted)
        m_editor->setNote(index, dialog.text());
}

void LessonEditActions::onTitle()
{
    const LessonSession *session = m_editor->session();
    if (!session->isOpen())
        return;
    LessonTextDialog dialog(LessonTextDialog::Kind::Title, session->lesson().title, m_window);
    if (dialog.exec() == QDialog::Accepted && dialog.text())
        m_editor->setTitle(*dialog.text());
}

bool LessonEditActions::saveLessonAs(const QString &path)
{
    QString why;
    if (!m_editor->saveAs(path, &why))
        return warn(tr("Cannot save the lesson"), path, why);
    emit message(tr("Saved %1").arg(QFileInfo(path).fileName()));
    return true;
}

bool LessonEditActions::onSave()
{
    if (m_editor->filePath().isEmpty())
        return onSaveAs();
    return saveLessonAs(m_editor->filePath());
}

bool LessonEditActions::onSaveAs()
{
    if (!m_editor->isOpen())
        return false;
    QString suggested = m_editor->filePath();
    if (suggested.isEmpty()) {
        const QString folder = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
        const QString base = m_editor->session()->path().isEmpty()
                                 ? QStringLiteral("lesson")
                                 : QFileInfo(m_editor->session()->path()).completeBaseName();
        suggested = QDir(folder).filePath(base + QStringLiteral(".json"));
    }
    const QString path = SaveDialog::ask(m_window, tr("Save Lesson"), suggested,
                                         tr("Attention Canvas lessons (*.json);;All files (*)"),
                                         QStringLiteral("json"));
    return !path.isEmpty() && saveLessonAs(path);
}

bool LessonEditActions::maybeSave()
{
    if (!m_editor->isModified())
        return true;
    switch (UnsavedQuestion::ask(m_window, QStringLiteral("unsavedLessonBox"), tr("Unsaved Lesson"),
                                 tr("The lesson \"%1\" has changes that are not saved.")
                                     .arg(m_editor->session()->title(Language::current())))) {
    case UnsavedQuestion::Answer::Save:
        return onSave();
    case UnsavedQuestion::Answer::Discard:
        return true;
    case UnsavedQuestion::Answer::Cancel:
        break;
    }
    return false;
}
