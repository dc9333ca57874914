#include "export/handouttable.h"

#include "export/worksheetblanks.h"
#include "panels/steptablemodel.h"
#include "theme/colorscheme.h"

#include <QFontMetricsF>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace {
constexpr double kPadding = 5;        // left and right of a cell's text
constexpr double kMinPointSize = 5.5; // smaller is no longer read on paper
} // namespace

HandoutTable::HandoutTable(const StepTableModel &model, const WorksheetBlanks &blanks)
    : m_model(model), m_blanks(blanks)
{
    for (int c = 0; c < StepTableModel::ColumnCount; ++c)
        if (model.isColumnShown(c) || c == blanks.column())
            m_columns << c;
    m_total = model.rowCount();
    m_rows = m_total;
}

QString HandoutTable::cellText(int row, int column) const
{
    if (m_blanks.isBlank(row, column))
        return {};
    // The asked column shows no number at all while its step is held back, not even the sum.
    if (column == m_blanks.column() && !m_model.isColumnShown(column))
        return {};
    return m_model.data(m_model.index(row, column)).toString();
}

void HandoutTable::measure(const QFont &font, QPaintDevice *device)
{
    m_font = font;
    QFont bold = font;
    bold.setBold(true);
    const QFontMetricsF fm(font, device), fb(bold, device);
    m_rowHeight = std::ceil(fb.height() * 1.45);
    // A box wide enough for any answer, the same for every blank, so that its width gives
    // nothing away.
    m_boxWidth = fm.horizontalAdvance(m_blanks.vectors() ? QStringLiteral("(−0.000, −0.000)")
                                                         : QStringLiteral("−0.000")) +
                 2 * kPadding;
    m_widths.clear();
    for (int column : m_columns) {
        double w = fb.horizontalAdvance(
            m_model.headerData(column, Qt::Horizontal, Qt::DisplayRole).toString());
        for (int row = 0; row < m_total; ++row)
            w = std::max(w, fb.horizontalAdvance(cellText(row, column)));
        if (column == m_blanks.column())
            w = std::max(w, m_boxWidth);
        m_widths << std::ceil(w + 2 * kPadding);
    }
}

void HandoutTable::fit(const QFont &font, double width, double maxHeight, QPaintDevice *device)
{
    QFont f = font;
    measure(f, device);
    // Narrower first: every column must be there, whatever the number of keys.
    while (this->width() > width && f.pointSizeF() > kMinPointSize) {
        f.setPointSizeF(std::max(kMinPointSize, f.pointSizeF() * 0.92));
        measure(f, device);
    }
    const auto rowsThatFit = [&] { return int(maxHeight / m_rowHeight) - 1; }; // the header
    while (rowsThatFit() < m_total && f.pointSizeF() > kMinPointSize) {
        f.setPointSizeF(std::max(kMinPointSize, f.pointSizeF() * 0.92));
        measure(f, device);
    }
    // Still too many (dozens of keys): the first ones, and a line saying how many are left out.
    m_rows = rowsThatFit() >= m_total ? m_total : std::max(1, rowsThatFit() - 1);
}

double HandoutTable::width() const
{
    double w = 0;
    for (double c : m_widths)
        w += c;
    return w;
}

double HandoutTable::height() const
{
    return m_rowHeight * (m_rows + 1 + (m_rows < m_total ? 1 : 0));
}

void HandoutTable::paint(QPainter &painter, QPointF topLeft) const
{
    painter.save();
    QFont bold = m_font;
    bold.setBold(true);
    const QColor ink = ColorScheme::text();
    const QColor rule = ColorScheme::axis();
    const double w = width();
    double y = topLeft.y();

    // The header, and a rule under it.
    painter.setFont(bold);
    painter.setPen(ink);
    double x = topLeft.x();
    for (qsizetype i = 0; i < m_columns.size(); ++i) {
        const QRectF cell(x + kPadding, y, m_widths[i] - 2 * kPadding, m_rowHeight);
        painter.drawText(cell, Qt::AlignVCenter | (i == 0 ? Qt::AlignLeft : Qt::AlignRight),
                         m_model.headerData(m_columns[i], Qt::Horizontal).toString());
        x += m_widths[i];
    }
    y += m_rowHeight;
    painter.setPen(QPen(ink, 1.0));
    painter.drawLine(QPointF(topLeft.x(), y), QPointF(topLeft.x() + w, y));

    for (int row = 0; row < m_rows; ++row) {
        // The sum row and the rows under it are set apart by a rule, as totals are.
        if (row == m_model.sumRow()) {
            painter.setPen(QPen(ink, 0.6));
            painter.drawLine(QPointF(topLeft.x(), y), QPointF(topLeft.x() + w, y));
        }
        x = topLeft.x();
        for (qsizetype i = 0; i < m_columns.size(); ++i) {
            const int column = m_columns[i];
            const QModelIndex index = m_model.index(row, column);
            const QRectF cell(x + kPadding, y, m_widths[i] - 2 * kPadding, m_rowHeight);
            if (m_blanks.isBlank(row, column)) {
                // An empty box to write the answer in, at the right of the cell as numbers are.
                const double h = m_rowHeight * 0.78;
                const QRectF box(cell.right() - m_boxWidth + kPadding, y + (m_rowHeight - h) / 2,
                                 m_boxWidth - kPadding, h);
                painter.setPen(QPen(ink, 1.0));
                painter.setBrush(Qt::NoBrush);
                painter.drawRect(box);
            } else {
                const QVariant fontRole = m_model.data(index, Qt::FontRole);
                painter.setFont(fontRole.isValid() && fontRole.value<QFont>().bold() ? bold
                                                                                     : m_font);
                painter.setPen(ink);
                painter.drawText(cell, Qt::AlignVCenter | (i == 0 ? Qt::AlignLeft : Qt::AlignRight),
                                 cellText(row, column));
            }
            x += m_widths[i];
        }
        y += m_rowHeight;
        painter.setPen(QPen(rule, 0.3));
        painter.drawLine(QPointF(topLeft.x(), y), QPointF(topLeft.x() + w, y));
    }
    if (m_rows < m_total) {
        painter.setFont(m_font);
        painter.setPen(ink);
        painter.drawText(QRectF(topLeft.x() + kPadding, y, w, m_rowHeight),
                         Qt::AlignVCenter | Qt::AlignLeft,
                         tr("… %1 more rows are left out: the page has no room for them.")
                             .arg(m_total - m_rows));
    }
    painter.restore();
}
