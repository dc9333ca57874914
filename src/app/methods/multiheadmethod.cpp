// Multi-head attention: several scaled dot-product heads, each with its own projections and
// softmax, joined by W_O.

#include "core/headpresets.h"
#include "core/scene.h"
#include "methods/methodfile.h"
#include "methods/parameteredits.h"
#include "methods/parameterpage.h"
#include "ui_multiheadparameters.h"
#include "widgets/matrixeditor.h"

#include <QScrollBar>

#include <cstdint>
#include <memory>

namespace {

QStringList pageFormula()
{
    return {QStringLiteral("s<sub>i</sub><sup>(h)</sup> = (W<sub>Q</sub><sup>h</sup> %1)·"
                           "(W<sub>K</sub><sup>h</sup> %2) / √d<sub>k</sub>")
                .arg(qSym(), kSym()),
            QStringLiteral("o<sup>(h)</sup> = Σ<sub>i</sub> softmax(s<sup>(h)</sup>/τ)"
                           "<sub>i</sub> W<sub>V</sub><sup>h</sup> %1")
                .arg(vSym()),
            QStringLiteral("o = W<sub>O</sub> [o<sup>(1)</sup>; o<sup>(2)</sup>; …]")};
}

QString sections(double)
{
    return outline(
        para(QCoreApplication::translate(
            "ExplanationText",
            "Several heads run scaled dot-product attention side by side. Head h first "
            "projects the query, the keys and the values with its own matrices "
            "W<sub>Q</sub><sup>h</sup>, W<sub>K</sub><sup>h</sup>, W<sub>V</sub><sup>h</sup>; "
            "then it scores, applies softmax and sums on its own. The heads' outputs are "
            "stacked and W<sub>O</sub> maps them back.")) +
            para(QCoreApplication::translate(
                "ExplanationText",
                "Only the product W<sub>Q</sub><sup>T</sup>W<sub>K</sub> matters for a head's "
                "scores: (W<sub>Q</sub>q)·(W<sub>K</sub>k) = q<sup>T</sup> "
                "(W<sub>Q</sub><sup>T</sup>W<sub>K</sub>) k. Each head is therefore a general "
                "(bilinear) score q<sup>T</sup>Wk / √d<sub>k</sub> whose W = "
                "W<sub>Q</sub><sup>T</sup>W<sub>K</sub> has rank at most d<sub>k</sub>: with "
                "d<sub>k</sub> = 1 a head multiplies the query's component along one direction "
                "by the key's component along another.")) +
            para(QCoreApplication::translate(
                "ExplanationText",
                "In 2-D, think of each head as a different lens on the query and the keys: a "
                "projection onto one direction, a stretch, or a turn of the query against the "
                "keys. The same rotation R in W<sub>Q</sub> and W<sub>K</sub> is no lens at all: "
                "(Rq)·(Rk) = q·k, and the head gives exactly the scaled dot-product scores. A "
                "rotation matters on one side only, or together with a projection "
                "(d<sub>k</sub> = 1). A head that projects onto the x axis compares only x "
                "components and may prefer another key than a head that looks along y. The "
                "Heads dock shows each head's view.")) +
            para(QCoreApplication::translate(
                "ExplanationText",
                "The weights in the chart are the mean over the heads; each head has its own "
                "softmax and its own weights.")),
        para(QCoreApplication::translate(
            "ExplanationText",
            "Every Transformer layer uses it (Vaswani et al., 2017). With h heads of "
            "dimension d<sub>k</sub> = d<sub>model</sub> / h it costs about as much as one "
            "full-size head, yet different heads can attend to different aspects — nearby "
            "positions, syntax, distant links — at the same time.")),
        {
            QCoreApplication::translate(
                "ExplanationText",
                "<b>Each head attends over the keys, not over the heads.</b> "
                "After splitting into heads, the head axis must come before the sequence axis; "
                "otherwise attention mixes heads instead of positions (see %1).")
                .arg(mistakesLink(QStringLiteral("heads"))),
            QCoreApplication::translate(
                "ExplanationText",
                "<b>Scale by the head's dimension.</b> "
                "Each head divides by its own √d<sub>k</sub>, not by √d<sub>model</sub>."),
            QCoreApplication::translate(
                "ExplanationText",
                "<b>A mean can hide the heads.</b> "
                "Two heads that strongly prefer different keys can average to flat weights; "
                "look at each head, not only at the mean."),
        });
}

QString scene(const SceneModel &model)
{
    const attn::AttentionResult &r = model.result();
    QString h = para(
        QCoreApplication::translate("ExplanationText", "Number of heads: %1.").arg(r.heads.size()));
    QStringList rows;
    bool agree = true;
    const int top = topWeight(model);
    for (std::size_t j = 0; j < r.heads.size(); ++j) {
        const attn::HeadResult &head = r.heads[j];
        Eigen::Index best = 0;
        head.softmax.weights.maxCoeff(&best);
        agree = agree && int(best) == top;
        rows << QCoreApplication::translate("ExplanationText",
                                            "Head %1 (%2) gives its largest weight to %3: %4.")
                    .arg(j + 1)
                    .arg(eq(QStringLiteral("d<sub>k</sub>"), QString::number(head.query.size())),
                         keyName(model, int(best)),
                         eq(QStringLiteral("w"), num(head.softmax.weights[best])));
    }
    h += bulleted(rows);
    h += para(QCoreApplication::translate(
                  "ExplanationText", "Averaged over the heads, the largest weight goes to %1: %2.")
                  .arg(keyName(model, top), eq(QStringLiteral("w"), num(r.weights[top]))));
    if (!agree)
        h += para(QCoreApplication::translate(
            "ExplanationText",
            "The heads do not agree on one key, and the mean hides that: compare them in "
            "the Heads dock."));
    return h;
}

void stepLines(const StepContext &context, FormulaLines &lines)
{
    const auto &[m, b, q, kName, s, w] = context;
    const QString wq = QStringLiteral("W<sub>Q</sub>"), wk = QStringLiteral("W<sub>K</sub>");
    Numbers headScores, headWeights;
    for (std::size_t j = 0; j < b.heads.size(); ++j) {
        const attn::HeadBreakdown &hb = b.heads[j];
        const QString sj = s + QStringLiteral("<sup>(%1)</sup>").arg(j + 1);
        const QString wj = w + QStringLiteral("<sup>(%1)</sup>").arg(j + 1);
        headScores.push_back(hb.scaled);
        headWeights.push_back(hb.softmax.weight);
        lines.stage = Stage::Scores;
        lines << QStringLiteral("<b>%1</b> &nbsp; %2%3 = %4, &nbsp; %5%6 = %7")
                     .arg(QCoreApplication::translate("StepPanel", "head %1 (d<sub>k</sub> = %2):")
                              .arg(j + 1)
                              .arg(hb.dk),
                          wq, q, vec(hb.query), wk, kName, vec(hb.key));
        const int d = digitsFor({hb.dot, hb.sqrtDk}, hb.scaled, quotient);
        // The dot product in parentheses when it has several terms, so that the division
        // clearly applies to the whole sum.
        const attn::Vector terms = hb.query.cwiseProduct(hb.key);
        int factorDigits = kDecimals;
        for (Eigen::Index c = 0; c < terms.size(); ++c)
            factorDigits = std::max(
                factorDigits,
                digitsFor({hb.query[c], hb.key[c]}, terms[c], product,
                          terms.size() > 1 ? digitsFor(numbers(terms), hb.dot, addAll, d) : d));
        const QString dot =
            hb.products.size() > 1
                ? QLatin1Char('(') + products(hb.query, hb.key, factorDigits) + QLatin1Char(')')
                : products(hb.query, hb.key, factorDigits);
        lines << QStringLiteral("&nbsp;&nbsp; %1 = (%2%3)·(%4%5) / √d<sub>k</sub> = %6 / √%7 "
                                "= %8 / %9 = <b>%10</b>")
                     .arg(sj, wq, q, wk, kName, dot, num(hb.dk), num(hb.dot, d), num(hb.sqrtDk, d),
                          num(hb.scaled));
        const attn::SoftmaxStep &st = hb.softmax;
        lines.stage = Stage::Normalisation;
        if (st.masked) {
            lines << QStringLiteral("&nbsp;&nbsp; ") +
                         QCoreApplication::translate("StepPanel", "%1 is masked: %2 = 0")
                             .arg(kName, wj);
        } else {
            const int ed = digitsFor({st.exp, st.sum}, st.weight, quotient);
            const int ld = digitsFor(
                {st.logit, st.maxLogit}, st.exp,
                [](const Numbers &x) { return std::exp(x[0] - x[1]); }, ed);
            lines << QStringLiteral("&nbsp;&nbsp; %1 = exp(%2/τ − max) / Σ = exp(%3 − %4) / "
                                    "%5 = %6 / %5 = <b>%7</b>")
                         .arg(wj, sj, num(st.logit, ld), factor(st.maxLogit, ld), num(st.sum, ed),
                              num(st.exp, ed), num(st.weight));
        }
    }
    // The means, written out so that the table's Score and Weight columns can be checked.
    const double count = double(b.heads.size());
    auto mean = [count](const Numbers &x) { return addAll(x) / count; };
    const attn::Vector scoreTerms = Eigen::Map<const attn::Vector>(headScores.data(),
                                                                   Eigen::Index(headScores.size())),
                       weightTerms = Eigen::Map<const attn::Vector>(
                           headWeights.data(), Eigen::Index(headWeights.size()));
    const int sd = digitsFor(headScores, b.meanScore, mean);
    const int wd = digitsFor(headWeights, b.meanWeight, mean);
    lines.stage = Stage::Scores;
    lines << QCoreApplication::translate("StepPanel",
                                         "Mean over %n heads (the table's columns):", nullptr,
                                         int(b.heads.size())) +
                 QStringLiteral(" %1 = (%2) / %3 = <b>%4</b>")
                     .arg(s, sum(scoreTerms, sd), QString::number(b.heads.size()),
                          num(b.meanScore));
    lines.stage = Stage::Normalisation;
    lines << QStringLiteral("&nbsp;&nbsp; %1 = (%2) / %3 = <b>%4</b>")
                 .arg(w, sum(weightTerms, wd), QString::number(b.heads.size()), num(b.meanWeight));
    lines.stage = Stage::WeightedSum;
    // The output: each head's own weighted sum oʰ = Σᵢ wʰᵢ W_Vʰ vᵢ, stacked and mapped by
    // W_O. Not Σ w̄ᵢ vᵢ with the mean weights: a learner who checks must find the output.
    const attn::AttentionResult &r = m.result();
    const attn::Matrix &wo = m.scene().multiHead.wo;
    int cd = kDecimals;
    for (Eigen::Index row = 0; row < wo.rows(); ++row)
        cd = std::max(cd,
                      digitsFor(joined(wo.row(row).transpose(), r.concat), r.output[row], dotOf));
    const int n = m.keyCount();
    const QString wv = QStringLiteral("W<sub>V</sub>");
    QStringList stacked;
    for (std::size_t j = 0; j < r.heads.size(); ++j) {
        const attn::HeadResult &hr = r.heads[j];
        const QString sup = QStringLiteral("<sup>(%1)</sup>").arg(j + 1);
        const QString oj = QStringLiteral("o") + sup;
        stacked << oj;
        const QString head =
            QStringLiteral("%1 = Σ<sub>i</sub> w%2<sub>i</sub> %3%2v<sub>i</sub>").arg(oj, sup, wv);
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
                 .arg(QCoreApplication::translate("StepPanel", "output"), wO,
                      stacked.join(QStringLiteral("; ")), vec(r.concat, cd),
                      rows.join(QStringLiteral(", ")), vec(r.output));
    lines << coloured(QCoreApplication::translate(
                          "StepPanel",
                          "The output uses each head's own weights, not the mean weights of "
                          "the table: Σ w̄ᵢ vᵢ would be another vector."),
                      ColorScheme::axis());
}

// --- The parameter page: the heads, the chosen head's projections and presets, W_O ----------

// The presets in the order of the preset box (attn::presets::Kind).
enum Preset
{
    Identity,
    Rotation,
    ProjectX,
    ProjectY,
    Random
};

// The parts of one head, for the undo steps of their entries (ParameterPage::entryId).
enum class HeadPart
{
    Wq,
    Wk,
    Wv
};

// What the page's functions share: the page shows one head at a time.
struct HeadsPage
{
    ParameterPage *page;
    ParameterEdits *editor;
    const SceneModel *model;
    std::shared_ptr<Ui::MultiHeadParameters> ui;
    int head = 0;
    int describedHead = -1; // the head the editors' accessible names refer to
};

void describeEditors(HeadsPage &p)
{
    Ui::MultiHeadParameters &ui = *p.ui;
    const int n = p.head + 1;
    ui.headWq->setDescription(
        QCoreApplication::translate("MethodPanel", "Matrix W_Q of head %1").arg(n),
        ParameterPage::richToolTip(QCoreApplication::translate(
            "MethodPanel", "An entry of W_Q (d_k × 2), this head's projection of the query.")));
    ui.headWk->setDescription(
        QCoreApplication::translate("MethodPanel", "Matrix W_K of head %1").arg(n),
        ParameterPage::richToolTip(QCoreApplication::translate(
            "MethodPanel", "An entry of W_K (d_k × 2), this head's projection of the keys.")));
    ui.headWv->setDescription(
        QCoreApplication::translate("MethodPanel", "Matrix W_V of head %1").arg(n),
        ParameterPage::richToolTip(QCoreApplication::translate(
            "MethodPanel", "An entry of W_V (d_v × 2), this head's projection of the values.")));
    ui.presetGroup->setTitle(
        QCoreApplication::translate("MethodPanel", "Preset for head %1").arg(n));
    ui.outputEditor->setDescription(
        QCoreApplication::translate("MethodPanel", "Output matrix W_O"),
        ParameterPage::richToolTip(QCoreApplication::translate(
            "MethodPanel", "An entry of W_O (2 × h·d_v). Column \"h2:1\" takes the first output "
                           "coordinate of head 2; the output is W_O times the heads' outputs "
                           "stacked.")));
    p.describedHead = p.head;
}

QString headName(int index)
{
    return QCoreApplication::translate("MethodPanel", "Head %1").arg(index + 1);
}

void updatePresetControls(HeadsPage &p)
{
    Ui::MultiHeadParameters &ui = *p.ui;
    const int preset = ui.presetCombo->currentIndex();
    ui.angleSpin->setEnabled(preset == Rotation);
    ui.angleLabel->setEnabled(preset == Rotation);
    ui.presetSeedSpin->setEnabled(preset == Random);
    ui.presetSeedLabel->setEnabled(preset == Random);
    ui.applyPresetButton->setEnabled(ui.targetQuery->isChecked() || ui.targetKey->isChecked() ||
                                     ui.targetValue->isChecked());

    // Only W_Qᵀ W_K counts for the scores: say what a rotation on both sides does before the
    // learner applies it and wonders why nothing moves.
    QString note;
    const attn::MultiHeadParams &m = p.model->scene().multiHead;
    if (preset == Rotation && ui.targetQuery->isChecked() && ui.targetKey->isChecked() &&
        p.head < int(m.heads.size())) {
        const int dk = int(m.heads[std::size_t(p.head)].wq.rows());
        if (dk == 2)
            note = QCoreApplication::translate(
                "MethodPanel",
                "The same rotation R in W<sub>Q</sub> and W<sub>K</sub> is no rotation "
                "for the scores: (Rq)·(Rk) = q·k, so this head would give exactly the "
                "scaled dot-product scores, whatever θ. Rotate the query alone, or set "
                "d<sub>k</sub> = 1.");
        else
            note = QCoreApplication::translate(
                "MethodPanel",
                "With d<sub>k</sub> = 1 the same rotation in W<sub>Q</sub> and "
                "W<sub>K</sub> makes this head compare q and k along one direction only, "
                "(cos θ, −sin θ).");
    }
    ui.presetNote->setText(note);
    ui.presetNote->setVisible(!note.isEmpty());
}

void refresh(HeadsPage &p)
{
    Ui::MultiHeadParameters &ui = *p.ui;
    const attn::MultiHeadParams &m = p.model->scene().multiHead;
    const int h = int(m.heads.size());
    if (h == 0)
        return;
    const int dv = int(m.heads.front().wv.rows());
    ParameterPage::showValue(ui.headCountSpin, h);
    ParameterPage::showValue(ui.valueDimSpin, dv);

    p.head = std::clamp(p.head, 0, h - 1);
    if (ui.headCombo->count() != h) {
        const QSignalBlocker blocker(ui.headCombo);
        while (ui.headCombo->count() > h)
            ui.headCombo->removeItem(ui.headCombo->count() - 1);
        while (ui.headCombo->count() < h)
            ui.headCombo->addItem(headName(ui.headCombo->count()));
    }
    if (ui.headCombo->currentIndex() != p.head) {
        const QSignalBlocker blocker(ui.headCombo);
        ui.headCombo->setCurrentIndex(p.head);
    }
    if (p.describedHead != p.head)
        describeEditors(p);

    const attn::Head &head = m.heads[std::size_t(p.head)];
    ParameterPage::showValue(ui.keyDimSpin, int(head.wq.rows()));
    updatePresetControls(p); // its note depends on the head's d_k
    ui.headWq->setMatrix(head.wq);
    ui.headWk->setMatrix(head.wk);
    ui.headWv->setMatrix(head.wv);

    if (ui.outputEditor->columns() != m.wo.cols() || ui.outputEditor->rows() != 2) {
        QStringList labels;
        for (int j = 0; j < h; ++j)
            for (int c = 0; c < dv; ++c)
                labels << (dv == 1 ? QStringLiteral("h%1").arg(j + 1)
                                   : QStringLiteral("h%1:%2").arg(j + 1).arg(c + 1));
        ui.outputEditor->setColumnLabels(labels);
        ui.outputEditor->setMatrix(m.wo);
        p.page->guardWheel();
        // Room for the grid and for the horizontal scroll bar that appears with many heads.
        ui.outputScroll->setFixedHeight(
            ui.outputEditor->sizeHint().height() +
            ui.outputScroll->horizontalScrollBar()->sizeHint().height() + 2);
    } else {
        ui.outputEditor->setMatrix(m.wo);
    }
}

void choosePreset(HeadsPage &p, int index)
{
    const attn::presets::Targets t = attn::presets::defaultTargets(attn::presets::Kind(index));
    ParameterPage::showChecked(p.ui->targetQuery, t.query);
    ParameterPage::showChecked(p.ui->targetKey, t.key);
    ParameterPage::showChecked(p.ui->targetValue, t.value);
    updatePresetControls(p);
}

void chooseHead(HeadsPage &p, int index)
{
    const int h = int(p.model->scene().multiHead.heads.size());
    index = std::clamp(index, 0, std::max(h - 1, 0));
    if (index == p.head && p.ui->headCombo->currentIndex() == index)
        return;
    p.head = index;
    refresh(p);
}

void apply(HeadsPage &p, const attn::MultiHeadParams &m, SceneEdit edit, int index = -1,
           int entry = -1)
{
    if (!p.editor->setMultiHead(m, edit, index, entry))
        p.page->refresh();
}

void editHead(HeadsPage &p, HeadPart part, int row, int column, double value)
{
    attn::MultiHeadParams m = p.model->scene().multiHead;
    if (p.head >= int(m.heads.size()))
        return;
    attn::Head &head = m.heads[std::size_t(p.head)];
    attn::Matrix &w = part == HeadPart::Wq ? head.wq : part == HeadPart::Wk ? head.wk : head.wv;
    if (row >= w.rows() || column >= w.cols())
        return;
    w(row, column) = value;
    apply(p, m, SceneEdit::Head, p.head, ParameterPage::entryId(int(part), row, column));
}

void applyPreset(HeadsPage &p)
{
    attn::MultiHeadParams m = p.model->scene().multiHead;
    if (p.head >= int(m.heads.size()))
        return;
    attn::Head &head = m.heads[std::size_t(p.head)];
    const int preset = p.ui->presetCombo->currentIndex();
    const double angle = p.ui->angleSpin->value();
    const auto seed = std::uint64_t(p.ui->presetSeedSpin->value());
    auto make = [&](Eigen::Index rows, std::uint64_t salt) -> attn::Matrix {
        const int r = int(rows);
        switch (preset) {
        case Rotation:
            return attn::presets::rotation(angle, r);
        case ProjectX:
            return attn::presets::fitRows(attn::presets::projectX(), r);
        case ProjectY:
            return attn::presets::fitRows(attn::presets::projectY(), r);
        case Random:
            return attn::presets::random(r, 2, seed + salt);
        default:
            return attn::presets::identity(r);
        }
    };
    if (p.ui->targetQuery->isChecked())
        head.wq = make(head.wq.rows(), 0);
    if (p.ui->targetKey->isChecked())
        head.wk = make(head.wk.rows(), 1);
    if (p.ui->targetValue->isChecked())
        head.wv = make(head.wv.rows(), 2);
    apply(p, m, SceneEdit::HeadPreset, p.head);
}

void editOutput(HeadsPage &p, int row, int column, double value)
{
    attn::MultiHeadParams m = p.model->scene().multiHead;
    if (row >= m.wo.rows() || column >= m.wo.cols())
        return;
    m.wo(row, column) = value;
    apply(p, m, SceneEdit::Output, -1, ParameterPage::entryId(0, row, column));
}

void averageOutput(HeadsPage &p)
{
    attn::MultiHeadParams m = p.model->scene().multiHead;
    if (m.heads.empty())
        return;
    m.wo = attn::presets::averagingOutput(int(m.heads.size()), int(m.heads.front().wv.rows()));
    apply(p, m, SceneEdit::AverageOutput);
}

void connectPage(const std::shared_ptr<HeadsPage> &p)
{
    Ui::MultiHeadParameters &ui = *p->ui;
    ParameterPage *page = p->page;
    QObject::connect(ui.headCountSpin, &QSpinBox::valueChanged, page, [p](int count) {
        apply(*p, attn::presets::withHeadCount(p->model->scene().multiHead, count),
              SceneEdit::HeadCount);
    });
    QObject::connect(ui.valueDimSpin, &QSpinBox::valueChanged, page, [p](int dv) {
        apply(*p, attn::presets::withValueDim(p->model->scene().multiHead, dv),
              SceneEdit::ValueDim);
    });
    QObject::connect(ui.keyDimSpin, &QSpinBox::valueChanged, page, [p](int dk) {
        apply(*p, attn::presets::withKeyDim(p->model->scene().multiHead, p->head, dk),
              SceneEdit::KeyDim, p->head);
    });
    QObject::connect(ui.headCombo, &QComboBox::currentIndexChanged, page,
                     [p](int index) { chooseHead(*p, index); });
    QObject::connect(ui.headWq, &MatrixEditor::entryEdited, page,
                     [p](int r, int c, double v) { editHead(*p, HeadPart::Wq, r, c, v); });
    QObject::connect(ui.headWk, &MatrixEditor::entryEdited, page,
                     [p](int r, int c, double v) { editHead(*p, HeadPart::Wk, r, c, v); });
    QObject::connect(ui.headWv, &MatrixEditor::entryEdited, page,
                     [p](int r, int c, double v) { editHead(*p, HeadPart::Wv, r, c, v); });
    QObject::connect(ui.presetCombo, &QComboBox::currentIndexChanged, page,
                     [p](int index) { choosePreset(*p, index); });
    for (QCheckBox *target : {ui.targetQuery, ui.targetKey, ui.targetValue})
        QObject::connect(target, &QCheckBox::toggled, page, [p] { updatePresetControls(*p); });
    QObject::connect(ui.applyPresetButton, &QPushButton::clicked, page, [p] { applyPreset(*p); });
    QObject::connect(ui.outputEditor, &MatrixEditor::entryEdited, page,
                     [p](int r, int c, double v) { editOutput(*p, r, c, v); });
    QObject::connect(ui.averageOutputButton, &QPushButton::clicked, page,
                     [p] { averageOutput(*p); });
}

ParameterPage *parameterPage(ParameterEdits *editor)
{
    auto *page = new ParameterPage;
    const auto p = std::make_shared<HeadsPage>(
        HeadsPage{page, editor, editor->model(), page->setUpForm<Ui::MultiHeadParameters>()});
    Ui::MultiHeadParameters &ui = *p->ui;
    const QStringList xy{QStringLiteral("x"), QStringLiteral("y")};
    ui.headWq->setTitle(QStringLiteral("W<sub>Q</sub>"));
    ui.headWq->setColumnLabels(xy);
    ui.headWk->setTitle(QStringLiteral("W<sub>K</sub>"));
    ui.headWk->setColumnLabels(xy);
    ui.headWv->setTitle(QStringLiteral("W<sub>V</sub>"));
    ui.headWv->setColumnLabels(xy);
    ui.outputEditor->setTitle(QStringLiteral("W<sub>O</sub>"));
    ui.outputEditor->setRowLabels(xy);
    ui.outputScroll->horizontalScrollBar()->setSingleStep(20);
    connectPage(p);
    page->setRefresh([p] { refresh(*p); });
    page->setRetranslate([p] {
        for (int i = 0; i < p->ui->headCombo->count(); ++i)
            p->ui->headCombo->setItemText(i, headName(i));
        describeEditors(*p);
    });
    updatePresetControls(*p);
    return page;
}

} // namespace

extern constinit const MethodView kMultiHeadMethod = methodView({
    .name = QT_TRANSLATE_NOOP("MethodNames", "Multi-head"),
    // The whole computation, as on the explanation page: each head's weighted sum of its
    // projected values (with τ), then W_O over the stacked heads.
    .formula = "head<sub>h</sub> = Σ<sub>i</sub> softmax((W<sub>Q</sub><sup>h</sup>q)·"
               "(W<sub>K</sub><sup>h</sup>k<sub>i</sub>) / (√d<sub>k</sub> τ))"
               "<sub>i</sub> W<sub>V</sub><sup>h</sup>v<sub>i</sub>, "
               "out = W<sub>O</sub> [head<sub>1</sub>; …; head<sub>h</sub>]",
    .wholeComputation = true,
});
