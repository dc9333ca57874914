#include "panels/steppanel.h"

#include "canvas/selection.h"
#include "methods/methodnames.h"
#include "model/scenemodel.h"
#include "panels/steptablemodel.h"
#include "text/numberformat.h"
#include "theme/appearance.h"
#include "theme/colorscheme.h"
#include "walkthrough/walkthrough.h"
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
#include <functional>
#include <vector>

namespace {

using NumberFormat::kDecimals;
using Numbers = std::vector<double>;

// A number in a line of arithmetic: NumberFormat's rule without trailing zeros, so that
// 1.2×1.5 reads as the learner would write it.
QString num(double x, int decimals = kDecimals)
{
    return NumberFormat::written(x, decimals);
}

// A factor inside a product: negative numbers in parentheses.
QString factor(double x, int decimals = kDecimals)
{
    return x < 0 ? QLatin1Char('(') + num(x, decimals) + QLatin1Char(')') : num(x, decimals);
}

QString vec(const attn::Vector &v, int decimals = kDecimals)
{
    QStringList parts;
    for (Eigen::Index i = 0; i < v.size(); ++i)
        parts << num(v[i], decimals);
    return QLatin1Char('(') + parts.join(QStringLiteral(", ")) + QLatin1Char(')');
}

// "a + b − c": the terms of a sum with their signs folded in.
QString sum(const attn::Vector &terms, int decimals = kDecimals)
{
    QString s;
    for (Eigen::Index i = 0; i < terms.size(); ++i) {
        if (i == 0)
            s += num(terms[i], decimals);
        else if (terms[i] < 0)
            s += QStringLiteral(" − ") + num(-terms[i], decimals);
        else
            s += QStringLiteral(" + ") + num(terms[i], decimals);
    }
    return s;
}

// "a₁×b₁ + a₂×b₂": a dot product written out.
QString products(const attn::Vector &a, const attn::Vector &b, int decimals = kDecimals)
{
    QStringList parts;
    for (Eigen::Index i = 0; i < a.size(); ++i)
        parts << factor(a[i], decimals) + QStringLiteral("×") + factor(b[i], decimals);
    return parts.join(QStringLiteral(" + "));
}

Numbers numbers(const attn::Vector &v)
{
    return Numbers(v.data(), v.data() + v.size());
}

double addAll(const Numbers &x)
{
    double s = 0;
    for (double v : x)
        s += v;
    return s;
}

double quotient(const Numbers &x)
{
    return x[0] / x[1];
}

// NumberFormat::operandDecimals() for the operands of a line of arithmetic.
int digitsFor(const Numbers &operands, double result,
              const std::function<double(const Numbers &)> &evaluate, int decimals = kDecimals)
{
    return NumberFormat::operandDecimals(operands, result, evaluate, decimals);
}

// A dot product written out, "a₁×b₁ + a₂×b₂ = t₁ + t₂", with the digits that make both of its
// steps right at the precision of `result` (shown at `decimals`).
QString dotProduct(const attn::Vector &a, const attn::Vector &b, double result,
                   int decimals = kDecimals)
{
    const attn::Vector terms = a.cwiseProduct(b);
    const int termDigits = digitsFor(numbers(terms), result, addAll, decimals);
    int factorDigits = kDecimals;
    for (Eigen::Index j = 0; j < a.size(); ++j)
        factorDigits =
            std::max(factorDigits, digitsFor(
                                       {a[j], b[j]}, terms[j],
                                       [](const Numbers &x) { return x[0] * x[1]; }, termDigits));
    return products(a, b, factorDigits) + QStringLiteral(" = ") + sum(terms, termDigits);
}

// A dot product written out as products only, "a₁×b₁ + a₂×b₂", with the digits that make it
// `result` (shown at `decimals`).
QString productsFor(const attn::Vector &a, const attn::Vector &b, double result,
                    int decimals = kDecimals)
{
    Numbers x = numbers(a);
    const Numbers y = numbers(b);
    x.insert(x.end(), y.begin(), y.end());
    const int digits = digitsFor(
        x, result,
        [](const Numbers &v) {
            const std::size_t half = v.size() / 2;
            double t = 0;
            for (std::size_t i = 0; i < half; ++i)
                t += v[i] * v[half + i];
            return t;
        },
        decimals);
    return products(a, b, digits);
}

// Sum of squares under a root: √(1.2² + 0.8²), with the digits that make it `norm`.
QString rootOfSquares(const attn::Vector &v, double norm)
{
    const int digits = digitsFor(numbers(v), norm, [](const Numbers &x) {
        double s = 0;
        for (double c : x)
            s += c * c;
        return std::sqrt(s);
    });
    QStringList parts;
    for (Eigen::Index i = 0; i < v.size(); ++i)
        parts << factor(v[i], digits) + QStringLiteral("²");
    return QStringLiteral("√(") + parts.join(QStringLiteral(" + ")) + QLatin1Char(')');
}

QString sub(const QString &base, const QString &index)
{
    return base + QStringLiteral("<sub>") + index + QStringLiteral("</sub>");
}

QString coloured(const QString &text, const QColor &c)
{
    return QStringLiteral("<span style='color:%1'>%2</span>").arg(c.name(), text);
}

// The formula's lines, each tagged with the walkthrough step it belongs to (−1: always shown),
// so that the walkthrough can show the lines up to its current step.
struct FormulaLines
{
    QStringList text;
    QList<int> steps;
    int step = -1; // the tag of the lines added next

    FormulaLines &operator<<(const QString &line)
    {
        text << line;
        steps << step;
        return *this;
    }
};

} // namespace

StepPanel::StepPanel(SceneModel *model, Selection *selection, QWidget *parent)
    : QWidget(parent), m_model(model), m_selection(selection),
      m_tableModel(new StepTableModel(model, this)), m_formula(new QTextBrowser),
      m_table(new QTableView), m_split(new QSplitter(Qt::Vertical)), m_fitColumns(new QTimer(this)),
      m_formulaThrottle(new UpdateThrottle(
          50,
          [this] {
              if (m_formulaStale && isVisible())
                  updateFormula();
          },
          this))
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
        if (!isVisible())
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
        m_formulaStale = true;
        if (isVisible())
            updateFormula();
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
    if (m_formulaStale) {
        updateFormula();
        fitColumns();
    }
}

void StepPanel::refresh()
{
    syncSelection();
    m_formulaStale = true;
    if (isVisible())
        updateFormula();
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

void StepPanel::updateFormula()
{
    m_formulaStale = false;
    const SceneModel &m = *m_model;
    const int key = std::min(m_selection->focusKey(), m.keyCount() - 1);
    const QString idx = QString::number(key + 1);
    const QColor keyColour = ColorScheme::keyColor(key, m.keyCount());
    const QString kName = coloured(sub(QStringLiteral("k"), idx), keyColour);
    const QString q = coloured(QStringLiteral("q"), ColorScheme::query());
    const QString s = sub(QStringLiteral("s"), idx);
    const QString w = sub(QStringLiteral("w"), idx);
    const attn::Method method = m.scene().method;

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
    const QString qk = q + QStringLiteral("·") + kName;

    lines.step = Walkthrough::Scores;
    switch (method) {
    case attn::Method::Dot:
        lines << QStringLiteral("%1 = %2 = %3 = <b>%4</b>")
                     .arg(s, qk, dotProduct(b.query, b.keyVector, b.score), num(b.score));
        break;
    case attn::Method::Scaled: {
        const int d = digitsFor({b.dot, b.sqrtScale}, b.score, quotient);
        lines << QStringLiteral("%1 = %2 = %3")
                     .arg(qk, dotProduct(b.query, b.keyVector, b.dot, d), num(b.dot, d));
        lines.step = Walkthrough::Scaling;
        lines << QStringLiteral("%1 = %2 / √d = %3 / √%4 = %3 / %5 = <b>%6</b>")
                     .arg(s, qk, num(b.dot, d), num(b.scaleDim), num(b.sqrtScale, d), num(b.score));
        break;
    }
    case attn::Method::Cosine: {
        const int d = digitsFor({b.dot, b.queryNorm, b.keyNorm}, b.score,
                                [](const Numbers &x) { return x[0] / (x[1] * x[2]); });
        lines << QStringLiteral("%1 = %2 = %3")
                     .arg(qk, dotProduct(b.query, b.keyVector, b.dot, d), num(b.dot, d));
        lines << QStringLiteral("‖%1‖ = %2 = %3, &nbsp; ‖%4‖ = %5 = %6")
                     .arg(q, rootOfSquares(b.query, b.queryNorm), num(b.queryNorm, d), kName,
                          rootOfSquares(b.keyVector, b.keyNorm), num(b.keyNorm, d));
        if (b.zeroNorm)
            lines << tr("%1 has zero length: no angle exists, so %2 = 0")
                         .arg(b.queryNorm == 0 ? q : kName, s);
        else
            lines << QStringLiteral("%1 = %2 / (‖%3‖ ‖%4‖) = %5 / (%6 × %7) = <b>%8</b>")
                         .arg(s, qk, q, kName, num(b.dot, d), num(b.queryNorm, d),
                              num(b.keyNorm, d), num(b.score));
        break;
    }
    case attn::Method::General: {
        // W kᵢ row by row, then the dot product with q.
        int d = kDecimals;
        for (Eigen::Index j = 0; j < b.wk.size(); ++j)
            d = std::max(d, digitsFor({b.query[j], b.wk[j]}, b.generalProducts[j],
                                      [](const Numbers &x) { return x[0] * x[1]; }));
        QStringList rows;
        for (Eigen::Index r = 0; r < b.generalW.rows(); ++r)
            rows << productsFor(b.generalW.row(r).transpose(), b.keyVector, b.wk[r], d);
        lines << QStringLiteral("W%1 = (%2) = %3")
                     .arg(kName, rows.join(QStringLiteral(", ")), vec(b.wk, d));
        lines << QStringLiteral("%1 = %2·(W%3) = %4 = <b>%5</b>")
                     .arg(s, q, kName, dotProduct(b.query, b.wk, b.score), num(b.score));
        break;
    }
    case attn::Method::Additive: {
        const QString h = QStringLiteral("h");
        // tanh(h) from the shown h, and h from the shown W_q q, W_k k and b.
        int hd = kDecimals;
        for (Eigen::Index j = 0; j < b.preActivation.size(); ++j)
            hd = std::max(hd, digitsFor({b.preActivation[j]}, b.tanhValues[j],
                                        [](const Numbers &x) { return std::tanh(x[0]); }));
        int td = kDecimals;
        for (Eigen::Index j = 0; j < b.preActivation.size(); ++j)
            td = std::max(
                td, digitsFor({b.wqq[j], b.wkk[j], b.bias[j]}, b.preActivation[j], addAll, hd));
        lines << QStringLiteral("%1%2 = %3, &nbsp; %4%5 = %6, &nbsp; b = %7")
                     .arg(sub(QStringLiteral("W"), QStringLiteral("q")), q, vec(b.wqq, td),
                          sub(QStringLiteral("W"), QStringLiteral("k")), kName, vec(b.wkk, td),
                          vec(b.bias, td));
        lines << QStringLiteral("%1 = %2%3 + %4%5 + b = %6")
                     .arg(h, sub(QStringLiteral("W"), QStringLiteral("q")), q,
                          sub(QStringLiteral("W"), QStringLiteral("k")), kName,
                          vec(b.preActivation, hd));
        lines << QStringLiteral("tanh(%1) = %2").arg(h, vec(b.tanhValues));
        lines << QStringLiteral("%1 = v·tanh(%2) = %3 = <b>%4</b>")
                     .arg(s, h, dotProduct(b.v, b.tanhValues, b.score), num(b.score));
        break;
    }
    case attn::Method::MultiHead: {
        const QString wq = QStringLiteral("W<sub>Q</sub>"), wk = QStringLiteral("W<sub>K</sub>");
        Numbers headScores, headWeights;
        for (std::size_t j = 0; j < b.heads.size(); ++j) {
            const attn::HeadBreakdown &hb = b.heads[j];
            const QString sj = s + QStringLiteral("<sup>(%1)</sup>").arg(j + 1);
            const QString wj = w + QStringLiteral("<sup>(%1)</sup>").arg(j + 1);
            headScores.push_back(hb.scaled);
            headWeights.push_back(hb.softmax.weight);
            lines.step = Walkthrough::Scores;
            lines << QStringLiteral("<b>%1</b> &nbsp; %2%3 = %4, &nbsp; %5%6 = %7")
                         .arg(tr("head %1 (d<sub>k</sub> = %2):").arg(j + 1).arg(hb.dk), wq, q,
                              vec(hb.query), wk, kName, vec(hb.key));
            const int d = digitsFor({hb.dot, hb.sqrtDk}, hb.scaled, quotient);
            // The dot product in parentheses when it has several terms, so that the division
            // clearly applies to the whole sum.
            const attn::Vector terms = hb.query.cwiseProduct(hb.key);
            int factorDigits = kDecimals;
            for (Eigen::Index c = 0; c < terms.size(); ++c)
                factorDigits = std::max(
                    factorDigits,
                    digitsFor(
                        {hb.query[c], hb.key[c]}, terms[c],
                        [](const Numbers &x) { return x[0] * x[1]; },
                        terms.size() > 1 ? digitsFor(numbers(terms), hb.dot, addAll, d) : d));
            const QString dot =
                hb.products.size() > 1
                    ? QLatin1Char('(') + products(hb.query, hb.key, factorDigits) + QLatin1Char(')')
                    : products(hb.query, hb.key, factorDigits);
            lines << QStringLiteral("&nbsp;&nbsp; %1 = (%2%3)·(%4%5) / √d<sub>k</sub> = %6 / √%7 "
                                    "= %8 / %9 = <b>%10</b>")
                         .arg(sj, wq, q, wk, kName, dot, num(hb.dk), num(hb.dot, d),
                              num(hb.sqrtDk, d), num(hb.scaled));
            const attn::SoftmaxStep &st = hb.softmax;
            lines.step = Walkthrough::Normalisation;
            if (st.masked) {
                lines << QStringLiteral("&nbsp;&nbsp; ") +
                             tr("%1 is masked: %2 = 0").arg(kName, wj);
            } else {
                const int ed = digitsFor({st.exp, st.sum}, st.weight, quotient);
                const int ld = digitsFor(
                    {st.logit, st.maxLogit}, st.exp,
                    [](const Numbers &x) { return std::exp(x[0] - x[1]); }, ed);
                lines << QStringLiteral("&nbsp;&nbsp; %1 = exp(%2/τ − max) / Σ = exp(%3 − %4) / "
                                        "%5 = %6 / %5 = <b>%7</b>")
                             .arg(wj, sj, num(st.logit, ld), factor(st.maxLogit, ld),
                                  num(st.sum, ed), num(st.exp, ed), num(st.weight));
            }
        }
        // The means, written out so that the table's Score and Weight columns can be checked.
        const double count = double(b.heads.size());
        auto mean = [count](const Numbers &x) { return addAll(x) / count; };
        const attn::Vector scoreTerms = Eigen::Map<const attn::Vector>(
                               headScores.data(), Eigen::Index(headScores.size())),
                           weightTerms = Eigen::Map<const attn::Vector>(
                               headWeights.data(), Eigen::Index(headWeights.size()));
        const int sd = digitsFor(headScores, b.meanScore, mean);
        const int wd = digitsFor(headWeights, b.meanWeight, mean);
        lines.step = Walkthrough::Scores;
        lines << tr("Mean over %n heads (the table's columns):", nullptr, int(b.heads.size())) +
                     QStringLiteral(" %1 = (%2) / %3 = <b>%4</b>")
                         .arg(s, sum(scoreTerms, sd), QString::number(b.heads.size()),
                              num(b.meanScore));
        lines.step = Walkthrough::Normalisation;
        lines << QStringLiteral("&nbsp;&nbsp; %1 = (%2) / %3 = <b>%4</b>")
                     .arg(w, sum(weightTerms, wd), QString::number(b.heads.size()),
                          num(b.meanWeight));
        lines.step = Walkthrough::WeightedSum;
        // The output: each head's own weighted sum oʰ = Σᵢ wʰᵢ W_Vʰ vᵢ, stacked and mapped by
        // W_O. Not Σ w̄ᵢ vᵢ with the mean weights: a learner who checks must find the output.
        const attn::AttentionResult &r = m.result();
        const attn::Matrix &wo = m.scene().multiHead.wo;
        auto dotOf = [](const Numbers &x) {
            const std::size_t half = x.size() / 2;
            double t = 0;
            for (std::size_t i = 0; i < half; ++i)
                t += x[i] * x[half + i];
            return t;
        };
        auto joined = [](const attn::Vector &a, const attn::Vector &b) {
            Numbers x = numbers(a);
            const Numbers y = numbers(b);
            x.insert(x.end(), y.begin(), y.end());
            return x;
        };
        int cd = kDecimals;
        for (Eigen::Index row = 0; row < wo.rows(); ++row)
            cd = std::max(
                cd, digitsFor(joined(wo.row(row).transpose(), r.concat), r.output[row], dotOf));
        const int n = m.keyCount();
        const QString wv = QStringLiteral("W<sub>V</sub>");
        QStringList stacked;
        for (std::size_t j = 0; j < r.heads.size(); ++j) {
            const attn::HeadResult &hr = r.heads[j];
            const QString sup = QStringLiteral("<sup>(%1)</sup>").arg(j + 1);
            const QString oj = QStringLiteral("o") + sup;
            stacked << oj;
            const QString head =
                QStringLiteral("%1 = Σ<sub>i</sub> w%2<sub>i</sub> %3%2v<sub>i</sub>")
                    .arg(oj, sup, wv);
            const attn::Vector &wts = hr.softmax.weights;
            // The terms are written out while they fit a line or two.
            if (n > 6) {
                lines << QStringLiteral("%1 = %2").arg(
                    head, hr.output.size() == 1 ? num(hr.output[0], cd) : vec(hr.output, cd));
                continue;
            }
            int d = kDecimals;
            for (Eigen::Index c = 0; c < hr.output.size(); ++c)
                d = std::max(d, digitsFor(joined(wts, hr.values.col(c)), hr.output[c], dotOf, cd));
            QStringList terms;
            for (int i = 0; i < n; ++i)
                terms << num(wts[i], d) + QStringLiteral("×") +
                             (hr.output.size() == 1 ? factor(hr.values(i, 0), d)
                                                    : vec(hr.values.row(i).transpose(), d));
            lines << QStringLiteral("%1 = %2 = %3")
                         .arg(head, terms.join(QStringLiteral(" + ")),
                              hr.output.size() == 1 ? num(hr.output[0], cd) : vec(hr.output, cd));
        }
        QStringList rows;
        for (Eigen::Index row = 0; row < wo.rows(); ++row)
            rows << products(wo.row(row).transpose(), r.concat, cd);
        const QString wO = QStringLiteral("W<sub>O</sub>");
        lines << QStringLiteral("%1 = %2 [%3] = %2 %4 = (%5) = <b>%6</b>")
                     .arg(tr("output"), wO, stacked.join(QStringLiteral("; ")), vec(r.concat, cd),
                          rows.join(QStringLiteral(", ")), vec(r.output));
        lines << coloured(tr("The output uses each head's own weights, not the mean weights of "
                             "the table: Σ w̄ᵢ vᵢ would be another vector."),
                          ColorScheme::axis());
        break;
    }
    }

    if (method != attn::Method::MultiHead) {
        const attn::SoftmaxStep &st = b.softmax;
        lines.step = Walkthrough::Scaling;
        const int sd = digitsFor({st.score, st.temperature}, st.logit, quotient);
        lines << QStringLiteral("%1/τ = %2 / %3 = %4")
                     .arg(s, num(st.score, sd), num(st.temperature, sd), num(st.logit));
        if (st.masked) {
            lines.step = Walkthrough::Normalisation;
            lines << tr("%1 is masked: it is left out of the softmax, so %2 = 0").arg(kName, w);
        } else {
            lines.step = Walkthrough::Exponentials;
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
            lines.step = Walkthrough::Normalisation;
            lines << QStringLiteral("%1 = exp(%2/τ − max) / Σ exp = %3 / %4 = <b>%5</b>")
                         .arg(w, s, num(st.exp, ed), num(st.sum, ed), num(st.weight));
        }
        lines.step = Walkthrough::WeightedSum;
        int vd = kDecimals;
        for (Eigen::Index c = 0; c < b.value.size(); ++c)
            vd = std::max(vd, digitsFor({st.weight, b.value[c]}, b.contribution[c],
                                        [](const Numbers &x) { return x[0] * x[1]; }));
        lines << QStringLiteral("%1 %2 = %3 × %4 = %5")
                     .arg(w, coloured(sub(QStringLiteral("v"), idx), ColorScheme::value()),
                          num(st.weight, vd), vec(b.value, vd), vec(b.contribution));
    }

    // The walkthrough shows the lines up to its current step, the current step's highlighted,
    // and holds the current step's lines back until they are revealed.
    const Walkthrough *walk =
        m_walkthrough && m_walkthrough->isActive() ? m_walkthrough.data() : nullptr;
    QStringList shown;
    for (qsizetype k = 0; k < lines.text.size(); ++k) {
        const int step = lines.steps[k];
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
    m_formulaStale = true;
    if (isVisible())
        updateFormula();
}

void StepPanel::applyColumnVisibility()
{
    // The columns of later steps, and the current step's result until it is revealed, are
    // hidden; the method matters too (scaled dot product's Score is a result of step 2).
    for (int c = 0; c < StepTableModel::ColumnCount; ++c)
        m_table->setColumnHidden(c, !m_tableModel->isColumnShown(c));
}
