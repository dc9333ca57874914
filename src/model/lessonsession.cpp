#include "lessonsession.h"

#include "core/json.h"
#include "errortext.h"
#include "scenestorage.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <algorithm>

namespace {
bool fail(QString *error, const QString &why)
{
    if (error)
        *error = why;
    return false;
}

std::string_view view(const QByteArray &bytes)
{
    return std::string_view(bytes.constData(), std::size_t(bytes.size()));
}

QString text(const attn::LessonText &t, const QString &language)
{
    return QString::fromStdString(t.text(language.toStdString()));
}
} // namespace

LessonSession::LessonSession(QObject *parent) : QObject(parent) {}

QString LessonSession::title(const QString &language) const
{
    return isOpen() ? text(m_lesson->title, language) : QString();
}

QString LessonSession::note(const QString &language) const
{
    if (!isOpen() || !currentStep().note)
        return {};
    return text(*currentStep().note, language);
}

QString LessonSession::prompt(const QString &language) const
{
    if (!isOpen() || !currentStep().question)
        return {};
    return text(currentStep().question->prompt, language);
}

bool LessonSession::load(const QString &path, QString *error)
{
    const QFileInfo info(path);
    if (!info.exists())
        return fail(error, tr("The file does not exist."));
    // A pipe or a device would never end: only regular files (and resources) are read.
    if (!info.isFile())
        return fail(error, tr("This is not a regular file; choose a lesson file."));
    if (info.size() > qint64(attn::kMaxLessonBytes))
        return fail(error, ErrorText::describe(attn::Error{attn::ErrorCode::FileTooLarge,
                                                           "",
                                                           qint64(attn::kMaxLessonBytes),
                                                           info.size(),
                                                           {}},
                                               ErrorText::FileKind::Lesson));
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return fail(error, tr("The file cannot be read: %1").arg(file.errorString()));
    const QByteArray bytes = file.read(qint64(attn::kMaxLessonBytes) + 1);
    if (file.error() != QFileDevice::NoError)
        return fail(error, tr("The file cannot be read: %1").arg(file.errorString()));
    return loadText(bytes, path, error);
}

bool LessonSession::loadText(const QByteArray &bytes, const QString &path, QString *error)
{
    auto lesson = attn::parseLesson(view(bytes));
    if (!lesson)
        return fail(error, ErrorText::describe(lesson.error(), ErrorText::FileKind::Lesson));
    return open(std::move(lesson).value(), path, error);
}

bool LessonSession::open(attn::Lesson lesson, const QString &path, QString *error)
{
    if (auto valid = attn::validateLesson(lesson); !valid)
        return fail(error, ErrorText::describe(valid.error(), ErrorText::FileKind::Lesson));
    const bool asking = lesson.steps.front().question.has_value();
    m_lesson = std::move(lesson);
    m_path = path;
    m_current = 0;
    m_asking = asking;
    emit lessonChanged();
    emit stepChanged();
    return true;
}

void LessonSession::close()
{
    if (!isOpen())
        return;
    m_lesson.reset();
    m_path.clear();
    m_current = 0;
    m_asking = false;
    emit lessonChanged();
    emit stepChanged();
}

void LessonSession::setPlace(int step, bool asking)
{
    if (step == m_current && asking == m_asking)
        return;
    m_current = step;
    m_asking = asking;
    emit stepChanged();
}

bool LessonSession::next()
{
    if (!isOpen())
        return false;
    if (m_asking) {
        setPlace(m_current, false);
        return true;
    }
    if (m_current + 1 >= stepCount())
        return false;
    return goTo(m_current + 1);
}

bool LessonSession::previous()
{
    if (!isOpen())
        return false;
    if (!m_asking && currentStep().question) {
        setPlace(m_current, true);
        return true;
    }
    if (m_current == 0)
        return false;
    setPlace(m_current - 1, false);
    return true;
}

bool LessonSession::goTo(int index)
{
    if (!isOpen() || index < 0 || index >= stepCount())
        return false;
    // Entering a step anew always starts with its question, even when it is the current one.
    const bool asking = m_lesson->steps[std::size_t(index)].question.has_value();
    if (index == m_current && asking == m_asking)
        emit stepChanged();
    setPlace(index, asking);
    return true;
}

bool LessonSession::save(const QString &path, QString *error) const
{
    if (!isOpen())
        return fail(error, tr("No lesson is open."));
    QString reason;
    if (!SceneStorage::writeAtomically(
            path, QByteArray::fromStdString(attn::writeLesson(*m_lesson)), &reason))
        return fail(error, tr("The lesson cannot be saved: %1").arg(reason));
    return true;
}

bool LessonSession::apply(attn::Lesson candidate, int current)
{
    if (!attn::validateLesson(candidate))
        return false;
    m_lesson = std::move(candidate);
    const int last = int(m_lesson->steps.size()) - 1;
    m_current = std::clamp(current, 0, last);
    m_asking = false;
    emit edited();
    emit stepChanged();
    return true;
}

bool LessonSession::insertStep(int index, attn::LessonStep step)
{
    if (!isOpen() || index < 0 || index > stepCount())
        return false;
    attn::Lesson candidate = *m_lesson;
    candidate.steps.insert(candidate.steps.begin() + index, std::move(step));
    return apply(std::move(candidate), index);
}

bool LessonSession::replaceStep(int index, attn::LessonStep step)
{
    if (!isOpen() || index < 0 || index >= stepCount())
        return false;
    attn::Lesson candidate = *m_lesson;
    candidate.steps[std::size_t(index)] = std::move(step);
    return apply(std::move(candidate), index);
}

bool LessonSession::removeStep(int index)
{
    if (!isOpen() || index < 0 || index >= stepCount())
        return false;
    attn::Lesson candidate = *m_lesson;
    candidate.steps.erase(candidate.steps.begin() + index);
    return apply(std::move(candidate), index < m_current ? m_current - 1 : m_current);
}

bool LessonSession::moveStep(int from, int to)
{
    if (!isOpen() || from < 0 || from >= stepCount() || to < 0 || to >= stepCount())
        return false;
    attn::Lesson candidate = *m_lesson;
    attn::LessonStep moved = std::move(candidate.steps[std::size_t(from)]);
    candidate.steps.erase(candidate.steps.begin() + from);
    candidate.steps.insert(candidate.steps.begin() + to, std::move(moved));
    return apply(std::move(candidate), to);
}

bool LessonSession::setNote(int index, std::optional<attn::LessonText> note)
{
    if (!isOpen() || index < 0 || index >= stepCount())
        return false;
    attn::Lesson candidate = *m_lesson;
    candidate.steps[std::size_t(index)].note = std::move(note);
    return apply(std::move(candidate), m_current);
}

bool LessonSession::setLesson(attn::Lesson lesson, int current)
{
    if (!isOpen())
        return false;
    return apply(std::move(lesson), current);
}

QStringList LessonSession::builtInPaths()
{
    QStringList paths;
    const QDir dir(QStringLiteral(":/lessons"));
    for (const QString &name : dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name))
        paths << dir.filePath(name);
    return paths;
}

bool LessonSession::isLessonFile(const QString &path)
{
    const QFileInfo info(path);
    if (!info.isFile() || info.size() > qint64(attn::kMaxLessonBytes))
        return false;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return false;
    const QByteArray bytes = file.read(qint64(attn::kMaxLessonBytes) + 1);
    // Most files opened are scenes: those are told apart without parsing them twice.
    if (!bytes.contains(attn::kLessonFormat))
        return false;
    const auto json = attn::parseJson(view(bytes));
    if (!json || !json->isObject())
        return false;
    const attn::JsonValue *format = json->find("format");
    return format && format->isString() && format->asString() == attn::kLessonFormat;
}
