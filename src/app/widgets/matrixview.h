#pragma once

#include "core/types.h"

#include <QStringList>
#include <QTextDocument>
#include <QWidget>

/// A read-only matrix: a rich-text title above a grid of numbers with row and column labels,
/// for inspecting one step of a computation. It shows what it is given, to three decimals.
class MatrixView : public QWidget
{
    Q_OBJECT

public:
    explicit MatrixView(QWidget *parent = nullptr);

    void setMatrix(const attn::Matrix &matrix);
    const attn::Matrix &matrix() const { return m_matrix; }
    /// Rich text, e.g. "Q = X W<sub>q</sub>".
    void setTitle(const QString &richText);
    QString title() const { return m_titleText; }
    void setRowLabels(const QStringList &labels);
    void setColumnLabels(const QStringList &labels);

    double value(int row, int column) const { return m_matrix(row, column); }
    /// The number as written in the cell.
    QString cellText(int row, int column) const;
    /// Three decimals, a true minus sign and no "−0.000".
    static QString format(double x);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    int cellWidth() const;
    int rowLabelWidth() const;

    attn::Matrix m_matrix;
    int titleHeight() const;

    QString m_titleText;
    QTextDocument m_title; // not QStaticText: its rich text wraps at a width of its own choosing
    QStringList m_rowLabels, m_columnLabels;
};
