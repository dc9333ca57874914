#include "steptablemodel.h"

#include "numberformat.h"

#include "model/scenemodel.h"

#include <QBrush>
#include <QFont>

StepTableModel::StepTableModel(SceneModel *scene, QObject *parent)
    : QAbstractTableModel(parent), m_scene(scene), m_rows(scene->keyCount() + 1)
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
    return m_rows - 1;
}

void StepTableModel::onSceneChanged()
{
    const int rows = m_scene->keyCount() + 1;
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
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case KeyColumn: return tr("Key");
    case VectorColumn: return tr("k");
    case NormColumn: return tr("‖k‖");
    case AngleColumn: return tr("Angle θ");
    case CosineColumn: return tr("cos θ");
    case ScoreColumn: return tr("Score s");
    case LogitColumn: return tr("s/τ");
    case ShiftedColumn: return tr("s/τ − max");
    case ExpColumn: return tr("exp");
    case WeightColumn: return tr("Weight");
    case ValueColumn: return tr("Value v");
    }
    return {};
}

QVariant StepTableModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid())
        return {};
    const bool sum = index.row() == sumRow();
    if (role == Qt::TextAlignmentRole)
        return index.column() == KeyColumn ? int(Qt::AlignLeft | Qt::AlignVCenter)
                                           : int(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::FontRole && sum) {
        QFont f;
        f.setBold(true);
        return f;
    }
    if (role != Qt::DisplayRole)
        return {};
    return sum ? sumCell(index.column()) : keyCell(index.row(), index.column());
}

QVariant StepTableModel::keyCell(int row, int column) const
{
    const SceneModel &m = *m_scene;
    const bool masked = !m.scene().mask.empty() && m.scene().mask[row];
    const auto &g = m.geometry();
    const QString dash = QStringLiteral("—");
    switch (column) {
    case KeyColumn:
        return masked ? tr("k%1 (masked)").arg(row + 1) : tr("k%1").arg(row + 1);
    case VectorColumn: return NumberFormat::vector(m.keys().row(row).transpose());
    case NormColumn: return NumberFormat::number(g.keyNorms[row]);
    case AngleColumn:
        return g.undefined[row] ? dash : NumberFormat::number(g.angles[row], 1) + QChar(0x00B0);
    case CosineColumn: return g.undefined[row] ? dash : NumberFormat::number(g.cosines[row]);
    case ValueColumn: return NumberFormat::vector(m.values().row(row).transpose());
    default: break;
    }
    if (!m.hasResult())
        return dash;
    const auto &r = m.result();
    const bool single = r.method != attn::Method::MultiHead;
    switch (column) {
    case ScoreColumn: return NumberFormat::number(r.scores[row]);
    case LogitColumn: return single ? NumberFormat::number(r.trace.logits[row]) : dash;
    case ShiftedColumn:
        return single && !masked ? NumberFormat::number(r.trace.shifted[row]) : dash;
    case ExpColumn: return single ? NumberFormat::number(r.trace.exps[row]) : dash;
    case WeightColumn: return NumberFormat::number(r.weights[row]);
    default: return {};
    }
}

QVariant StepTableModel::sumCell(int column) const
{
    const SceneModel &m = *m_scene;
    switch (column) {
    case KeyColumn: return tr("Sum");
    case ValueColumn:
        return m.hasResult() ? tr("output %1").arg(NumberFormat::vector(m.result().output))
                             : QVariant();
    default: break;
    }
    if (!m.hasResult())
        return {};
    const auto &r = m.result();
    if (column == ExpColumn && r.method != attn::Method::MultiHead)
        return NumberFormat::number(r.trace.sum);
    if (column == WeightColumn)
        return NumberFormat::number(r.weights.sum());
    return {};
}
