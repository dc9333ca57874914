#include "sequence/trainingchart.h"

#include "export/exporter.h"
#include "theme/appearance.h"
#include "theme/colorscheme.h"
#include "widgets/ownchart.h"

#include <QBuffer>
#include <QChart>
#include <QEvent>
#include <QGraphicsLayout>
#include <QImage>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLocale>
#include <QPageLayout>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QSaveFile>
#include <QSvgGenerator>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace {
// As the Exporter: vector formats at 96 logical pixels per inch, so that text keeps its size.
constexpr int kDpi = 96;
} // namespace

TrainingChart::TrainingChart(QWidget *parent)
    : QChartView(parent), m_chart(new QChart), m_x(new QValueAxis), m_y(new QValueAxis),
      m_markerLine(new QLineSeries)
{
    m_chart->setAnimationOptions(QChart::NoAnimation);
    m_chart->legend()->setAlignment(Qt::AlignBottom);
    m_chart->setMargins(QMargins(4, 4, 4, 4));
    m_chart->layout()->setContentsMargins(0, 0, 0, 0);
    m_chart->setBackgroundRoundness(0);
    m_chart->addAxis(m_x, Qt::AlignBottom);
    m_chart->addAxis(m_y, Qt::AlignLeft);
    m_x->setLabelFormat(QStringLiteral("%d"));
    // Few ticks: the charts are small, and Qt Charts elides every label that lacks room.
    m_x->setTickCount(3);
    m_y->setTickCount(3);
    m_y->setLabelFormat(QStringLiteral("%g"));
    m_x->setRange(0, 10);
    m_y->setRange(0, 1);
    m_chart->addSeries(m_markerLine);
    m_markerLine->attachAxis(m_x);
    m_markerLine->attachAxis(m_y);
    setOwnChart(this, m_chart);
    setRenderHint(QPainter::Antialiasing);
    for (QLegendMarker *marker : m_chart->legend()->markers(m_markerLine))
        marker->setVisible(false);
    connect(Appearance::instance(), &Appearance::changed, this, &TrainingChart::applyColours);
    applyColours();
}

void TrainingChart::setLineCount(int count)
{
    while (m_lines.size() > count) {
        QLineSeries *line = m_lines.takeLast();
        m_colours.removeLast();
        m_chart->removeSeries(line);
        delete line;
    }
    while (m_lines.size() < count) {
        auto *line = new QLineSeries;
        m_chart->addSeries(line);
        line->attachAxis(m_x);
        line->attachAxis(m_y);
        m_lines << line;
        m_colours << ColorScheme::text();
    }
    // One line is named by the chart's title; a legend would only take room from the plot.
    m_chart->legend()->setVisible(count > 1);
    showAxisTitles();
    applyColours();
}

void TrainingChart::setLine(int index, const QString &name, const QColor &color, bool dashed)
{
    QLineSeries *line = m_lines.value(index);
    if (!line)
        return;
    line->setName(name);
    m_colours[index] = color;
    QPen pen(color, 2 * Appearance::instance()->lineScale());
    pen.setStyle(dashed ? Qt::DashLine : Qt::SolidLine);
    line->setPen(pen);
    describe();
}

void TrainingChart::setPoints(int index, const QList<QPointF> &points)
{
    if (QLineSeries *line = m_lines.value(index)) {
        line->replace(points);
        fitRanges();
        describe();
    }
}

void TrainingChart::setFixedRange(double low, double high)
{
    m_fixed = true;
    m_low = low;
    m_high = high;
    fitRanges();
}

void TrainingChart::setTitles(const QString &title, const QString &xTitle, const QString &yTitle)
{
    m_chart->setTitle(title);
    m_x->setTitleText(xTitle);
    m_y->setTitleText(yTitle);
    showAxisTitles();
    setAccessibleName(title);
}

void TrainingChart::showAxisTitles()
{
    // A small chart cannot hold a legend, the step labels and the step axis's title at once:
    // Qt Charts then elides all three to "…". With a legend the title gives way (the timeline
    // above the charts says what the steps are).
    m_x->setTitleVisible(!m_x->titleText().isEmpty() && !m_chart->legend()->isVisible());
    m_y->setTitleVisible(!m_y->titleText().isEmpty());
}

void TrainingChart::setMarker(int step)
{
    m_marker = step;
    fitRanges();
    describe();
}

void TrainingChart::describe()
{
    // What a screen reader says for the picture: each line's newest value and the step shown.
    QStringList parts;
    for (const QLineSeries *line : std::as_const(m_lines))
        if (line->count() > 0) {
            const QPointF last = line->at(line->count() - 1);
            parts << tr("%1: %2 at step %3")
                         .arg(line->name(), QLocale().toString(last.y(), 'g', 3))
                         .arg(qRound(last.x()));
        }
    if (m_marker >= 0)
        parts << tr("the timeline shows step %1").arg(m_marker);
    setAccessibleDescription(parts.join(QStringLiteral("; ")));
}

void TrainingChart::setLeastStep(int step)
{
    m_leastStep = step;
    fitRanges();
}

void TrainingChart::fitRanges()
{
    double maxX = std::max(m_leastStep, 1), maxY = 0;
    for (const QLineSeries *line : std::as_const(m_lines)) {
        const QList<QPointF> points = line->points();
        if (!points.isEmpty())
            maxX = std::max(maxX, points.last().x());
        for (const QPointF &p : points)
            if (std::isfinite(p.y()))
                maxY = std::max(maxY, p.y());
    }
    // Whole steps, rounded up to an even number of the leading unit so that the middle tick
    // is round too, and the range changes rarely.
    const double step = std::pow(10.0, std::floor(std::log10(maxX)));
    const double xHigh = std::ceil(maxX / step / 2) * step * 2;
    if (m_x->max() != xHigh)
        m_x->setRange(0, xHigh);
    const double low = m_fixed ? m_low : 0;
    // The same rounding for the loss: 0 … 2 rather than 0 … 1.90752.
    double high = m_high;
    if (!m_fixed) {
        const double unit = maxY > 0 ? std::pow(10.0, std::floor(std::log10(maxY))) : 0.5;
        high = std::ceil(maxY / unit / 2) * unit * 2;
        if (!(high > 0))
            high = 1;
    }
    if (m_y->min() != low || m_y->max() != high)
        m_y->setRange(low, high);
    QList<QPointF> marker;
    if (m_marker >= 0)
        marker << QPointF(m_marker, low) << QPointF(m_marker, high);
    m_markerLine->replace(marker);
}

void TrainingChart::applyColours()
{
    // Nine lines of text: the title, three tick labels, the step labels and the legend, below
    // which Qt Charts elides every label; so in larger type (presentation mode) it is taller. A
    // minimum height, not only a hint, so that the splitter and scroll area around keep it.
    setMinimumHeight(std::max(140, 9 * fontMetrics().height()));
    const double line = Appearance::instance()->lineScale();
    m_chart->setBackgroundBrush(ColorScheme::background());
    m_chart->setTitleBrush(ColorScheme::text());
    m_chart->legend()->setLabelColor(ColorScheme::text());
    QFont title = font();
    title.setBold(true);
    m_chart->setTitleFont(title);
    m_chart->legend()->setFont(font());
    for (QValueAxis *axis : {m_x, m_y}) {
        axis->setLabelsColor(ColorScheme::text());
        axis->setTitleBrush(ColorScheme::text());
        axis->setLinePenColor(ColorScheme::axis());
        axis->setGridLineColor(ColorScheme::gridMinor());
        axis->setLabelsFont(font());
        axis->setTitleFont(font());
    }
    m_markerLine->setPen(QPen(ColorScheme::highlight(), 1.5 * line, Qt::DotLine));
    for (int i = 0; i < m_lines.size(); ++i) {
        QPen pen = m_lines[i]->pen();
        pen.setColor(m_colours[i]);
        pen.setWidthF(2 * line);
        m_lines[i]->setPen(pen);
    }
    setBackgroundBrush(ColorScheme::background());
}

bool TrainingChart::exportTo(const QString &path, const QSize &size) const
{
    // A copy of the view at the requested size, so that the picture does not depend on the
    // window's layout or the screen's pixel ratio. Rendered into memory first and then written
    // with QSaveFile, as the Exporter does: a failed export leaves an existing file as it was.
    auto *self = const_cast<TrainingChart *>(this);
    const QSize before = self->size();
    self->resize(size);
    const QRect area(QPoint(0, 0), size);
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    bool ok = false;
    QPainter painter;
    switch (Exporter::formatFromPath(path).value_or(Exporter::Format::Png)) {
    case Exporter::Format::Svg: {
        QSvgGenerator svg;
        svg.setOutputDevice(&buffer);
        svg.setSize(size);
        svg.setViewBox(area);
        svg.setTitle(m_chart->title());
        if (painter.begin(&svg)) {
            self->render(&painter, QRectF(area), area);
            ok = painter.end();
        }
        break;
    }
    case Exporter::Format::Pdf: {
        // One page exactly the chart's size, at the Exporter's 96 logical pixels per inch.
        QPdfWriter pdf(&buffer);
        pdf.setCreator(Exporter::tr("Attention Canvas"));
        pdf.setTitle(m_chart->title());
        pdf.setResolution(kDpi);
        pdf.setPageLayout(QPageLayout(QPageSize(QSizeF(size) * 72.0 / kDpi, QPageSize::Point,
                                                QString(), QPageSize::ExactMatch),
                                      QPageLayout::Portrait, QMarginsF()));
        if (painter.begin(&pdf)) {
            painter.setRenderHint(QPainter::Antialiasing);
            painter.scale(double(pdf.width()) / size.width(), double(pdf.height()) / size.height());
            painter.fillRect(area, ColorScheme::background());
            self->render(&painter, QRectF(area), area);
            ok = painter.end();
        }
        break;
    }
    case Exporter::Format::Png: {
        QImage image(size, QImage::Format_ARGB32_Premultiplied);
        image.fill(ColorScheme::background());
        if (painter.begin(&image)) {
            painter.setRenderHint(QPainter::Antialiasing);
            self->render(&painter, QRectF(area), area);
            painter.end();
            ok = image.save(&buffer, "PNG");
        }
        break;
    }
    }
    self->resize(before);
    QSaveFile file(path);
    return ok && file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size() &&
           file.commit();
}

QSize TrainingChart::sizeHint() const
{
    return QSize(360, 220);
}

QSize TrainingChart::minimumSizeHint() const
{
    return QSize(200, minimumHeight());
}

void TrainingChart::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::FontChange || event->type() == QEvent::PaletteChange)
        applyColours();
    QChartView::changeEvent(event);
}
