#include "panels/explanationtext.h"

#include "methods/methodnames.h"
#include "methods/methodview.h"
#include "methods/methodviews.h"
#include "methods/scenefacts.h"
#include "model/scenemodel.h"
#include "text/htmlfragments.h"
#include "theme/colorscheme.h"

#include <QColor>
#include <QStringList>

#include <algorithm>
#include <cmath>

using namespace HtmlFragments;
using namespace SceneFacts;

namespace {

// The page's colours besides the lesson's own: the glossary's header, wrong and right code.
// Functions, as the theme decides them when the page is written.
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

QString codeBox(const QString &code, const QColor &background)
{
    return QStringLiteral("<table width='100%' cellspacing='0' cellpadding='6' bgcolor='%1'>"
                          "<tr><td><pre>%2</pre></td></tr></table>")
        .arg(background.name(), code.toHtmlEscaped());
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
        {QStringLiteral("training / loss / learning rate"), QStringLiteral("训练 / 损失 / 学习率")},
        {QStringLiteral("gradient descent"), QStringLiteral("梯度下降")},
        {QStringLiteral("optimizer"), QStringLiteral("优化器")},
        {QStringLiteral("induction head"), QStringLiteral("归纳头")},
        {QStringLiteral("previous-token head"), QStringLiteral("前一个词元头")},
        {QStringLiteral("normaliser"), QStringLiteral("归一化函数")},
        {QStringLiteral("sparsemax"), QStringLiteral("sparsemax（稀疏最大化）")},
        {QStringLiteral("softmax₁ (softmax plus one)"), QStringLiteral("softmax₁（softmax 加一）")},
        {QStringLiteral("sigmoid attention"), QStringLiteral("sigmoid 注意力")},
        {QStringLiteral("attention sink"), QStringLiteral("注意力汇聚点（attention sink）")},
        {QStringLiteral("dimension lab"), QStringLiteral("维度实验室")},
    };
}

QString ExplanationText::methodText(attn::Method method, double formulaPointSize)
{
    // The formula, the sections and the name come from the method's own file (methods/).
    const MethodView &view = MethodViews::of(method);
    return title(MethodNames::name(method)) + formulaBox(view.pageFormula(), formulaPointSize) +
           view.sections(formulaPointSize) + seeAlso();
}

QString ExplanationText::methodScene(const SceneModel &model)
{
    const QString h = heading(tr("In your scene"));
    if (!model.hasResult())
        return h + errorParagraph(model);
    return h + MethodViews::of(model.scene().method).scene(model);
}

QString ExplanationText::linkScheme()
{
    return HtmlFragments::linkScheme();
}

QString ExplanationText::seeAlso()
{
    return para(tr("See also: %1 · %2 · %3")
                    .arg(link(QStringLiteral("softmax"), tr("Softmax and temperature")),
                         link(QStringLiteral("mistakes"), tr("Common mistakes")),
                         link(QStringLiteral("glossary"), tr("Glossary"))));
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
                 .arg((i % 2 ? ColorScheme::panel() : ColorScheme::background()).name(),
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
