#include "lesson/lessonsteplistmodel.h"

#include "lesson/lessoneditor.h"
#include "methods/methodnames.h"
#include "model/language.h"
#include "model/lessonsession.h"

#include <QMimeData>

namespace {
// Characters of a note in its row.
constexpr int kNotePreview = 40;
} // namespace

LessonStepListModel::LessonStepListModel(LessonEditor *editor, QObject *parent)
    : QAbstractListModel(parent), m_editor(editor)
{
    // Every change of the lesson is shown whole: the list is at most 200 short lines, and an
    // undo can change any of them.
    auto reset = [this] {
        beginResetModel();
        endResetModel();
    };
    LessonSession *session = m_editor->session();
    connect(session, &LessonSession::lessonChanged, this, reset);
    connect(session, &LessonSession::edited, this, reset);
}

int LessonStepListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : m_editor->session()->stepCount();
}

QString LessonStepListModel::text(int row) const
{
    const LessonSession *session = m_editor->session();
    if (row < 0 || row >= session->stepCount())
        return {};
    const attn::LessonStep &step = session->lesson().steps[std::size_t(row)];
    const QString kind = step.isScene()
                             ? MethodNames::name(std::get<attn::Scene>(step.content).method)
                             : tr("Sequence");
    QString line = tr("%1. %2").arg(row + 1).arg(kind);
    if (step.note) {
        QString note =
            QString::fromStdString(step.note->text(Language::current().toStdString())).trimmed();
        note = note.section(QLatin1Char('\n'), 0, 0);
        // The start of the note names the step; the list stays a list rather than the lesson's
        // text (the tooltip has all of it).
        if (note.size() > kNotePreview)
            note = note.left(kNotePreview).trimmed() + QStringLiteral("…");
        line = tr("%1 — %2").arg(line, note);
    }
    if (step.question)
        line = tr("%1 (question)").arg(line);
    return line;
}

QVariant LessonStepListModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid())
        return {};
    switch (role) {
    case Qt::DisplayRole:
        return text(index.row());
    case Qt::ToolTipRole: {
        const attn::LessonStep &step =
            m_editor->session()->lesson().steps[std::size_t(index.row())];
        return step.note
                   ? QString::fromStdString(step.note->text(Language::current().toStdString()))
                   : tr("No note");
    }
    default:
        return {};
    }
}

Qt::ItemFlags LessonStepListModel::flags(const QModelIndex &index) const
{
    // Drops go between steps, never onto one.
    if (!index.isValid())
        return Qt::ItemIsDropEnabled;
    return Qt::ItemIsSelectable | Qt::ItemIsEnabled | Qt::ItemIsDragEnabled;
}

Qt::DropActions LessonStepListModel::supportedDropActions() const
{
    return Qt::MoveAction;
}

Qt::DropActions LessonStepListModel::supportedDragActions() const
{
    return Qt::MoveAction;
}

QStringList LessonStepListModel::mimeTypes() const
{
    return {QString::fromLatin1(kMimeType)};
}

QMimeData *LessonStepListModel::mimeData(const QModelIndexList &indexes) const
{
    if (indexes.isEmpty())
        return nullptr;
    auto *data = new QMimeData;
    data->setData(QString::fromLatin1(kMimeType), QByteArray::number(indexes.first().row()));
    return data;
}

int LessonStepListModel::draggedRow(const QMimeData *data) const
{
    if (!data || !data->hasFormat(QString::fromLatin1(kMimeType)))
        return -1;
    bool ok = false;
    const int row = data->data(QString::fromLatin1(kMimeType)).toInt(&ok);
    return ok && row >= 0 && row < rowCount() ? row : -1;
}

int LessonStepListModel::dropTarget(int from, int row, const QModelIndex &parent) const
{
    // `row` is where the step goes in the list as it is now (before row `row`; -1: at the end,
    // or onto `parent`, which then means before it).
    int before = row;
    if (before < 0)
        before = parent.isValid() ? parent.row() : rowCount();
    const int to = before > from ? before - 1 : before;
    return to == from || to < 0 || to >= rowCount() ? -1 : to;
}

bool LessonStepListModel::canDropMimeData(const QMimeData *data, Qt::DropAction action, int row,
                                          int column, const QModelIndex &parent) const
{
    Q_UNUSED(column);
    Q_UNUSED(row);
    Q_UNUSED(parent);
    return action == Qt::MoveAction && draggedRow(data) >= 0;
}

bool LessonStepListModel::dropMimeData(const QMimeData *data, Qt::DropAction action, int row,
                                       int column, const QModelIndex &parent)
{
    if (!canDropMimeData(data, action, row, column, parent))
        return false;
    const int from = draggedRow(data);
    const int to = dropTarget(from, row, parent);
    if (to < 0)
        return false;
    // The view then asks nothing more of the model: no row is removed after a move, because
    // removeRows() is not implemented.
    return m_editor->moveStep(from, to);
}

void LessonStepListModel::retranslate()
{
    if (rowCount() > 0)
        emit dataChanged(index(0), index(rowCount() - 1));
}
