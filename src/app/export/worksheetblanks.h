#pragma once

#include <QCoreApplication>
#include <QList>
#include <QString>

namespace attn {
struct LessonQuestion;
enum class Method;
} // namespace attn
class StepTableModel;

/// What a worksheet leaves blank on a step with a question, and what its answer key says: the
/// cells of the step table that hold the numbers the question asks for (docs/handout.md). The
/// scores and the weights are the asked keys' cells of the Score and Weight columns, the output
/// is the output's cell of the Value column (the sum row, or multi-head's output row). The rest of
/// the page is held back as the walkthrough holds it back while the class predicts (stage()):
/// the columns of later steps, the chart from the weights on, the output arrow.
class WorksheetBlanks
{
    Q_DECLARE_TR_FUNCTIONS(WorksheetBlanks)

public:
    /// Nothing blank: a step without a question, or any step of a handout.
    WorksheetBlanks() = default;
    /// The blanks of `question` in `table`, whose model holds the step's scene of `method`.
    WorksheetBlanks(const attn::LessonQuestion &question, const StepTableModel &table,
                    attn::Method method);

    bool any() const { return m_column >= 0; }
    /// The walkthrough stage at which the page is drawn (LessonPresenter::askedStage()).
    int stage() const { return m_stage; }
    /// The step table's column of the asked numbers; −1 when nothing is blank.
    int column() const { return m_column; }
    /// The rows of that column drawn as empty boxes.
    const QList<int> &rows() const { return m_rows; }
    bool isBlank(int row, int column) const { return column == m_column && m_rows.contains(row); }
    /// Whether the asked numbers are vectors (the output) rather than single numbers.
    bool vectors() const { return m_vectors; }

    /// The answers as the table writes them, one "w₂ = 0.453" per blank, read from `table` while
    /// it shows every number (no walkthrough).
    QStringList answers(const StepTableModel &table) const;
    /// "Weights", "Scores", "Output": what the answers are.
    QString kind() const;

private:
    int m_stage = -1;
    int m_column = -1;
    QList<int> m_rows;
    bool m_vectors = false;
    int m_asks = -1;
};
