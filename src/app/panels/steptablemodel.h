#pragma once

#include <QAbstractTableModel>
#include <QPointer>

class SceneModel;
class Walkthrough;

/// The step-by-step table for self-study: one row per key with its geometry, score, s/τ,
/// shifted exponential and weight, then a sum row, and for multi-head the heads' outputs and
/// the output. It only reads the SceneModel.
class StepTableModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column
    {
        KeyColumn,
        VectorColumn,
        NormColumn,
        AngleColumn,
        CosineColumn,
        ScoreColumn,
        LogitColumn,
        ShiftedColumn,
        ExpColumn,
        WeightColumn,
        ValueColumn,
        ColumnCount
    };

    explicit StepTableModel(SceneModel *scene, QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    /// The row of the sum line (after the keys).
    int sumRow() const;
    /// Multi-head only (else −1): the row of head h's output oʰ = Σᵢ wʰᵢ W_Vʰ vᵢ, below the sum,
    /// and the row of the output W_O [o¹; …] after them. The weight column holds the mean over
    /// heads, from which the output does not follow; these rows are what it follows from.
    int headRow(int head) const;
    int outputRow() const;

    /// The predict-then-reveal walkthrough that decides which columns are on show (nullptr or
    /// inactive: all of them).
    void setWalkthrough(Walkthrough *walkthrough);
    /// The walkthrough step a column belongs to, or −1 for the inputs (key, vector, length,
    /// angle, cosine), which are always shown. The Score column belongs to the scaling step for
    /// scaled dot product, whose s includes the division by √d.
    int stepOfColumn(int column) const;
    /// Whether the view should show `column` now: inputs always, the values once the weighted
    /// sum is reached, every result column once its step is revealed.
    bool isColumnShown(int column) const;

private:
    void onSceneChanged();
    QVariant keyCell(int row, int column) const;
    QVariant sumCell(int column) const;
    QVariant headCell(int row, int column) const;

    SceneModel *m_scene;
    QPointer<Walkthrough> m_walkthrough;
    int m_rows = 0;
};
