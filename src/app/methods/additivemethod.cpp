// Additive attention vᵀ tanh(W_q q + W_k kᵢ + b) of Bahdanau et al. (2015): a small network
// scores each key.

#include "core/headpresets.h"
#include "core/scene.h"
#include "methods/methodfile.h"
#include "methods/parameteredits.h"
#include "methods/parameterpage.h"
#include "ui_additiveparameters.h"
#include "widgets/matrixeditor.h"

#include <cstdint>
#include <memory>

namespace {

QStringList pageFormula()
{
    // v here is the network's weight vector, not a value: it keeps the text colour.
    return {QStringLiteral(
                "s<sub>i</sub> = v<sup>T</sup> tanh(W<sub>q</sub> %1 + W<sub>k</sub> %2 + b)")
                .arg(qSym(), kSym())};
}

QString sections(double)
{
    return outline(
        para(QCoreApplication::translate(
            "ExplanationText",
            "A small neural network with one hidden layer of H units scores each pair. "
            "W<sub>q</sub> and W<sub>k</sub> project the query and the key into the same "
            "H-dimensional space; the two projections and the bias b are added; tanh "
            "squashes each sum into (−1, 1); and a learned vector v — not one of the values — "
            "weighs the H results into one number.")) +
            para(QCoreApplication::translate(
                "ExplanationText",
                "There is no single angle any more. Each hidden unit looks along its own "
                "direction, given by its rows of W<sub>q</sub> and W<sub>k</sub>, and tanh makes "
                "its response level off instead of growing without limit: a very long key does "
                "not win by its length alone.")) +
            para(QCoreApplication::translate(
                "ExplanationText",
                "It is also called “concat” attention: W<sub>q</sub>q + W<sub>k</sub>k is one "
                "matrix [W<sub>q</sub> W<sub>k</sub>] applied to q and k stacked into one "
                "vector.")),
        para(QCoreApplication::translate(
            "ExplanationText",
            "Bahdanau et al. (2015) introduced it for neural machine translation, before the "
            "dot-product family took over. There the query is the decoder's previous hidden "
            "state s<sub>i−1</sub>, and the keys and the values are the same vectors: the "
            "encoder's annotations h<sub>j</sub>, one per source word. Luong et al. (2015) "
            "compare the current decoder state instead.")) +
            para(QCoreApplication::translate(
                "ExplanationText",
                "It still suits queries and keys of different dimensions (only H must agree) and "
                "small models. It is not slower by the count of operations: W<sub>q</sub>q and "
                "W<sub>k</sub>k<sub>i</sub> are computed once per query and once per key, and "
                "each pair then costs O(H), like the dot product's O(d). The dot-product family "
                "is faster in practice because all its scores are one matrix product, "
                "QK<sup>T</sup>, for which highly optimised code exists (Vaswani et al., 2017, "
                "§3.2.1).")),
        {
            QCoreApplication::translate(
                "ExplanationText",
                "<b>The projections are added.</b> "
                "W<sub>q</sub>q + W<sub>k</sub>k<sub>i</sub> is a sum inside tanh; one source "
                "lost the plus sign (see %1).")
                .arg(mistakesLink(QStringLiteral("plus"))),
            QCoreApplication::translate(
                "ExplanationText",
                "<b>tanh saturates.</b> "
                "For large inputs each unit sits at ±1: the score stops responding to small "
                "moves of the key, and its gradient vanishes. Keep inputs and weights "
                "moderate."),
            QCoreApplication::translate(
                "ExplanationText",
                "<b>The scores depend on the parameters.</b> "
                "Here W<sub>q</sub>, W<sub>k</sub>, b and v are random numbers from a fixed "
                "seed, not trained weights. Randomise in the Method and parameters dock draws "
                "another network, and the same q and k get other scores."),
        });
}

QString scene(const SceneModel &model)
{
    const int top = topWeight(model);
    const auto b = model.explain(top);
    if (!b)
        return errorParagraph(model);
    QString h = para(QCoreApplication::translate(
                         "ExplanationText",
                         "Your network has H = %1 hidden units: W<sub>q</sub> and W<sub>k</sub> "
                         "have %1 rows, b and v have %1 entries.")
                         .arg(model.scene().additive.hiddenSize()));
    const QString k = keyName(model, top);
    h += para(
        QCoreApplication::translate(
            "ExplanationText",
            "For %1, the key with the largest weight, the hidden layer is %2, and %3; its "
            "weight is %4.")
            .arg(k,
                 eq(QStringLiteral("tanh(W<sub>q</sub>%1 + W<sub>k</sub>%2 + b)").arg(qSym(), k),
                    vec(b->tanhValues)),
                 eq(QStringLiteral("s = v·tanh(…)"), num(b->additive)),
                 eq(QStringLiteral("w"), num(model.result().weights[top]))));
    return h;
}

void stepLines(const StepContext &context, FormulaLines &lines)
{
    const auto &[model, b, q, kName, s, weight] = context;
    const QString h = QStringLiteral("h");
    // tanh(h) from the shown h, and h from the shown W_q q, W_k k and b.
    int hd = kDecimals;
    for (Eigen::Index j = 0; j < b.preActivation.size(); ++j)
        hd = std::max(hd, digitsFor({b.preActivation[j]}, b.tanhValues[j],
                                    [](const Numbers &x) { return std::tanh(x[0]); }));
    int td = kDecimals;
    for (Eigen::Index j = 0; j < b.preActivation.size(); ++j)
        td = std::max(td,
                      digitsFor({b.wqq[j], b.wkk[j], b.bias[j]}, b.preActivation[j], addAll, hd));
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
}

// The parts of the network, for the undo steps of their entries (ParameterPage::entryId).
enum class Part
{
    Wq,
    Wk,
    B,
    V
};

void describeEditors(Ui::AdditiveParameters &ui)
{
    ui.additiveWq->setDescription(
        QCoreApplication::translate("MethodPanel", "Matrix W_q"),
        ParameterPage::richToolTip(QCoreApplication::translate(
            "MethodPanel", "An entry of W_q (H × 2), which maps the query into the hidden layer. "
                           "Row i is hidden unit i.")));
    ui.additiveWk->setDescription(
        QCoreApplication::translate("MethodPanel", "Matrix W_k"),
        ParameterPage::richToolTip(QCoreApplication::translate(
            "MethodPanel", "An entry of W_k (H × 2), which maps each key into the hidden layer. "
                           "Row i is hidden unit i.")));
    ui.additiveBv->setDescription(
        QCoreApplication::translate("MethodPanel", "Vectors b and v"),
        ParameterPage::richToolTip(QCoreApplication::translate(
            "MethodPanel", "Column b: the bias added to hidden unit i before tanh. Column v: the "
                           "weight of hidden unit i's tanh value in the score.")));
}

void showNetwork(Ui::AdditiveParameters &ui, const attn::AdditiveParams &a)
{
    ParameterPage::showValue(ui.hiddenSpin, a.hiddenSize());
    ui.additiveWq->setMatrix(a.wq);
    ui.additiveWk->setMatrix(a.wk);
    attn::Matrix bv(a.hiddenSize(), 2);
    bv << a.b, a.v;
    ui.additiveBv->setMatrix(bv);
}

// The network's size H, its entries, and a new random network from a seed.
ParameterPage *parameterPage(ParameterEdits *editor)
{
    auto *page = new ParameterPage;
    const auto ui = page->setUpForm<Ui::AdditiveParameters>();
    const SceneModel *model = editor->model();
    ui->additiveWq->setTitle(QStringLiteral("W<sub>q</sub>"));
    ui->additiveWq->setColumnLabels(
        {QStringLiteral("q<sub>x</sub>"), QStringLiteral("q<sub>y</sub>")});
    ui->additiveWk->setTitle(QStringLiteral("W<sub>k</sub>"));
    ui->additiveWk->setColumnLabels(
        {QStringLiteral("k<sub>x</sub>"), QStringLiteral("k<sub>y</sub>")});
    ui->additiveBv->setColumnLabels({QStringLiteral("b"), QStringLiteral("v")});

    auto apply = [editor, page](const attn::AdditiveParams &p, SceneEdit edit, int entry = -1) {
        if (!editor->setAdditive(p, edit, entry))
            page->refresh();
    };
    auto edited = [model, apply](Part part, int row, int column, double value) {
        attn::AdditiveParams p = model->scene().additive;
        if (row >= p.hiddenSize())
            return;
        switch (part) {
        case Part::Wq:
            p.wq(row, column) = value;
            break;
        case Part::Wk:
            p.wk(row, column) = value;
            break;
        case Part::B:
            p.b(row) = value;
            break;
        case Part::V:
            p.v(row) = value;
            break;
        }
        apply(p, SceneEdit::Additive, ParameterPage::entryId(int(part), row, column));
    };
    QObject::connect(ui->additiveWq, &MatrixEditor::entryEdited, page,
                     [edited](int r, int c, double v) { edited(Part::Wq, r, c, v); });
    QObject::connect(ui->additiveWk, &MatrixEditor::entryEdited, page,
                     [edited](int r, int c, double v) { edited(Part::Wk, r, c, v); });
    QObject::connect(
        ui->additiveBv, &MatrixEditor::entryEdited, page,
        [edited](int r, int c, double v) { edited(c == 0 ? Part::B : Part::V, r, 0, v); });
    QObject::connect(ui->hiddenSpin, &QSpinBox::valueChanged, page, [ui, model, apply](int h) {
        const auto seed = std::uint64_t(ui->seedSpin->value());
        apply(attn::presets::withHiddenSize(model->scene().additive, h, seed),
              SceneEdit::HiddenSize);
    });
    QObject::connect(ui->randomiseButton, &QPushButton::clicked, page, [ui, apply] {
        const auto seed = std::uint64_t(ui->seedSpin->value());
        apply(attn::defaults::additive(ui->hiddenSpin->value(), seed),
              SceneEdit::RandomiseAdditive);
    });
    page->setRefresh([ui, model] { showNetwork(*ui, model->scene().additive); });
    page->setRetranslate([ui] { describeEditors(*ui); });
    return page;
}

} // namespace

extern constinit const MethodView kAdditiveMethod = methodView({
    .name = QT_TRANSLATE_NOOP("MethodNames", "Additive"),
    .formula = "s<sub>i</sub> = v<sup>T</sup> tanh(W<sub>q</sub> q + "
               "W<sub>k</sub> k<sub>i</sub> + b)",
});
