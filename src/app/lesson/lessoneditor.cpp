#include "lesson/lessoneditor.h"

#include "lesson/lessoncommand.h"
#include "model/language.h"
#include "model/lessonsession.h"
#include "model/scenestorage.h"

#include <QFileInfo>
#include <QUndoStack>

LessonEditor::LessonEditor(LessonSession *session, QObject *parent)
    : QObject(parent), m_session(session), m_stack(new QUndoStack(this))
{
    connect(m_session, &LessonSession::lessonChanged, this, &LessonEditor::onLessonChanged);
    connect(m_stack, &QUndoStack::cleanChanged, this, &LessonEditor::updateModified);
    onLessonChanged();
}

LessonEditor::~LessonEditor()
{
    // The stack clears itself on the way out, announcing undo states that nothing may hear.
    m_stack->blockSignals(true);
}

bool LessonEditor::isOpen() const
{
    return m_session->isOpen();
}

bool LessonEditor::isModified() const
{
    return isOpen() && (m_unsaved || !m_stack->isClean());
}

QByteArray LessonEditor::bytes() const
{
    return isOpen() ? QByteArray::fromStdString(attn::writeLesson(m_session->lesson()))
                    : QByteArray();
}

attn::LessonText LessonEditor::untitled()
{
    attn::LessonText title;
    const std::string text = tr("Untitled lesson").toStdString();
    (Language::current() == QLatin1String("zh_CN") ? title.zhCN : title.en) = text;
    return title;
}

void LessonEditor::onLessonChanged()
{
    // Opened from a file or Help → Lessons, or closed: a fresh history, and the file it came
    // from (a built-in lesson's resource cannot be written: Save asks for a file).
    if (m_opening)
        return;
    m_stack->clear();
    m_unsaved = false;
    const QString path = isOpen() ? m_session->path() : QString();
    m_filePath = path.startsWith(QLatin1Char(':')) ? QString() : path;
    emit fileChanged();
    updateModified();
}

void LessonEditor::updateModified()
{
    const bool modified = isModified();
    if (modified == m_shownModified)
        return;
    m_shownModified = modified;
    emit modifiedChanged(modified);
}

bool LessonEditor::openUnsaved(attn::Lesson lesson, QString *error)
{
    m_opening = true;
    const bool opened = m_session->open(std::move(lesson), QString(), error);
    m_opening = false;
    if (!opened)
        return false;
    m_stack->clear();
    m_unsaved = true;
    m_filePath.clear();
    emit fileChanged();
    updateModified();
    return true;
}

bool LessonEditor::newLesson(attn::LessonStep first, attn::LessonText title, QString *error)
{
    attn::Lesson lesson;
    lesson.title = std::move(title);
    lesson.steps.push_back(std::move(first));
    return openUnsaved(std::move(lesson), error);
}

bool LessonEditor::adopt(attn::Lesson lesson, QString *error)
{
    return openUnsaved(std::move(lesson), error);
}

std::optional<attn::LessonStep> LessonEditor::stepFromFile(const QString &path, QString *error)
{
    attn::LessonStep step;
    if (SceneStorage::kindOf(path) == SceneStorage::FileKind::Sequence) {
        auto sequence = SceneStorage::loadSequence(path, error);
        if (!sequence)
            return std::nullopt;
        step.content = std::move(*sequence);
    } else {
        auto scene = SceneStorage::load(path, error);
        if (!scene)
            return std::nullopt;
        step.content = std::move(*scene);
    }
    return step;
}

bool LessonEditor::openFileAsLesson(const QString &path, QString *error)
{
    auto step = stepFromFile(path, error);
    if (!step)
        return false;
    // Titled after the file in both languages: the name is the teacher's own.
    const std::string name =
        QFileInfo(path).completeBaseName().left(attn::kMaxLessonTitleBytes / 4).toStdString();
    attn::LessonText title = name.empty() ? untitled() : attn::LessonText{name, name};
    return newLesson(std::move(*step), std::move(title), error);
}

bool LessonEditor::record(const QString &text, const std::function<bool()> &change)
{
    if (!isOpen())
        return false;
    attn::Lesson before = m_session->lesson();
    const int currentBefore = m_session->current();
    if (!change())
        return false;
    m_stack->push(new LessonCommand(m_session, text, std::move(before), currentBefore,
                                    m_session->lesson(), m_session->current()));
    updateModified();
    return true;
}

bool LessonEditor::insertStep(int index, attn::LessonStep step)
{
    return record(tr("Add Step"), [&] { return m_session->insertStep(index, std::move(step)); });
}

bool LessonEditor::duplicateStep(int index)
{
    if (!isOpen() || index < 0 || index >= m_session->stepCount())
        return false;
    attn::LessonStep copy = m_session->lesson().steps[std::size_t(index)];
    return record(tr("Duplicate Step"),
                  [&] { return m_session->insertStep(index + 1, std::move(copy)); });
}

bool LessonEditor::removeStep(int index)
{
    return record(tr("Delete Step"), [&] { return m_session->removeStep(index); });
}

bool LessonEditor::moveStep(int from, int to)
{
    if (from == to)
        return false;
    return record(tr("Move Step"), [&] { return m_session->moveStep(from, to); });
}

bool LessonEditor::setNote(int index, std::optional<attn::LessonText> note)
{
    if (note && note->empty())
        note.reset();
    if (!isOpen() || index < 0 || index >= m_session->stepCount())
        return false;
    const auto &old = m_session->lesson().steps[std::size_t(index)].note;
    if (old.has_value() == note.has_value() &&
        (!old || (old->en == note->en && old->zhCN == note->zhCN)))
        return false;
    return record(tr("Edit Note"), [&] { return m_session->setNote(index, std::move(note)); });
}

bool LessonEditor::setTitle(attn::LessonText title)
{
    if (!isOpen())
        return false;
    const attn::LessonText &old = m_session->lesson().title;
    if (old.en == title.en && old.zhCN == title.zhCN)
        return false;
    attn::Lesson changed = m_session->lesson();
    changed.title = std::move(title);
    return record(tr("Edit Title"),
                  [&] { return m_session->setLesson(std::move(changed), m_session->current()); });
}

bool LessonEditor::save(QString *error)
{
    if (m_filePath.isEmpty()) {
        if (error)
            *error = tr("The lesson has no file yet.");
        return false;
    }
    return saveAs(m_filePath, error);
}

bool LessonEditor::saveAs(const QString &path, QString *error)
{
    if (!m_session->save(path, error))
        return false;
    const QString absolute = QFileInfo(path).absoluteFilePath();
    m_session->setPath(absolute);
    m_unsaved = false;
    m_stack->setClean();
    if (m_filePath != absolute) {
        m_filePath = absolute;
        emit fileChanged();
    }
    updateModified();
    return true;
}
