#include "document/scenepresets.h"

#include "model/scenestorage.h"

#include <QFile>

QList<ScenePresets::Preset> ScenePresets::all()
{
    return {
        // The article is named: a class should be able to find it. Its title is Chinese; the
        // English names it by a translation and the original.
        {QStringLiteral("article"), tr("Worked Example of “Attention Scores Illustrated”"),
         tr("The example of the article “图解注意力分数5种相似度计算的视觉化探索” (attention "
            "scores illustrated): q = (1.2, 0.8) with three keys; the dot-product scores are "
            "1.4, 2.2 and 1.92.")},
        {QStringLiteral("directions"), tr("Same Direction, Orthogonal, Opposite"),
         tr("Three keys along, across and against the query: cosine similarity 1, 0 and −1.")},
        {QStringLiteral("length-beats-angle"), tr("Length Beats Angle"),
         tr("A long key wins under the dot product although it points away; switch to cosine "
            "similarity and the well-aligned short key wins.")},
        {QStringLiteral("sharp-softmax"), tr("Low Temperature (τ = 0.05)"),
         tr("The article's example at τ = 0.05: softmax gives almost all the weight to the best "
            "key.")},
        {QStringLiteral("flat-softmax"), tr("High Temperature (τ = 20)"),
         tr("The article's example at τ = 20: the weights are almost equal.")},
        {QStringLiteral("masked-key"), tr("A Masked Key"),
         tr("The article's example with its best key masked: its weight is 0 and the others "
            "share the rest.")},
        {QStringLiteral("three-lenses"), tr("Multi-Head: Three Lenses"),
         tr("Three heads look through different lenses (identity, a 90° rotation of the query, "
            "a projection onto the x axis) and each prefers another key.")},
        {QStringLiteral("circle-32"), tr("32 Keys Around a Circle"),
         tr("32 keys evenly around the unit circle: the weights follow the angle to the query.")},
        // The normalisers (issue 17): each scene sets its own.
        {QStringLiteral("nothing-relevant"), tr("Nothing Is Relevant (softmax₁)"),
         tr("Three keys point away from the query (scores −3, −2.8, −3.2). Softmax would still "
            "hand out the whole weight 1; softmax₁ gives them 0.131 together and the other "
            "0.869 to nothing.")},
        {QStringLiteral("sparsemax-two-keys"), tr("Sparsemax Keeps Two Keys"),
         tr("The article's example with two more keys, under sparsemax: only k₂ and k₃ lie above "
            "the threshold τ* = 1.56 and get 0.64 and 0.36; the other three keys get exactly "
            "0.")},
        {QStringLiteral("sigmoid-many-keys"), tr("Sigmoid With Many Keys"),
         tr("24 keys on a circle of radius 2 under sigmoid attention (b = −ln 24): the seven keys "
            "nearest the query each get more than 0.5, and the weights add up to 6.29, not 1.")},
    };
}

std::optional<ScenePresets::Preset> ScenePresets::find(const QString &id)
{
    const QList<Preset> presets = all();
    for (const Preset &p : presets)
        if (p.id == id)
            return p;
    return std::nullopt;
}

QString ScenePresets::resourcePath(const QString &id)
{
    return QStringLiteral(":/scenes/%1.json").arg(id);
}

std::optional<attn::Scene> ScenePresets::load(const QString &id, QString *error)
{
    QFile file(resourcePath(id));
    if (!file.open(QIODevice::ReadOnly)) {
        if (error)
            *error = tr("There is no preset \"%1\".").arg(id);
        return std::nullopt;
    }
    return SceneStorage::parse(file.readAll(), error);
}
