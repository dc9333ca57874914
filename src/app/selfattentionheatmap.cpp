#include "selfattentionheatmap.h"

#include "colorscheme.h"
#include "headheatmap.h"
#include "model/selfattentionmodel.h"
#include "numberformat.h"

#include <QEvent>
#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>
#include <cmath>
#include <limits>

SelfAttentionHeatMap::SelfAttentionHeatMap(SelfAttentionModel *model, QWidget *parent)
    : QWidget(parent), m_model(model)
{
    setAttribute(Qt::WA_OpaquePaintEvent);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    setAccessibleName(tr("Attention weights"));
    connect(m_model, &SelfAttentionModel::changed, this, &SelfAttentionHeatMap::refresh);
    refresh();
}

double SelfAttentionHeatMap::cellValue(int row, int column) const
{
    if (!m_model->hasResult() || row < 0 || row >= m_n || column < 0 || column >= m_n)
        return std::numeric_limits<double>::quiet_NaN();
    return m_model->result().weights(row, column);
}

QString SelfAttentionHeatMap::cellText(int row, int column) const
{
    const double w = cellValue(row, column);
    return std::isnan(w) ? QString() : QString::number(w, 'f', 2);
}

bool SelfAttentionHeatMap::isMasked(int row, int column) const
{
    return m_model->causal() && column > row;
}

QRect SelfAttentionHeatMap::cellRect(int row, int column) const
{
    if (row < 0 || row >= m_n || column < 0 || column >= m_n)
        return {};
    return QRect(m_grid.left() + column * m_cell, m_grid.top() + row * m_cell, m_cell, m_cell);
}

void SelfAttentionHeatMap::setSelectedRow(int row)
{
    if (row == m_selected)
        return;
    m_selected = row;
    update();
}

void SelfAttentionHeatMap::refresh()
{
    const int n = m_model->hasResult() ? m_model->tokenCount() : 0;
    if (n != m_n) {
        m_n = n;
        relayout();
        updateGeometry();
    }
    update();
}

void SelfAttentionHeatMap::relayout()
{
    const QFontMetrics fm(font());
    const int label = fm.horizontalAdvance(QStringLiteral("x₈")) + fm.height();
    if (m_n == 0) {
        m_grid = QRect();
        m_cell = 0;
        return;
    }
    const int side = std::min(width() - label - fm.height(), height() - label - fm.height() / 2);
    m_cell = std::max(fm.height(), side / m_n);
    const int gridSide = m_cell * m_n;
    // Centred in the space right of the row labels and below the column labels.
    const int left = label + std::max(0, (width() - label - gridSide) / 2 - fm.height() / 2);
    m_grid = QRect(left, label, gridSide, gridSide);
}

QSize SelfAttentionHeatMap::sizeHint() const
{
    const QFontMetrics fm(font());
    const int cell = fm.horizontalAdvance(QStringLiteral("0.00")) + 12;
    return QSize(fm.height() * 3 + cell * 8, fm.height() * 3 + cell * 8);
}

QSize SelfAttentionHeatMap::minimumSizeHint() const
{
    const QFontMetrics fm(font());
    return QSize(fm.height() * 12, fm.height() * 10);
}

void SelfAttentionHeatMap::resizeEvent(QResizeEvent *event)
{
    relayout();
    QWidget::resizeEvent(event);
}

void SelfAttentionHeatMap::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        setAccessibleName(tr("Attention weights"));
        update();
    } else if (event->type() == QEvent::FontChange) {
        relayout();
        update();
    }
    QWidget::changeEvent(event);
}

void SelfAttentionHeatMap::mousePressEvent(QMouseEvent *event)
{
    const QPoint p = event->position().toPoint();
    if (event->button() == Qt::LeftButton && m_n > 0 && m_grid.contains(p)) {
        const int row = (p.y() - m_grid.top()) / m_cell;
        emit rowClicked(row);
        return;
    }
    QWidget::mousePressEvent(event);
}

bool SelfAttentionHeatMap::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        if (m_n > 0 && m_grid.contains(help->pos())) {
            const int row = (help->pos().y() - m_grid.top()) / m_cell;
            const int column = (help->pos().x() - m_grid.left()) / m_cell;
            const attn::SelfAttentionResult &r = m_model->result();
            QString text = tr("Token %1 looks at token %2\nScore q·k: %3\nScaled by √d_k: %4\n"
                              "Weight: %5")
                               .arg(row + 1)
                               .arg(column + 1)
                               .arg(NumberFormat::number(r.rawScores(row, column)),
                                    NumberFormat::number(r.scaledScores(row, column)),
                                    NumberFormat::number(r.weights(row, column)));
            if (isMasked(row, column))
                text += QLatin1Char('\n') + tr("Masked: a token does not look ahead");
            QToolTip::showText(help->globalPos(), text, this, cellRect(row, column));
        } else {
            QToolTip::hideText();
            event->ignore();
        }
        return true;
    }
    return QWidget::event(event);
}

void SelfAttentionHeatMap::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.fillRect(rect(), ColorScheme::background());
    if (m_n == 0) {
        p.setPen(ColorScheme::query());
        p.drawText(rect().adjusted(8, 8, -8, -8), Qt::AlignCenter | Qt::TextWordWrap,
                   m_model->errorText());
        return;
    }
    const QFontMetrics fm(font());
    const bool numbers = m_cell >= fm.horizontalAdvance(QStringLiteral("0.00")) + 4;
    // Column labels (keys) above, row labels (queries) at the left, in the lesson's colours.
    for (int i = 0; i < m_n; ++i) {
        const QRect top = cellRect(0, i);
        p.setPen(ColorScheme::key());
        p.drawText(QRect(top.left(), m_grid.top() - fm.height() - 4, top.width(), fm.height()),
                   Qt::AlignCenter, QStringLiteral("k") + NumberFormat::subscript(i + 1));
        const QRect left = cellRect(i, 0);
        p.setPen(ColorScheme::query());
        p.drawText(QRect(0, left.top(), m_grid.left() - 6, left.height()),
                   Qt::AlignRight | Qt::AlignVCenter,
                   QStringLiteral("q") + NumberFormat::subscript(i + 1));
    }
    for (int r = 0; r < m_n; ++r) {
        for (int c = 0; c < m_n; ++c) {
            const QRect cell = cellRect(r, c);
            const double w = cellValue(r, c);
            const bool masked = isMasked(r, c);
            const QColor fill = masked ? ColorScheme::grid() : HeadHeatMap::colorFor(w);
            p.fillRect(cell, fill);
            if (masked)
                p.fillRect(cell, QBrush(ColorScheme::axis().lighter(160), Qt::BDiagPattern));
            if (numbers) {
                p.setPen(masked ? ColorScheme::axis() : ColorScheme::textOn(fill));
                p.drawText(cell, Qt::AlignCenter, cellText(r, c));
            }
        }
    }
    p.setPen(QPen(ColorScheme::background(), 1));
    for (int i = 1; i < m_n; ++i) {
        const int x = m_grid.left() + i * m_cell, y = m_grid.top() + i * m_cell;
        p.drawLine(x, m_grid.top(), x, m_grid.bottom());
        p.drawLine(m_grid.left(), y, m_grid.right(), y);
    }
    if (m_selected >= 0 && m_selected < m_n) {
        const QRect row = cellRect(m_selected, 0).united(cellRect(m_selected, m_n - 1));
        p.setPen(QPen(ColorScheme::output(), 3));
        p.setBrush(Qt::NoBrush);
        p.drawRect(row.adjusted(1, 1, -1, -1));
    }
}
