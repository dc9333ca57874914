#include "lab/selfattentionheatmap.h"

#include "model/selfattentionmodel.h"
#include "text/numberformat.h"
#include "theme/colorscheme.h"
#include "theme/heatramp.h"
#include "widgets/celltooltip.h"

#include <QEvent>
#include <QMouseEvent>
#include <QPainter>

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
    // Two decimals here only: eight tokens' cells have no room for the house's three even at
    // the smallest legible size; the tooltip gives every number by the rule.
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
    return QRect(m_grid.left() + column * m_cellWidth, m_grid.top() + row * m_cell, m_cellWidth,
                 m_cell);
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

namespace {
constexpr int kMinRow = 12;

// The colour scale's width: the ramp and, right of it, its labels ("0.5").
int scaleWidth(const QFontMetrics &fm)
{
    return fm.height() + 4 + fm.horizontalAdvance(QStringLiteral("0.5")) + fm.height() / 2;
}

// The numbers' width in a cell, with a little air either side.
int numberWidth(const QFontMetrics &fm)
{
    return fm.horizontalAdvance(QStringLiteral("0.00")) + 6;
}
} // namespace

QFont SelfAttentionHeatMap::numberFont() const
{
    QFont f = font();
    const QFontMetrics fm(f);
    if (m_cell > 0 && m_cell < fm.height() && f.pointSizeF() > 0)
        f.setPointSizeF(std::max(6.0, f.pointSizeF() * m_cell / fm.height()));
    return f;
}

bool SelfAttentionHeatMap::showsNumbers() const
{
    return m_n > 0 && m_cellWidth >= numberWidth(QFontMetrics(numberFont()));
}

void SelfAttentionHeatMap::relayout()
{
    const QFontMetrics fm(font());
    const int label = fm.horizontalAdvance(QStringLiteral("q₈")) + fm.height();
    if (m_n == 0) {
        m_grid = QRect();
        m_scale = QRect();
        m_cell = 0;
        m_cellWidth = 0;
        return;
    }
    const int scale = scaleWidth(fm) + fm.height();
    const int side =
        std::min(width() - label - scale - fm.height() / 2, height() - label - fm.height() / 2);
    // Rows may be shorter than a line (8 tokens in a short map): the numbers then shrink.
    m_cell = std::max(kMinRow, side / m_n);
    // Square cells where the numbers fit; where the height is short (presentation mode on a small
    // screen) the cells grow wider than tall, up to the numbers' width, so that they keep them.
    const int wide = std::max(0, width() - label - scale - fm.height() / 2) / m_n;
    m_cellWidth = std::max(m_cell, std::min(wide, numberWidth(QFontMetrics(numberFont()))));
    const int gridWidth = m_cellWidth * m_n, gridHeight = m_cell * m_n;
    // Centred in the space right of the row labels and below the column labels, the scale beside.
    const int left = label + std::max(0, (width() - label - scale - gridWidth) / 2);
    m_grid = QRect(left, label, gridWidth, gridHeight);
    m_scale = QRect(m_grid.right() + 1 + fm.height(), m_grid.top(), fm.height(), gridHeight);
}

QSize SelfAttentionHeatMap::sizeHint() const
{
    const QFontMetrics fm(font());
    const int cell = numberWidth(fm) + 6;
    return QSize(fm.height() * 4 + scaleWidth(fm) + cell * 8, fm.height() * 3 + cell * 8);
}

QSize SelfAttentionHeatMap::minimumSizeHint() const
{
    const QFontMetrics fm(font());
    return QSize(fm.height() * 12 + scaleWidth(fm), fm.height() * 8);
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
    const auto tipAt = [this](QPoint pos) -> CellToolTip::Tip {
        if (m_n == 0 || !m_grid.contains(pos))
            return {};
        const int row = (pos.y() - m_grid.top()) / m_cell;
        const int column = (pos.x() - m_grid.left()) / m_cellWidth;
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
        return {text, cellRect(row, column)};
    };
    return CellToolTip::handle(this, event, tipAt) || QWidget::event(event);
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
    const bool numbers = showsNumbers();
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
            const QColor fill = masked ? ColorScheme::grid() : HeatRamp::color(w);
            p.fillRect(cell, fill);
            if (masked)
                p.fillRect(cell, QBrush(ColorScheme::axis().lighter(160), Qt::BDiagPattern));
            if (numbers) {
                p.setFont(numberFont());
                p.setPen(masked ? ColorScheme::axis() : ColorScheme::textOn(fill));
                p.drawText(cell, Qt::AlignCenter, cellText(r, c));
                p.setFont(font());
            }
        }
    }
    p.setPen(QPen(ColorScheme::background(), 1));
    for (int i = 1; i < m_n; ++i) {
        const int x = m_grid.left() + i * m_cellWidth, y = m_grid.top() + i * m_cell;
        p.drawLine(x, m_grid.top(), x, m_grid.bottom());
        p.drawLine(m_grid.left(), y, m_grid.right(), y);
    }
    // The colour scale: the cells' ramp from 0 (bottom) to 1 (top), labelled at 0, 0.5 and 1.
    const int steps = std::max(2, m_scale.height());
    for (int i = 0; i < steps; ++i) {
        const double w = 1.0 - double(i) / double(steps - 1);
        p.fillRect(QRect(m_scale.left(), m_scale.top() + i, m_scale.width(), 1),
                   HeatRamp::color(w));
    }
    p.setPen(QPen(ColorScheme::axis(), 1));
    p.setBrush(Qt::NoBrush);
    p.drawRect(m_scale.adjusted(0, 0, -1, -1));
    p.setPen(ColorScheme::text());
    for (const double w : {0.0, 0.5, 1.0}) {
        const int y = m_scale.bottom() - int(std::lround(w * (m_scale.height() - 1)));
        p.drawText(QRect(m_scale.right() + 6, y - fm.height() / 2, width(), fm.height()),
                   Qt::AlignLeft | Qt::AlignVCenter, NumberFormat::number(w, 1));
    }
    if (m_selected >= 0 && m_selected < m_n) {
        const QRect row = cellRect(m_selected, 0).united(cellRect(m_selected, m_n - 1));
        p.setPen(QPen(ColorScheme::output(), 3));
        p.setBrush(Qt::NoBrush);
        p.drawRect(row.adjusted(1, 1, -1, -1));
    }
}
