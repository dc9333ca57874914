#include "lab/labchart.h"

#include "model/dimensionlabmodel.h"
#include "theme/appearance.h"
#include "theme/colorscheme.h"
#include "widgets/ownchart.h"

#include <QAreaSeries>
#include <QChart>
#include <QEvent>
#include <QLegend>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QPainter>
#include <QScatterSeries>
#include <QValueAxis>

#include <algorithm>

LabChart::LabChart(DimensionLabModel *model, QWidget *parent)
    : QChartView(parent), m_model(model), m_chart(new QChart)
{
    setRenderHint(QPainter::Antialiasing, true);
    setFrameShape(QFrame::NoFrame);
    setBackgroundBrush(ColorScheme::background());
    m_chart->setBackgroundBrush(ColorScheme::background());
    m_chart->setAnimationOptions(QChart::NoAnimation);
    m_chart->setBackgroundRoundness(0);
    m_chart->setMargins(QMargins(4, 2, 8, 2));
    m_chart->setTitleBrush(ColorScheme::text());
    // QLegend cuts names short when a line is full and drew area series' markers as empty
    // white squares: the chart draws its own legend (drawLegend()).
    m_chart->legend()->hide();
    setOwnChart(this, m_chart);
    m_shownScaled = scaledColor();
    m_shownTheory = theoryColor();
    m_shownText = ColorScheme::text();
    connect(Appearance::instance(), &Appearance::changed, this, &LabChart::applyColours);
}

QColor LabChart::scaledColor()
{
    return ColorScheme::isDark(ColorScheme::background()) ? QColor(0x56, 0xb4, 0xe9)
                                                          : QColor(0x00, 0x72, 0xb2);
}

QColor LabChart::theoryColor()
{
    return ColorScheme::isDark(ColorScheme::background()) ? QColor(0xc8, 0xc8, 0xc8)
                                                          : QColor(0x40, 0x40, 0x40);
}

void LabChart::applyColours()
{
    setBackgroundBrush(ColorScheme::background());
    m_chart->setBackgroundBrush(ColorScheme::background());
    m_chart->setTitleBrush(ColorScheme::text());
    const auto axes = m_chart->axes();
    for (QAbstractAxis *axis : axes)
        styleAxis(axis);
    // The colour a series was drawn in says what it is; alpha (an area's fill) is kept.
    const QColor scaled = scaledColor(), theory = theoryColor(), text = ColorScheme::text();
    auto swap = [&](QColor c) {
        const int alpha = c.alpha();
        c.setAlpha(255);
        if (c == m_shownScaled)
            c = scaled;
        else if (c == m_shownTheory)
            c = theory;
        else if (c == m_shownText)
            c = text;
        c.setAlpha(alpha);
        return c;
    };
    const auto series = m_chart->series();
    for (QAbstractSeries *s : series) {
        if (auto *area = qobject_cast<QAreaSeries *>(s)) {
            QPen pen = area->pen();
            pen.setColor(swap(pen.color()));
            area->setPen(pen);
            QBrush brush = area->brush();
            brush.setColor(swap(brush.color()));
            area->setBrush(brush);
        } else if (auto *scatter = qobject_cast<QScatterSeries *>(s)) {
            scatter->setBorderColor(swap(scatter->borderColor()));
            QPen pen = scatter->pen();
            pen.setColor(swap(pen.color()));
            scatter->setPen(pen);
        } else if (auto *line = qobject_cast<QLineSeries *>(s)) {
            QPen pen = line->pen();
            pen.setColor(swap(pen.color()));
            line->setPen(pen);
        }
    }
    m_shownScaled = scaled;
    m_shownTheory = theory;
    m_shownText = text;
    layoutLegend();
    viewport()->update();
}

LabChart::~LabChart() = default;

void LabChart::finishSetUp()
{
    applyFonts();
    fitDimensionLabels();
    retranslate();
    setAccessibleName(m_chart->title());
    layoutLegend();
}

namespace {
// What a series looks like in the legend: its pen, and its fill for areas and markers.
struct MarkerLook
{
    QPen pen;
    QBrush brush = Qt::NoBrush;
    bool area = false;
    bool ring = false;
};

MarkerLook lookOf(const QAbstractSeries *s)
{
    MarkerLook look;
    if (auto *area = qobject_cast<const QAreaSeries *>(s)) {
        look.pen = area->pen();
        look.brush = area->brush();
        look.area = true;
    } else if (auto *scatter = qobject_cast<const QScatterSeries *>(s)) {
        look.pen = QPen(scatter->borderColor(), scatter->pen().widthF());
        look.brush = scatter->brush();
        look.ring = true;
    } else if (auto *line = qobject_cast<const QLineSeries *>(s)) {
        look.pen = line->pen();
    }
    return look;
}
} // namespace

void LabChart::layoutLegend()
{
    const QFontMetrics fm(font());
    const int markerWidth = fm.height() * 3 / 2, gap = fm.height(), line = fm.height() + 4;
    const int left = 8, right = width() - 8;
    int x = left, y = 0, lines = 0;
    m_legend.clear();
    const auto series = m_chart->series();
    for (const QAbstractSeries *s : series) {
        if (m_unlisted.contains(s) || s->name().isEmpty())
            continue;
        const int textWidth = fm.horizontalAdvance(s->name()) + 2;
        const int entry = markerWidth + 6 + textWidth;
        if (lines == 0 || (x > left && x + entry > right)) {
            x = left;
            y = lines++ * line;
        }
        m_legend << LegendEntry{s->name(), QRect(x, y, markerWidth, line),
                                QRect(x + markerWidth + 6, y, textWidth, line),
                                lookOf(s).pen.color()};
        x += entry + gap;
    }
    for (const auto &[name, style] : std::as_const(m_keys)) {
        const int textWidth = fm.horizontalAdvance(name) + 2;
        const int entry = markerWidth + 6 + textWidth;
        if (lines == 0 || (x > left && x + entry > right)) {
            x = left;
            y = lines++ * line;
        }
        m_legend << LegendEntry{name, QRect(x, y, markerWidth, line),
                                QRect(x + markerWidth + 6, y, textWidth, line),
                                ColorScheme::text()};
        x += entry + gap;
    }
    // Entries are laid out from the top of the legend; they move to the bottom of the widget,
    // and the plot keeps clear of them.
    const int height = lines * line + 4;
    for (LegendEntry &e : m_legend) {
        e.marker.translate(0, this->height() - height);
        e.text.translate(0, this->height() - height);
    }
    m_chart->setMargins(QMargins(4, 2, 8, 2 + height));
}

void LabChart::drawLegend(QPainter &painter) const
{
    painter.setRenderHint(QPainter::Antialiasing, true);
    painter.setFont(font());
    const auto series = m_chart->series();
    int i = 0;
    for (const QAbstractSeries *s : series) {
        if (m_unlisted.contains(s) || s->name().isEmpty())
            continue;
        if (i >= m_legend.size())
            break;
        const LegendEntry &e = m_legend[i++];
        const MarkerLook look = lookOf(s);
        const QRectF m = QRectF(e.marker).adjusted(1, 3, -1, -3);
        if (look.area) {
            // The fill as in the plot, over the background, and its outline.
            painter.setPen(QPen(look.pen.color(), 1.5));
            painter.setBrush(look.brush);
            painter.drawRect(m.adjusted(2, 1, -2, -1));
        } else if (look.ring) {
            const double r = std::min(m.width(), m.height()) / 2 - 1;
            painter.setPen(look.pen);
            painter.setBrush(Qt::NoBrush);
            painter.drawEllipse(m.center(), r, r);
        } else {
            QPen pen = look.pen;
            pen.setCapStyle(Qt::FlatCap);
            pen.setWidthF(std::max(2.5, pen.widthF()));
            painter.setPen(pen);
            painter.drawLine(QPointF(m.left(), m.center().y()), QPointF(m.right(), m.center().y()));
        }
        painter.setPen(ColorScheme::text());
        painter.drawText(e.text, Qt::AlignLeft | Qt::AlignVCenter, e.name);
    }
    for (const auto &[name, style] : m_keys) {
        if (i >= m_legend.size())
            break;
        const LegendEntry &e = m_legend[i++];
        const QRectF m = QRectF(e.marker).adjusted(1, 3, -1, -3);
        painter.setPen(QPen(ColorScheme::text(), 2.5, style, Qt::FlatCap));
        painter.drawLine(QPointF(m.left(), m.center().y()), QPointF(m.right(), m.center().y()));
        painter.drawText(e.text, Qt::AlignLeft | Qt::AlignVCenter, e.name);
    }
}

void LabChart::setLegendKeys(const QList<QPair<QString, Qt::PenStyle>> &keys)
{
    m_keys = keys;
    layoutLegend();
    viewport()->update();
}

void LabChart::resizeEvent(QResizeEvent *event)
{
    layoutLegend();
    fitDimensionLabels();
    QChartView::resizeEvent(event);
}

void LabChart::fitDimensionLabels()
{
    // d labelled at 1, 4, 16, … 4096 where seven labels fit, else at 1, 16, 256, 4096: crowded
    // labels are cut to "10…".
    const QFontMetrics fm(font());
    const int needed = 7 * (fm.horizontalAdvance(QStringLiteral("4096")) + fm.height());
    const auto axes = m_chart->axes(Qt::Horizontal);
    for (QAbstractAxis *axis : axes) {
        if (auto *log = qobject_cast<QLogValueAxis *>(axis)) {
            const double base = width() * 0.7 < needed ? 16 : 4;
            if (log->base() != base)
                log->setBase(base);
        }
    }
}

void LabChart::paintEvent(QPaintEvent *event)
{
    QChartView::paintEvent(event);
    QPainter painter(viewport());
    drawLegend(painter);
}

QSize LabChart::sizeHint() const
{
    const QFontMetrics fm(font());
    return QSize(fm.height() * 28, fm.height() * 18);
}

QSize LabChart::minimumSizeHint() const
{
    const QFontMetrics fm(font());
    return QSize(fm.height() * 16, fm.height() * 12);
}

void LabChart::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
        setAccessibleName(m_chart->title());
        layoutLegend();
    } else if (event->type() == QEvent::FontChange) {
        applyFonts();
        layoutLegend();
        fitDimensionLabels();
        // QChartView only ever raises its minimum size to the chart's (see WeightChart).
        setMinimumSize(0, 0);
    }
    QChartView::changeEvent(event);
}

void LabChart::applyFonts()
{
    QFont base = font();
    QFont title = base;
    title.setPointSizeF(base.pointSizeF() * 1.15);
    title.setBold(true);
    m_chart->setTitleFont(title);
    // Axis titles a little smaller than the labels: a vertical title longer than its axis is
    // cut short.
    QFont axisTitle = base;
    axisTitle.setPointSizeF(base.pointSizeF() * 0.9);
    const auto axes = m_chart->axes();
    for (QAbstractAxis *axis : axes) {
        axis->setLabelsFont(base);
        axis->setTitleFont(axisTitle);
    }
}

QLineSeries *LabChart::addLine(const QColor &color, Qt::PenStyle style, bool markers,
                               QAbstractAxis *x, QAbstractAxis *y)
{
    auto *series = new QLineSeries;
    QPen pen(color, style == Qt::SolidLine ? 2.0 : 1.6, style);
    series->setPen(pen);
    series->setPointsVisible(markers);
    m_chart->addSeries(series);
    series->attachAxis(x);
    series->attachAxis(y);
    return series;
}

QScatterSeries *LabChart::addMarkers(QAbstractAxis *x, QAbstractAxis *y)
{
    auto *series = new QScatterSeries;
    series->setMarkerShape(QScatterSeries::MarkerShapeCircle);
    series->setMarkerSize(13);
    series->setColor(Qt::transparent);
    series->setBorderColor(ColorScheme::text());
    series->setPen(QPen(ColorScheme::text(), 2));
    m_chart->addSeries(series);
    series->attachAxis(x);
    series->attachAxis(y);
    return series;
}

void LabChart::hideFromLegend(QAbstractSeries *series)
{
    m_unlisted.insert(series);
}

QLogValueAxis *LabChart::addDimensionAxis()
{
    auto *axis = new QLogValueAxis;
    axis->setBase(4);
    axis->setRange(1, 4096);
    axis->setLabelFormat(QStringLiteral("%g"));
    axis->setMinorTickCount(1);
    styleAxis(axis);
    m_chart->addAxis(axis, Qt::AlignBottom);
    return axis;
}

QValueAxis *LabChart::addValueAxis(Qt::Alignment alignment)
{
    auto *axis = new QValueAxis;
    styleAxis(axis);
    m_chart->addAxis(axis, alignment);
    return axis;
}

void LabChart::styleAxis(QAbstractAxis *axis)
{
    axis->setLabelsColor(ColorScheme::text());
    axis->setTitleBrush(ColorScheme::text());
    axis->setGridLineColor(ColorScheme::grid());
    axis->setMinorGridLineColor(ColorScheme::gridMinor());
    axis->setLinePenColor(ColorScheme::axis());
}
