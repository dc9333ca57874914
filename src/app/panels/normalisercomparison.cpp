#include "panels/normalisercomparison.h"

#include "methods/normalisernames.h"
#include "model/scenemodel.h"
#include "panels/nothingbar.h"
#include "text/numberformat.h"
#include "text/textstamp.h"
#include "theme/appearance.h"
#include "theme/colorscheme.h"
#include "widgets/celltooltip.h"

#include <QEvent>
#include <QPainter>

#include <algorithm>
#include <cmath>
#include <limits>

namespace {
constexpr auto kSoftmax1 = attn::Normaliser::Softmax1;
// The bar's share of its slot, as in the weight chart.
constexpr double kBarWidth = 0.72;

QString keyName(int index)
{
    return QStringLiteral("k") + NumberFormat::subscript(index + 1);
}

QFont boldFont(QFont f)
{
    f.setBold(true);
    return f;
}

int index(attn::Normaliser normaliser)
{
    return int(normaliser);
}
} // namespace

NormaliserComparison::NormaliserComparison(SceneModel *model, QWidget *parent)
    : QWidget(parent), m_model(model)
{
    setAttribute(Qt::WA_OpaquePaintEvent);
    setMouseTracking(true);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    connect(m_model, &SceneModel::changed, this, &NormaliserComparison::refresh);
    connect(Appearance::instance(), &Appearance::changed, this, qOverload<>(&QWidget::update));
    setAccessibleName(tr("Normalisers side by side"));
    refresh();
}

void NormaliserComparison::refresh()
{
    const SceneModel &m = *m_model;
    const bool ok = m.hasResult();
    const int keys = ok ? m.keyCount() : 0;
    const bool reshaped = keys != m_keys;
    m_keys = keys;
    m_heads = ok && m.scene().method == attn::Method::MultiHead ? int(m.result().heads.size()) : 0;
    m_current = m.scene().normaliser;
    if (ok) {
        const attn::EveryNormaliser &every = m.everyNormaliser();
        m_weights = every.weights;
        m_sums = every.weightSum;
        m_nothing = every.nothing;
    } else {
        m_weights.resize(attn::kNormaliserCount, 0);
        m_sums.fill(0);
        m_nothing = 0;
    }
    m_masked.assign(std::size_t(keys), false);
    const auto &mask = m.scene().mask;
    for (int k = 0; k < keys && !mask.empty(); ++k)
        m_masked[std::size_t(k)] = mask[std::size_t(k)];
    if (reshaped)
        relayout();
    updateAccessibleText();
    update();
}

bool NormaliserComparison::masked(int key) const
{
    return key >= 0 && key < m_keys && m_masked[std::size_t(key)];
}

double NormaliserComparison::displayedWeight(attn::Normaliser normaliser, int key) const
{
    if (key < 0 || key >= m_keys)
        return std::numeric_limits<double>::quiet_NaN();
    return m_weights(index(normaliser), key);
}

double NormaliserComparison::displayedNothing() const
{
    return m_keys > 0 ? m_nothing : std::numeric_limits<double>::quiet_NaN();
}

double NormaliserComparison::slotValue(attn::Normaliser normaliser, int slot) const
{
    return slot == m_keys ? m_nothing : displayedWeight(normaliser, slot);
}

QString NormaliserComparison::sumText(attn::Normaliser normaliser) const
{
    if (m_keys == 0)
        return {};
    return tr("Σw = %1").arg(NumberFormat::number(m_sums[std::size_t(index(normaliser))]));
}

bool NormaliserComparison::isEmptyBar(attn::Normaliser normaliser, int key) const
{
    return key >= 0 && key < m_keys && !masked(key) && displayedWeight(normaliser, key) == 0.0;
}

QString NormaliserComparison::barLabel(attn::Normaliser normaliser, int key) const
{
    const int count = group(normaliser).slotCount;
    if (!m_numbers || key < 0 || key >= count)
        return {};
    if (masked(key))
        return QStringLiteral("—");
    const double w = slotValue(normaliser, key);
    // An exact 0 reads "0", not a rounded 0.000, as in the weight chart.
    return w == 0.0 ? QStringLiteral("0") : NumberFormat::number(w);
}

const NormaliserComparison::Group &NormaliserComparison::group(attn::Normaliser normaliser) const
{
    return m_groups[std::size_t(index(normaliser))];
}

QRect NormaliserComparison::groupRect(attn::Normaliser normaliser) const
{
    return group(normaliser).frame;
}

QRect NormaliserComparison::slotRect(attn::Normaliser normaliser, int key) const
{
    const Group &g = group(normaliser);
    if (key < 0 || key >= g.slotCount || g.plot.isEmpty())
        return {};
    const double slot = g.plot.width() / double(g.slotCount);
    const int left = g.plot.left() + int(std::lround(slot * key));
    const int right = g.plot.left() + int(std::lround(slot * (key + 1)));
    // From the numbers above the plot down to the key's name below it.
    const int top = g.plot.top() - QFontMetrics(font()).height();
    return QRect(left, top, right - left, g.keyLabels.bottom() - top + 1);
}

QString NormaliserComparison::caption() const
{
    if (!m_model->hasResult())
        return m_model->errorText();
    if (m_heads > 0)
        return tr("The same scores through each normaliser: mean weights over %n heads", nullptr,
                  m_heads);
    return tr("The same scores through each normaliser");
}

QString NormaliserComparison::titleText(attn::Normaliser normaliser) const
{
    return group(normaliser).titleText;
}

QString NormaliserComparison::description(attn::Normaliser normaliser) const
{
    switch (normaliser) {
    case attn::Normaliser::Softmax:
        return tr("Softmax: every weight above 0, together exactly 1.");
    case attn::Normaliser::Sparsemax:
        return tr("Sparsemax: together exactly 1; keys far enough below the best get exactly 0 "
                  "(empty bars).");
    case attn::Normaliser::Softmax1:
        return tr("Softmax₁: softmax with one more key of score 0, “nothing”, whose weight is left "
                  "out: the keys get less than 1 together.");
    case attn::Normaliser::Sigmoid:
        return tr("Sigmoid: each key on its own, σ(z + b); the weights need not add up to 1.");
    }
    return {};
}

void NormaliserComparison::updateAccessibleText()
{
    QStringList parts{caption()};
    if (m_keys > 0)
        for (const attn::NormaliserInfo &info : attn::kNormalisers)
            parts << tr("%1: %2").arg(NormaliserNames::name(info.normaliser),
                                      sumText(info.normaliser));
    const QString text = parts.join(QStringLiteral("; "));
    if (accessibleDescription() != text)
        setAccessibleDescription(text);
}

void NormaliserComparison::relayout()
{
    const QFontMetrics fm(font());
    const QFontMetrics bold(boldFont(font()));
    const int line = fm.height();
    const int margin = line / 2;
    const int gap = margin;
    const int top = margin + line + margin / 2; // below the caption
    const QRect area(margin, top, std::max(0, width() - 2 * margin),
                     std::max(0, height() - top - margin));
    // Four in a row when each gets room for a few bars and its title, else two rows of two.
    const int columns = area.width() >= 4 * line * 9 + 3 * gap ? 4 : 2;
    const int rows = attn::kNormaliserCount / columns;
    const int groupWidth = (area.width() - (columns - 1) * gap) / columns;
    const int groupHeight = (area.height() - (rows - 1) * gap) / rows;
    const int pad = std::max(3, margin / 2);
    const int tickWidth = fm.horizontalAdvance(QStringLiteral("1")) + pad;
    const QString inUse = tr("in use");
    int narrowestSlot = std::numeric_limits<int>::max();
    for (const attn::NormaliserInfo &info : attn::kNormalisers) {
        const int i = index(info.normaliser);
        Group &g = m_groups[std::size_t(i)];
        const int col = i % columns, row = i / columns;
        g.frame = QRect(area.left() + col * (groupWidth + gap),
                        area.top() + row * (groupHeight + gap), groupWidth, groupHeight);
        const QRect inner = g.frame.adjusted(pad, pad, -pad, -pad);
        g.title = QRect(inner.left(), inner.top(), inner.width(), bold.height());
        g.sum = QRect(inner.left(), inner.bottom() - line + 1, inner.width(), line);
        g.keyLabels = QRect(inner.left(), g.sum.top() - line - 1, inner.width(), line);
        // A line above the plot for the number on a bar of weight 1.
        const int plotTop = g.title.bottom() + pad + line;
        g.plot = QRect(inner.left() + tickWidth, plotTop, std::max(1, inner.width() - tickWidth),
                       std::max(1, g.keyLabels.top() - 2 - plotTop));
        g.slotCount = m_keys + (info.normaliser == kSoftmax1 && m_keys > 0 ? 1 : 0);
        // The full name where it fits beside "in use", else the short one; the tag goes last.
        const int tag = fm.horizontalAdvance(inUse) + pad * 2;
        const QString full = NormaliserNames::name(info.normaliser);
        const QString brief = NormaliserNames::shortName(info.normaliser);
        if (bold.horizontalAdvance(full) + tag <= g.title.width()) {
            g.titleText = full;
            g.tagFits = true;
        } else if (bold.horizontalAdvance(brief) + tag <= g.title.width()) {
            g.titleText = brief;
            g.tagFits = true;
        } else {
            g.titleText = brief;
            g.tagFits = false;
        }
        if (g.slotCount > 0)
            narrowestSlot = std::min(narrowestSlot, g.plot.width() / g.slotCount);
    }
    // Key names: every key while they fit, else every step-th; "nothing" is always named.
    m_keyLabelStep = 1;
    if (m_keys > 0) {
        const int labelWidth = fm.horizontalAdvance(keyName(m_keys - 1)) + margin;
        for (int s : {1, 2, 4, 5, 8, 10, 16, 20, 32, 64}) {
            m_keyLabelStep = s;
            if (narrowestSlot * s >= labelWidth)
                break;
        }
    }
    // Numbers on the bars while "0.000" fits a slot at a size still readable.
    QFont small = font();
    small.setPointSizeF(std::max(7.0, small.pointSizeF() * 0.85));
    m_numbers = m_keys > 0 &&
                QFontMetrics(small).horizontalAdvance(QStringLiteral("0.000")) <= narrowestSlot - 2;
}

QFont NormaliserComparison::numberFont(const Group &g) const
{
    // As large as the widget's font while the widest number fits the slot, and never below a
    // size still readable at the back of a room.
    QFont f = font();
    const double slot = g.slotCount > 0 ? g.plot.width() / double(g.slotCount) : 1.0;
    const double wide = QFontMetricsF(f).horizontalAdvance(QStringLiteral("0.000"));
    const double scale = std::min(1.0, (slot - 2) / std::max(wide, 1.0));
    f.setPointSizeF(std::max(7.0, f.pointSizeF() * scale));
    return f;
}

QSize NormaliserComparison::sizeHint() const
{
    const QFontMetrics fm(font());
    return QSize(fm.height() * 44, fm.height() * 14);
}

QSize NormaliserComparison::minimumSizeHint() const
{
    const QFontMetrics fm(font());
    return QSize(fm.height() * 18, fm.height() * 9);
}

void NormaliserComparison::resizeEvent(QResizeEvent *event)
{
    relayout();
    QWidget::resizeEvent(event);
}

void NormaliserComparison::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange || event->type() == QEvent::FontChange) {
        setAccessibleName(tr("Normalisers side by side"));
        relayout();
        updateAccessibleText();
        updateGeometry();
        update();
    }
    QWidget::changeEvent(event);
}

QString NormaliserComparison::toolTipAt(QPoint pos) const
{
    if (m_keys == 0)
        return {};
    for (const attn::NormaliserInfo &info : attn::kNormalisers) {
        const attn::Normaliser n = info.normaliser;
        const Group &g = group(n);
        if (!g.frame.contains(pos))
            continue;
        for (int slot = 0; slot < g.slotCount; ++slot) {
            if (!slotRect(n, slot).contains(pos))
                continue;
            const QString name = NormaliserNames::name(n);
            if (slot == m_keys)
                return tr("%1: the weight left for nothing, 1 − Σw = %2")
                    .arg(name, NumberFormat::number(m_nothing));
            if (masked(slot))
                return tr("%1, key %2: masked, left out (weight 0)").arg(name, keyName(slot));
            const double w = displayedWeight(n, slot);
            if (w == 0.0)
                return tr("%1, key %2: weight exactly 0").arg(name, keyName(slot));
            return tr("%1, key %2: weight %3").arg(name, keyName(slot), NumberFormat::number(w));
        }
        QString tip = description(n);
        if (n == m_current)
            tip += QLatin1Char('\n') + tr("In use: the canvas, the chart and the steps show it.");
        return tip;
    }
    return {};
}

bool NormaliserComparison::event(QEvent *event)
{
    const auto tipAt = [this](QPoint pos) -> CellToolTip::Tip {
        const QString text = toolTipAt(pos);
        if (text.isEmpty())
            return {};
        for (const attn::NormaliserInfo &info : attn::kNormalisers) {
            const Group &g = group(info.normaliser);
            if (!g.frame.contains(pos))
                continue;
            for (int slot = 0; slot < g.slotCount; ++slot)
                if (slotRect(info.normaliser, slot).contains(pos))
                    return {text, slotRect(info.normaliser, slot)};
            return {text, g.frame};
        }
        return {};
    };
    return CellToolTip::handle(this, event, tipAt) || QWidget::event(event);
}

void NormaliserComparison::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.fillRect(rect(), ColorScheme::background());
    const QFontMetrics fm(font());
    const int line = fm.height();
    const int margin = line / 2;
    const double lineScale = Appearance::instance()->lineScale();

    p.setFont(font());
    p.setPen(m_model->hasResult() ? ColorScheme::text() : ColorScheme::error());
    if (m_keys == 0) {
        p.drawText(rect().adjusted(margin, margin, -margin, -margin),
                   Qt::AlignCenter | Qt::TextWordWrap, caption());
        return;
    }
    TextStamp::draw(p, QRect(margin, margin, width() - 2 * margin, line),
                    Qt::AlignLeft | Qt::AlignVCenter, caption());

    const QString inUse = tr("in use");
    for (const attn::NormaliserInfo &info : attn::kNormalisers) {
        const attn::Normaliser n = info.normaliser;
        const Group &g = group(n);
        const bool current = n == m_current;
        // The one in use: the highlight behind it and a strong frame, and "in use" written, so
        // that colour is not the only sign.
        if (current) {
            p.fillRect(g.frame, ColorScheme::highlight());
            p.setPen(QPen(ColorScheme::text(), 2 * lineScale));
        } else {
            p.setPen(QPen(ColorScheme::gridMajor(), lineScale));
        }
        p.setBrush(Qt::NoBrush);
        p.drawRect(QRectF(g.frame).adjusted(0.5, 0.5, -0.5, -0.5));

        p.setPen(ColorScheme::text());
        p.setFont(boldFont(font()));
        TextStamp::draw(p, g.title, Qt::AlignLeft | Qt::AlignVCenter, g.titleText);
        if (current && g.tagFits) {
            p.setFont(font());
            TextStamp::draw(p, g.title, Qt::AlignRight | Qt::AlignVCenter, inUse);
        }

        // The value axis: 0 and 1 only, the line at 1 dashed so that sigmoid's bars can be
        // seen to pass it together, not one by one.
        p.setFont(font());
        const QRect &plot = g.plot;
        const double unit = plot.height();
        p.setPen(QPen(ColorScheme::grid(), lineScale, Qt::DashLine));
        p.drawLine(QPointF(plot.left(), plot.top() + 0.5), QPointF(plot.right(), plot.top() + 0.5));
        p.setPen(ColorScheme::axis());
        TextStamp::draw(
            p, QRect(g.frame.left(), plot.top() - line / 2, plot.left() - g.frame.left() - 2, line),
            Qt::AlignRight | Qt::AlignVCenter, QStringLiteral("1"));
        TextStamp::draw(
            p,
            QRect(g.frame.left(), plot.bottom() - line / 2, plot.left() - g.frame.left() - 2, line),
            Qt::AlignRight | Qt::AlignVCenter, QStringLiteral("0"));

        const double slot = plot.width() / double(g.slotCount);
        const double barWidth = std::max(1.0, slot * kBarWidth);
        const QFont numbers = numberFont(g);
        for (int s = 0; s < g.slotCount; ++s) {
            const bool nothing = s == m_keys;
            const double w = std::clamp(slotValue(n, s), 0.0, 1.0);
            const double x = plot.left() + slot * (s + 0.5);
            const QColor colour = nothing     ? NothingBar::colour()
                                  : masked(s) ? ColorScheme::gridMajor()
                                              : ColorScheme::keyColor(s, m_keys);
            const double height = w * unit;
            double top = plot.bottom() + 1 - height;
            if (isEmptyBar(n, s)) {
                // An exact 0: an empty outline a little above the axis, so that "no weight at
                // all" reads differently from a bar too small to see.
                const double h = std::max(4.0, line / 3.0);
                p.setPen(QPen(colour, 1.5 * lineScale));
                p.setBrush(Qt::NoBrush);
                p.drawRect(QRectF(x - barWidth / 2, plot.bottom() + 1 - h, barWidth, h));
                top = plot.bottom() + 1 - h;
            } else if (height > 0) {
                p.fillRect(QRectF(x - barWidth / 2, top, barWidth, height), colour);
            }
            if (m_numbers) {
                p.setFont(numbers);
                p.setPen(ColorScheme::text());
                const double h = QFontMetricsF(numbers).height();
                TextStamp::draw(p, QRectF(x - slot / 2, top - h - 1, slot, h),
                                Qt::AlignHCenter | Qt::AlignBottom, barLabel(n, s));
            }
        }
        // The baseline over the bars' feet.
        p.setPen(QPen(ColorScheme::axis(), lineScale));
        p.drawLine(QPointF(plot.left(), plot.bottom() + 1.5),
                   QPointF(plot.right(), plot.bottom() + 1.5));

        // Names under the bars, in the keys' colours; "nothing" always, and a key's name too
        // close to it gives way.
        p.setFont(font());
        const int nothingHalf =
            g.slotCount > m_keys ? fm.horizontalAdvance(NothingBar::name()) / 2 + margin / 2 : 0;
        for (int s = 0; s < m_keys; s += m_keyLabelStep) {
            const double x = plot.left() + slot * (s + 0.5);
            const int half = fm.horizontalAdvance(keyName(s)) / 2;
            if (nothingHalf > 0 && (m_keys - s) * slot < nothingHalf + half)
                continue;
            p.setPen(masked(s) ? ColorScheme::axis() : ColorScheme::keyColor(s, m_keys));
            TextStamp::draw(p,
                            QRectF(x - slot * m_keyLabelStep / 2.0, g.keyLabels.top(),
                                   slot * m_keyLabelStep, line),
                            Qt::AlignHCenter | Qt::AlignTop, keyName(s));
        }
        if (g.slotCount > m_keys) {
            const double x = plot.left() + slot * (m_keys + 0.5);
            const double w = fm.horizontalAdvance(NothingBar::name()) + 2;
            // Kept inside the group when it is wider than its slot.
            const double left = std::min(x - w / 2, double(g.frame.right() - 2) - w);
            p.setPen(ColorScheme::text());
            TextStamp::draw(p, QRectF(left, g.keyLabels.top(), w, line),
                            Qt::AlignHCenter | Qt::AlignTop, NothingBar::name());
        }

        p.setPen(ColorScheme::text());
        TextStamp::draw(p, g.sum, Qt::AlignLeft | Qt::AlignVCenter, sumText(n));
    }
}
