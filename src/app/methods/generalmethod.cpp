// The general (bilinear) score qᵀ W kᵢ of Luong et al. (2015), with W drawn on the canvas.

#include "core/scene.h"
#include "methods/methodfile.h"
#include "methods/parameteredits.h"
#include "methods/parameterpage.h"
#include "ui_generalparameters.h"
#include "widgets/matrixeditor.h"

namespace {

QStringList pageFormula()
{
    return {QStringLiteral("s<sub>i</sub> = %1<sup>T</sup> W %2 = %1·(W %2)").arg(qSym(), kSym())};
}

QString sections(double)
{
    return outline(
        para(QCoreApplication::translate(
            "ExplanationText",
            "The matrix W first transforms the key — it may rotate, stretch, shear or "
            "project it — and the query is then compared with the transformed key by a dot "
            "product. W decides which directions of the key matter to the query.")) +
            para(QCoreApplication::translate(
                "ExplanationText",
                "With W = I, the identity, the score is the plain dot product. On the canvas the "
                "two columns of W are drawn as orange arrows: drag them to change W and watch "
                "the scores follow.")) +
            para(QCoreApplication::translate(
                "ExplanationText",
                "W need not be square: a d<sub>q</sub> × d<sub>k</sub> matrix compares a query "
                "and keys of different dimensions.")),
        para(QCoreApplication::translate(
            "ExplanationText",
            "Luong et al. (2015) proposed it for machine translation as the “general” "
            "score. Use it when the comparison should be learned but a whole network is "
            "too much: it costs d<sub>q</sub>·d<sub>k</sub> parameters and one matrix "
            "product.")) +
            para(QCoreApplication::translate(
                "ExplanationText",
                "In their translation model the query is the decoder's current hidden state "
                "h<sub>t</sub>, and the keys and the values are the same vectors: the encoder's "
                "hidden states. Bahdanau et al. (2015) compare the previous decoder state "
                "instead (see Additive).")) +
            para(QCoreApplication::translate(
                "ExplanationText",
                "Every head of multi-head attention is a general score in disguise: "
                "(W<sub>Q</sub>q)·(W<sub>K</sub>k) / √d<sub>k</sub> = q<sup>T</sup> "
                "(W<sub>Q</sub><sup>T</sup>W<sub>K</sub>) k / √d<sub>k</sub>, with a W of rank "
                "at most d<sub>k</sub>.")),
        {
            QCoreApplication::translate(
                "ExplanationText",
                "<b>W changes lengths too.</b> "
                "A W that stretches one axis makes the keys along that axis win, just as long "
                "keys win the plain dot product."),
            QCoreApplication::translate(
                "ExplanationText",
                "<b>The score is not symmetric.</b> "
                "q<sup>T</sup>Wk differs from k<sup>T</sup>Wq unless W is symmetric: swapping "
                "the roles of query and key changes the scores."),
            QCoreApplication::translate(
                "ExplanationText",
                "<b>No scaling is built in.</b> "
                "In high dimensions the scores spread like unscaled dot products; divide by √d "
                "or keep W small."),
        });
}

QString scene(const SceneModel &model)
{
    const int top = topWeight(model);
    const auto b = model.explain(top);
    if (!b)
        return errorParagraph(model);
    const QString w = matrix(b->generalW);
    QString h;
    if (b->generalW.rows() == b->generalW.cols() && b->generalW.isIdentity(0))
        h += para(QCoreApplication::translate(
                      "ExplanationText",
                      "W = %1 is the identity, so every score equals the plain dot product.")
                      .arg(w));
    else
        h += para(QCoreApplication::translate("ExplanationText", "Your W is %1.").arg(w));
    const QString k = keyName(model, top);
    h += para(QCoreApplication::translate(
                  "ExplanationText",
                  "For %1, the key with the largest weight: %2, and %3; its weight is %4.")
                  .arg(k, eq(QStringLiteral("W") + k, vec(b->wk)),
                       eq(QStringLiteral("s = %1·(W%2)").arg(qSym(), k), num(b->general)),
                       eq(QStringLiteral("w"), num(model.result().weights[top]))));
    return h;
}

void stepLines(const StepContext &context, FormulaLines &lines)
{
    const auto &[model, b, q, kName, s, weight] = context;
    // W kᵢ row by row, then the dot product with q.
    int d = kDecimals;
    for (Eigen::Index j = 0; j < b.wk.size(); ++j)
        d = std::max(d, digitsFor({b.query[j], b.wk[j]}, b.generalProducts[j], product));
    QStringList rows;
    for (Eigen::Index r = 0; r < b.generalW.rows(); ++r)
        rows << productsFor(b.generalW.row(r).transpose(), b.keyVector, b.wk[r], d);
    lines << QStringLiteral("W%1 = (%2) = %3")
                 .arg(kName, rows.join(QStringLiteral(", ")), vec(b.wk, d));
    lines << QStringLiteral("%1 = %2·(W%3) = %4 = <b>%5</b>")
                 .arg(s, q, kName, dotProduct(b.query, b.wk, b.score), num(b.score));
}

// The four entries of W, typed or reset (dragging its columns on the canvas is the other way).
ParameterPage *parameterPage(ParameterEdits *editor)
{
    auto *page = new ParameterPage;
    const auto ui = page->setUpForm<Ui::GeneralParameters>();
    const SceneModel *model = editor->model();
    ui->generalEditor->setTitle(QStringLiteral("W"));
    ui->generalEditor->setRowLabels(
        {QStringLiteral("q<sub>x</sub>"), QStringLiteral("q<sub>y</sub>")});
    ui->generalEditor->setColumnLabels(
        {QStringLiteral("k<sub>x</sub>"), QStringLiteral("k<sub>y</sub>")});

    QObject::connect(ui->generalEditor, &MatrixEditor::entryEdited, page,
                     [editor, model, page](int row, int column, double value) {
                         attn::Matrix w = model->scene().general;
                         if (row >= w.rows() || column >= w.cols())
                             return;
                         w(row, column) = value;
                         if (!editor->setGeneral(w, SceneEdit::General, -1,
                                                 ParameterPage::entryId(0, row, column)))
                             page->refresh();
                     });
    QObject::connect(ui->generalResetButton, &QPushButton::clicked, page, [editor, page] {
        if (!editor->setGeneral(attn::defaults::generalW(), SceneEdit::ResetGeneral))
            page->refresh();
    });
    page->setRefresh([ui, model] { ui->generalEditor->setMatrix(model->scene().general); });
    page->setRetranslate([ui] {
        ui->generalEditor->setDescription(
            QCoreApplication::translate("MethodPanel", "Matrix W"),
            ParameterPage::richToolTip(QCoreApplication::translate(
                "MethodPanel", "An entry of W in s = qᵀ W k. Row i goes with the query's i-th "
                               "coordinate, column j with the key's j-th coordinate.")));
    });
    return page;
}

} // namespace

extern constinit const MethodView kGeneralMethod = methodView({
    .name = QT_TRANSLATE_NOOP("MethodNames", "General (bilinear)"),
    .formula = "s<sub>i</sub> = q<sup>T</sup> W k<sub>i</sub>",
    .drawsWColumns = true,
});
