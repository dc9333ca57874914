#include "lab/scorehistogramchart.h"

#include "model/dimensionlabmodel.h"

#include <QAreaSeries>
#include <QChart>
#include <QLineSeries>
#include <QLocale>
#include <QValueAxis>

#include <algorithm>

namespace {
QList<QPointF> outline(const attn::Histogram &h)
{
    QList<QPointF> points;
    points.reserve(2 * h.bins());
    for (int i = 0; i < h.bins(); ++i) {
        points << QPointF(h.binLeft(i), h.fraction(i)) << QPointF(h.binRight(i), h.fraction(i));
    }
    return points;
}

QAreaSeries *area(QLineSeries *upper, const QColor &color)
{
    auto *series = new QAreaSeries(upper);
    QColor fill = color;
    fill.setAlpha(90);
    series->setBrush(fill);
    series->setPen(QPen(color, 1.6));
    return series;
}
} // namespace

ScoreHistogramChart::ScoreHistogramChart(DimensionLabModel *model, QWidget *parent)
    : LabChart(model, parent), m_rawLine(new QLineSeries(this)),
      m_scaledLine(new QLineSeries(this)), m_raw(area(m_rawLine, rawColor())),
      m_scaled(area(m_scaledLine, scaledColor()))
{
    m_x = addValueAxis(Qt::AlignBottom);
    m_x->setLabelFormat(QStringLiteral("%g"));
    m_y = addValueAxis(Qt::AlignLeft);
    m_y->setLabelFormat(QStringLiteral("%.2f"));
    m_y->setRange(0, 1);
    // Raw behind scaled: the narrow scaled peak stays visible over the wide raw one.
    for (QAreaSeries *s : {m_raw, m_scaled}) {
        m_chart->addSeries(s);
        s->attachAxis(m_x);
        s->attachAxis(m_y);
    }
    connect(m_model, &DimensionLabModel::pointChanged, this, &ScoreHistogramChart::refresh);
    finishSetUp();
    refresh();
}

QList<QPointF> ScoreHistogramChart::rawPoints() const
{
    return m_rawLine->points();
}

QList<QPointF> ScoreHistogramChart::scaledPoints() const
{
    return m_scaledLine->points();
}

void ScoreHistogramChart::retranslate()
{
    m_raw->setName(tr("raw qᵀk"));
    m_scaled->setName(tr("scaled qᵀk/√d"));
    m_x->setTitleText(tr("Score"));
    m_y->setTitleText(tr("Share of samples"));
    updateTitle();
}

void ScoreHistogramChart::updateTitle()
{
    if (!m_model->hasPoint()) {
        m_chart->setTitle(tr("Distribution of the scores"));
        return;
    }
    const attn::DimensionExperimentParams &p = m_model->pointParams();
    m_chart->setTitle(tr("Distribution of the scores at d = %1 (N = %2 samples)")
                          .arg(p.dimension)
                          .arg(QLocale().toString(p.samples)));
}

void ScoreHistogramChart::refresh()
{
    updateTitle();
    if (!m_model->hasPoint())
        return;
    const attn::ScoreHistograms &h = m_model->histograms();
    const QList<QPointF> raw = outline(h.raw);
    const QList<QPointF> scaled = outline(h.scaled);
    m_rawLine->replace(raw);
    m_scaledLine->replace(scaled);
    double top = 0;
    for (const QList<QPointF> *list : {&raw, &scaled})
        for (const QPointF &p : *list)
            top = std::max(top, p.y());
    m_x->setRange(h.raw.lo, h.raw.hi);
    m_x->applyNiceNumbers();
    m_y->setRange(0, std::max(top * 1.05, 0.01));
    m_y->applyNiceNumbers();
}
