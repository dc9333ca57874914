#include "methods/scenefacts.h"

#include "model/scenemodel.h"
#include "text/htmlfragments.h"
#include "theme/colorscheme.h"

#include <QCoreApplication>

namespace SceneFacts {

using namespace HtmlFragments;

QString keyName(const SceneModel &model, int i)
{
    return coloured(QStringLiteral("k<sub>%1</sub>").arg(i + 1),
                    ColorScheme::keyColor(i, model.keyCount()));
}

bool masked(const SceneModel &model, int i)
{
    const attn::Mask &mask = model.scene().mask;
    return i < int(mask.size()) && mask[std::size_t(i)];
}

int unmaskedCount(const SceneModel &model)
{
    int n = 0;
    for (int i = 0; i < model.keyCount(); ++i)
        n += masked(model, i) ? 0 : 1;
    return n;
}

int topWeight(const SceneModel &model)
{
    const attn::Vector &w = model.result().weights;
    Eigen::Index top = 0;
    w.maxCoeff(&top);
    return int(top);
}

int longestKey(const SceneModel &model)
{
    const attn::KeyGeometry &g = model.geometry();
    int best = -1;
    for (int i = 0; i < int(g.keyNorms.size()); ++i)
        if (!masked(model, i) && (best < 0 || g.keyNorms[i] > g.keyNorms[best]))
            best = i;
    return best;
}

namespace {

// The unmasked key whose angle to the query `better` prefers, or -1 when no angle is defined.
template <typename Better> int keyByAngle(const SceneModel &model, Better better)
{
    const attn::KeyGeometry &g = model.geometry();
    int best = -1;
    for (int i = 0; i < int(g.angles.size()); ++i) {
        if (masked(model, i) || g.undefined[std::size_t(i)])
            continue;
        if (best < 0 || better(g.angles[i], g.angles[best]))
            best = i;
    }
    return best;
}

} // namespace

int closestKey(const SceneModel &model)
{
    return keyByAngle(model, [](double a, double b) { return a < b; });
}

int widestKey(const SceneModel &model)
{
    return keyByAngle(model, [](double a, double b) { return a > b; });
}

QString errorParagraph(const SceneModel &model)
{
    return para(coloured(model.errorText().toHtmlEscaped(), ColorScheme::error()));
}

QString largestWeight(const SceneModel &model)
{
    const int top = topWeight(model);
    const attn::AttentionResult &r = model.result();
    return QCoreApplication::translate("ExplanationText", "The largest weight goes to %1: %2, %3.")
        .arg(keyName(model, top), eq(QStringLiteral("s"), num(r.scores[top])),
             eq(QStringLiteral("w"), num(r.weights[top])));
}

} // namespace SceneFacts
