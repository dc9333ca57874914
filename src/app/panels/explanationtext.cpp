#include "panels/explanationtext.h"

#include "methods/methodnames.h"
#include "model/scenemodel.h"
#include "text/numberformat.h"
#include "theme/colorscheme.h"

#include <QColor>
#include <QStringList>

#include <algorithm>
#include <cmath>

namespace {

// The page's colours besides the lesson's own: the formula box, the glossary's header, wrong and
// right code. Functions, as the theme decides them when the page is written.
QColor formulaBackground()
{
    return ColorScheme::panel();
}

bool darkTheme()
{
    return ColorScheme::isDark(ColorScheme::background());
}

QColor tableHeader()
{
    return darkTheme() ? ColorScheme::gridMajor() : QColor(0xdd, 0xe3, 0xea);
}

QColor wrongBackground()
{
    return darkTheme() ? ColorScheme::errorBackground() : QColor(0xfb, 0xea, 0xea);
}

QColor rightBackground()
{
    return darkTheme() ? QColor(0x1c, 0x36, 0x24) : QColor(0xe8, 0xf5, 0xe9);
}
// Beyond this many keys a per-key list stops helping; the chart and the table have them all.
constexpr int kListedKeys = 12;

// The house rule's decimals without trailing zeros, as the learner would write the numbers by
// hand (the same rounding as the table and the chart).
QString num(double x)
{
    return NumberFormat::written(x);
}

// "lhs = rhs" that never breaks across lines.
QString eq(const QString &lhs, const QString &rhs)
{
    return lhs + QStringLiteral("&nbsp;=&nbsp;") + rhs;
}

QString degrees(double deg)
{
    return NumberFormat::number(deg, 1) + QStringLiteral("°");
}

QString vec(const attn::Vector &v)
{
    QStringList parts;
    for (Eigen::Index i = 0; i < v.size(); ++i)
        parts << num(v[i]);
    return QLatin1Char('(') + parts.join(QStringLiteral(", ")) + QLatin1Char(')');
}

// "[a  b; c  d]": a matrix on one line, rows separated by semicolons.
QString matrix(const attn::Matrix &m)
{
    QStringList rows;
    for (Eigen::Index r = 0; r < m.rows(); ++r) {
        QStringList cells;
        for (Eigen::Index c = 0; c < m.cols(); ++c)
            cells << num(m(r, c));
        rows << cells.join(QStringLiteral("&nbsp;&nbsp;"));
    }
    return QLatin1Char('[') + rows.join(QStringLiteral("; ")) + QLatin1Char(']');
}

QString coloured(const QString &html, const QColor &c)
{
    return QStringLiteral("<span style='color:%1'>%2</span>").arg(c.name(), html);
}

QString qSym()
{
    return coloured(QStringLiteral("q"), ColorScheme::query());
}

QString kSym(const QString &index = QStringLiteral("i"))
{
    return coloured(QStringLiteral("k<sub>%1</sub>").arg(index), ColorScheme::key());
}

QString vSym(const QString &index = QStringLiteral("i"))
{
    return coloured(QStringLiteral("v<sub>%1</sub>").arg(index), ColorScheme::value());
}

// Key i of the user's scene, in the colour its arrow and bar have.
QString keyName(const SceneModel &model, int i)
{
    return coloured(QStringLiteral("k<sub>%1</sub>").arg(i + 1),
                    ColorScheme::keyColor(i, model.keyCount()));
}

QString title(const QString &text)
{
    return QStringLiteral("<h2>") + text + QStringLiteral("</h2>");
}

QString heading(const QString &text)
{
    return QStringLiteral("<h3>") + text + QStringLiteral("</h3>");
}

QString para(const QString &text)
{
    return QStringLiteral("<p>") + text + QStringLiteral("</p>");
}

QString bulleted(const QStringList &items)
{
    QString s = QStringLiteral("<ul>");
    for (const QString &item : items)
        s += QStringLiteral("<li>") + item + QStringLiteral("</li>");
    return s + QStringLiteral("</ul>");
}

// The formula in a tinted box, centred and larger than the text around it.
QString formulaBox(const QStringList &lines, double pointSize)
{
    return QStringLiteral("<table width='100%' cellspacing='0' cellpadding='8' bgcolor='%1'>"
                          "<tr><td align='center'><span style='font-size:%2pt'>%3</span>"
                          "</td></tr></table>")
        .arg(formulaBackground().name(), QString::number(pointSize, 'f', 1),
             lines.join(QStringLiteral("<br>")));
}

QString codeBox(const QString &code, const QColor &background)
{
    return QStringLiteral("<table width='100%' cellspacing='0' cellpadding='6' bgcolor='%1'>"
                          "<tr><td><pre>%2</pre></td></tr></table>")
        .arg(background.name(), code.toHtmlEscaped());
}

QString link(const QString &target, const QString &text)
{
    return QStringLiteral("<a href='%1:%2'>%3</a>")
        .arg(ExplanationText::linkScheme(), target, text);
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

// The key with the largest weight; masked keys have weight 0 and never win.
int topWeight(const SceneModel &model)
{
    const attn::Vector &w = model.result().weights;
    Eigen::Index top = 0;
    w.maxCoeff(&top);
    return int(top);
}

// The longest unmasked key, or -1.
int longestKey(const SceneModel &model)
{
    const attn::KeyGeometry &g = model.geometry();
    int best = -1;
    for (int i = 0; i < int(g.keyNorms.size()); ++i)
        if (!masked(model, i) && (best < 0 || g.keyNorms[i] > g.keyNorms[best]))
            best = i;
    return best;
}

// The unmasked key at the smallest angle to the query, or -1 when no angle is defined.
int closestKey(const SceneModel &model)
{
    const attn::KeyGeometry &g = model.geometry();
    int best = -1;
    for (int i = 0; i < int(g.angles.size()); ++i) {
        if (masked(model, i) || g.undefined[std::size_t(i)])
            continue;
        if (best < 0 || g.angles[i] < g.angles[best])
            best = i;
    }
    return best;
}

// The unmasked key at the largest angle to the query, or -1 when no angle is defined.
int widestKey(const SceneModel &model)
{
    const attn::KeyGeometry &g = model.geometry();
    int best = -1;
    for (int i = 0; i < int(g.angles.size()); ++i) {
        if (masked(model, i) || g.undefined[std::size_t(i)])
            continue;
        if (best < 0 || g.angles[i] > g.angles[best])
            best = i;
    }
    return best;
}

QString errorParagraph(const SceneModel &model)
{
    return para(coloured(model.errorText().toHtmlEscaped(), ColorScheme::error()));
}

} // namespace

QList<ExplanationText::Term> ExplanationText::glossary()
{
    // Data, not translation: both columns appear in both languages.
    return {
        {QStringLiteral("query / key / value"), QStringLiteral("查询 / 键 / 值")},
        {QStringLiteral("attention score"), QStringLiteral("注意力分数")},
        {QStringLiteral("attention weight"), QStringLiteral("注意力权重")},
        {QStringLiteral("similarity"), QStringLiteral("相似度")},
        {QStringLiteral("dot product"), QStringLiteral("点积")},
        {QStringLiteral("scaled dot-product attention"), QStringLiteral("缩放点积注意力")},
        {QStringLiteral("cosine similarity"), QStringLiteral("余弦相似度")},
        {QStringLiteral("general (bilinear) score"), QStringLiteral("通用（双线性）分数")},
        {QStringLiteral("additive attention"), QStringLiteral("加性注意力")},
        {QStringLiteral("multi-head attention"), QStringLiteral("多头注意力")},
        {QStringLiteral("head"), QStringLiteral("头")},
        {QStringLiteral("self-attention"), QStringLiteral("自注意力")},
        {QStringLiteral("softmax"), QStringLiteral("softmax（归一化指数函数）")},
        {QStringLiteral("temperature"), QStringLiteral("温度")},
        {QStringLiteral("mask"), QStringLiteral("掩码")},
        {QStringLiteral("scaling factor"), QStringLiteral("缩放因子")},
        {QStringLiteral("dimension"), QStringLiteral("维度")},
        {QStringLiteral("variance"), QStringLiteral("方差")},
        {QStringLiteral("projection matrix"), QStringLiteral("投影矩阵")},
        {QStringLiteral("weighted sum / output"), QStringLiteral("加权和 / 输出")},
        {QStringLiteral("normalise (L2)"), QStringLiteral("（L2）归一化")},
        {QStringLiteral("angle"), QStringLiteral("夹角")},
        {QStringLiteral("unit circle"), QStringLiteral("单位圆")},
        {QStringLiteral("heat map"), QStringLiteral("热力图")},
        {QStringLiteral("scene"), QStringLiteral("场景")},
        {QStringLiteral("preset"), QStringLiteral("预设")},
        {QStringLiteral("export"), QStringLiteral("导出")},
        // The app's own terms, one word for one thing in both languages.
        {QStringLiteral("identity matrix"), QStringLiteral("单位矩阵")},
        {QStringLiteral("lens (a head's projections)"), QStringLiteral("透镜（头的投影）")},
        {QStringLiteral("low-rank"), QStringLiteral("低秩")},
        {QStringLiteral("hidden unit"), QStringLiteral("隐藏单元")},
        {QStringLiteral("encoder / decoder"), QStringLiteral("编码器 / 解码器")},
        {QStringLiteral("logit (score divided by τ)"), QStringLiteral("logit（分数除以 τ）")},
        {QStringLiteral("normalise (divide by the sum)"), QStringLiteral("归一化（除以总和）")},
        {QStringLiteral("normalisation layer"), QStringLiteral("归一化层")},
        {QStringLiteral("one-hot"), QStringLiteral("独热（one-hot）")},
        {QStringLiteral("saturate"), QStringLiteral("饱和")},
        {QStringLiteral("overflow"), QStringLiteral("溢出")},
        {QStringLiteral("gradient"), QStringLiteral("梯度")},
        {QStringLiteral("Jacobian"), QStringLiteral("雅可比矩阵")},
        {QStringLiteral("convex hull"), QStringLiteral("凸包")},
        {QStringLiteral("padding mask"), QStringLiteral("填充掩码")},
        {QStringLiteral("causal mask"), QStringLiteral("因果掩码")},
        {QStringLiteral("token"), QStringLiteral("词元")},
        {QStringLiteral("vocabulary"), QStringLiteral("词表")},
        {QStringLiteral("position"), QStringLiteral("位置")},
        {QStringLiteral("positional encoding"), QStringLiteral("位置编码")},
        {QStringLiteral("rotary position embedding (RoPE)"),
         QStringLiteral("旋转位置编码（RoPE）")},
        {QStringLiteral("layer"), QStringLiteral("层")},
        {QStringLiteral("residual stream"), QStringLiteral("残差流")},
        {QStringLiteral("dimension lab"), QStringLiteral("维度实验室")},
    };
}

QString ExplanationText::methodText(attn::Method method, double formulaPointSize)
{
    const QString s = QStringLiteral("s<sub>i</sub>");
    const QString qk = qSym() + QStringLiteral("·") + kSym();
    QStringList formula;
    QString body;
    switch (method) {
    case attn::Method::Dot:
        formula << QStringLiteral("%1 = %2").arg(s, qk)
                << QStringLiteral("= ‖%1‖ ‖%2‖ cos θ<sub>i</sub>").arg(qSym(), kSym());
        body = dotSections(formulaPointSize);
        break;
    case attn::Method::Scaled:
        formula << QStringLiteral("%1 = %2 / √d").arg(s, qk);
        body = scaledSections(formulaPointSize);
        break;
    case attn::Method::Cosine:
        formula << QStringLiteral("%1 = %2 / (‖%3‖ ‖%4‖)").arg(s, qk, qSym(), kSym())
                << QStringLiteral("= cos θ<sub>i</sub>");
        body = cosineSections(formulaPointSize);
        break;
    case attn::Method::General:
        formula << QStringLiteral("%1 = %2<sup>T</sup> W %3 = %2·(W %3)").arg(s, qSym(), kSym());
        body = generalSections(formulaPointSize);
        break;
    case attn::Method::Additive:
        // v here is the network's weight vector, not a value: it keeps the text colour.
        formula << QStringLiteral(
                       "%1 = v<sup>T</sup> tanh(W<sub>q</sub> %2 + W<sub>k</sub> %3 + b)")
                       .arg(s, qSym(), kSym());
        body = additiveSections(formulaPointSize);
        break;
    case attn::Method::MultiHead:
        formula << QStringLiteral("s<sub>i</sub><sup>(h)</sup> = (W<sub>Q</sub><sup>h</sup> %1)·"
                                  "(W<sub>K</sub><sup>h</sup> %2) / √d<sub>k</sub>")
                       .arg(qSym(), kSym())
                << QStringLiteral("o<sup>(h)</sup> = Σ<sub>i</sub> softmax(s<sup>(h)</sup>/τ)"
                                  "<sub>i</sub> W<sub>V</sub><sup>h</sup> %1")
                       .arg(vSym())
                << QStringLiteral("o = W<sub>O</sub> [o<sup>(1)</sup>; o<sup>(2)</sup>; …]");
        body = multiHeadSections(formulaPointSize);
        break;
    }
    return title(MethodNames::name(method)) + formulaBox(formula, formulaPointSize) + body +
           seeAlso();
}

QString ExplanationText::methodScene(const SceneModel &model)
{
    QString h = heading(tr("In your scene"));
    switch (model.scene().method) {
    case attn::Method::Dot:
        return h + dotScene(model);
    case attn::Method::Scaled:
        return h + scaledScene(model);
    case attn::Method::Cosine:
        return h + cosineScene(model);
    case attn::Method::General:
        return h + generalScene(model);
    case attn::Method::Additive:
        return h + additiveScene(model);
    case attn::Method::MultiHead:
        return h + multiHeadScene(model);
    }
    return h;
}

QString ExplanationText::largestWeight(const SceneModel &model)
{
    const int top = topWeight(model);
    const attn::AttentionResult &r = model.result();
    return tr("The largest weight goes to %1: %2, %3.")
        .arg(keyName(model, top), eq(QStringLiteral("s"), num(r.scores[top])),
             eq(QStringLiteral("w"), num(r.weights[top])));
}

QString ExplanationText::seeAlso()
{
    return para(tr("See also: %1 · %2 · %3")
                    .arg(link(QStringLiteral("softmax"), tr("Softmax and temperature")),
                         link(QStringLiteral("mistakes"), tr("Common mistakes")),
                         link(QStringLiteral("glossary"), tr("Glossary"))));
}

QString ExplanationText::dotSections(double)
{
    QString h = heading(tr("What it means geometrically"));
    h += para(tr("Multiply the two vectors component by component and add the products. The same "
                 "number is the length of %1 times the length of %2 times the cosine of the "
                 "angle θ<sub>i</sub> between them.")
                  .arg(qSym(), kSym()));
    h += bulleted({
        tr("<b>Same direction</b> "
           "(θ = 0°): cos θ = 1, and the score is as large as the two lengths allow."),
        tr("<b>Orthogonal</b> "
           "(θ = 90°): cos θ = 0, and the score is 0 however long the arrows are."),
        tr("<b>Opposite</b> "
           "(θ = 180°): cos θ = −1, and the score is as negative as the lengths allow."),
    });
    h += para(tr("So one number mixes two things: how well the directions agree and how long the "
                 "arrows are. Only for vectors of length 1 is the dot product the cosine itself, "
                 "between −1 and 1; the normalised view (Normalise Query and Keys) puts the query "
                 "and every key on the unit circle to show that case."));

    h += heading(tr("When to use it"));
    h += para(tr("It is the simplest and cheapest score: one multiplication and one addition per "
                 "dimension and nothing to learn. Luong et al. (2015) call it “dot”. It suits "
                 "queries and keys that live in the same space, with the same dimension, and "
                 "whose lengths are kept in check, for example by normalisation layers."));

    h += heading(tr("Pitfalls"));
    h += bulleted({
        tr("<b>Length dominates.</b> "
           "A long key beats a well-aligned short one. Drag a key that lies within 90° of "
           "the query outwards along its own direction: its angle stays the same, yet its "
           "score and its weight keep growing. Beyond 90° the cosine is negative, and the "
           "same drag lowers the score."),
        tr("<b>The spread grows with the dimension.</b> "
           "For random vectors with components of mean 0 and variance σ², the scores spread "
           "as √d·σ²: with many components they become large, softmax puts nearly all the "
           "weight on one key and passes almost no gradient back. The scaled dot product "
           "divides the √d away."),
        tr("<b>The dot product is not the cosine.</b> "
           "Reading q·k as “the cosine of the angle” is only right for unit vectors."),
    });

    return h;
}

QString ExplanationText::dotScene(const SceneModel &model)
{
    if (!model.hasResult())
        return errorParagraph(model);
    const attn::KeyGeometry &g = model.geometry();
    QString h = para(tr("Your query has length %1.")
                         .arg(eq(QStringLiteral("‖%1‖").arg(qSym()), num(g.queryNorm))));
    const int top = topWeight(model);
    const int longest = longestKey(model);
    const int closest = closestKey(model);
    if (unmaskedCount(model) >= 2 && longest >= 0 && closest >= 0) {
        const QString longName = keyName(model, longest);
        h += para(tr("The longest key is %1 (%2); the key closest in direction to %3 is %4 (%5).")
                      .arg(longName,
                           eq(QStringLiteral("‖%1‖").arg(longName), num(g.keyNorms[longest])),
                           qSym(), keyName(model, closest),
                           eq(QStringLiteral("θ"), degrees(g.angles[closest]))));
        h += para(largestWeight(model));
        if (top == longest && top != closest)
            h += para(tr("Here length wins over direction: the key that points most nearly the "
                         "way of the query does not get the largest weight."));
        else if (top == closest && top != longest)
            h += para(tr("Here direction wins, although %1 is longer.").arg(longName));
        else if (top == closest && top == longest)
            h += para(tr("Here length and direction agree: the longest key is also the best "
                         "aligned. Drag another key outwards until it wins."));
    } else {
        h += para(largestWeight(model));
    }
    if (model.normalised())
        h += para(tr("The normalised view is on: the query and every key have length 1, so each "
                     "score is the cosine of its angle."));
    else
        h += outwardDrag(model);
    return h;
}

QString ExplanationText::outwardDrag(const SceneModel &model)
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
        return para(tr("%1 is at a right angle to %2 (%3): its score stays 0 however far you drag "
                       "it outwards along its own direction.")
                        .arg(k, qSym(), angle));
    if (cosine > 0 && unmaskedCount(model) < model.keyCount())
        return para(tr("Every unmasked key is within 90° of %1 (the widest, %2, at %3): dragging "
                       "any of them outwards along its own direction raises its score and its "
                       "weight.")
                        .arg(qSym(), k, angle));
    if (cosine > 0)
        return para(tr("Every key is within 90° of %1 (the widest, %2, at %3): dragging any of "
                       "them outwards along its own direction raises its score and its weight.")
                        .arg(qSym(), k, angle));
    return para(tr("%1 is more than 90° away from %2 (%3): dragging it outwards along its own "
                   "direction lowers its score and its weight, as cos θ < 0. A key within 90° "
                   "would gain instead.")
                    .arg(k, qSym(), angle));
}

QString ExplanationText::scaledSections(double formulaPointSize)
{
    QString h = heading(tr("What it means geometrically"));
    h += para(tr("The same comparison as the dot product — the same angles, the same lengths — "
                 "with every score divided by √d, where d is the dimension of the keys. The order "
                 "of the keys never changes; the scores only move closer together, so softmax "
                 "gives flatter weights."));

    h += heading(tr("Why √d"));
    h += para(tr("Suppose the d components of q and k are independent, with mean 0 and variance "
                 "σ². Each product q<sub>j</sub>k<sub>j</sub> then has mean 0 and variance σ⁴, "
                 "and q·k adds up d such products:"));
    h += formulaBox({QStringLiteral("Var(q·k) = d·σ⁴ &nbsp; ⇒ &nbsp; Var(q·k / √d) = σ⁴")},
                    formulaPointSize);
    h += para(tr("The standard deviation, the typical size of a score, is therefore √d·σ²: it "
                 "grows with the square root of the dimension. Dividing by √d brings it back to "
                 "σ² in every dimension, so softmax sees scores of the same spread whether d is 2 "
                 "or 512."));
    h += para(tr("The mean of 0 matters for the exact number: with mean μ each product has "
                 "variance σ⁴ + 2μ²σ² instead of σ⁴. The d products still add up, so √d still "
                 "takes the dimension out."));
    h += para(tr("Scaling removes the dependence on d, not on σ: the scaled scores still spread "
                 "as σ². At σ = 4 their standard deviation is 16, and the weights are close to "
                 "one-hot in any dimension. What keeps σ of the order of 1 in practice is the "
                 "rest of the model: weights initialised with a variance of the order of 1 / "
                 "(number of inputs) (Glorot and Bengio, 2010) and normalisation layers such as "
                 "layer normalisation (Ba et al., 2016), which the Transformer applies around "
                 "every sub-layer."));

    h += heading(tr("Why the Transformer scales at all"));
    h += para(tr("Vaswani et al. (2017, §3.2.1) report that without scaling, dot-product "
                 "attention did as well as additive attention for small d<sub>k</sub> but worse "
                 "for large d<sub>k</sub> (Britz et al., 2017). They suspected that large dot "
                 "products push softmax into regions where its gradients are extremely small, "
                 "and divided by √d<sub>k</sub> to counteract that; their footnote gives the "
                 "argument above for mean 0 and variance 1."));

    h += heading(tr("When to use it"));
    h += para(tr("This is the score of the Transformer (Vaswani et al., 2017) and of most models "
                 "since: queries and keys of the same, often large, dimension, all scores "
                 "computed at once as the matrix product QK<sup>T</sup> and divided by one "
                 "number."));

    h += heading(tr("Pitfalls"));
    h += bulleted({
        tr("<b>Without √d, softmax saturates.</b> "
           "In high dimensions unscaled scores differ by tens; the weights become one-hot "
           "— one near 1, the rest near 0 — and softmax passes almost no gradient to any "
           "score, the winner's included (see %1).")
            .arg(link(QStringLiteral("softmax#gradients"), tr("Softmax and temperature"))),
        tr("<b>d is the dimension, not the number of keys.</b> "
           "Use the key dimension d<sub>k</sub>; in multi-head attention, one head's "
           "dimension. On this 2-D canvas the factor is only √2 ≈ 1.41; with d = 64 it "
           "is 8."),
        tr("<b>Scaling removes d, not σ.</b> "
           "Vectors with large components still give widely spread scores, and one key far "
           "longer than the rest still dominates: the argument above is about random "
           "vectors of mean 0 and a given variance."),
        tr("<b>The scaling factor is a plain number.</b> "
           "Compute √d as a floating-point number, not as the root of an integer tensor "
           "(see %1).")
            .arg(link(QStringLiteral("mistakes#sqrt"), tr("Common mistakes"))),
    });

    return h;
}

QString ExplanationText::scaledScene(const SceneModel &model)
{
    if (!model.hasResult())
        return errorParagraph(model);
    const attn::AttentionResult &r = model.result();
    const int top = topWeight(model);
    const auto b = model.explain(top);
    if (!b)
        return errorParagraph(model);
    const QString d = num(r.scaleDim);
    const QString root = eq(QStringLiteral("√") + d, num(b->sqrtScale));
    QString h;
    if (model.scene().scaleDim)
        h += para(tr("You set d = %1 in the Method and parameters dock, so every dot product is "
                     "divided by %2, as if the vectors had %1 components; the vectors on the "
                     "canvas have %3.")
                      .arg(d, root)
                      .arg(model.keys().cols()));
    else
        h += para(tr("The vectors have d = %1 components, so every dot product is divided by %2.")
                      .arg(d, root));
    h += para(tr("The largest weight goes to %1: %2, divided by %3 gives %4, and %5.")
                  .arg(keyName(model, top),
                       eq(qSym() + QStringLiteral("·") + keyName(model, top), num(b->dot)),
                       num(b->sqrtScale), eq(QStringLiteral("s"), num(r.scores[top])),
                       eq(QStringLiteral("w"), num(r.weights[top]))));
    return h;
}

QString ExplanationText::cosineSections(double)
{
    QString h = heading(tr("What it means geometrically"));
    h += para(tr("Dividing the dot product by both lengths leaves only the angle: the score is "
                 "cos θ<sub>i</sub>, always between −1 and 1, and the same however long the "
                 "arrows are."));
    h += bulleted({
        tr("<b>Same direction</b> "
           "(θ = 0°): the score is 1."),
        tr("<b>Orthogonal</b> "
           "(θ = 90°): the score is 0."),
        tr("<b>Opposite</b> "
           "(θ = 180°): the score is −1."),
    });
    h += para(tr("It equals the dot product of the two vectors after L2 normalisation. The "
                 "normalised view (Normalise Query and Keys) shows exactly what this method "
                 "compares: the query and the keys as points on the unit circle."));

    h += heading(tr("When to use it"));
    h += para(tr("When the direction carries the meaning and the length is an accident: "
                 "comparing embeddings of texts of different lengths, searching for similar "
                 "items, or the content-based addressing of the Neural Turing Machine (Graves et "
                 "al., 2014)."));

    h += heading(tr("Pitfalls"));
    h += bulleted({
        tr("<b>The weights stay soft at τ = 1.</b> "
           "Scores differ by at most 2, so softmax can never give one key more than "
           "e² ≈ 7.4 times the weight of another. Lower the temperature, or multiply the "
           "scores by a learned factor as models do, to let it choose."),
        tr("<b>A zero vector has no direction.</b> "
           "The cosine is undefined; this app then gives the score 0 and says so instead "
           "of dividing by zero."),
        tr("<b>The length is thrown away.</b> "
           "If a longer key should count more — a stronger signal, say — cosine "
           "similarity cannot see it."),
    });

    return h;
}

QString ExplanationText::cosineScene(const SceneModel &model)
{
    if (!model.hasResult())
        return errorParagraph(model);
    const attn::KeyGeometry &g = model.geometry();
    const attn::AttentionResult &r = model.result();
    QStringList rows;
    const int n = model.keyCount();
    for (int i = 0; i < std::min(n, kListedKeys); ++i) {
        QString row;
        if (g.undefined[std::size_t(i)])
            row = tr("%1: zero length, no angle, so %2")
                      .arg(keyName(model, i), eq(QStringLiteral("s"), num(0)));
        else
            row = QStringLiteral("%1: %2, %3")
                      .arg(keyName(model, i), eq(QStringLiteral("θ"), degrees(g.angles[i])),
                           eq(QStringLiteral("s = cos θ"), num(r.scores[i])));
        if (masked(model, i))
            row = tr("%1 (masked)").arg(row);
        rows << row;
    }
    if (n > kListedKeys)
        rows << tr("… and %1 more keys").arg(n - kListedKeys);
    QString h = para(tr("The angles between %1 and the keys, and their cosines, which are the "
                        "scores:")
                         .arg(qSym())) +
                bulleted(rows);
    h += para(largestWeight(model));
    return h;
}

QString ExplanationText::generalSections(double)
{
    QString h = heading(tr("What it means geometrically"));
    h += para(tr("The matrix W first transforms the key — it may rotate, stretch, shear or "
                 "project it — and the query is then compared with the transformed key by a dot "
                 "product. W decides which directions of the key matter to the query."));
    h += para(tr("With W = I, the identity, the score is the plain dot product. On the canvas the "
                 "two columns of W are drawn as orange arrows: drag them to change W and watch "
                 "the scores follow."));
    h += para(tr("W need not be square: a d<sub>q</sub> × d<sub>k</sub> matrix compares a query "
                 "and keys of different dimensions."));

    h += heading(tr("When to use it"));
    h += para(tr("Luong et al. (2015) proposed it for machine translation as the “general” "
                 "score. Use it when the comparison should be learned but a whole network is "
                 "too much: it costs d<sub>q</sub>·d<sub>k</sub> parameters and one matrix "
                 "product."));
    h += para(tr("In their translation model the query is the decoder's current hidden state "
                 "h<sub>t</sub>, and the keys and the values are the same vectors: the encoder's "
                 "hidden states. Bahdanau et al. (2015) compare the previous decoder state "
                 "instead (see Additive)."));
    h += para(tr("Every head of multi-head attention is a general score in disguise: "
                 "(W<sub>Q</sub>q)·(W<sub>K</sub>k) / √d<sub>k</sub> = q<sup>T</sup> "
                 "(W<sub>Q</sub><sup>T</sup>W<sub>K</sub>) k / √d<sub>k</sub>, with a W of rank "
                 "at most d<sub>k</sub>."));

    h += heading(tr("Pitfalls"));
    h += bulleted({
        tr("<b>W changes lengths too.</b> "
           "A W that stretches one axis makes the keys along that axis win, just as long "
           "keys win the plain dot product."),
        tr("<b>The score is not symmetric.</b> "
           "q<sup>T</sup>Wk differs from k<sup>T</sup>Wq unless W is symmetric: swapping "
           "the roles of query and key changes the scores."),
        tr("<b>No scaling is built in.</b> "
           "In high dimensions the scores spread like unscaled dot products; divide by √d "
           "or keep W small."),
    });

    return h;
}

QString ExplanationText::generalScene(const SceneModel &model)
{
    if (!model.hasResult())
        return errorParagraph(model);
    const int top = topWeight(model);
    const auto b = model.explain(top);
    if (!b)
        return errorParagraph(model);
    const QString w = matrix(b->generalW);
    QString h;
    if (b->generalW.rows() == b->generalW.cols() && b->generalW.isIdentity(0))
        h +=
            para(tr("W = %1 is the identity, so every score equals the plain dot product.").arg(w));
    else
        h += para(tr("Your W is %1.").arg(w));
    const QString k = keyName(model, top);
    h += para(tr("For %1, the key with the largest weight: %2, and %3; its weight is %4.")
                  .arg(k, eq(QStringLiteral("W") + k, vec(b->wk)),
                       eq(QStringLiteral("s = %1·(W%2)").arg(qSym(), k), num(b->general)),
                       eq(QStringLiteral("w"), num(model.result().weights[top]))));
    return h;
}

QString ExplanationText::additiveSections(double)
{
    QString h = heading(tr("What it means geometrically"));
    h += para(tr("A small neural network with one hidden layer of H units scores each pair. "
                 "W<sub>q</sub> and W<sub>k</sub> project the query and the key into the same "
                 "H-dimensional space; the two projections and the bias b are added; tanh "
                 "squashes each sum into (−1, 1); and a learned vector v — not one of the values — "
                 "weighs the H results into one number."));
    h += para(tr("There is no single angle any more. Each hidden unit looks along its own "
                 "direction, given by its rows of W<sub>q</sub> and W<sub>k</sub>, and tanh makes "
                 "its response level off instead of growing without limit: a very long key does "
                 "not win by its length alone."));
    h += para(tr("It is also called “concat” attention: W<sub>q</sub>q + W<sub>k</sub>k is one "
                 "matrix [W<sub>q</sub> W<sub>k</sub>] applied to q and k stacked into one "
                 "vector."));

    h += heading(tr("When to use it"));
    h += para(tr("Bahdanau et al. (2015) introduced it for neural machine translation, before the "
                 "dot-product family took over. There the query is the decoder's previous hidden "
                 "state s<sub>i−1</sub>, and the keys and the values are the same vectors: the "
                 "encoder's annotations h<sub>j</sub>, one per source word. Luong et al. (2015) "
                 "compare the current decoder state instead."));
    h += para(tr("It still suits queries and keys of different dimensions (only H must agree) and "
                 "small models. It is not slower by the count of operations: W<sub>q</sub>q and "
                 "W<sub>k</sub>k<sub>i</sub> are computed once per query and once per key, and "
                 "each pair then costs O(H), like the dot product's O(d). The dot-product family "
                 "is faster in practice because all its scores are one matrix product, "
                 "QK<sup>T</sup>, for which highly optimised code exists (Vaswani et al., 2017, "
                 "§3.2.1)."));

    h += heading(tr("Pitfalls"));
    h += bulleted({
        tr("<b>The projections are added.</b> "
           "W<sub>q</sub>q + W<sub>k</sub>k<sub>i</sub> is a sum inside tanh; one source "
           "lost the plus sign (see %1).")
            .arg(link(QStringLiteral("mistakes#plus"), tr("Common mistakes"))),
        tr("<b>tanh saturates.</b> "
           "For large inputs each unit sits at ±1: the score stops responding to small "
           "moves of the key, and its gradient vanishes. Keep inputs and weights "
           "moderate."),
        tr("<b>The scores depend on the parameters.</b> "
           "Here W<sub>q</sub>, W<sub>k</sub>, b and v are random numbers from a fixed "
           "seed, not trained weights. Randomise in the Method and parameters dock draws "
           "another network, and the same q and k get other scores."),
    });

    return h;
}

QString ExplanationText::additiveScene(const SceneModel &model)
{
    if (!model.hasResult())
        return errorParagraph(model);
    const int top = topWeight(model);
    const auto b = model.explain(top);
    if (!b)
        return errorParagraph(model);
    QString h = para(tr("Your network has H = %1 hidden units: W<sub>q</sub> and W<sub>k</sub> "
                        "have %1 rows, b and v have %1 entries.")
                         .arg(model.scene().additive.hiddenSize()));
    const QString k = keyName(model, top);
    h += para(
        tr("For %1, the key with the largest weight, the hidden layer is %2, and %3; its "
           "weight is %4.")
            .arg(k,
                 eq(QStringLiteral("tanh(W<sub>q</sub>%1 + W<sub>k</sub>%2 + b)").arg(qSym(), k),
                    vec(b->tanhValues)),
                 eq(QStringLiteral("s = v·tanh(…)"), num(b->additive)),
                 eq(QStringLiteral("w"), num(model.result().weights[top]))));
    return h;
}

QString ExplanationText::multiHeadSections(double)
{
    QString h = heading(tr("What it means geometrically"));
    h += para(tr("Several heads run scaled dot-product attention side by side. Head h first "
                 "projects the query, the keys and the values with its own matrices "
                 "W<sub>Q</sub><sup>h</sup>, W<sub>K</sub><sup>h</sup>, W<sub>V</sub><sup>h</sup>; "
                 "then it scores, applies softmax and sums on its own. The heads' outputs are "
                 "stacked and W<sub>O</sub> maps them back."));
    h += para(tr("Only the product W<sub>Q</sub><sup>T</sup>W<sub>K</sub> matters for a head's "
                 "scores: (W<sub>Q</sub>q)·(W<sub>K</sub>k) = q<sup>T</sup> "
                 "(W<sub>Q</sub><sup>T</sup>W<sub>K</sub>) k. Each head is therefore a general "
                 "(bilinear) score q<sup>T</sup>Wk / √d<sub>k</sub> whose W = "
                 "W<sub>Q</sub><sup>T</sup>W<sub>K</sub> has rank at most d<sub>k</sub>: with "
                 "d<sub>k</sub> = 1 a head multiplies the query's component along one direction "
                 "by the key's component along another."));
    h += para(tr("In 2-D, think of each head as a different lens on the query and the keys: a "
                 "projection onto one direction, a stretch, or a turn of the query against the "
                 "keys. The same rotation R in W<sub>Q</sub> and W<sub>K</sub> is no lens at all: "
                 "(Rq)·(Rk) = q·k, and the head gives exactly the scaled dot-product scores. A "
                 "rotation matters on one side only, or together with a projection "
                 "(d<sub>k</sub> = 1). A head that projects onto the x axis compares only x "
                 "components and may prefer another key than a head that looks along y. The "
                 "Heads dock shows each head's view."));
    h += para(tr("The weights in the chart are the mean over the heads; each head has its own "
                 "softmax and its own weights."));

    h += heading(tr("When to use it"));
    h += para(tr("Every Transformer layer uses it (Vaswani et al., 2017). With h heads of "
                 "dimension d<sub>k</sub> = d<sub>model</sub> / h it costs about as much as one "
                 "full-size head, yet different heads can attend to different aspects — nearby "
                 "positions, syntax, distant links — at the same time."));

    h += heading(tr("Pitfalls"));
    h += bulleted({
        tr("<b>Each head attends over the keys, not over the heads.</b> "
           "After splitting into heads, the head axis must come before the sequence axis; "
           "otherwise attention mixes heads instead of positions (see %1).")
            .arg(link(QStringLiteral("mistakes#heads"), tr("Common mistakes"))),
        tr("<b>Scale by the head's dimension.</b> "
           "Each head divides by its own √d<sub>k</sub>, not by √d<sub>model</sub>."),
        tr("<b>A mean can hide the heads.</b> "
           "Two heads that strongly prefer different keys can average to flat weights; "
           "look at each head, not only at the mean."),
    });

    return h;
}

QString ExplanationText::multiHeadScene(const SceneModel &model)
{
    if (!model.hasResult())
        return errorParagraph(model);
    const attn::AttentionResult &r = model.result();
    QString h = para(tr("Number of heads: %1.").arg(r.heads.size()));
    QStringList rows;
    bool agree = true;
    const int top = topWeight(model);
    for (std::size_t j = 0; j < r.heads.size(); ++j) {
        const attn::HeadResult &head = r.heads[j];
        Eigen::Index best = 0;
        head.softmax.weights.maxCoeff(&best);
        agree = agree && int(best) == top;
        rows << tr("Head %1 (%2) gives its largest weight to %3: %4.")
                    .arg(j + 1)
                    .arg(eq(QStringLiteral("d<sub>k</sub>"), QString::number(head.query.size())),
                         keyName(model, int(best)),
                         eq(QStringLiteral("w"), num(head.softmax.weights[best])));
    }
    h += bulleted(rows);
    h += para(tr("Averaged over the heads, the largest weight goes to %1: %2.")
                  .arg(keyName(model, top), eq(QStringLiteral("w"), num(r.weights[top]))));
    if (!agree)
        h += para(tr("The heads do not agree on one key, and the mean hides that: compare them in "
                     "the Heads dock."));
    return h;
}

QString ExplanationText::softmaxText(double formulaPointSize)
{
    QString h = title(tr("Softmax and temperature"));
    h += formulaBox(
        {QStringLiteral(
             "w<sub>i</sub> = exp(s<sub>i</sub>/τ) / Σ<sub>j</sub> exp(s<sub>j</sub>/τ)"),
         QStringLiteral("= exp(s<sub>i</sub>/τ − m) / Σ<sub>j</sub> exp(s<sub>j</sub>/τ − m)"),
         QStringLiteral("m = max<sub>j</sub> s<sub>j</sub>/τ, &nbsp; %1 = Σ<sub>i</sub> "
                        "w<sub>i</sub> %2")
             .arg(coloured(QStringLiteral("o"), ColorScheme::output()), vSym())},
        formulaPointSize);

    h += heading(tr("What softmax does"));
    h += para(tr("Softmax turns any scores into weights that are positive and add up to 1. It "
                 "keeps the order — a higher score always gets a higher weight — and only the "
                 "differences count: adding the same number to every score changes nothing."));
    h += para(tr("A difference of 1 in s/τ means a factor of e ≈ 2.72 in weight; a difference of "
                 "5 means a factor of about 148."));
    h += para(tr("The output is the weighted sum of the values, o = Σ w<sub>i</sub> "
                 "v<sub>i</sub>, drawn as the purple dashed arrow. As the weights are positive "
                 "and add up to 1, its tip always lies in the convex hull of the values' tips: "
                 "the smallest convex polygon that contains them all (for three values: their "
                 "triangle). This holds for every single-head method; multi-head attention maps "
                 "its heads' outputs through W<sub>O</sub>, which can take the output "
                 "elsewhere."));

    h += heading(tr("Temperature"));
    h += para(tr("The temperature τ divides every score before the exponential, so it sets how "
                 "much the differences count."));
    h += bulleted({
        tr("<b>Small τ</b> "
           "(below 1) stretches the differences: the weights saturate towards one-hot, the "
           "top key takes nearly everything, and softmax passes almost no gradient to any "
           "score (see below)."),
        tr("<b>τ = 1</b> is plain softmax."),
        tr("<b>Large τ</b> "
           "(above 1) squeezes the differences: the scores are flattened, every weight "
           "approaches 1/n and the output approaches the mean of the values."),
    });
    h += para(tr("Dividing by √d in the scaled dot product acts like a temperature of √d; together "
                 "with τ the two multiply."));

    h += QStringLiteral("<a name='gradients'></a>") + heading(tr("Why gradients vanish"));
    h += para(tr("Every “the gradients vanish” in these pages comes from one formula, the "
                 "derivative of each weight with respect to each score:"));
    h += formulaBox({QStringLiteral("∂w<sub>i</sub> / ∂s<sub>j</sub> = w<sub>i</sub> "
                                    "(δ<sub>ij</sub> − w<sub>j</sub>) / τ")},
                    formulaPointSize);
    h += para(tr("δ<sub>ij</sub> is 1 when i = j and 0 otherwise. When the weights are one-hot, "
                 "every entry is close to 0: for the winner w<sub>i</sub> ≈ 1 and "
                 "1 − w<sub>i</sub> ≈ 0, for every other key w<sub>i</sub> ≈ 0. So a saturated "
                 "softmax passes almost no gradient to any score, the winner's included, and "
                 "nothing that produced the scores can learn through it. The entries are largest "
                 "when the weights are spread out: w<sub>i</sub>(1 − w<sub>i</sub>) is at most "
                 "1/4."));

    h += QStringLiteral("<a name='large'></a>") +
         heading(tr("Large scores: two different problems"));
    h += para(tr("Scores that are large — from long vectors, high dimensions or a small τ — cause "
                 "two problems that are easy to confuse; the article's “score explosion” can "
                 "mean either."));
    h += bulleted({
        tr("<b>Overflow.</b> "
           "The formula as written overflows: exp(1000) is infinite in double precision, and "
           "infinity divided by infinity is not a number (NaN). This is a problem of the "
           "arithmetic, and subtracting the maximum fixes it completely."),
        tr("<b>Saturation.</b> "
           "Even computed exactly, large differences between the scores make the weights "
           "one-hot, and the gradients vanish. This is a property of softmax itself: "
           "subtracting the maximum changes nothing here. Scaling by √d, normalising the "
           "vectors or a larger τ keeps the differences moderate."),
    });

    h += heading(tr("Why the maximum is subtracted"));
    h += para(tr("exp overflows a double above about 709: exp(1000) is infinite, and infinity "
                 "divided by infinity is not a number (NaN)."));
    h += para(tr("Subtracting the largest logit m from every s/τ changes nothing mathematically: "
                 "the factor exp(−m) appears above and below the fraction line and cancels. But "
                 "now the largest exponential is exp(0) = 1, nothing overflows, and the sum is at "
                 "least 1, so nothing divides by zero. Very negative differences underflow to 0, "
                 "which is harmless."));

    h += heading(tr("Masked keys"));
    h += para(tr("A masked key is left out of the softmax: its weight is exactly 0, and the other "
                 "keys share the whole weight. At least one key must stay unmasked."));
    h += para(tr("Models apply a mask by adding it to the scores before softmax: 0 for a key that "
                 "may be seen, −∞ for one that may not. exp(−∞) = 0, so the masked key gets "
                 "weight 0 and the others are normalised among themselves (Vaswani et al., 2017, "
                 "§3.2.3). Code often adds a very large negative number instead of −∞, so that a "
                 "row with every key masked gives no NaN."));
    h += formulaBox({QStringLiteral("w = softmax((s + M) / τ), &nbsp; M<sub>i</sub> = 0 or −∞")},
                    formulaPointSize);
    h += bulleted({
        tr("<b>Padding mask.</b> "
           "Sentences of different lengths are padded to one length in a batch; the padding "
           "positions are masked as keys, so that no query attends to them."),
        tr("<b>Causal mask.</b> "
           "In a decoder, or a language model, position i may attend only to positions j ≤ i: "
           "every later key is masked, so that no position sees the future it has to "
           "predict."),
    });

    h += para(tr("See also: %1 · %2")
                  .arg(link(QStringLiteral("mistakes#overflow"), tr("Common mistakes")),
                       link(QStringLiteral("glossary"), tr("Glossary"))));
    return h;
}

QString ExplanationText::softmaxScene(const SceneModel &model)
{
    const QString head = heading(tr("In your scene"));
    if (!model.hasResult())
        return head + errorParagraph(model);
    const attn::AttentionResult &r = model.result();
    if (r.method == attn::Method::MultiHead)
        return head +
               para(tr("Multi-head attention runs one softmax per head, each at %1. The Step by "
                       "step dock shows each head's arithmetic.")
                        .arg(eq(QStringLiteral("τ"), num(r.temperature))));
    const int top = topWeight(model);
    const attn::SoftmaxTrace &t = r.trace;
    QString h =
        head + para(tr("The temperature is %1. The largest logit is %2, from %3; after "
                       "subtracting it, that key's exponential is exp(0) = 1 and every "
                       "other one is smaller.")
                        .arg(eq(QStringLiteral("τ"), num(r.temperature)),
                             eq(QStringLiteral("m"), num(t.maxLogit)), keyName(model, top)));
    h += para(tr("The exponentials add up to %1, so the largest weight is %2.")
                  .arg(eq(QStringLiteral("Σ exp"), num(t.sum)),
                       eq(QStringLiteral("w&nbsp;=&nbsp;1&nbsp;/&nbsp;") + num(t.sum),
                          num(t.weights[top]))));
    // Say in words what the numbers show when τ has pushed them to either end.
    double smallest = 1;
    for (int i = 0; i < int(t.weights.size()); ++i)
        if (!masked(model, i))
            smallest = std::min(smallest, t.weights[i]);
    if (unmaskedCount(model) >= 2 && t.weights[top] > 0.95)
        h += para(tr("The weights are nearly one-hot: at this τ softmax is saturated."));
    else if (unmaskedCount(model) >= 2 && smallest > 0.9 * t.weights[top])
        h += para(tr("The weights are nearly equal: at this τ the differences between the scores "
                     "hardly count."));
    return h;
}

QString ExplanationText::glossaryPage()
{
    QString h = title(tr("Glossary"));
    h += para(tr("Every term of the lesson in English and in Chinese. The app uses these words "
                 "in both languages, so a class can switch languages and still recognise "
                 "everything."));
    // The column headings are the languages' own names: data, the same in every language.
    h += QStringLiteral("<table width='100%' cellspacing='0' cellpadding='6'>"
                        "<tr bgcolor='%1'><th align='left'>English</th>"
                        "<th align='left'>中文</th></tr>")
             .arg(tableHeader().name());
    const QList<Term> terms = glossary();
    for (int i = 0; i < terms.size(); ++i)
        h += QStringLiteral("<tr bgcolor='%1'><td valign='middle'>%2</td>"
                            "<td valign='middle'>%3</td></tr>")
                 .arg((i % 2 ? formulaBackground() : ColorScheme::background()).name(),
                      terms[i].english.toHtmlEscaped(), terms[i].chinese.toHtmlEscaped());
    h += QStringLiteral("</table>");
    return h;
}

QString ExplanationText::mistakesPage()
{
    QString h = title(tr("Common mistakes"));
    h += para(tr("Here are five of the mistakes in the code of the two articles this app grew "
                 "from. Each is easy to make; here is what goes wrong and how to write it "
                 "instead."));

    h += QStringLiteral("<a name='globals'></a>") +
         heading(tr("1. A hidden global and a call that does not fit"));
    h += para(tr("The plain dot-product function is given the query and the keys but returns a "
                 "weighted sum of <code>values</code>, which it never receives: it quietly reads "
                 "a global variable, or fails where there is none. The scaled version is defined "
                 "with three parameters and called with four, so the call fails."));
    h += codeBox(QStringLiteral("def dot_attention(query, keys):\n"
                                "    w = softmax(keys @ query)\n"
                                "    return w @ values   # ?\n"
                                "\n"
                                "def scaled(query, keys, d): ...\n"
                                "scaled(q, k, v, mask)   # TypeError"),
                 wrongBackground());
    h += para(tr("<b>The fix:</b> pass everything a function uses, and give every score function "
                 "the same signature."));
    h += codeBox(QStringLiteral("def attention(q, K, V, score):\n"
                                "    w = softmax(score(q, K))\n"
                                "    return w @ V\n"
                                "\n"
                                "def scaled(q, K):\n"
                                "    return K @ q / math.sqrt(len(q))\n"
                                "\n"
                                "out = attention(q, K, V, scaled)"),
                 rightBackground());

    h += QStringLiteral("<a name='heads'></a>") +
         heading(tr("2. Multi-head attention across the wrong axis"));
    h += para(tr("After the projections, the sketch reshapes to (batch, seq, heads, d_k) and "
                 "attends at once. Attention works on the last two axes, so every position would "
                 "compare its heads with one another — attention across heads — instead of every "
                 "head comparing the positions."));
    h += codeBox(QStringLiteral("q = WQ(x).view(b, n, h, d_k)\n"
                                "k = WK(x).view(b, n, h, d_k)\n"
                                "s = q @ k.transpose(-2, -1)\n"
                                "# s: (b, n, h, h)"),
                 wrongBackground());
    h += para(
        tr("<b>The fix:</b> move the head axis in front of the sequence axis, attend, and move "
           "it back before joining the heads."));
    h += codeBox(QStringLiteral("def split(t):  # (b, h, n, d_k)\n"
                                "    t = t.view(b, n, h, d_k)\n"
                                "    return t.transpose(1, 2)\n"
                                "\n"
                                "q = split(WQ(x))\n"
                                "k = split(WK(x))\n"
                                "v = split(WV(x))\n"
                                "s = q @ k.transpose(-2, -1)\n"
                                "s = s / math.sqrt(d_k)  # (b, h, n, n)\n"
                                "o = softmax(s, dim=-1) @ v\n"
                                "o = o.transpose(1, 2).reshape(b, n, h * d_k)\n"
                                "out = WO(o)"),
                 rightBackground());

    h += QStringLiteral("<a name='overflow'></a>") +
         heading(tr("3. Softmax without subtracting the maximum"));
    h += para(tr("exp(scores) / sum(exp(scores)) overflows as soon as a score passes about 709: "
                 "the result is inf / inf = NaN and every weight is lost. This is one of the two "
                 "problems behind the “score explosion” the article warns about, and the "
                 "formula causes it, not softmax: written with the maximum subtracted, the same "
                 "scores give the right weights."));
    h += codeBox(QStringLiteral("w = np.exp(s) / np.sum(np.exp(s))\n"
                                "# s = [1000, 999] → [nan, nan]"),
                 wrongBackground());
    h +=
        para(tr("<b>The fix:</b> subtract the maximum first. The weights are the same, and nothing "
                "can overflow."));
    h += codeBox(QStringLiteral("e = np.exp(s - np.max(s))\n"
                                "w = e / np.sum(e)\n"
                                "# s = [1000, 999] → [0.731, 0.269]"),
                 rightBackground());
    h += para(tr("The other problem remains: large score differences still make the weights "
                 "one-hot, and then softmax passes almost no gradient back. Subtracting the "
                 "maximum does not help with that; scaling by √d, normalising the vectors or a "
                 "larger τ does (see %1).")
                  .arg(link(QStringLiteral("softmax#large"), tr("Softmax and temperature"))));
    h += para(tr("The Step by step dock shows the subtracted maximum for every key."));

    h += QStringLiteral("<a name='sqrt'></a>") +
         heading(tr("4. The square root of an integer tensor"));
    h += para(tr("torch.sqrt(torch.tensor(Q.size(-1))) turns the dimension into an integer "
                 "tensor and takes its square root. Depending on the PyTorch version this raises "
                 "an error for integer tensors or quietly converts to floating point; either way "
                 "it builds a tensor for what is a single number."));
    h += codeBox(QStringLiteral("d = torch.tensor(Q.size(-1))  # int64\n"
                                "s = Q @ K.transpose(-2, -1) / torch.sqrt(d)"),
                 wrongBackground());
    h += para(tr("<b>The fix:</b> the scaling factor is a plain number; compute it as one."));
    h += codeBox(QStringLiteral("d_k = Q.size(-1)\n"
                                "s = Q @ K.transpose(-2, -1) / math.sqrt(d_k)"),
                 rightBackground());

    h += QStringLiteral("<a name='plus'></a>") +
         heading(tr("5. The lost plus sign in additive attention"));
    h += para(tr("The additive score adds the two projections inside tanh. In the article's code "
                 "the + between them is missing: that is not valid Python, and a reader cannot "
                 "tell whether they were meant to be added, multiplied or joined."));
    h += codeBox(QStringLiteral("h = torch.tanh(self.Wq(query) self.Wk(key))\n"
                                "# SyntaxError"),
                 wrongBackground());
    h += para(tr("<b>The fix:</b> add them (nn.Linear adds the bias b), as in v<sup>T</sup> "
                 "tanh(W<sub>q</sub>q + W<sub>k</sub>k + b)."));
    h += codeBox(QStringLiteral("h = torch.tanh(self.Wq(query) + self.Wk(key))\n"
                                "s = self.v(h).squeeze(-1)"),
                 rightBackground());

    h += heading(tr("Smaller slips"));
    h += para(tr("The code as printed has more: the scaled function also reads the global "
                 "<code>values</code>; its <code>return weights values</code> has lost its "
                 "operator; the NumPy code calls a <code>softmax</code> it never defines; and the "
                 "multi-head sketch uses a batch size <code>bs</code> that is never set."));

    h += para(tr("This app avoids all of them: every function receives its inputs, each head "
                 "attends over the keys on its own, softmax subtracts the maximum, √d is a "
                 "floating-point number, and the additive score adds its projections."));
    return h;
}
