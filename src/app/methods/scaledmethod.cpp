// The scaled dot product q·kᵢ / √d, the Transformer's score.

#include "methods/methodfile.h"
#include "methods/parameteredits.h"
#include "methods/parameterpage.h"
#include "ui_scaledparameters.h"

#include <optional>

namespace {

QStringList pageFormula()
{
    return {QStringLiteral("s<sub>i</sub> = %1·%2 / √d").arg(qSym(), kSym())};
}

QString sections(double formulaPointSize)
{
    QString h = geometryHeading();
    h += para(QCoreApplication::translate(
        "ExplanationText",
        "The same comparison as the dot product — the same angles, the same lengths — "
        "with every score divided by √d, where d is the dimension of the keys. The order "
        "of the keys never changes; the scores only move closer together, so softmax "
        "gives flatter weights."));

    h += heading(QCoreApplication::translate("ExplanationText", "Why √d"));
    h += para(QCoreApplication::translate(
        "ExplanationText",
        "Suppose the d components of q and k are independent, with mean 0 and variance "
        "σ². Each product q<sub>j</sub>k<sub>j</sub> then has mean 0 and variance σ⁴, "
        "and q·k adds up d such products:"));
    h += formulaBox({QStringLiteral("Var(q·k) = d·σ⁴ &nbsp; ⇒ &nbsp; Var(q·k / √d) = σ⁴")},
                    formulaPointSize);
    h += para(QCoreApplication::translate(
        "ExplanationText",
        "The standard deviation, the typical size of a score, is therefore √d·σ²: it "
        "grows with the square root of the dimension. Dividing by √d brings it back to "
        "σ² in every dimension, so softmax sees scores of the same spread whether d is 2 "
        "or 512."));
    h += para(QCoreApplication::translate(
        "ExplanationText",
        "The mean of 0 matters for the exact number: with mean μ each product has "
        "variance σ⁴ + 2μ²σ² instead of σ⁴. The d products still add up, so √d still "
        "takes the dimension out."));
    h += para(QCoreApplication::translate(
        "ExplanationText",
        "Scaling removes the dependence on d, not on σ: the scaled scores still spread "
        "as σ². At σ = 4 their standard deviation is 16, and the weights are close to "
        "one-hot in any dimension. What keeps σ of the order of 1 in practice is the "
        "rest of the model: weights initialised with a variance of the order of 1 / "
        "(number of inputs) (Glorot and Bengio, 2010) and normalisation layers such as "
        "layer normalisation (Ba et al., 2016), which the Transformer applies around "
        "every sub-layer."));

    h += heading(
        QCoreApplication::translate("ExplanationText", "Why the Transformer scales at all"));
    h += para(QCoreApplication::translate(
        "ExplanationText",
        "Vaswani et al. (2017, §3.2.1) report that without scaling, dot-product "
        "attention did as well as additive attention for small d<sub>k</sub> but worse "
        "for large d<sub>k</sub> (Britz et al., 2017). They suspected that large dot "
        "products push softmax into regions where its gradients are extremely small, "
        "and divided by √d<sub>k</sub> to counteract that; their footnote gives the "
        "argument above for mean 0 and variance 1."));

    h += whenToUseHeading();
    h += para(QCoreApplication::translate(
        "ExplanationText",
        "This is the score of the Transformer (Vaswani et al., 2017) and of most models "
        "since: queries and keys of the same, often large, dimension, all scores "
        "computed at once as the matrix product QK<sup>T</sup> and divided by one "
        "number."));

    h += pitfallsHeading();
    h += bulleted({
        QCoreApplication::translate(
            "ExplanationText",
            "<b>Without √d, softmax saturates.</b> "
            "In high dimensions unscaled scores differ by tens; the weights become one-hot "
            "— one near 1, the rest near 0 — and softmax passes almost no gradient to any "
            "score, the winner's included (see %1).")
            .arg(softmaxLink(QStringLiteral("gradients"))),
        QCoreApplication::translate(
            "ExplanationText",
            "<b>d is the dimension, not the number of keys.</b> "
            "Use the key dimension d<sub>k</sub>; in multi-head attention, one head's "
            "dimension. On this 2-D canvas the factor is only √2 ≈ 1.41; with d = 64 it "
            "is 8."),
        QCoreApplication::translate(
            "ExplanationText",
            "<b>Scaling removes d, not σ.</b> "
            "Vectors with large components still give widely spread scores, and one key far "
            "longer than the rest still dominates: the argument above is about random "
            "vectors of mean 0 and a given variance."),
        QCoreApplication::translate(
            "ExplanationText",
            "<b>The scaling factor is a plain number.</b> "
            "Compute √d as a floating-point number, not as the root of an integer tensor "
            "(see %1).")
            .arg(mistakesLink(QStringLiteral("sqrt"))),
    });

    return h;
}

QString scene(const SceneModel &model)
{
    const attn::AttentionResult &r = model.result();
    const int top = topWeight(model);
    const auto b = model.explain(top);
    if (!b)
        return errorParagraph(model);
    const QString d = num(r.scaleDim);
    const QString root = eq(QStringLiteral("√") + d, num(b->sqrtScale));
    QString h;
    if (model.scene().scaleDim)
        h += para(QCoreApplication::translate(
                      "ExplanationText",
                      "You set d = %1 in the Method and parameters dock, so every dot product is "
                      "divided by %2, as if the vectors had %1 components; the vectors on the "
                      "canvas have %3.")
                      .arg(d, root)
                      .arg(model.keys().cols()));
    else
        h += para(QCoreApplication::translate(
                      "ExplanationText",
                      "The vectors have d = %1 components, so every dot product is divided by %2.")
                      .arg(d, root));
    h += para(
        QCoreApplication::translate(
            "ExplanationText", "The largest weight goes to %1: %2, divided by %3 gives %4, and %5.")
            .arg(keyName(model, top),
                 eq(qSym() + QStringLiteral("·") + keyName(model, top), num(b->dot)),
                 num(b->sqrtScale), eq(QStringLiteral("s"), num(r.scores[top])),
                 eq(QStringLiteral("w"), num(r.weights[top]))));
    return h;
}

void stepLines(const StepContext &context, FormulaLines &lines)
{
    const attn::ScoreBreakdown &b = context.breakdown;
    const QString &s = context.score;
    const QString qk = context.query + QStringLiteral("·") + context.key;
    const int d = digitsFor({b.dot, b.sqrtScale}, b.score, quotient);
    lines << QStringLiteral("%1 = %2 = %3")
                 .arg(qk, dotProduct(b.query, b.keyVector, b.dot, d), num(b.dot, d));
    lines.stage = Stage::Scaling;
    lines << QStringLiteral("%1 = %2 / √d = %3 / √%4 = %3 / %5 = <b>%6</b>")
                 .arg(s, qk, num(b.dot, d), num(b.scaleDim), num(b.sqrtScale, d), num(b.score));
}

// √d: the vector dimension or a d of the learner's own.
ParameterPage *parameterPage(ParameterEdits *editor)
{
    auto *page = new ParameterPage;
    const auto ui = page->setUpForm<Ui::ScaledParameters>();
    const SceneModel *model = editor->model();
    auto edited = [ui, editor, page] {
        const std::optional<double> d = ui->useVectorDimCheck->isChecked()
                                            ? std::nullopt
                                            : std::optional<double>(ui->scaleDimSpin->value());
        if (!editor->setScaleDim(d))
            page->refresh();
    };
    QObject::connect(ui->useVectorDimCheck, &QCheckBox::toggled, page, edited);
    QObject::connect(ui->scaleDimSpin, &QDoubleSpinBox::valueChanged, page, edited);
    page->setRefresh([ui, model] {
        const std::optional<double> &d = model->scene().scaleDim;
        ParameterPage::showChecked(ui->useVectorDimCheck, !d.has_value());
        ui->scaleDimSpin->setEnabled(d.has_value());
        ui->scaleDimLabel->setEnabled(d.has_value());
        // With the vector dimension in use the box keeps the last d typed, so that unticking
        // brings it back.
        if (d && std::abs(ui->scaleDimSpin->value() - *d) > 0.5e-2) {
            const QSignalBlocker blocker(ui->scaleDimSpin);
            ui->scaleDimSpin->setMaximum(std::max(ui->scaleDimSpin->maximum(), *d));
            // Typing stops at 1 (a dimension below 1 would spread the scores apart); a scene
            // file may still hold a smaller d, which is shown as it is rather than silently
            // changed.
            ui->scaleDimSpin->setMinimum(std::min(1.0, *d));
            ui->scaleDimSpin->setValue(*d);
        }
        QString inUse;
        if (model->hasResult() && model->result().method == attn::Method::Scaled)
            inUse = QCoreApplication::translate("MethodPanel",
                                                "The scores are divided by √d with d = %1.")
                        .arg(QString::number(model->result().scaleDim, 'g', 6));
        ui->scaleInUseLabel->setText(inUse);
    });
    return page;
}

} // namespace

extern constinit const MethodView kScaledMethod = methodView({
    .name = QT_TRANSLATE_NOOP("MethodNames", "Scaled dot product"),
    .formula = "s<sub>i</sub> = q·k<sub>i</sub> / √d",
});
