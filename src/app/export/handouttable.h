#pragma once

#include <QCoreApplication>
#include <QFont>
#include <QList>
#include <QPointF>
#include <QString>

class QPainter;
class QPaintDevice;
class StepTableModel;
class WorksheetBlanks;

/// The step table on a handout's page: the cells of the StepTableModel the window shows, drawn
/// as text with thin rules rather than as a widget, so that it stays vector text in the PDF and
/// fits the page's width at any number of keys. A worksheet's blanks (WorksheetBlanks) are empty
/// boxes; the columns the walkthrough holds back at that stage are left out, except the asked
/// one. Every cell is in the ink colour: key colours may be too light on paper, and the key's
/// name says which key a row is.
class HandoutTable
{
    Q_DECLARE_TR_FUNCTIONS(HandoutTable)

public:
    HandoutTable(const StepTableModel &model, const WorksheetBlanks &blanks);

    /// Chooses the largest font from `font` down that fits `width` and `maxHeight` on `device`;
    /// rows that still do not fit are left out and counted under the table.
    void fit(const QFont &font, double width, double maxHeight, QPaintDevice *device);
    double width() const;
    double height() const;
    void paint(QPainter &painter, QPointF topLeft) const;

    /// The columns drawn, in order (StepTableModel::Column values).
    const QList<int> &columns() const { return m_columns; }

private:
    void measure(const QFont &font, QPaintDevice *device);
    QString cellText(int row, int column) const;

    const StepTableModel &m_model;
    const WorksheetBlanks &m_blanks;
    QList<int> m_columns;
    QList<double> m_widths;
    QFont m_font;
    double m_rowHeight = 0;
    double m_boxWidth = 0;
    int m_rows = 0;  // rows drawn
    int m_total = 0; // rows of the model
};
