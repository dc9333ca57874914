#include "widgets/matrixview.h"

#include "theme/colorscheme.h"

#include <QEvent>
#include <QPainter>

#include <algorithm>
#include <cmath>

MatrixView::MatrixView(QWidget *parent) : QWidget(parent)
{
    m_title.setDocumentMargin(0);
    m_title.setDefaultFont(font());
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Preferred);
}

int MatrixView::titleHeight() const
{
    return int(std::ceil(m_title.size().height()));
}

void MatrixView::setMatrix(const attn::Matrix &matrix)
{
    const bool reshaped = matrix.rows() != m_matrix.rows() || matrix.cols() != m_matrix.cols();
    m_matrix = matrix;
    if (reshaped)
        updateGeometry();
    update();
}

void MatrixView::setTitle(const QString &richText)
{
    m_titleText = richText;
    m_title.setHtml(richText);
    updateGeometry();
    update();
}

void MatrixView::setRowLabels(const QStringList &labels)
{
    m_rowLabels = labels;
    updateGeometry();
    update();
}

void MatrixView::setColumnLabels(const QStringList &labels)
{
    m_columnLabels = labels;
    update();
}

QString MatrixView::format(double x)
{
    QString s = QString::number(x, 'f', 3);
    if (s == QStringLiteral("-0.000"))
        return QStringLiteral("0.000");
    if (s.startsWith(QLatin1Char('-')))
        s.replace(0, 1, QChar(0x2212));
    return s;
}

QString MatrixView::cellText(int row, int column) const
{
    return format(m_matrix(row, column));
}

int MatrixView::cellWidth() const
{
    const QFontMetrics fm(font());
    int widest = fm.horizontalAdvance(QStringLiteral("−0.000"));
    for (Eigen::Index i = 0; i < m_matrix.size(); ++i)
        widest = std::max(widest, fm.horizontalAdvance(format(m_matrix.data()[i])));
    return widest + 12;
}

int MatrixView::rowLabelWidth() const
{
    const QFontMetrics fm(font());
    int widest = 0;
    for (const QString &l : m_rowLabels)
        widest = std::max(widest, fm.horizontalAdvance(l));
    return widest + 8;
}

QSize MatrixView::sizeHint() const
{
    const QFontMetrics fm(font());
    const int row = fm.height() + 4;
    const int w = std::max(rowLabelWidth() + cellWidth() * int(m_matrix.cols()) + 4,
                           int(std::ceil(m_title.idealWidth())) + 4);
    const int h = titleHeight() + 4 + row * int(m_matrix.rows() + 1);
    return QSize(w, h);
}

QSize MatrixView::minimumSizeHint() const
{
    return sizeHint();
}

void MatrixView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::FontChange) {
        m_title.setDefaultFont(font());
        updateGeometry();
    }
    QWidget::changeEvent(event);
}

void MatrixView::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    const QFontMetrics fm(font());
    const int rowHeight = fm.height() + 4;
    p.translate(2, 0);
    m_title.drawContents(&p);
    p.translate(-2, 0);
    const int top = titleHeight() + 4;
    const int labels = rowLabelWidth();
    const int cell = cellWidth();
    const int rows = int(m_matrix.rows()), cols = int(m_matrix.cols());
    // Column labels, then the bracketed grid of numbers.
    p.setPen(ColorScheme::axis());
    for (int c = 0; c < cols; ++c) {
        const QString text =
            c < m_columnLabels.size() ? m_columnLabels.at(c) : QString::number(c + 1);
        p.drawText(QRect(labels + c * cell, top, cell, rowHeight), Qt::AlignCenter, text);
    }
    const QRect grid(labels, top + rowHeight, cell * cols, rowHeight * rows);
    p.fillRect(grid, ColorScheme::grid().lighter(108));
    for (int r = 0; r < rows; ++r) {
        const int y = grid.top() + r * rowHeight;
        p.setPen(ColorScheme::axis());
        const QString label = r < m_rowLabels.size() ? m_rowLabels.at(r) : QString::number(r + 1);
        p.drawText(QRect(0, y, labels - 6, rowHeight), Qt::AlignRight | Qt::AlignVCenter, label);
        p.setPen(ColorScheme::text());
        for (int c = 0; c < cols; ++c)
            p.drawText(QRect(grid.left() + c * cell, y, cell - 6, rowHeight),
                       Qt::AlignRight | Qt::AlignVCenter, cellText(r, c));
    }
    // Brackets either side, as a matrix is written.
    p.setPen(QPen(ColorScheme::text(), 1.2));
    const int b = 4;
    p.drawPolyline(QPolygon({QPoint(grid.left() + b, grid.top()), grid.topLeft(), grid.bottomLeft(),
                             QPoint(grid.left() + b, grid.bottom())}));
    p.drawPolyline(QPolygon({QPoint(grid.right() - b, grid.top()), grid.topRight(),
                             grid.bottomRight(), QPoint(grid.right() - b, grid.bottom())}));
}
