#include "panels/steppanel.h"

#include "canvas/selection.h"
#include "methods/formulalines.h"
#include "methods/methodnames.h"
#include "methods/methodview.h"
#include "methods/methodviews.h"
#include "model/scenemodel.h"
#include "panels/steptablemodel.h"
#include "text/htmlfragments.h"
#include "text/numberformat.h"
#include "text/writtenarithmetic.h"
#include "theme/appearance.h"
#include "theme/colorscheme.h"
#include "walkthrough/walkthrough.h"
#include "widgets/onscreenwatcher.h"
#include "widgets/updatethrottle.h"

#include <QEvent>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QScrollBar>
#include <QSplitter>
#include <QTableView>
#include <QTextBrowser>
#include <QTextDocument>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace {

using namespace HtmlFragments;
using namespace WrittenArithmetic;
using NumberFormat::kDecimals;

// The method files tag their lines with Stage so that they need not know the walkthrough.
static_assert(int(Stage::Scores) == Walkthrough::Scores &&
                  int(Stage::Scaling) == Walkthrough::Scaling &&
                  int(Stage::Exponentials) == Walkthrough::Exponentials &&
                  int(Stage::Normalisation) == Walkthrough::Normalisation &&
                  int(Stage::WeightedSum) == Walkthrough::WeightedSum,
              "Stage follows Walkthrough::Step");

// The lines from s/τ to the weight for the normalisers other than softmax, with the numbers of
// `trace` (the scene's) and `st` (the key's share of it).
void normaliserLines(const attn::SoftmaxTrace &trace, const attn::SoftmaxStep &st, const QString &s,
                     const QString &w, FormulaLines &lines)
{
    switch (trace.normaliser) {
    case attn::Normaliser::Sparsemax: {
        lines.stage = Stage::Normalisation;
        const int k = trace.support;
        if (k > 0 && trace.cumulativeSums.size() >= k)
            lines << StepPanel::tr("sparsemax: the %1 largest s/τ add up to %2, so τ* = (%2 − 1) "
                                   "/ %1 = %3")
                         .arg(k)
                         .arg(num(trace.cumulativeSums[k - 1]), num(trace.threshold));
        lines << QStringLiteral("%1 = max(%2/τ − τ*, 0) = max(%3 − %4, 0) = <b>%5</b>")
                     .arg(w, s, num(st.logit), factor(trace.threshold), num(st.weight));
        break;
    }
    case attn::Normaliser::Softmax1:
        lines.stage = Stage::Exponentials;
        lines << QStringLiteral("m = max(0, max s/τ) = %1").arg(num(trace.maxLogit));
        lines
            << QStringLiteral("exp(%1/τ − m) = exp(%2) = %3").arg(s, num(st.shifted), num(st.exp));
        lines.stage = Stage::Normalisation;
        lines << QStringLiteral("%1 = exp(%2/τ − m) / (exp(−m) + Σ exp) = %3 / %4 = <b>%5</b>")
                     .arg(w, s, num(st.exp), num(st.sum), num(st.weight));
        lines << StepPanel::tr("left for nothing: 1 − Σw = %1").arg(num(trace.nothingWeight));
        break;
    case attn::Normaliser::Sigmoid:
        lines.stage = Stage::Normalisation;
        lines << QStringLiteral("%1 = σ(%2/τ + b) = 1 / (1 + exp(−(%3 + %4))) = <b>%5</b>")
                     .arg(w, s, num(st.logit), factor(trace.bias), num(st.weight));
        lines << StepPanel::tr("each key on its own: the weights add up to Σw = %1")
                     .arg(num(trace.weightSum));
        break;
    case attn::Normaliser::Softmax:
        break;
    }
}

} // namespace

StepPanel::StepPanel(SceneModel *model, Selection *selection, QWidget *parent)
    : QWidget(parent), m_model(model), m_selection(selection),
      m_tableModel(new StepTableModel(model, this)), m_formula(new QTextBrowser),
      m_table(new QTableView), m_split(new QSplitter(Qt::Vertical)), m_fitColumns(new QTimer(this)),
      m_formulaThrottle(new UpdateThrottle(
          50,
          [this] {
              if (m_formulaStale && m_onScreen->isOnScreen())
                  updateFormula();
          },
          this)),
      m_onScreen(new OnScreenWatcher(this, [this] { catchUp(); }))
{
    // One document laid out once per change: cheaper during a drag than a word-wrapped label
    // in a scroll area, which lays its text out again for every size query.
    m_formula->setFrameShape(QFrame::NoFrame);
    m_formula->setOpenLinks(false);
    m_formula->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_formula->document()->setDocumentMargin(QFontMetrics(font()).height() / 2.0);
    m_formula->setUndoRedoEnabled(false);

    m_table->setModel(m_tableModel);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->hide();
    // Compact rows: on a 1280 × 800 screen the table must show several keys below the formula.
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 8);
    // Fitting 11 columns of 65 rows to their contents on every drag step costs more than the
    // rest of the panel; the columns are fitted when the numbers settle instead (fitColumns()).
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_fitColumns->setSingleShot(true);
    m_fitColumns->setInterval(150);
    connect(m_fitColumns, &QTimer::timeout, this, &StepPanel::fitColumns);
    m_table->horizontalHeader()->setDefaultAlignment(Qt::AlignRight | Qt::AlignVCenter);
    m_table->horizontalHeader()->setHighlightSections(false);

    retranslate();
    m_split->addWidget(m_formula);
    m_split->addWidget(m_table);
    m_split->setStretchFactor(1, 1);
    m_split->setChildrenCollapsible(false);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_split);
    connect(m_split, &QSplitter::splitterMoved, this, [this] { m_userSized = true; });

    connect(m_table, &QTableView::clicked, this, &StepPanel::onRowClicked);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) {
                if (!m_syncing && current.isValid())
                    onRowClicked(current);
            });
    connect(m_selection, &Selection::changed, this, &StepPanel::refresh);
    // The formula is rich text with the lesson's colours written into it.
    connect(Appearance::instance(), &Appearance::changed, this, &StepPanel::refresh);
    // Laying out the formula's rich text is the costliest part of a drag step: throttled.
    connect(m_model, &SceneModel::changed, this, [this] {
        if (m_walkthrough)
            applyColumnVisibility(); // a new method may move the Score column to another step
        m_formulaStale = true;
        // Hidden or behind another tab: nothing to lay out until it comes into view.
        if (!m_onScreen->isOnScreen())
            return;
        m_formulaThrottle->request();
        // A new method changes every number's width at once: fit now. Drags fit when they
        // pause.
        if (int(m_model->scene().method) != m_fittedMethod)
            fitColumns();
        else
            m_fitColumns->start();
    });
    // A reset (keys added or removed) drops the view's selection: put it back.
    connect(m_tableModel, &QAbstractItemModel::modelReset, this, [this] {
        syncSelection();
        fitColumns();
    });

    applyFonts();
    refresh();
    fitColumns();
}

void StepPanel::fitColumns()
{
    m_fitColumns->stop();
    m_fittedMethod = int(m_model->scene().method);
    m_table->resizeColumnsToContents();
    // Room for one more digit, so that a drag rarely outgrows a column before the next fit.
    const int spare = m_table->fontMetrics().horizontalAdvance(QLatin1Char('0'));
    for (int c = StepTableModel::VectorColumn; c < StepTableModel::ColumnCount; ++c)
        m_table->setColumnWidth(c, m_table->columnWidth(c) + spare);
}

void StepPanel::ensureFormula() const
{
    if (m_formulaStale)
        const_cast<StepPanel *>(this)->updateFormula();
}

QString StepPanel::formulaHtml() const
{
    ensureFormula();
    return m_formulaHtml;
}

QString StepPanel::formulaText() const
{
    ensureFormula();
    return m_formula->toPlainText();
}

void StepPanel::applyFonts()
{
    // The formula is what the class reads from the back: a size larger than the table.
    QFont f = font();
    f.setPointSizeF(f.pointSizeF() * 1.2);
    m_formula->setFont(f);
}

void StepPanel::retranslate()
{
    m_formula->setAccessibleName(tr("Arithmetic of the selected key"));
    m_formula->setToolTip(tr("The selected key's score, softmax and share of the output, written "
                             "out with its numbers. Select another key on the canvas or in the "
                             "table."));
    m_table->setAccessibleName(tr("Steps of every key"));
    m_table->setToolTip(tr("One row per key: length, angle, cosine, score, s/τ, the softmax steps "
                           "and the weight; then the sums. Multi-head: then each head's output "
                           "and the output. Click a key's row to explain that key above."));
}

void StepPanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
        invalidateFormula();
        m_fitColumns->start();
    } else if (event->type() == QEvent::FontChange) {
        applyFonts();
        m_fitColumns->start();
    }
    QWidget::changeEvent(event);
}

void StepPanel::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    m_fittedHeight = -1;
    fitFormula();
}

void StepPanel::fitFormula()
{
    // The formula gets the height it needs (the whole derivation visible without scrolling),
    // up to half of the panel; the table takes the rest.
    if (m_userSized || m_split->height() <= 0)
        return;
    const int want = int(std::ceil(m_formula->document()->size().height())) + 2;
    if (want == m_fittedHeight)
        return;
    m_fittedHeight = want;
    const int total = m_split->height() - m_split->handleWidth();
    const int top = std::clamp(want, total / 5, total / 2);
    m_split->setSizes({top, total - top});
}

void StepPanel::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    catchUp();
}

void StepPanel::catchUp()
{
    if (m_formulaStale) {
        updateFormula();
        fitColumns();
    }
}

void StepPanel::refresh()
{
    syncSelection();
    invalidateFormula();
}

void StepPanel::onRowClicked(const QModelIndex &index)
{
    if (!index.isValid() || index.row() >= m_model->keyCount())
        return; // the sum row is not a key
    m_selection->select(Selection::Kind::Key, index.row());
}

void StepPanel::syncSelection()
{
    m_syncing = true;
    const int row = m_selection->index();
    const bool key = (m_selection->kind() == Selection::Kind::Key ||
                      m_selection->kind() == Selection::Kind::Value) &&
                     row >= 0 && row < m_model->keyCount();
    if (key) {
        m_table->selectRow(row);
        m_table->scrollTo(m_tableModel->index(row, 0));
    } else {
        m_table->clearSelection();
    }
    m_syncing = false;
}

void StepPanel::invalidateFormula()
{
    // A panel out of view lays the formula out when it comes into view (catchUp()).
    m_formulaStale = true;
    if (m_onScreen->isOnScreen())
        updateFormula();
}

void StepPanel::updateFormula()
{
    m_formulaStale = false;
    const SceneModel &m = *m_model;
    const int key = std::min(m_selection->focusKey(), m.keyCount() - 1);
    const QString idx = QString::number(key + 1);
    const QColor keyColour = ColorScheme::keyColor(key, m.keyCount());
    const QString kName = coloured(sub(QStringLiteral("k"), idx), keyColour);
    const QString q = qSym();
    const QString s = sub(QStringLiteral("s"), idx);
    const QString w = sub(QStringLiteral("w"), idx);
    // What depends on the method is in its file in methods/.
    const attn::Method method = m.scene().method;
    const MethodView &view = MethodViews::of(method);

    FormulaLines lines;
    lines << QStringLiteral("<b>%1</b> &nbsp; <span style='color:%2'>%3</span>")
                 .arg(tr("Key %1 · %2").arg(kName, MethodNames::name(method)),
                      ColorScheme::axis().name(), MethodNames::formula(method));

    auto explained = m.explain(key);
    if (!explained) {
        lines << coloured(m.errorText().toHtmlEscaped(), ColorScheme::error());
        m_formulaHtml = lines.text.join(QStringLiteral("<br>"));
        m_formula->setHtml(m_formulaHtml);
        fitFormula();
        return;
    }
    const attn::ScoreBreakdown &b = *explained;

    lines.stage = Stage::Scores;
    view.stepLines({m, b, q, kName, s, w}, lines);

    if (!view.wholeComputation) {
        const attn::SoftmaxStep &st = b.softmax;
        lines.stage = Stage::Scaling;
        const int sd = digitsFor({st.score, st.temperature}, st.logit, quotient);
        lines << QStringLiteral("%1/τ = %2 / %3 = %4")
                     .arg(s, num(st.score, sd), num(st.temperature, sd), num(st.logit));
        if (st.masked) {
            lines.stage = Stage::Normalisation;
            lines << tr("%1 is masked: it is left out of the softmax, so %2 = 0").arg(kName, w);
        } else if (const attn::SoftmaxTrace &trace = m.result().trace;
                   trace.normaliser != attn::Normaliser::Softmax) {
            normaliserLines(trace, st, s, w, lines);
        } else {
            lines.stage = Stage::Exponentials;
            const int ed = digitsFor({st.exp, st.sum}, st.weight, quotient);
            const int xd = digitsFor(
                {st.shifted}, st.exp, [](const Numbers &x) { return std::exp(x[0]); }, ed);
            const int ld = digitsFor(
                {st.logit, st.maxLogit}, st.shifted, [](const Numbers &x) { return x[0] - x[1]; },
                xd);
            lines << QStringLiteral("%1/τ − max = %2 − %3 = %4")
                         .arg(s, num(st.logit, ld), factor(st.maxLogit, ld), num(st.shifted, xd));
            lines << QStringLiteral("exp(%1/τ − max) = exp(%2) = %3")
                         .arg(s, num(st.shifted, xd), num(st.exp, ed));
            lines.stage = Stage::Normalisation;
            lines << QStringLiteral("%1 = exp(%2/τ − max) / Σ exp = %3 / %4 = <b>%5</b>")
                         .arg(w, s, num(st.exp, ed), num(st.sum, ed), num(st.weight));
        }
        lines.stage = Stage::WeightedSum;
        int vd = kDecimals;
        for (Eigen::Index c = 0; c < b.value.size(); ++c)
            vd = std::max(vd, digitsFor({st.weight, b.value[c]}, b.contribution[c], product));
        lines << QStringLiteral("%1 %2 = %3 × %4 = %5")
                     .arg(w, vSym(idx), num(st.weight, vd), vec(b.value, vd), vec(b.contribution));
    }

    // The walkthrough shows the lines up to its current step, the current step's highlighted,
    // and holds the current step's lines back until they are revealed.
    const Walkthrough *walk =
        m_walkthrough && m_walkthrough->isActive() ? m_walkthrough.data() : nullptr;
    QStringList shown;
    for (qsizetype k = 0; k < lines.text.size(); ++k) {
        const int step = int(lines.stages[k]);
        if (!walk || step < 0 || walk->isShown(step))
            shown << (walk && walk->isCurrent(step)
                          ? QStringLiteral("<span style='background-color:%1'>%2</span>")
                                .arg(ColorScheme::highlight().name(), lines.text[k])
                          : lines.text[k]);
    }
    if (walk && !walk->isRevealed())
        shown << QStringLiteral("<i>%1</i>")
                     .arg(coloured(tr("Step %1, %2: predict first, then reveal.")
                                       .arg(walk->step() + 1)
                                       .arg(Walkthrough::title(walk->step()).toHtmlEscaped()),
                                   ColorScheme::axis()));
    if (m_selection->index() < 0)
        shown << coloured(tr("Click a key or a table row to explain another key."),
                          ColorScheme::axis());
    m_formulaHtml = QStringLiteral("<div style='line-height:140%'>") +
                    shown.join(QStringLiteral("<br>")) + QStringLiteral("</div>");
    m_formula->setHtml(m_formulaHtml);
    fitFormula();
    // The walkthrough's current step is at the end of what is shown: keep it in view.
    if (walk)
        m_formula->verticalScrollBar()->setValue(m_formula->verticalScrollBar()->maximum());
}

void StepPanel::setWalkthrough(Walkthrough *walkthrough)
{
    if (m_walkthrough)
        disconnect(m_walkthrough, nullptr, this, nullptr);
    m_walkthrough = walkthrough;
    m_tableModel->setWalkthrough(walkthrough);
    if (m_walkthrough)
        connect(m_walkthrough, &Walkthrough::changed, this, &StepPanel::applyWalkthrough);
    applyWalkthrough();
}

void StepPanel::applyWalkthrough()
{
    applyColumnVisibility();
    invalidateFormula();
}

void StepPanel::applyColumnVisibility()
{
    // The columns of later steps, and the current step's result until it is revealed, are
    // hidden; the method matters too (scaled dot product's Score is a result of step 2).
    for (int c = 0; c < StepTableModel::ColumnCount; ++c)
        m_table->setColumnHidden(c, !m_tableModel->isColumnShown(c));
}
