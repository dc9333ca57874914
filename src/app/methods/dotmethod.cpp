// The dot product q·kᵢ: the first method of the lesson, where length and direction both count.

#include "methods/methodfile.h"
#include "methods/parameterpage.h"
#include "ui_dotparameters.h"

namespace {

// Nothing to set: the form says why and what to try.
ParameterPage *parameterPage(ParameterEdits *editor)
{
    return ParameterPage::formOnly<Ui::DotParameters>(editor);
}

QStringList pageFormula()
{
    const QString s = QStringLiteral("s<sub>i</sub>");
    return {QStringLiteral("%1 = %2·%3").arg(s, qSym(), kSym()),
            QStringLiteral("= ‖%1‖ ‖%2‖ cos θ<sub>i</sub>").arg(qSym(), kSym())};
}

QString sections(double)
{
    return outline(
        para(QCoreApplication::translate(
                 "ExplanationText",
                 "Multiply the two vectors component by component and add the products. The same "
                 "number is the length of %1 times the length of %2 times the cosine of the "
                 "angle θ<sub>i</sub> between them.")
                 .arg(qSym(), kSym())) +
            bulleted({
                QCoreApplication::translate(
                    "ExplanationText",
                    "<b>Same direction</b> "
                    "(θ = 0°): cos θ = 1, and the score is as large as the two lengths allow."),
                QCoreApplication::translate(
                    "ExplanationText",
                    "<b>Orthogonal</b> "
                    "(θ = 90°): cos θ = 0, and the score is 0 however long the arrows are."),
                QCoreApplication::translate(
                    "ExplanationText",
                    "<b>Opposite</b> "
                    "(θ = 180°): cos θ = −1, and the score is as negative as the lengths allow."),
            }) +
            para(QCoreApplication::translate(
                "ExplanationText",
                "So one number mixes two things: how well the directions agree and how long the "
                "arrows are. Only for vectors of length 1 is the dot product the cosine itself, "
                "between −1 and 1; the normalised view (Normalise Query and Keys) puts the query "
                "and every key on the unit circle to show that case.")),
        para(QCoreApplication::translate(
            "ExplanationText",
            "It is the simplest and cheapest score: one multiplication and one addition per "
            "dimension and nothing to learn. Luong et al. (2015) call it “dot”. It suits "
            "queries and keys that live in the same space, with the same dimension, and "
            "whose lengths are kept in check, for example by normalisation layers.")),
        {
            QCoreApplication::translate(
                "ExplanationText",
                "<b>Length dominates.</b> "
                "A long key beats a well-aligned short one. Drag a key that lies within 90° of "
                "the query outwards along its own direction: its angle stays the same, yet its "
                "score and its weight keep growing. Beyond 90° the cosine is negative, and the "
                "same drag lowers the score."),
            QCoreApplication::translate(
                "ExplanationText",
                "<b>The spread grows with the dimension.</b> "
                "For random vectors with components of mean 0 and variance σ², the scores spread "
                "as √d·σ²: with many components they become large, softmax puts nearly all the "
                "weight on one key and passes almost no gradient back. The scaled dot product "
                "divides the √d away."),
            QCoreApplication::translate(
                "ExplanationText",
                "<b>The dot product is not the cosine.</b> "
                "Reading q·k as “the cosine of the angle” is only right for unit vectors."),
        });
}

// Whether dragging a key outwards raises or lowers its score in this scene.
QString outwardDrag(const SceneModel &model)
{
    // Stretching a key by a factor c > 1 multiplies its dot product by c: the score grows only
    // while cos θ > 0. Which case holds depends on the scene, so say it for the widest key.
    const int widest = widestKey(model);
    // With a single key its weight is 1 whatever its score.
    if (widest < 0 || unmaskedCount(model) < 2)
        return {};
    const attn::KeyGeometry &g = model.geometry();
    const double cosine = g.cosines[widest];
    const QString k = keyName(model, widest);
    const QString angle = eq(QStringLiteral("θ"), degrees(g.angles[widest]));
    if (std::abs(cosine) < 1e-12)
        return para(QCoreApplication::translate(
                        "ExplanationText",
                        "%1 is at a right angle to %2 (%3): its score stays 0 however far you drag "
                        "it outwards along its own direction.")
                        .arg(k, qSym(), angle));
    if (cosine > 0 && unmaskedCount(model) < model.keyCount())
        return para(QCoreApplication::translate(
                        "ExplanationText",
                        "Every unmasked key is within 90° of %1 (the widest, %2, at %3): dragging "
                        "any of them outwards along its own direction raises its score and its "
                        "weight.")
                        .arg(qSym(), k, angle));
    if (cosine > 0)
        return para(QCoreApplication::translate(
                        "ExplanationText",
                        "Every key is within 90° of %1 (the widest, %2, at %3): dragging any of "
                        "them outwards along its own direction raises its score and its weight.")
                        .arg(qSym(), k, angle));
    return para(QCoreApplication::translate(
                    "ExplanationText",
                    "%1 is more than 90° away from %2 (%3): dragging it outwards along its own "
                    "direction lowers its score and its weight, as cos θ < 0. A key within 90° "
                    "would gain instead.")
                    .arg(k, qSym(), angle));
}

QString scene(const SceneModel &model)
{
    const attn::KeyGeometry &g = model.geometry();
    QString h = para(QCoreApplication::translate("ExplanationText", "Your query has length %1.")
                         .arg(eq(QStringLiteral("‖%1‖").arg(qSym()), num(g.queryNorm))));
    const int top = topWeight(model);
    const int longest = longestKey(model);
    const int closest = closestKey(model);
    if (unmaskedCount(model) >= 2 && longest >= 0 && closest >= 0) {
        const QString longName = keyName(model, longest);
        h += para(QCoreApplication::translate(
                      "ExplanationText",
                      "The longest key is %1 (%2); the key closest in direction to %3 is %4 (%5).")
                      .arg(longName,
                           eq(QStringLiteral("‖%1‖").arg(longName), num(g.keyNorms[longest])),
                           qSym(), keyName(model, closest),
                           eq(QStringLiteral("θ"), degrees(g.angles[closest]))));
        h += para(largestWeight(model));
        if (top == longest && top != closest)
            h += para(QCoreApplication::translate(
                "ExplanationText",
                "Here length wins over direction: the key that points most nearly the "
                "way of the query does not get the largest weight."));
        else if (top == closest && top != longest)
            h += para(QCoreApplication::translate("ExplanationText",
                                                  "Here direction wins, although %1 is longer.")
                          .arg(longName));
        else if (top == closest && top == longest)
            h += para(QCoreApplication::translate(
                "ExplanationText",
                "Here length and direction agree: the longest key is also the best "
                "aligned. Drag another key outwards until it wins."));
    } else {
        h += para(largestWeight(model));
    }
    if (model.normalised())
        h += para(QCoreApplication::translate(
            "ExplanationText",
            "The normalised view is on: the query and every key have length 1, so each "
            "score is the cosine of its angle."));
    else
        h += outwardDrag(model);
    return h;
}

void stepLines(const StepContext &context, FormulaLines &lines)
{
    const attn::ScoreBreakdown &b = context.breakdown;
    const QString &s = context.score;
    const QString qk = context.query + QStringLiteral("·") + context.key;
    lines << QStringLiteral("%1 = %2 = %3 = <b>%4</b>")
                 .arg(s, qk, dotProduct(b.query, b.keyVector, b.score), num(b.score));
}

} // namespace

extern constinit const MethodView kDotMethod = methodView({
    .name = QT_TRANSLATE_NOOP("MethodNames", "Dot product"),
    .formula = "s<sub>i</sub> = q·k<sub>i</sub>",
});
