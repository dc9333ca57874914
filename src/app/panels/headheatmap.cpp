#include "panels/headheatmap.h"

#include "canvas/layercache.h"
#include "model/scenemodel.h"
#include "text/numberformat.h"
#include "text/textstamp.h"
#include "theme/colorscheme.h"
#include "theme/heatramp.h"
#include "widgets/celltooltip.h"

#include <QEvent>
#include <QLinearGradient>
#include <QPainter>
#include <QRegion>

#include <algorithm>
#include <cmath>
#include <limits>

namespace {
// NumberFormat's rule, as in the step table and on the chart's bars.
QString cellNumber(double x)
{
    return NumberFormat::number(x);
}

QFont boldFont(QFont f)
{
    f.setBold(true);
    return f;
}
} // namespace

HeadHeatMap::HeadHeatMap(SceneModel *model, QWidget *parent) : QWidget(parent), m_model(model)
{
    setAttribute(Qt::WA_OpaquePaintEvent);
    setMouseTracking(true);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    connect(m_model, &SceneModel::changed, this, &HeadHeatMap::refresh);
    setAccessibleName(tr("Heat map of the heads' weights"));
    refresh();
}

double HeadHeatMap::cellValue(int head, int key) const
{
    if (head < 0 || head >= m_heads || key < 0 || key >= m_keys)
        return std::numeric_limits<double>::quiet_NaN();
    return m_weights[std::size_t(head * m_keys + key)];
}

QRect HeadHeatMap::cellRect(int head, int key) const
{
    if (head < 0 || head >= m_heads || key < 0 || key >= m_keys)
        return {};
    return QRect(m_geo.grid.left() + key * m_geo.cellWidth,
                 m_geo.grid.top() + head * m_geo.cellHeight, m_geo.cellWidth, m_geo.cellHeight);
}

QString HeadHeatMap::keyLabel(int key) const
{
    return QStringLiteral("k") + NumberFormat::subscript(key + 1);
}

QString HeadHeatMap::hintText() const
{
    if (m_model->scene().method == attn::Method::MultiHead && !m_model->hasResult())
        return m_model->errorText();
    return tr("Choose multi-head attention to see each head's weights");
}

void HeadHeatMap::refresh()
{
    const SceneModel &m = *m_model;
    const bool multi = m.scene().method == attn::Method::MultiHead && m.hasResult();
    const int heads = multi ? int(m.result().heads.size()) : 0;
    const int keys = multi ? m.keyCount() : 0;
    const bool reshaped = heads != m_heads || keys != m_keys;
    m_heads = heads;
    m_keys = keys;
    m_weights.resize(std::size_t(heads * keys));
    m_scores.resize(std::size_t(heads * keys));
    m_masked.assign(std::size_t(keys), false);
    for (int h = 0; h < heads; ++h) {
        const attn::HeadResult &hr = m.result().heads[std::size_t(h)];
        for (int k = 0; k < keys; ++k) {
            m_weights[std::size_t(h * keys + k)] = hr.softmax.weights[k];
            m_scores[std::size_t(h * keys + k)] = hr.scores[k];
        }
    }
    const auto &mask = m.scene().mask;
    for (int k = 0; k < keys && !mask.empty(); ++k)
        m_masked[std::size_t(k)] = mask[std::size_t(k)];
    if (reshaped) {
        relayout();
        updateGeometry();
    }
    update();
}

void HeadHeatMap::relayout()
{
    Geometry g;
    if (m_heads == 0) {
        m_geo = g;
        return;
    }
    const QFontMetrics fm(font());
    const QFontMetrics bold(boldFont(font()));
    const int margin = fm.height() / 2;
    const int title = bold.height() + margin / 2;
    const int columnLabels = fm.height() + 4;
    // The legend is one line, "Weight 0 ▭▭▭ 1": beside the title when both fit, else below.
    const int legendWidth = fm.horizontalAdvance(tr("Weight")) +
                            fm.horizontalAdvance(QStringLiteral("0  1")) + fm.height() * 7 +
                            margin * 2;
    const int titleWidth = bold.horizontalAdvance(tr("Attention weights of each head"));
    const bool legendBeside = titleWidth + legendWidth + 3 * margin <= width();
    const int legend = legendBeside ? 0 : fm.height() + margin;
    g.rowLabelWidth = bold.horizontalAdvance(tr("head %1").arg(m_heads)) + margin;
    const int availableWidth = width() - 2 * margin - g.rowLabelWidth;
    g.cellWidth = std::max(3, availableWidth / m_keys);
    const int availableHeight = height() - 2 * margin - title - columnLabels - legend;
    g.cellHeight = std::clamp(availableHeight / m_heads, fm.height() + 2, fm.height() * 3);
    g.numbers = g.cellWidth >= fm.horizontalAdvance(QStringLiteral("0.000")) + 6;
    const double labelWidth = fm.horizontalAdvance(keyLabel(m_keys - 1)) + 6;
    g.columnLabelStep = 1;
    for (int s : {1, 2, 4, 5, 8, 10, 16, 20, 32, 64}) {
        g.columnLabelStep = s;
        if (g.cellWidth * s >= labelWidth)
            break;
    }
    const int top = margin + title + columnLabels;
    g.grid = QRect(margin + g.rowLabelWidth, top, g.cellWidth * m_keys, g.cellHeight * m_heads);
    g.legend = legendBeside
                   ? QRect(width() - margin - legendWidth, margin, legendWidth, bold.height())
                   : QRect(g.grid.left(), g.grid.bottom() + margin, legendWidth, fm.height());
    m_geo = g;
}

QSize HeadHeatMap::sizeHint() const
{
    const QFontMetrics fm(font());
    if (m_heads == 0)
        return QSize(fm.horizontalAdvance(hintText()) + fm.height() * 2, fm.height() * 3);
    const int cell = fm.horizontalAdvance(QStringLiteral("0.000")) + 10;
    const int w = fm.height() * 6 + std::min(m_keys, 16) * cell;
    const int h = fm.height() * 6 + m_heads * (fm.height() * 2);
    return QSize(w, h);
}

QSize HeadHeatMap::minimumSizeHint() const
{
    const QFontMetrics fm(font());
    if (m_heads == 0)
        return QSize(fm.height() * 8, fm.height() * 3);
    return QSize(fm.height() * 10, fm.height() * 5 + m_heads * (fm.height() + 4));
}

void HeadHeatMap::resizeEvent(QResizeEvent *event)
{
    relayout();
    QWidget::resizeEvent(event);
}

void HeadHeatMap::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        setAccessibleName(tr("Heat map of the heads' weights"));
        ++m_texts;
    }
    if (event->type() == QEvent::LanguageChange || event->type() == QEvent::FontChange) {
        relayout();
        updateGeometry();
        update();
    }
    QWidget::changeEvent(event);
}

bool HeadHeatMap::event(QEvent *event)
{
    const auto tipAt = [this](QPoint pos) -> CellToolTip::Tip {
        if (m_heads == 0 || !m_geo.grid.contains(pos))
            return {};
        const int key = (pos.x() - m_geo.grid.left()) / m_geo.cellWidth;
        const int head = (pos.y() - m_geo.grid.top()) / m_geo.cellHeight;
        const std::size_t i = std::size_t(head * m_keys + key);
        QString text = tr("Head %1, key %2\nScore %3\nWeight %4")
                           .arg(head + 1)
                           .arg(keyLabel(key), NumberFormat::number(m_scores[i]),
                                NumberFormat::number(m_weights[i]));
        if (m_masked[std::size_t(key)])
            text += QLatin1Char('\n') + tr("Masked: left out of the softmax");
        return {text, cellRect(head, key)};
    };
    return CellToolTip::handle(this, event, tipAt) || QWidget::event(event);
}

void HeadHeatMap::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    if (m_heads == 0) {
        const int margin = QFontMetrics(font()).height() / 2;
        p.fillRect(rect(), ColorScheme::background());
        p.setPen(ColorScheme::axis());
        p.drawText(rect().adjusted(margin, margin, -margin, -margin),
                   Qt::AlignCenter | Qt::TextWordWrap, hintText());
        return;
    }
    // What stays still during a drag from its picture on screen, afresh into files. Only the
    // picture's strips with words in them are copied; the rest is background or cells, and a
    // fill costs less than a copy.
    if (LayerCache::usable(p, *this)) {
        const QPixmap &still = stillPicture();
        // The background only where neither a part of the picture nor a cell goes (the cells
        // are opaque and tile their grid).
        const QList<QRect> parts = stillParts();
        QRegion rest(rect());
        for (const QRect &part : parts)
            rest -= part;
        rest -= QRect(m_geo.grid.topLeft(),
                      QSize(m_keys * m_geo.cellWidth, m_heads * m_geo.cellHeight));
        for (const QRect &r : rest)
            p.fillRect(r, ColorScheme::background());
        for (const QRect &part : parts) {
            const qreal ratio = still.devicePixelRatio();
            p.drawPixmap(part, still,
                         QRectF(QPointF(part.topLeft()) * ratio, QSizeF(part.size()) * ratio));
        }
    } else {
        paintStill(p);
    }
    paintCells(p);
}

HeadHeatMap::StillKey HeadHeatMap::stillKey() const
{
    StillKey key{size(), devicePixelRatioF(), font(), m_heads, m_keys, m_texts, {}};
    key.colors = {ColorScheme::background().rgba(), ColorScheme::text().rgba(),
                  ColorScheme::axis().rgba(),       HeatRamp::color(0).rgba(),
                  HeatRamp::color(0.5).rgba(),      HeatRamp::color(1).rgba()};
    for (int k = 0; k < m_keys; k += m_geo.columnLabelStep)
        key.colors.push_back(ColorScheme::keyColor(k, m_keys).rgba());
    return key;
}

const QPixmap &HeadHeatMap::stillPicture()
{
    StillKey key = stillKey();
    if (m_still.isNull() || !(key == m_stillKey)) {
        const qreal ratio = key.devicePixelRatio;
        m_still = QPixmap((QSizeF(size()) * ratio).toSize().expandedTo(QSize(1, 1)));
        m_still.setDevicePixelRatio(ratio);
        QPainter p(&m_still);
        p.setFont(font());
        paintStill(p);
        m_stillKey = std::move(key);
    }
    return m_still;
}

QList<QRect> HeadHeatMap::stillParts() const
{
    // Everything above the cells (title, key labels, a legend beside the title), the head labels
    // left of them, and a legend below them.
    const QRect &g = m_geo.grid;
    return {QRect(0, 0, width(), g.top()), QRect(0, g.top(), g.left(), g.height()),
            m_geo.legend.adjusted(-2, -2, 2, 2).intersected(rect())};
}

void HeadHeatMap::paintStill(QPainter &p) const
{
    p.fillRect(rect(), ColorScheme::background());
    const QFontMetrics fm(font());
    const int margin = fm.height() / 2;
    const Geometry &g = m_geo;

    p.setFont(boldFont(font()));
    p.setPen(ColorScheme::text());
    TextStamp::draw(p, QRect(margin, margin, width() - 2 * margin, fm.height() + 2),
                    Qt::AlignLeft | Qt::AlignVCenter, tr("Attention weights of each head"));

    // Column labels in their key's colour, thinned out when the cells are narrow.
    p.setFont(font());
    for (int k = 0; k < m_keys; k += g.columnLabelStep) {
        const QRect cell = cellRect(0, k);
        const QRect label(cell.center().x() - 40, g.grid.top() - fm.height() - 3, 80, fm.height());
        p.setPen(ColorScheme::keyColor(k, m_keys));
        TextStamp::draw(p, label, Qt::AlignHCenter | Qt::AlignBottom, keyLabel(k));
    }
    p.setPen(ColorScheme::text());
    p.setFont(boldFont(font()));
    for (int h = 0; h < m_heads; ++h) {
        const QRect cell = cellRect(h, 0);
        TextStamp::draw(p, QRect(margin, cell.top(), g.rowLabelWidth - margin / 2, cell.height()),
                        Qt::AlignRight | Qt::AlignVCenter, tr("head %1").arg(h + 1));
    }

    // The legend: the colour ramp from 0 to 1 on one line.
    const QRect &l = g.legend;
    int x = l.left();
    auto text = [&](const QString &t) {
        const int w = fm.horizontalAdvance(t);
        TextStamp::draw(p, QRect(x, l.top(), w + 2, l.height()), Qt::AlignLeft | Qt::AlignVCenter,
                        t);
        x += w + margin / 2;
    };
    p.setFont(font());
    p.setPen(ColorScheme::text());
    text(tr("Weight"));
    x += margin / 2;
    text(QStringLiteral("0"));
    const QRect bar(x, l.center().y() - fm.height() / 3, fm.height() * 7, fm.height() * 2 / 3);
    p.fillRect(bar, HeatRamp::gradient(bar.topLeft(), bar.topRight()));
    p.setPen(ColorScheme::axis());
    p.drawRect(bar.adjusted(0, 0, -1, -1));
    x = bar.right() + margin / 2;
    p.setPen(ColorScheme::text());
    text(QStringLiteral("1"));
}

void HeadHeatMap::paintCells(QPainter &p) const
{
    const Geometry &g = m_geo;
    const QFont base = font();
    p.setFont(base);
    for (int h = 0; h < m_heads; ++h) {
        for (int k = 0; k < m_keys; ++k) {
            const QRect cell = cellRect(h, k);
            const double w = cellValue(h, k);
            const bool masked = m_masked[std::size_t(k)];
            const QColor fill = masked ? ColorScheme::grid() : HeatRamp::color(w);
            p.fillRect(cell, fill);
            if (masked)
                p.fillRect(cell, QBrush(ColorScheme::axis().lighter(160), Qt::BDiagPattern));
            if (g.numbers) {
                p.setPen(ColorScheme::textOn(fill));
                const QString text = masked ? QStringLiteral("—") : cellNumber(w);
                // A tiny weight's "1.1 × 10⁻⁷" is wider than "0.000": a smaller font, not
                // another rounding. The width as QFontMetrics gives it, from the laid-out text
                // (measuring it anew shaped every number on every frame).
                const int wide = qRound(TextStamp::size(base, text).width());
                if (wide > cell.width() - 4) {
                    QFont small = base;
                    small.setPointSizeF(
                        std::max(6.0, small.pointSizeF() * (cell.width() - 4) / double(wide)));
                    p.setFont(small);
                }
                TextStamp::draw(p, cell, Qt::AlignCenter, text);
                p.setFont(base);
            }
        }
    }
    // White grid lines keep neighbouring cells of similar colour apart.
    if (g.cellWidth >= 6) {
        p.setPen(QPen(ColorScheme::background(), 1));
        for (int k = 1; k < m_keys; ++k)
            p.drawLine(g.grid.left() + k * g.cellWidth, g.grid.top(),
                       g.grid.left() + k * g.cellWidth, g.grid.bottom());
        for (int h = 1; h < m_heads; ++h)
            p.drawLine(g.grid.left(), g.grid.top() + h * g.cellHeight, g.grid.right(),
                       g.grid.top() + h * g.cellHeight);
    }
}
