#include "labchart.h"

#include "appearance.h"
#include "colorscheme.h"
#include "model/dimensionlabmodel.h"

#include <QAreaSeries>
#include <QChart>
#include <QEvent>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QValueAxis>

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
    m_chart->legend()->setAlignment(Qt::AlignBottom);
    m_chart->legend()->setMarkerShape(QLegend::MarkerShapeFromSeries);
    m_chart->legend()->setLabelColor(ColorScheme::text());
    // QChartView made a chart of its own, which setChart() lets go of without deleting it
    // (LeakSanitizer found it and all its items, once per lab chart): it is deleted here.
    QChart *unused = chart();
    setChart(m_chart);
    delete unused;
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
    m_chart->legend()->setLabelColor(ColorScheme::text());
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
}

LabChart::~LabChart() = default;

void LabChart::finishSetUp()
{
    applyFonts();
    retranslate();
    setAccessibleName(m_chart->title());
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
    } else if (event->type() == QEvent::FontChange) {
        applyFonts();
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
    m_chart->legend()->setFont(base);
    const auto axes = m_chart->axes();
    for (QAbstractAxis *axis : axes) {
        axis->setLabelsFont(base);
        axis->setTitleFont(base);
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
    const auto markers = m_chart->legend()->markers(series);
    for (QLegendMarker *m : markers)
        m->setVisible(false);
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
