#pragma once

#include "core/types.h"

#include <QList>
#include <QStringList>
#include <QWidget>

class QDoubleSpinBox;
class QGridLayout;
class QLabel;
class QTimer;

/// Edits an r × c matrix as a grid of number boxes with row and column labels. It only shows
/// what it is given and reports single-entry edits: the owner applies them to the model's own
/// matrix, so that the boxes' rounding (3 decimals) never leaks into the other entries.
///
/// A box costs about a fifth of a millisecond to make: the 64 × 64 matrices of the largest
/// sequence file froze the window for most of a second, a 64 × 512 W_O for seconds. Beyond
/// kEagerCells the rows are therefore made a few milliseconds' worth at a time from the event
/// loop, each filled with the matrix's numbers as it appears.
class MatrixEditor : public QWidget
{
    Q_OBJECT

public:
    explicit MatrixEditor(QWidget *parent = nullptr);
    ~MatrixEditor() override;

    /// Shows `m` without emitting entryEdited(). The grid is rebuilt only when the shape changes;
    /// a box whose shown value already equals the entry is left alone, so the box being typed in
    /// keeps its cursor.
    void setMatrix(const attn::Matrix &m);

    int rows() const { return m_rows; }
    int columns() const { return m_columns; }
    /// The box of one entry (nullptr outside the grid, or while its row is still to be made);
    /// for tests and focus handling.
    QDoubleSpinBox *entry(int row, int column) const;
    /// Whether every row's boxes exist (else the rest are being made from the event loop).
    bool isComplete() const { return m_builtRows == m_rows; }
    /// Makes the rows still missing at once.
    void completeNow();

    /// Rich text in the top-left corner, e.g. "W<sub>Q</sub>".
    void setTitle(const QString &richText);
    /// Labels beside the rows and above the columns; missing ones are numbered from 1.
    void setRowLabels(const QStringList &labels);
    void setColumnLabels(const QStringList &labels);
    /// The name read out for the matrix (each box gets "name, row r, column c") and the tooltip
    /// of every box.
    void setDescription(const QString &name, const QString &toolTip);

    static constexpr int kDecimals = 3;
    /// Grids of up to this many boxes are made at once (a few dozen milliseconds).
    static constexpr int kEagerCells = 256;
    /// How long one slice of the remaining rows may take.
    static constexpr int kSliceMs = 8;

signals:
    /// The user changed one entry.
    void entryEdited(int row, int column, double value);

protected:
    void changeEvent(QEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void rebuild(int rows, int columns);
    /// Makes row m_builtRows and fills it from m_shown.
    void buildRow();
    void buildSlice();
    void showRow(int row);
    void describeRow(int row);
    void applyLabels();
    void applyDescription();

    QGridLayout *m_grid;
    QLabel *m_title;
    QList<QLabel *> m_rowLabels;
    QList<QLabel *> m_columnLabels;
    QList<QDoubleSpinBox *> m_entries; // row by row
    QStringList m_rowLabelTexts, m_columnLabelTexts;
    QString m_name, m_toolTip;
    int m_rows = 0;
    int m_columns = 0;
    int m_builtRows = 0;
    attn::Matrix m_shown; ///< the matrix last given, for the rows made later
    QTimer *m_buildTimer;
};
