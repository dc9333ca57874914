#pragma once

#include <QRect>
#include <QWidget>

class SelfAttentionModel;

/// The n × n weights of self-attention as a heat map: row i is token i's query, column j token
/// j's key; every cell has its number, cells hidden by the causal mask are hatched, and a colour
/// scale beside the grid reads colours as weights. The selected token's row is framed; clicking
/// a row selects its token.
class SelfAttentionHeatMap : public QWidget
{
    Q_OBJECT

public:
    explicit SelfAttentionHeatMap(SelfAttentionModel *model, QWidget *parent = nullptr);

    int tokenCount() const { return m_n; }
    /// The weight shown in a cell (row = query token, column = key token), NaN outside the grid.
    double cellValue(int row, int column) const;
    /// The number written in a cell.
    QString cellText(int row, int column) const;
    QRect cellRect(int row, int column) const;
    /// The colour scale's ramp (weight 0 at the bottom, 1 at the top), empty without weights.
    QRect scaleRect() const { return m_scale; }
    /// True when the cells are large enough for their numbers.
    bool showsNumbers() const;
    /// The cells' numbers' font: the widget's, smaller when rows are shorter than a line.
    QFont numberFont() const;
    /// True for cells the causal mask hides.
    bool isMasked(int row, int column) const;

    int selectedRow() const { return m_selected; }
    void setSelectedRow(int row);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    /// A cell of row `row` was clicked.
    void rowClicked(int row);

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void changeEvent(QEvent *event) override;
    bool event(QEvent *event) override;

private:
    void refresh();
    void relayout();

    SelfAttentionModel *m_model;
    int m_n = 0;
    int m_selected = 0;
    QRect m_grid;
    QRect m_scale;
    int m_cell = 0;      // height
    int m_cellWidth = 0; // at least the height
};
