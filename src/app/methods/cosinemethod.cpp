// Cosine similarity: the dot product of the normalised vectors, only the angle counts.

#include "methods/methodfile.h"
#include "methods/parameterpage.h"
#include "ui_cosineparameters.h"

namespace {

// Nothing to set: the form says why and what to try.
ParameterPage *parameterPage(ParameterEdits *editor)
{
    return ParameterPage::formOnly<Ui::CosineParameters>(editor);
}

QStringList pageFormula()
{
    return {QStringLiteral("s<sub>i</sub> = %1·%2 / (‖%1‖ ‖%2‖)").arg(qSym(), kSym()),
            QStringLiteral("= cos θ<sub>i</sub>")};
}

QString sections(double)
{
    return outline(
        para(QCoreApplication::translate(
            "ExplanationText",
            "Dividing the dot product by both lengths leaves only the angle: the score is "
            "cos θ<sub>i</sub>, always between −1 and 1, and the same however long the "
            "arrows are.")) +
            bulleted({
                QCoreApplication::translate("ExplanationText", "<b>Same direction</b> "
                                                               "(θ = 0°): the score is 1."),
                QCoreApplication::translate("ExplanationText", "<b>Orthogonal</b> "
                                                               "(θ = 90°): the score is 0."),
                QCoreApplication::translate("ExplanationText", "<b>Opposite</b> "
                                                               "(θ = 180°): the score is −1."),
            }) +
            para(QCoreApplication::translate(
                "ExplanationText",
                "It equals the dot product of the two vectors after L2 normalisation. The "
                "normalised view (Normalise Query and Keys) shows exactly what this method "
                "compares: the query and the keys as points on the unit circle.")),
        para(QCoreApplication::translate(
            "ExplanationText",
            "When the direction carries the meaning and the length is an accident: "
            "comparing embeddings of texts of different lengths, searching for similar "
            "items, or the content-based addressing of the Neural Turing Machine (Graves et "
            "al., 2014).")),
        {
            QCoreApplication::translate(
                "ExplanationText",
                "<b>The weights stay soft at τ = 1.</b> "
                "Scores differ by at most 2, so softmax can never give one key more than "
                "e² ≈ 7.4 times the weight of another. Lower the temperature, or multiply the "
                "scores by a learned factor as models do, to let it choose."),
            QCoreApplication::translate(
                "ExplanationText",
                "<b>A zero vector has no direction.</b> "
                "The cosine is undefined; this app then gives the score 0 and says so instead "
                "of dividing by zero."),
            QCoreApplication::translate(
                "ExplanationText",
                "<b>The length is thrown away.</b> "
                "If a longer key should count more — a stronger signal, say — cosine "
                "similarity cannot see it."),
        });
}

QString scene(const SceneModel &model)
{
    const attn::KeyGeometry &g = model.geometry();
    const attn::AttentionResult &r = model.result();
    QStringList rows;
    const int n = model.keyCount();
    for (int i = 0; i < std::min(n, kListedKeys); ++i) {
        QString row;
        if (g.undefined[std::size_t(i)])
            row = QCoreApplication::translate("ExplanationText", "%1: zero length, no angle, so %2")
                      .arg(keyName(model, i), eq(QStringLiteral("s"), num(0)));
        else
            row = QStringLiteral("%1: %2, %3")
                      .arg(keyName(model, i), eq(QStringLiteral("θ"), degrees(g.angles[i])),
                           eq(QStringLiteral("s = cos θ"), num(r.scores[i])));
        if (masked(model, i))
            row = QCoreApplication::translate("ExplanationText", "%1 (masked)").arg(row);
        rows << row;
    }
    if (n > kListedKeys)
        rows << QCoreApplication::translate("ExplanationText", "… and %1 more keys")
                    .arg(n - kListedKeys);
    QString h = para(QCoreApplication::translate(
                         "ExplanationText",
                         "The angles between %1 and the keys, and their cosines, which are the "
                         "scores:")
                         .arg(qSym())) +
                bulleted(rows);
    h += para(largestWeight(model));
    return h;
}

void stepLines(const StepContext &context, FormulaLines &lines)
{
    const auto &[model, b, q, kName, s, weight] = context;
    const QString qk = context.query + QStringLiteral("·") + context.key;
    const int d = digitsFor({b.dot, b.queryNorm, b.keyNorm}, b.score,
                            [](const Numbers &x) { return x[0] / (x[1] * x[2]); });
    lines << QStringLiteral("%1 = %2 = %3")
                 .arg(qk, dotProduct(b.query, b.keyVector, b.dot, d), num(b.dot, d));
    lines << QStringLiteral("‖%1‖ = %2 = %3, &nbsp; ‖%4‖ = %5 = %6")
                 .arg(q, rootOfSquares(b.query, b.queryNorm), num(b.queryNorm, d), kName,
                      rootOfSquares(b.keyVector, b.keyNorm), num(b.keyNorm, d));
    if (b.zeroNorm)
        lines << QCoreApplication::translate("StepPanel",
                                             "%1 has zero length: no angle exists, so %2 = 0")
                     .arg(b.queryNorm == 0 ? q : kName, s);
    else
        lines << QStringLiteral("%1 = %2 / (‖%3‖ ‖%4‖) = %5 / (%6 × %7) = <b>%8</b>")
                     .arg(s, qk, q, kName, num(b.dot, d), num(b.queryNorm, d), num(b.keyNorm, d),
                          num(b.score));
}

} // namespace

extern constinit const MethodView kCosineMethod = methodView({
    .name = QT_TRANSLATE_NOOP("MethodNames", "Cosine similarity"),
    .formula = "s<sub>i</sub> = q·k<sub>i</sub> / (‖q‖ ‖k<sub>i</sub>‖)",
});
