#include "panels/weightchart.h"

#include "methods/methodnames.h"
#include "methods/normalisernames.h"
#include "model/scenemodel.h"
#include "panels/nothingbar.h"
#include "panels/stampedtextitem.h"
#include "panels/weightbarsitem.h"
#include "text/numberformat.h"
#include "text/textstamp.h"
#include "theme/appearance.h"
#include "theme/colorscheme.h"
#include "widgets/ownchart.h"

#include <QBarSeries>
#include <QBarSet>
#include <QCategoryAxis>
#include <QChart>
#include <QEvent>
#include <QFontMetricsF>
#include <QGraphicsLineItem>
#include <QGraphicsRectItem>
#include <QGraphicsScene>
#include <QPen>
#include <QResizeEvent>
#include <QStackedBarSeries>

#include <algorithm>
#include <cmath>

namespace {
// More keys than this and the bars are too narrow for their numbers.
constexpr int kMaxLabelledKeys = 16;
constexpr double kTitleScale = 1.25;

QString keyName(int index)
{
    return QStringLiteral("k") + NumberFormat::subscript(index + 1);
}

// The next step of the 1, 2, 5 sequence.
double nextNiceStep(double step)
{
    const double mag = std::pow(10.0, std::floor(std::log10(step) + 1e-9));
    const double f = step / mag;
    return (f < 1.5 ? 2 : f < 3.5 ? 5 : 10) * mag;
}

// The number on a bar: NumberFormat's rule, as in the table and on the canvas.
QString barNumber(double x)
{
    return NumberFormat::number(x);
}

// Ticks from `min` to `max`, `step` apart, labelled by NumberFormat::tick() (a true minus
// sign: QValueAxis formats with printf, which writes a hyphen). The grid follows the ticks.
void setTicks(QCategoryAxis *axis, double min, double max, double step)
{
    const QStringList old = axis->categoriesLabels();
    for (const QString &label : old)
        axis->remove(label);
    axis->setRange(min, max);
    // A category ends at each tick and is labelled there; the first begins below the range so
    // that the minimum gets its label too.
    axis->setStartValue(min - step);
    const int ticks = int(std::lround((max - min) / step));
    for (int i = 0; i <= ticks; ++i) {
        const double v = i == ticks ? max : min + i * step;
        // Qt Charts keeps the width of "..." beside a vertical axis's labels and takes it from
        // the title's room: with one-character labels ("0" … "3") a Chinese title, taller than
        // a Latin one, was cut to "⋮". Two no-break spaces (labels are HTML: other spaces
        // collapse) widen such a label without moving its digit.
        const QString label = NumberFormat::tick(v, step);
        axis->append(label.size() < 2 ? QStringLiteral("\u00A0\u00A0") + label : label, v);
    }
}

// Qt Charts (6.4) lays out every bar of a series again on each QBarSet::replace(): a drag that
// moves all n bars cost n layouts of n² bars (a set per key, for its colour). The series is
// hidden and WeightBarsItem draws the bars, so the sets only hold values: their internal
// notifiers (the QBarSetPrivate child objects that tell the series) are silenced for good.
// Should a Qt version have no such child, nothing is silenced and the values still arrive, only
// more slowly.
void silence(const QList<QBarSet *> &sets)
{
    for (QBarSet *set : sets)
        for (QObject *child : set->children())
            if (qstrcmp(child->metaObject()->className(), "QBarSetPrivate") == 0)
                child->blockSignals(true);
}

bool isMasked(const SceneModel &m, int i)
{
    const auto &mask = m.scene().mask;
    return !mask.empty() && mask[std::size_t(i)];
}
} // namespace

WeightChart::WeightChart(SceneModel *model, QWidget *parent) : QChartView(parent), m_model(model)
{
    // Bars and axes are axis-aligned, so antialiasing buys nothing but costs about half of a
    // drag step's repaint; text keeps its own antialiasing.
    setRenderHint(QPainter::Antialiasing, false);
    setRenderHint(QPainter::TextAntialiasing, true);
    setFrameShape(QFrame::NoFrame);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setBackgroundBrush(ColorScheme::background());
    scene()->setItemIndexMethod(QGraphicsScene::NoIndex);
    m_charts.setItemIndexMethod(QGraphicsScene::NoIndex);
    setCacheMode(QGraphicsView::CacheBackground);

    // The view's chart() is the weights chart (its title, its size); it moves to the charts'
    // scene with the scores chart, which layoutCharts() puts below or beside it.
    m_weights.chart = new QChart;
    setOwnChart(this, m_weights.chart);
    // setChart() raised the minimum size to the new chart's, as QChartView's resizeEvent() would
    // again and again (after presentation mode's larger font the docks kept a large minimum):
    // minimumSizeHint() decides instead (see resizeEvent()).
    setMinimumSize(0, 0);
    m_charts.addItem(m_weights.chart);
    setUpPanel(m_weights, false);
    setTicks(m_weights.valueAxis, 0, 1, 0.2);
    m_scores.chart = new QChart;
    m_charts.addItem(m_scores.chart);
    setUpPanel(m_scores, true);
    // Whatever changes in the charts' scene (a title, the score axis's labels, a layout) draws the
    // background again.
    connect(&m_charts, &QGraphicsScene::changed, this, [this] {
        resetCachedContent();
        viewport()->update();
    });

    m_threshold = new QGraphicsLineItem(m_scores.anchor);
    m_threshold->setZValue(10);
    m_threshold->setVisible(false);

    for (Panel *p : {&m_weights, &m_scores})
        connect(p->chart, &QChart::plotAreaChanged, this, [this, p] {
            alignPlotAreas();
            updateTickBudget();
            positionValueLabels(*p);
            updateKeyLabels();
            positionThresholdLine();
            updateBars(*p);
        });
    connect(m_model, &SceneModel::changed, this, &WeightChart::refresh);
    connect(Appearance::instance(), &Appearance::changed, this, [this] {
        applyColours();
        refresh();
    });

    applyColours();
    applyFonts();
    retranslate();
}

WeightChart::~WeightChart() = default;

void WeightChart::setUpPanel(Panel &panel, bool withKeyTitle)
{
    QChart *c = panel.chart;
    c->setAnimationOptions(QChart::NoAnimation);
    c->legend()->hide();
    c->setBackgroundRoundness(0);
    c->setMargins(QMargins(4, 2, 12, 2));

    panel.keyAxis = new QCategoryAxis;
    panel.keyAxis->setRange(-0.5, 0.5);
    panel.keyAxis->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    panel.keyAxis->setGridLineVisible(false);
    panel.keyAxis->setTitleVisible(withKeyTitle);
    c->addAxis(panel.keyAxis, Qt::AlignBottom);

    panel.valueAxis = new QCategoryAxis;
    panel.valueAxis->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    c->addAxis(panel.valueAxis, Qt::AlignLeft);

    // The chart's coordinates in the view's scene, for what is drawn over it.
    auto *anchor = new QGraphicsRectItem;
    anchor->setFlag(QGraphicsItem::ItemHasNoContents);
    scene()->addItem(anchor);
    panel.anchor = anchor;
    connect(c, &QGraphicsWidget::geometryChanged, this, [anchor, c] { anchor->setPos(c->pos()); });
    panel.bars = new WeightBarsItem(anchor);
}

void WeightChart::applyColours()
{
    const QColor background = ColorScheme::background(), text = ColorScheme::text();
    setBackgroundBrush(background);
    for (Panel *p : {&m_weights, &m_scores}) {
        // Qt Charts' own light theme paints the chart white: the theme's background instead.
        p->chart->setBackgroundBrush(background);
        p->chart->setBackgroundPen(Qt::NoPen);
        p->chart->setTitleBrush(text);
        for (QAbstractAxis *axis : {static_cast<QAbstractAxis *>(p->keyAxis),
                                    static_cast<QAbstractAxis *>(p->valueAxis)}) {
            axis->setLabelsColor(text);
            axis->setTitleBrush(text);
            axis->setLinePenColor(ColorScheme::axis());
        }
        p->valueAxis->setGridLineColor(ColorScheme::grid());
        if (!m_grouped)
            for (QBarSet *set : std::as_const(p->sets))
                set->setPen(QPen(background, 1.0));
    }
}

void WeightChart::applyFonts()
{
    // Projector use: titles and numbers a size above the widget font.
    QFont base = font();
    QFont title = base;
    // A low chart keeps its title, a size smaller.
    title.setPointSizeF(base.pointSizeF() * (m_compact ? 1.0 : kTitleScale));
    title.setBold(true);
    QFont axisTitle = base;
    axisTitle.setPointSizeF(base.pointSizeF() * 1.05);
    for (Panel *p : {&m_weights, &m_scores}) {
        p->chart->setTitleFont(title);
        p->keyAxis->setLabelsFont(base);
        p->valueAxis->setLabelsFont(base);
        p->keyAxis->setTitleFont(axisTitle);
        p->valueAxis->setTitleFont(axisTitle);
    }
}

QSize WeightChart::sizeHint() const
{
    const QFontMetrics fm(font());
    return QSize(fm.height() * 30, fm.height() * 26);
}

QSize WeightChart::minimumSizeHint() const
{
    const QFontMetrics fm(font());
    return QSize(fm.height() * 14, fm.height() * 16);
}

void WeightChart::drawBackground(QPainter *painter, const QRectF &rect)
{
    QChartView::drawBackground(painter, rect);
    m_charts.render(painter, rect, rect);
}

void WeightChart::setTransparent()
{
    setBackgroundBrush(Qt::NoBrush);
    for (const Panel *p : {&m_weights, &m_scores}) {
        p->chart->setBackgroundVisible(false);
        p->chart->setPlotAreaBackgroundVisible(false);
    }
}

void WeightChart::resizeEvent(QResizeEvent *event)
{
    // Not QChartView's: it would resize the weights chart to the whole view and raise the view's
    // minimum size to that chart's; layoutCharts() places both charts, and minimumSizeHint()
    // says how small the view may be.
    QGraphicsView::resizeEvent(event);
    layoutCharts();
}

void WeightChart::layoutCharts()
{
    const QSizeF s = viewport()->size();
    const double line = QFontMetricsF(font()).height();
    // Stacked, the charts share the key axis's alignment; a view too low for two charts above
    // each other but wide enough puts them side by side instead.
    const bool sideBySide = s.height() < line * 20 && s.width() >= s.height() * 1.6;
    const double panelHeight = sideBySide ? s.height() : s.height() / 2;
    const bool compact = panelHeight < line * 13;
    if (sideBySide) {
        const double left = std::floor(s.width() * 0.5);
        m_weights.chart->setGeometry(QRectF(0, 0, left, s.height()));
        m_scores.chart->setGeometry(QRectF(left, 0, s.width() - left, s.height()));
    } else {
        const double top = std::floor(s.height() * 0.5);
        m_weights.chart->setGeometry(QRectF(0, 0, s.width(), top));
        m_scores.chart->setGeometry(QRectF(0, top, s.width(), s.height() - top));
    }
    setSceneRect(QRectF(QPointF(0, 0), s));
    m_charts.setSceneRect(sceneRect());
    if (sideBySide != m_sideBySide || compact != m_compact) {
        m_sideBySide = sideBySide;
        m_compact = compact;
        const QMargins margins = compact ? QMargins(2, 0, 6, 0) : QMargins(4, 2, 12, 2);
        for (Panel *p : {&m_weights, &m_scores}) {
            p->chart->setMargins(margins + QMargins(p->extraLeft, 0, 0, 0));
            p->keyAxis->setTitleVisible(!compact && (p == &m_scores || sideBySide));
        }
        applyFonts();
        alignPlotAreas();
    }
    updateTitles();
}

void WeightChart::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    else if (event->type() == QEvent::FontChange)
        applyFonts();
    QChartView::changeEvent(event);
}

void WeightChart::retranslate()
{
    setAccessibleName(tr("Weights and scores chart"));
    setToolTip(tr("Top: each key's attention weight after the normaliser (0 to 1); under "
                  "softmax₁ a grey bar, “nothing”, holds what the keys do not get, 1 − Σw. "
                  "Bottom: each key's score before softmax or the other normalisers (for scaled "
                  "dot product q·k/√d). Every key's bar has its key's colour."));
    m_weights.keyAxis->setTitleText(tr("Key"));
    m_scores.keyAxis->setTitleText(tr("Key"));
    updateTitles(true);
    refresh(); // the "masked" labels
}

QString WeightChart::fittedTitle(const QStringList &variants, const QChart *chart) const
{
    // The longest variant that fits the chart's width: Qt Charts would cut a long title with
    // "…" (presentation mode) or the chart would drop it (a 1280 × 800 screen).
    const QFontMetricsF fm(chart->titleFont());
    const QMarginsF margins = chart->margins();
    // Qt Charts lays the title out in less than the margins leave (its own layout margins): keep
    // a few line heights spare rather than see "…".
    const double room = chart->size().width() - margins.left() - margins.right() - 3 * fm.height();
    if (chart->size().width() <= 0 && !variants.isEmpty())
        return variants.first(); // not laid out yet
    for (const QString &v : variants)
        if (fm.horizontalAdvance(v) <= room)
            return v;
    return variants.isEmpty() ? QString() : variants.last();
}

void WeightChart::updateTitles(bool force)
{
    const bool ok = m_model->hasResult();
    const bool multi = ok && m_model->scene().method == attn::Method::MultiHead;
    const int heads = multi ? int(m_model->result().heads.size()) : 0;
    // Everything the titles depend on, so that a drag that changes none of it (the usual case:
    // the numbers in a title are rare) skips the translations and the text measuring below, a
    // few per cent of a drag step.
    {
        TitleInputs in;
        in.ok = ok;
        in.heads = heads;
        if (ok && !multi) {
            const attn::SoftmaxTrace &t = m_model->result().trace;
            in.method = int(m_model->scene().method);
            in.normaliser = int(t.normaliser);
            in.numbers = t.normaliser == attn::Normaliser::Softmax1  ? barNumber(t.nothingWeight)
                         : t.normaliser == attn::Normaliser::Sigmoid ? barNumber(t.weightSum)
                         : t.normaliser == attn::Normaliser::Sparsemax
                             ? QStringLiteral("%1 %2 %3")
                                   .arg(t.support)
                                   .arg(t.weights.size())
                                   .arg(barNumber(m_thresholdScore))
                             : QString();
        } else if (!ok) {
            in.numbers = m_model->errorText();
        }
        in.weightWidth = m_weights.chart->size().width();
        in.scoreWidth = m_scores.chart->size().width();
        in.font = m_weights.chart->titleFont();
        if (!force && in == m_titleInputs)
            return;
        m_titleInputs = in;
    }
    // Longest first; every variant of a multi-head title says "mean".
    QStringList weightTitles, scoreTitles;
    if (!ok) {
        weightTitles = {tr("Attention weights: no result"), tr("No result")};
        scoreTitles = {m_model->errorText()};
    } else if (multi) {
        weightTitles = {tr("Mean attention weights over %n heads", nullptr, heads),
                        tr("Mean weights, %n heads", nullptr, heads), tr("Mean weights")};
        scoreTitles = {tr("Mean scores before softmax over %n heads", nullptr, heads),
                       tr("Mean scores, %n heads", nullptr, heads), tr("Mean scores")};
    } else {
        const QString method = MethodNames::name(m_model->scene().method);
        const attn::SoftmaxTrace &t = m_model->result().trace;
        const QString normaliser = NormaliserNames::name(t.normaliser);
        // What each normaliser does to the sum: softmax₁ keeps 1 − Σw for "nothing", sigmoid's
        // weights sum to anything; sparsemax's zeros are the bars labelled 0.
        QString fact;
        if (t.normaliser == attn::Normaliser::Softmax1)
            fact = tr("nothing (1 − Σw) = %1").arg(barNumber(t.nothingWeight));
        else if (t.normaliser == attn::Normaliser::Sigmoid)
            fact = tr("Σw = %1").arg(barNumber(t.weightSum));
        else if (t.normaliser == attn::Normaliser::Sparsemax)
            fact = tr("%1 of %2 keys above 0").arg(t.support).arg(t.weights.size());
        if (fact.isEmpty())
            weightTitles = {tr("Attention weights (%1)").arg(normaliser),
                            tr("Weights (%1)").arg(normaliser), tr("Weights")};
        else
            weightTitles = {tr("Attention weights (%1), %2").arg(normaliser, fact),
                            tr("Weights (%1), %2").arg(normaliser, fact),
                            tr("Weights, %1").arg(fact), tr("Weights")};
        if (t.normaliser == attn::Normaliser::Sparsemax) {
            // The dashed line's value: the keys below it get weight 0.
            const QString line = barNumber(m_thresholdScore);
            scoreTitles = {tr("Scores: %1, threshold τ*·τ = %2 (dashed)").arg(method, line),
                           tr("Scores, threshold τ*·τ = %1").arg(line),
                           tr("Threshold %1").arg(line), tr("Scores")};
        } else if (t.normaliser != attn::Normaliser::Softmax) {
            scoreTitles = {tr("Scores: %1").arg(method), tr("Scores")};
        } else {
            scoreTitles = {tr("Scores before softmax: %1").arg(method), tr("Scores before softmax"),
                           tr("Scores")};
        }
    }
    const QString weightTitle = fittedTitle(weightTitles, m_weights.chart);
    const QString scoreTitle = fittedTitle(scoreTitles, m_scores.chart);
    // "Mean" says that multi-head bars average the heads.
    const QString weightAxis = multi ? tr("Mean weight") : tr("Weight");
    const QString scoreAxis = multi ? tr("Mean score") : tr("Score");
    // Setting an unchanged title would still relayout the chart on every drag step.
    if (m_weights.valueAxis->titleText() != weightAxis)
        m_weights.valueAxis->setTitleText(weightAxis);
    if (m_scores.valueAxis->titleText() != scoreAxis)
        m_scores.valueAxis->setTitleText(scoreAxis);
    if (m_weights.chart->title() != weightTitle)
        m_weights.chart->setTitle(weightTitle);
    if (m_scores.chart->title() != scoreTitle)
        m_scores.chart->setTitle(scoreTitle);
}

int WeightChart::valueIndex(int key) const
{
    return m_grouped ? key : 0;
}

double WeightChart::barCentre(int key) const
{
    return m_grouped ? double(key) : -0.5 + (key + 0.5) / slotCount();
}

std::optional<double> WeightChart::nothingWeight() const
{
    const SceneModel &m = *m_model;
    if (!m.hasResult() || m.scene().normaliser != attn::Normaliser::Softmax1)
        return std::nullopt;
    if (m.scene().method != attn::Method::MultiHead)
        return m.result().trace.nothingWeight;
    // The bars are the means over the heads, so the bar for nothing is the mean of the heads'.
    const auto &heads = m.result().heads;
    double sum = 0;
    for (const attn::HeadResult &h : heads)
        sum += h.softmax.nothingWeight;
    return heads.empty() ? 0.0 : sum / double(heads.size());
}

void WeightChart::rebuild(int keyCount, bool nothing)
{
    m_keyCount = keyCount;
    m_nothing = nothing;
    m_grouped = keyCount <= kMaxLabelledKeys;
    rebuildPanel(m_weights, keyCount);
    rebuildPanel(m_scores, keyCount);
    m_keyLabelStep = 0;
    updateKeyLabels();
}

void WeightChart::rebuildPanel(Panel &panel, int keyCount)
{
    // Qt Charts colours by set, so every key is a set of its own. Few keys: one category per
    // key, and set i is non-zero only in category i (stacking hides the zeros), which leaves
    // gaps between the bars. Many keys: all sets share one category and split it, so that 64
    // keys make 64 bars rather than 64². Softmax₁'s "nothing" is one more set after the keys.
    if (panel.series) {
        panel.chart->removeSeries(panel.series);
        delete panel.series;
    }
    qDeleteAll(panel.labels);
    panel.labels.clear();
    panel.sets.clear();
    if (m_grouped) {
        panel.series = new QStackedBarSeries;
        panel.series->setBarWidth(0.72);
        panel.keyAxis->setRange(-0.5, slotCount() - 0.5);
    } else {
        panel.series = new QBarSeries;
        panel.series->setBarWidth(1.0);
        panel.keyAxis->setRange(-0.5, 0.5);
    }
    const int slotTotal = slotCount();
    const int values = m_grouped ? slotTotal : 1;
    QList<QBarSet *> sets;
    for (int i = 0; i < slotTotal; ++i) {
        auto *set = new QBarSet(i < keyCount ? keyName(i) : NothingBar::name());
        for (int v = 0; v < values; ++v)
            set->append(0.0);
        // A thin outline in the background colour separates neighbours in the histogram.
        set->setPen(m_grouped ? QPen(Qt::NoPen) : QPen(ColorScheme::background(), 1.0));
        sets << set;
        if (m_grouped) {
            auto *label = new StampedTextItem(panel.anchor);
            label->setZValue(10);
            panel.labels << label;
        }
    }
    panel.series->append(sets);
    panel.sets = sets;
    panel.chart->addSeries(panel.series);
    panel.series->attachAxis(panel.keyAxis);
    panel.series->attachAxis(panel.valueAxis);
    panel.series->setVisible(false);
    silence(sets);
}

void WeightChart::refresh()
{
    const SceneModel &m = *m_model;
    const int n = m.keyCount();
    const std::optional<double> nothing = nothingWeight();
    if (n != m_keyCount || nothing.has_value() != m_nothing)
        rebuild(n, nothing.has_value());
    const bool ok = m.hasResult();
    for (int i = 0; i < slotCount(); ++i) {
        const QColor colour = i == n           ? NothingBar::colour()
                              : isMasked(m, i) ? ColorScheme::gridMajor()
                                               : ColorScheme::keyColor(i, n);
        for (Panel *p : {&m_weights, &m_scores})
            if (p->sets[i]->color() != colour)
                p->sets[i]->setColor(colour);
    }
    double lo = 0, hi = 0;
    {
        for (int i = 0; i < n; ++i) {
            const double w = ok ? m.result().weights[i] : 0.0;
            const double s = ok ? m.result().scores[i] : 0.0;
            const int v = valueIndex(i);
            m_weights.sets[i]->replace(v, w);
            m_scores.sets[i]->replace(v, s);
            lo = std::min(lo, s);
            hi = std::max(hi, s);
            if (!m_weights.labels.isEmpty()) {
                // An exact 0 (sparsemax below its threshold) reads "0", not a rounded 0.000.
                m_weights.labels[i]->setText(isMasked(m, i) ? tr("masked")
                                             : w == 0.0     ? QStringLiteral("0")
                                                            : barNumber(w));
                m_scores.labels[i]->setText(barNumber(s));
            }
        }
        if (nothing) {
            // The implicit key: its weight is what the keys leave, its score is 0 by definition.
            const int v = valueIndex(n);
            m_weights.sets[n]->replace(v, *nothing);
            m_scores.sets[n]->replace(v, 0.0);
            if (!m_weights.labels.isEmpty()) {
                m_weights.labels[n]->setText(barNumber(*nothing));
                m_scores.labels[n]->setText(QStringLiteral("0"));
            }
        }
    }
    // Sparsemax's threshold in the units of the scores (z = s/τ, so s = τ*·τ), kept in range.
    const bool sparse = ok && m.scene().normaliser == attn::Normaliser::Sparsemax &&
                        m.scene().method != attn::Method::MultiHead;
    m_thresholdScore = sparse ? m.result().trace.threshold * m.result().temperature : 0.0;
    if (sparse) {
        lo = std::min(lo, m_thresholdScore);
        hi = std::max(hi, m_thresholdScore);
    }
    updateScoreRange(lo, hi);
    updateTitles();
    // The line first: the score labels keep clear of it.
    m_threshold->setVisible(sparse);
    positionValueLabels(m_weights);
    positionValueLabels(m_scores);
    positionThresholdLine();
    updateBars(m_weights);
    updateBars(m_scores);
}

bool WeightChart::thresholdShown() const
{
    return m_threshold->isVisible();
}

double WeightChart::thresholdY() const
{
    return m_threshold->mapToScene(m_threshold->line().p1()).y();
}

QList<QRectF> WeightChart::scoreLabelRects() const
{
    QList<QRectF> rects;
    for (const StampedTextItem *label : m_scores.labels)
        if (label->isVisible())
            rects << label->sceneBoundingRect();
    return rects;
}

void WeightChart::positionThresholdLine()
{
    if (!m_threshold->isVisible() || m_scores.chart->plotArea().isEmpty())
        return;
    const QRectF plot = m_scores.chart->plotArea();
    const double unit = plot.height() / std::max(m_scoreMax - m_scoreMin, 1e-12);
    const double y =
        plot.bottom() - (std::clamp(m_thresholdScore, m_scoreMin, m_scoreMax) - m_scoreMin) * unit;
    QPen pen(ColorScheme::text(), 1.5 * Appearance::instance()->lineScale(), Qt::DashLine);
    m_threshold->setPen(pen);
    m_threshold->setLine(plot.left(), y, plot.right(), y);
}

void WeightChart::updateScoreRange(double lo, double hi)
{
    m_lastLo = lo;
    m_lastHi = hi;
    if (lo == 0 && hi == 0)
        hi = 1;
    // Headroom above and below for the numbers on the bars; rounded to a nice step so that the
    // axis stays put while a drag moves the scores a little.
    const double margin = (hi - lo) * 0.18;
    double step = NumberFormat::niceStep(hi - lo + margin, 4);
    double newMin = 0, newMax = 0;
    for (int guard = 0; guard < 8; ++guard) {
        newMin = lo < 0 ? std::floor((lo - margin) / step) * step : 0.0;
        newMax = hi > 0 ? std::ceil((hi + margin) / step) * step : 0.0;
        if (newMax <= newMin)
            newMax = newMin + step;
        if (std::lround((newMax - newMin) / step) + 1 <= m_tickBudget)
            break;
        step = nextNiceStep(step); // a low chart: fewer, wider intervals
    }
    if (newMin == m_scoreMin && newMax == m_scoreMax && step == m_scoreStep)
        return;
    m_scoreMin = newMin;
    m_scoreMax = newMax;
    m_scoreStep = step;
    setTicks(m_scores.valueAxis, newMin, newMax, step);
}

void WeightChart::updateTickBudget()
{
    const double line = QFontMetricsF(m_scores.valueAxis->labelsFont()).height();
    const double plot =
        std::min(m_weights.chart->plotArea().height(), m_scores.chart->plotArea().height());
    if (plot <= 0)
        return;
    const int budget = std::max(2, int(plot / (line * 1.4)) + 1);
    if (budget == m_tickBudget)
        return;
    m_tickBudget = budget;
    const int weightTicks = budget >= 6 ? 6 : budget >= 5 ? 5 : budget >= 3 ? 3 : 2;
    setTicks(m_weights.valueAxis, 0, 1, 1.0 / (weightTicks - 1));
    updateScoreRange(m_lastLo, m_lastHi);
}

void WeightChart::updateKeyLabels()
{
    const int n = m_keyCount;
    if (n <= 0)
        return;
    // Label every key while they fit, else every step-th so that the labels never overlap.
    const QFontMetricsF fm(m_weights.keyAxis->labelsFont());
    const double gap = fm.height() * 0.6;
    const double labelWidth = fm.horizontalAdvance(keyName(n - 1)) + gap;
    const double plotWidth = std::max(1.0, m_weights.chart->plotArea().width());
    const double slotWidth = plotWidth / slotCount();
    int step = 1;
    const int steps[] = {1, 2, 4, 5, 8, 10, 16, 20, 32, 64};
    for (int s : steps) {
        step = s;
        if (slotWidth * s >= labelWidth)
            break;
    }
    if (step == m_keyLabelStep)
        return;
    m_keyLabelStep = step;
    // "nothing" is always labelled: a key's label too close to it gives way.
    const double nothingHalf = fm.horizontalAdvance(NothingBar::name()) / 2;
    for (Panel *p : {&m_weights, &m_scores}) {
        const QStringList old = p->keyAxis->categoriesLabels();
        for (const QString &label : old)
            p->keyAxis->remove(label);
        p->keyAxis->setStartValue(-0.5);
        for (int i = 0; i < n; i += step) {
            if (m_nothing && (n - i) * slotWidth < nothingHalf + labelWidth / 2 + gap / 2)
                continue;
            p->keyAxis->append(keyName(i), barCentre(i));
        }
        if (m_nothing)
            p->keyAxis->append(NothingBar::name(), barCentre(n));
    }
}

void WeightChart::updateBars(Panel &panel)
{
    panel.bars->layOut(
        panel.sets, panel.chart->plotArea(), {panel.keyAxis->min(), panel.keyAxis->max()},
        {panel.valueAxis->min(), panel.valueAxis->max()}, panel.series->barWidth(), m_grouped);
}

QList<QRectF> WeightChart::barRects() const
{
    QList<QRectF> rects;
    for (const Panel *p : {&m_weights, &m_scores})
        for (const WeightBarsItem::Bar &bar : p->bars->bars())
            rects << p->bars->mapRectToScene(bar.rect);
    return rects;
}

void WeightChart::positionValueLabels(Panel &panel)
{
    if (panel.labels.isEmpty() || panel.chart->plotArea().isEmpty())
        return;
    const int n = int(panel.sets.size());
    const QRectF plot = panel.chart->plotArea();
    const double slot = plot.width() / n;
    const double barWidth = slot * panel.series->barWidth();
    const bool weights = &panel == &m_weights;
    const double lo = weights ? 0.0 : m_scoreMin;
    const double hi = weights ? 1.0 : m_scoreMax;
    const double unit = plot.height() / std::max(hi - lo, 1e-12);
    // Shrink the numbers to the slot, but not below a size still readable at the back.
    QFont f = font();
    double widest = 0;
    for (auto *label : panel.labels)
        widest = std::max(widest, TextStamp::size(f, label->text()).width());
    const double scale = std::min(1.0, (slot - 4) / std::max(widest, 1.0));
    f.setPointSizeF(std::max(7.0, f.pointSizeF() * scale));
    // Measured from the laid-out text: QFontMetricsF shaped it again on every change.
    const bool fits = TextStamp::size(f, QStringLiteral("0.000")).width() <= slot - 2;
    // Sparsemax's dashed threshold across the scores: no number may sit on it.
    const bool line = !weights && m_threshold->isVisible();
    const double yLine = plot.bottom() - (std::clamp(m_thresholdScore, lo, hi) - lo) * unit;
    for (int i = 0; i < n; ++i) {
        StampedTextItem *label = panel.labels[i];
        label->setVisible(fits);
        if (!fits)
            continue;
        if (label->font() != f)
            label->setFont(f);
        const double v = panel.sets[i]->at(valueIndex(i));
        const double x = plot.left() + slot * (i + 0.5);
        const double yValue = plot.bottom() - (std::clamp(v, lo, hi) - lo) * unit;
        const double yZero = plot.bottom() - (std::clamp(0.0, lo, hi) - lo) * unit;
        const QSizeF size = label->boundingRect().size();
        double y;
        QColor colour = ColorScheme::text();
        // A bar reaching the end of the plot carries its number inside, in a colour that reads
        // on the bar.
        const QColor inside = ColorScheme::textOn(panel.sets[i]->color());
        if (v >= 0) {
            y = yValue - size.height() - 1;
            if (y < plot.top() && yZero - yValue > size.height() + 4) {
                y = yValue + 2;
                colour = inside;
            }
            // A 0 at the top of the range (softmax₁'s implicit score over negative scores):
            // its number below the axis, inside the plot, as a negative score's would be.
            if (y < plot.top() && v == 0)
                y = yValue + 1;
        } else {
            y = yValue + 1;
            if (y + size.height() > plot.bottom() && yValue - yZero > size.height() + 4) {
                y = yValue - size.height() - 2;
                colour = inside;
            }
        }
        if (line && y - 1 < yLine && y + size.height() + 1 > yLine) {
            // Crossed by the threshold: inside the bar's end when the bar has room, else on the
            // far side of the line from the bar's end, so that the line stays readable too. Inside
            // only where the number keeps 4.5:1 on the bar: for some mid-tone key colours neither
            // white nor black text does.
            const bool up = v >= 0;
            const double room = std::abs(yZero - yValue);
            const bool legible = ColorScheme::contrast(inside, panel.sets[i]->color()) >= 4.5;
            if (legible && room > size.height() + 4 &&
                (up ? yValue + 2 > yLine : yValue - 2 < yLine)) {
                y = up ? yValue + 2 : yValue - size.height() - 2;
                colour = inside;
            } else if (yValue > yLine) {
                y = yLine - size.height() - 2; // the bar ends below the line: the number above it
                colour = ColorScheme::text();
            } else {
                y = yLine + 2;
                colour = ColorScheme::text();
            }
        }
        if (size.width() > barWidth + slot * 0.2)
            colour = ColorScheme::text(); // wider than the bar: on the background, not the bar
        label->setBrush(colour);
        label->setPos(x - size.width() / 2, y);
    }
}

void WeightChart::alignPlotAreas()
{
    // Each chart's plot area starts after its own axis labels; pad the narrower one so that
    // a weight bar sits exactly above its score bar.
    if (m_sideBySide) {
        // Side by side there is nothing to line up: drop the padding.
        for (Panel *p : {&m_weights, &m_scores}) {
            if (p->extraLeft == 0)
                continue;
            QMargins m = p->chart->margins();
            m.setLeft(m.left() - p->extraLeft);
            p->extraLeft = 0;
            p->chart->setMargins(m);
        }
        return;
    }
    const double a = m_weights.chart->plotArea().left() - m_weights.extraLeft;
    const double b = m_scores.chart->plotArea().left() - m_scores.extraLeft;
    const double target = std::max(a, b);
    const int ea = int(std::lround(target - a));
    const int eb = int(std::lround(target - b));
    bool changed = false;
    for (auto [p, extra] : {std::pair{&m_weights, ea}, std::pair{&m_scores, eb}}) {
        if (extra == p->extraLeft)
            continue;
        QMargins m = p->chart->margins();
        m.setLeft(m.left() - p->extraLeft + extra);
        p->extraLeft = extra;
        p->chart->setMargins(m);
        changed = true;
    }
    // The padding narrows the title's room: fit the titles again.
    if (changed)
        updateTitles(true);
}

QList<double> WeightChart::displayedWeights() const
{
    QList<double> out;
    for (int i = 0; i < m_keyCount; ++i)
        out << m_weights.sets[i]->at(valueIndex(i));
    return out;
}

QList<double> WeightChart::displayedScores() const
{
    QList<double> out;
    for (int i = 0; i < m_keyCount; ++i)
        out << m_scores.sets[i]->at(valueIndex(i));
    return out;
}

std::optional<double> WeightChart::displayedNothing() const
{
    if (!m_nothing)
        return std::nullopt;
    return m_weights.sets[m_keyCount]->at(valueIndex(m_keyCount));
}

QString WeightChart::nothingLabel() const
{
    if (!m_nothing || m_weights.labels.size() <= m_keyCount)
        return {};
    return m_weights.labels[m_keyCount]->text();
}

QStringList WeightChart::scoreAxisLabels() const
{
    return m_scores.valueAxis->categoriesLabels();
}

QStringList WeightChart::weightAxisLabels() const
{
    return m_weights.valueAxis->categoriesLabels();
}

QString WeightChart::weightTitle() const
{
    return m_weights.chart->title();
}

QString WeightChart::scoreTitle() const
{
    return m_scores.chart->title();
}

double WeightChart::scoreAxisMin() const
{
    return m_scores.valueAxis->min();
}

double WeightChart::scoreAxisMax() const
{
    return m_scores.valueAxis->max();
}
