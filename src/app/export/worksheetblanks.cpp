#include "export/worksheetblanks.h"

#include "core/lessonfile.h"
#include "lesson/lessonpresenter.h"
#include "panels/steptablemodel.h"
#include "text/numberformat.h"

namespace {
// The letter of a number in the answer key: s₂, w₂, o.
QString symbol(attn::LessonAsks asks, int key)
{
    switch (asks) {
    case attn::LessonAsks::Scores:
        return QStringLiteral("s") + NumberFormat::subscript(key + 1);
    case attn::LessonAsks::Weights:
        return QStringLiteral("w") + NumberFormat::subscript(key + 1);
    case attn::LessonAsks::Output:
        break;
    }
    return QStringLiteral("o");
}
} // namespace

WorksheetBlanks::WorksheetBlanks(const attn::LessonQuestion &question, const StepTableModel &table,
                                 attn::Method method)
    : m_asks(int(question.asks))
{
    m_stage = LessonPresenter::askedStage(question.asks, method);
    switch (question.asks) {
    case attn::LessonAsks::Scores:
    case attn::LessonAsks::Weights:
        m_column = question.asks == attn::LessonAsks::Scores ? StepTableModel::ScoreColumn
                                                             : StepTableModel::WeightColumn;
        for (int key : question.keys)
            m_rows << key - 1;
        break;
    case attn::LessonAsks::Output:
        m_column = StepTableModel::ValueColumn;
        m_vectors = true;
        m_rows << (table.outputRow() >= 0 ? table.outputRow() : table.sumRow());
        break;
    }
}

QStringList WorksheetBlanks::answers(const StepTableModel &table) const
{
    QStringList out;
    const auto asks = attn::LessonAsks(m_asks);
    for (int row : m_rows) {
        const QString value = table.data(table.index(row, m_column)).toString();
        out << tr("%1 = %2").arg(symbol(asks, row), value);
    }
    return out;
}

QString WorksheetBlanks::kind() const
{
    switch (attn::LessonAsks(m_asks)) {
    case attn::LessonAsks::Scores:
        return tr("Scores");
    case attn::LessonAsks::Weights:
        return tr("Weights");
    case attn::LessonAsks::Output:
        return tr("Output");
    }
    return {};
}
