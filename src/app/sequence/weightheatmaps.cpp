#include "sequence/weightheatmaps.h"

#include "theme/colorscheme.h"

#include <QEvent>
#include <QLocale>
#include <QPainter>
#include <QResizeEvent>
#include <QStringList>

#include <algorithm>
#include <cmath>

namespace {
// Pixels per cell: large enough to see one entry, small enough that D = 16 fits a column.
constexpr int kCell = 7;
constexpr int kMaxSide = 140;
} // namespace

WeightHeatmaps::WeightHeatmaps(QWidget *parent) : QWidget(parent)
{
    setAccessibleName(tr("The weight matrices as heat maps"));
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Preferred);
}

void WeightHeatmaps::setModel(const attn::SequenceModel &model)
{
    const bool sameShape = [&] {
        std::size_t count = 2 + (model.weights.positionTable.rows() > 0 ? 1 : 0);
        for (const auto &layer : model.weights.layers)
            count += layer.heads.size() * 3 + 1;
        return count == m_entries.size();
    }();
    std::vector<Entry> entries;
    auto add = [&entries](const QString &label, const attn::Matrix &m) {
        entries.push_back({label, m, {}});
    };
    add(tr("E (embedding)"), model.weights.embedding);
    if (model.weights.positionTable.rows() > 0)
        add(tr("P (positions)"), model.weights.positionTable);
    for (int l = 0; l < model.layerCount(); ++l) {
        const auto &layer = model.weights.layers[std::size_t(l)];
        for (int h = 0; h < model.headCount(l); ++h) {
            const auto &head = layer.heads[std::size_t(h)];
            const QString where = model.layerCount() > 1
                                      ? QStringLiteral("%1.%2").arg(l + 1).arg(h + 1)
                                      : QString::number(h + 1);
            add(tr("W_q head %1").arg(where), head.wq);
            add(tr("W_k head %1").arg(where), head.wk);
            add(tr("W_v head %1").arg(where), head.wv);
        }
        add(tr("W_O layer %1").arg(l + 1), layer.wo);
    }
    add(tr("U (unembedding)"), model.weights.unembedding);
    for (std::size_t i = 0; sameShape && i < entries.size(); ++i)
        entries[i].rect = m_entries[i].rect;
    m_entries = std::move(entries);
    // A screen reader hears each matrix's shape and scale: what the colours would tell.
    QStringList described;
    for (const Entry &e : m_entries)
        described << tr("%1, %2 × %3, largest |entry| %4")
                         .arg(e.label)
                         .arg(e.matrix.rows())
                         .arg(e.matrix.cols())
                         .arg(QLocale().toString(
                             e.matrix.size() > 0 ? e.matrix.cwiseAbs().maxCoeff() : 0.0, 'g', 2));
    setAccessibleDescription(described.join(QStringLiteral("; ")));
    if (!sameShape) {
        layoutEntries(width(), true);
        updateGeometry();
    }
    update();
}

QColor WeightHeatmaps::colorFor(double x, double extent)
{
    const double t = extent > 0 && std::isfinite(x) ? std::clamp(x / extent, -1.0, 1.0) : 0.0;
    const QColor base = ColorScheme::background();
    const QColor end = t < 0 ? ColorScheme::key() : QColor(0xd5, 0x5e, 0x00);
    const double a = std::abs(t);
    return QColor::fromRgbF(float(base.redF() + (end.redF() - base.redF()) * a),
                            float(base.greenF() + (end.greenF() - base.greenF()) * a),
                            float(base.blueF() + (end.blueF() - base.blueF()) * a));
}

int WeightHeatmaps::layoutEntries(int width, bool store)
{
    const QFontMetrics fm(font());
    const int gap = fm.height();
    int x = 0, y = 0, rowHeight = 0;
    for (Entry &e : m_entries) {
        const int rows = int(e.matrix.rows()), cols = int(e.matrix.cols());
        const int cell = std::max(2, std::min(kCell, kMaxSide / std::max(1, std::max(rows, cols))));
        const int w = std::max(cols * cell, fm.horizontalAdvance(e.label));
        const int h = fm.height() + rows * cell + fm.height() + 4;
        if (x > 0 && x + w > width) {
            x = 0;
            y += rowHeight + gap / 2;
            rowHeight = 0;
        }
        if (store)
            e.rect = QRect(x, y + fm.height(), cols * cell, rows * cell);
        x += w + gap;
        rowHeight = std::max(rowHeight, h);
    }
    return y + rowHeight;
}

int WeightHeatmaps::heightForWidth(int width) const
{
    return const_cast<WeightHeatmaps *>(this)->layoutEntries(width, false);
}

QSize WeightHeatmaps::sizeHint() const
{
    return QSize(400, heightForWidth(400));
}

QSize WeightHeatmaps::minimumSizeHint() const
{
    // As tall as the maps need at the current width, so that a scroll area around it scrolls
    // instead of cutting the last row.
    return QSize(160, heightForWidth(std::max(160, width())));
}

void WeightHeatmaps::resizeEvent(QResizeEvent *event)
{
    const int before = heightForWidth(event->oldSize().width());
    layoutEntries(width(), true);
    if (heightForWidth(width()) != before)
        updateGeometry();
    QWidget::resizeEvent(event);
}

void WeightHeatmaps::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::FontChange) {
        layoutEntries(width(), true);
        updateGeometry();
    }
    if (event->type() == QEvent::LanguageChange)
        setAccessibleName(tr("The weight matrices as heat maps"));
    QWidget::changeEvent(event);
}

void WeightHeatmaps::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.fillRect(rect(), ColorScheme::background());
    const QFontMetrics fm(font());
    for (const Entry &e : m_entries) {
        if (e.rect.isNull() && e.matrix.size() > 0)
            continue;
        p.setPen(ColorScheme::text());
        p.drawText(QPoint(e.rect.left(), e.rect.top() - fm.descent()), e.label);
        const int rows = int(e.matrix.rows()), cols = int(e.matrix.cols());
        if (rows == 0 || cols == 0)
            continue;
        const double extent = e.matrix.cwiseAbs().maxCoeff();
        const int cw = e.rect.width() / cols, ch = e.rect.height() / rows;
        for (int r = 0; r < rows; ++r)
            for (int c = 0; c < cols; ++c)
                p.fillRect(QRect(e.rect.left() + c * cw, e.rect.top() + r * ch, cw, ch),
                           colorFor(e.matrix(r, c), extent));
        p.setPen(ColorScheme::axis());
        p.setBrush(Qt::NoBrush);
        p.drawRect(e.rect.adjusted(0, 0, -1, -1));
        p.setPen(ColorScheme::text());
        p.drawText(QPoint(e.rect.left(), e.rect.bottom() + fm.ascent() + 1),
                   QStringLiteral("±") + QLocale().toString(extent, 'g', 2));
    }
}
