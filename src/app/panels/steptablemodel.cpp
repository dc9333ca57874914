#include "panels/steptablemodel.h"

#include "model/scenemodel.h"
#include "text/numberformat.h"
#include "theme/colorscheme.h"
#include "walkthrough/walkthrough.h"

#include <QBrush>
#include <QFont>

namespace {
QString keyName(int index)
{
    return QStringLiteral("k") + NumberFormat::subscript(index + 1);
}

// "⁽²⁾": the mark of head 2 (0-based 1).
QString headMark(int head)
{
    return QChar(0x207D) + NumberFormat::superscript(head + 1) + QChar(0x207E);
}

// "o⁽²⁾": head 2's output.
QString headOutputName(int head)
{
    return QStringLiteral("o") + headMark(head);
}

int headCountOf(const SceneModel &m)
{
    return m.hasResult() && m.result().method == attn::Method::MultiHead
               ? int(m.result().heads.size())
               : 0;
}

// Rows: one per key, the sum row, and for multi-head one row per head's output oʰ and one for
// the output W_O [o¹; …].
int rowsFor(const SceneModel &m)
{
    const int heads = headCountOf(m);
    return m.keyCount() + 1 + (heads > 0 ? heads + 1 : 0);
}
} // namespace

StepTableModel::StepTableModel(SceneModel *scene, QObject *parent)
    : QAbstractTableModel(parent), m_scene(scene), m_rows(rowsFor(*scene))
{
    connect(scene, &SceneModel::changed, this, &StepTableModel::onSceneChanged);
}

int StepTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : m_rows;
}

int StepTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

int StepTableModel::sumRow() const
{
    return m_scene->keyCount();
}

int StepTableModel::headRow(int head) const
{
    return head >= 0 && head < headCountOf(*m_scene) ? sumRow() + 1 + head : -1;
}

int StepTableModel::outputRow() const
{
    const int heads = headCountOf(*m_scene);
    return heads > 0 ? sumRow() + 1 + heads : -1;
}

void StepTableModel::onSceneChanged()
{
    const int rows = rowsFor(*m_scene);
    if (rows != m_rows) {
        beginResetModel();
        m_rows = rows;
        endResetModel();
        return;
    }
    // Same shape: repaint the cells without resetting selection or scroll position.
    emit dataChanged(index(0, 0), index(m_rows - 1, ColumnCount - 1));
}

QVariant StepTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case KeyColumn:
            return tr("The key, numbered as on the canvas");
        case VectorColumn:
            return tr("The key vector k");
        case NormColumn:
            return tr("The length ‖k‖ of the key");
        case AngleColumn:
            return tr("The angle θ between the query and the key");
        case CosineColumn:
            return tr("cos θ = q·k / (‖q‖ ‖k‖)");
        case ScoreColumn:
            return tr("The attention score s of the current method (multi-head: the mean over "
                      "heads)");
        case LogitColumn:
            return tr("The score divided by the temperature τ");
        case ShiftedColumn:
            return tr("s/τ minus the largest s/τ: subtracting the maximum keeps exp from "
                      "overflowing");
        case ExpColumn:
            return tr("exp(s/τ − max); the sum row adds them up");
        case WeightColumn:
            switch (m_scene->scene().normaliser) {
            case attn::Normaliser::Sparsemax:
                return tr("The attention weight: s/τ minus the threshold τ*, or 0 below it "
                          "(multi-head: the mean over heads)");
            case attn::Normaliser::Softmax1:
                return tr("The attention weight: exp divided by exp(−m) plus the sum of exps "
                          "(multi-head: the mean over heads)");
            case attn::Normaliser::Sigmoid:
                return tr("The attention weight: σ(s/τ + b), each key on its own "
                          "(multi-head: the mean over heads)");
            case attn::Normaliser::Softmax:
                break;
            }
            return tr("The attention weight: exp divided by the sum of exps (multi-head: the "
                      "mean over heads)");
        case ValueColumn:
            return headCountOf(*m_scene) > 0
                       ? tr("The value v. Multi-head: the rows below the sum give each head's "
                            "output oʰ = Σᵢ wʰᵢ W_Vʰ vᵢ and the output W_O [o¹; …]")
                       : tr("The value v; the sum row is the output Σ wᵢ vᵢ");
        }
        return {};
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (section) {
    case KeyColumn:
        return tr("Key");
    case VectorColumn:
        return tr("k");
    case NormColumn:
        return tr("‖k‖");
    case AngleColumn:
        return tr("Angle θ");
    case CosineColumn:
        return tr("cos θ");
    case ScoreColumn:
        return tr("Score s");
    case LogitColumn:
        return tr("s/τ");
    case ShiftedColumn:
        return tr("s/τ − max");
    case ExpColumn:
        return tr("exp");
    case WeightColumn:
        return tr("Weight");
    case ValueColumn:
        return tr("Value v");
    }
    return {};
}

QVariant StepTableModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid())
        return {};
    const bool key = index.row() < sumRow();
    const bool sum = !key; // the sum row and the multi-head rows below it
    const bool masked =
        key && !m_scene->scene().mask.empty() && m_scene->scene().mask[std::size_t(index.row())];
    switch (role) {
    case Qt::TextAlignmentRole:
        return index.column() == KeyColumn ? int(Qt::AlignLeft | Qt::AlignVCenter)
                                           : int(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::FontRole:
        if (sum || index.column() == KeyColumn) {
            QFont f;
            f.setBold(true);
            return f;
        }
        return {};
    case Qt::ForegroundRole:
        // Masked keys are left out of the softmax: grey them out. Key names wear their colour.
        if (masked)
            return QBrush(ColorScheme::axis().lighter(140));
        if (!sum && index.column() == KeyColumn)
            return QBrush(ColorScheme::keyColor(index.row(), m_scene->keyCount()));
        return {};
    case Qt::BackgroundRole:
        // The walkthrough's current step: its columns light up.
        if (m_walkthrough && m_walkthrough->isCurrent(stepOfColumn(index.column())))
            return QBrush(ColorScheme::highlight());
        return {};
    case Qt::ToolTipRole:
        if (index.row() == outputRow())
            return tr("The output W_O [o¹; …; oʰ]: the heads' outputs stacked and mapped by W_O. "
                      "It is not Σ w̄ᵢ vᵢ with the mean weights of this table.");
        if (index.row() > sumRow())
            return tr("Head %1's output %2 = Σᵢ w%3ᵢ W_V%3 vᵢ, with the head's own weights (see "
                      "the formula above and the heat map), not the mean weights of this table")
                .arg(index.row() - sumRow())
                .arg(headOutputName(index.row() - sumRow() - 1),
                     headMark(index.row() - sumRow() - 1));
        if (index.row() == sumRow() && index.column() == ValueColumn && headCountOf(*m_scene) == 0)
            return tr("The output Σ wᵢ vᵢ");
        if (masked)
            return tr("Masked: this key is left out of the softmax");
        return {};
    case Qt::DisplayRole:
        if (key)
            return keyCell(index.row(), index.column());
        if (index.row() == sumRow())
            return sumCell(index.column());
        return headCell(index.row(), index.column());
    default:
        return {};
    }
}

QVariant StepTableModel::keyCell(int row, int column) const
{
    const SceneModel &m = *m_scene;
    const bool masked = !m.scene().mask.empty() && m.scene().mask[row];
    const auto &g = m.geometry();
    const QString dash = QStringLiteral("—");
    switch (column) {
    case KeyColumn:
        return masked ? tr("%1 (masked)").arg(keyName(row)) : keyName(row);
    case VectorColumn:
        return NumberFormat::vector(m.keys().row(row).transpose());
    case NormColumn:
        return NumberFormat::number(g.keyNorms[row]);
    case AngleColumn:
        return g.undefined[row] ? dash : NumberFormat::number(g.angles[row], 1) + QChar(0x00B0);
    case CosineColumn:
        return g.undefined[row] ? dash : NumberFormat::number(g.cosines[row]);
    case ValueColumn:
        return NumberFormat::vector(m.values().row(row).transpose());
    default:
        break;
    }
    if (!m.hasResult())
        return dash;
    const auto &r = m.result();
    const bool single = r.method != attn::Method::MultiHead;
    switch (column) {
    case ScoreColumn:
        return NumberFormat::number(r.scores[row]);
    case LogitColumn:
        return single ? NumberFormat::number(r.trace.logits[row]) : dash;
    case ShiftedColumn:
        return single && !masked ? NumberFormat::number(r.trace.shifted[row]) : dash;
    case ExpColumn: // sparsemax and sigmoid take no exponential of the shifted score
        return single && r.trace.exps.size() > row && (r.trace.normaliser == attn::Normaliser::Softmax ||
                                                        r.trace.normaliser == attn::Normaliser::Softmax1)
                   ? NumberFormat::number(r.trace.exps[row])
                   : dash;
    case WeightColumn:
        return NumberFormat::number(r.weights[row]);
    default:
        return {};
    }
}

QVariant StepTableModel::sumCell(int column) const
{
    const SceneModel &m = *m_scene;
    switch (column) {
    case KeyColumn:
        return tr("Sum Σ");
    case ValueColumn:
        // The output is the weighted sum's result: held back until that step is revealed.
        if (m_walkthrough && !m_walkthrough->isShown(Walkthrough::WeightedSum))
            return {};
        // Multi-head: not a sum of this column; the output has its own row below.
        if (headCountOf(m) > 0)
            return {};
        return m.hasResult() ? NumberFormat::vector(m.result().output) : QVariant();
    default:
        break;
    }
    if (!m.hasResult())
        return {};
    const auto &r = m.result();
    // Σ exp is the normalisation's denominator: part of that step.
    if (column == ExpColumn && m_walkthrough && !m_walkthrough->isShown(Walkthrough::Normalisation))
        return {};
    if (column == ExpColumn && r.method != attn::Method::MultiHead) {
        // Sparsemax and sigmoid have no exponentials, so no denominator to show (softmax₁'s
        // includes its exp(−m) for nothing).
        const bool exps = r.trace.normaliser == attn::Normaliser::Softmax ||
                          r.trace.normaliser == attn::Normaliser::Softmax1;
        return exps ? NumberFormat::number(r.trace.sum) : QStringLiteral("—");
    }
    if (column == WeightColumn)
        return NumberFormat::number(r.weights.sum());
    return {};
}

QVariant StepTableModel::headCell(int row, int column) const
{
    const SceneModel &m = *m_scene;
    const bool output = row == outputRow();
    const int head = row - sumRow() - 1;
    if (column == KeyColumn)
        return output ? tr("Output") : tr("Head %1: %2").arg(head + 1).arg(headOutputName(head));
    if (column != ValueColumn || !m.hasResult())
        return {};
    if (m_walkthrough && !m_walkthrough->isShown(Walkthrough::WeightedSum))
        return {};
    return NumberFormat::vector(output ? m.result().output
                                       : m.result().heads[std::size_t(head)].output);
}

void StepTableModel::setWalkthrough(Walkthrough *walkthrough)
{
    if (m_walkthrough)
        disconnect(m_walkthrough, nullptr, this, nullptr);
    m_walkthrough = walkthrough;
    if (m_walkthrough)
        connect(m_walkthrough, &Walkthrough::changed, this,
                [this] { emit dataChanged(index(0, 0), index(m_rows - 1, ColumnCount - 1)); });
}

int StepTableModel::stepOfColumn(int column) const
{
    switch (column) {
    case ScoreColumn:
        return Walkthrough::stepOfScore(m_scene->scene().method);
    case LogitColumn:
        return Walkthrough::Scaling;
    case ShiftedColumn:
    case ExpColumn:
        return Walkthrough::Exponentials;
    case WeightColumn:
        return Walkthrough::Normalisation;
    case ValueColumn:
        return Walkthrough::WeightedSum;
    default:
        return -1;
    }
}

bool StepTableModel::isColumnShown(int column) const
{
    if (!m_walkthrough)
        return true;
    const int step = stepOfColumn(column);
    if (step < 0)
        return true;
    // The values are an input of the weighted sum; only the sum row's output is its result.
    if (column == ValueColumn)
        return m_walkthrough->isReached(step);
    return m_walkthrough->isShown(step);
}
