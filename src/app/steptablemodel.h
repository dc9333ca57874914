#pragma once

#include <QAbstractTableModel>

class SceneModel;

/// The step-by-step table for self-study: one row per key with its geometry, score, s/τ,
/// shifted exponential and weight, then a sum row. It only reads the SceneModel.
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

private:
    void onSceneChanged();
    QVariant keyCell(int row, int column) const;
    QVariant sumCell(int column) const;

    SceneModel *m_scene;
    int m_rows = 0;
};
