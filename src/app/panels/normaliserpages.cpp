#include "panels/normaliserpages.h"

#include "text/htmlfragments.h"
#include "theme/colorscheme.h"

#include <QStringList>

using HtmlFragments::bulleted;
using HtmlFragments::formulaBox;
using HtmlFragments::para;
using HtmlFragments::section;

namespace {

// The worked numbers, rounded to the three decimals every view shows. They are the article's
// dot-product scores 1.4, 2.2, 1.92 and the "Nothing Is Relevant" preset's −3, −2.8, −3.2 at
// τ = 1, sigmoid with its default b = −ln 3; tst_normaliserpages computes each one again.
struct Row
{
    QString name;
    QStringList cells; // w₁, w₂, w₃, Σw
};

// A small table of weights: one row per normaliser, the columns w₁ … w₃ and their sum.
QString weightTable(const QString &firstHeading, const QList<Row> &rows)
{
    QString h = QStringLiteral("<table cellspacing='0' cellpadding='5'><tr bgcolor='%1'>"
                               "<th align='left'>%2</th>")
                    .arg(ColorScheme::panel().name(), firstHeading);
    for (const char *column : {"w<sub>1</sub>", "w<sub>2</sub>", "w<sub>3</sub>", "Σw"})
        h += QStringLiteral("<th align='right'>%1</th>").arg(QString::fromUtf8(column));
    h += QStringLiteral("</tr>");
    for (const Row &row : rows) {
        h += QStringLiteral("<tr><td>%1</td>").arg(row.name);
        for (const QString &cell : row.cells)
            h += QStringLiteral("<td align='right'>%1</td>").arg(cell);
        h += QStringLiteral("</tr>");
    }
    return h + QStringLiteral("</table>");
}

QString softmaxOneName()
{
    return QStringLiteral("softmax₁");
}

QString sigmoidName()
{
    return QStringLiteral("sigmoid (b = −ln 3)");
}

// A link to another normaliser page, under its title.
QString link(NormaliserPages::Page page)
{
    return HtmlFragments::link(QLatin1String(NormaliserPages::linkName(page)),
                               NormaliserPages::title(page));
}

} // namespace

QString NormaliserPages::title(Page page)
{
    static const char *const titles[kPageCount] = {
        QT_TR_NOOP("Why the weights add up to 1"), QT_TR_NOOP("Sparsemax: exact zeros"),
        QT_TR_NOOP("Softmax₁: attention to nothing"), QT_TR_NOOP("Sigmoid attention"),
        QT_TR_NOOP("Attention sinks")};
    return tr(titles[int(page)]);
}

QString NormaliserPages::html(Page page, double formulaPointSize)
{
    const QString top = HtmlFragments::title(title(page));
    const QString bottom = seeAlso(page);
    switch (page) {
    case Page::SumToOne:
        return top + sumToOnePage(formulaPointSize) + bottom;
    case Page::Sparsemax:
        return top + sparsemaxPage(formulaPointSize) + bottom;
    case Page::SoftmaxOne:
        return top + softmaxOnePage(formulaPointSize) + bottom;
    case Page::Sigmoid:
        return top + sigmoidPage(formulaPointSize) + bottom;
    case Page::Sink:
        return top + sinkPage(formulaPointSize) + bottom;
    }
    return top;
}

const char *NormaliserPages::linkName(Page page)
{
    static const char *const names[kPageCount] = {"sum-to-one", "sparsemax", "softmax1", "sigmoid",
                                                  "sink"};
    return names[int(page)];
}

QString NormaliserPages::seeAlso(Page shown)
{
    QStringList others;
    for (int p = 0; p < kPageCount; ++p)
        if (Page(p) != shown)
            others << link(Page(p));
    return para(tr("See also: %1").arg(others.join(QStringLiteral(" · "))));
}

QString NormaliserPages::sumToOnePage(double formulaPointSize)
{
    QString h =
        formulaBox({QStringLiteral("o = Σ<sub>i</sub> w<sub>i</sub> v<sub>i</sub>, &nbsp; "
                                   "w<sub>i</sub> ≥ 0, &nbsp; Σ<sub>i</sub> w<sub>i</sub> = 1")},
                   formulaPointSize);
    h += section(
        tr("A weighted average of the values"),
        {tr("The output of attention is o = Σ w<sub>i</sub> v<sub>i</sub>. When the weights are "
            "at least 0 and add up to 1, o is a weighted average of the values: it lies in their "
            "convex hull, and if every value is the same vector v, the output is v however many "
            "keys there are. The weights are shares of one whole, and the normaliser decides "
            "how the scores divide it."),
         tr("Softmax gives every key a share: exp is positive, so in exact arithmetic no "
            "unmasked key's weight is 0. Only the differences between the scores count: adding the "
            "same number to every "
            "score changes no weight.")});

    h += section(
        tr("When nothing is relevant"),
        {tr("Because the sum is fixed, softmax's weights can say which keys match better than "
            "the others, but not whether any key matches at all. When every score is the same, "
            "for example 0 because every key is orthogonal to q under the dot product, each of "
            "the n keys gets 1/n and the output is the plain mean of the values."),
         tr("Turning the keys away from q does not help. With three keys that all point away "
            "from the query, scores %1, %2 and %3, softmax still hands out the whole weight: "
            "%4, %5 and %6. A head has no way to say “nothing here”. Trained models find a way "
            "round this, the attention sink (see %7).")
             .arg(QStringLiteral("−3"), QStringLiteral("−2.8"), QStringLiteral("−3.2"),
                  QStringLiteral("0.329"), QStringLiteral("0.402"), QStringLiteral("0.269"),
                  link(Page::Sink))});

    h += section(
        tr("Four normalisers, one set of scores"),
        {tr("The article's dot-product scores %1, %2 and %3 at temperature τ = 1, through the "
            "four normalisers of this app:")
             .arg(QStringLiteral("1.4"), QStringLiteral("2.2"), QStringLiteral("1.92"))});
    h += weightTable(tr("Normaliser"), {{QStringLiteral("softmax"),
                                         {QStringLiteral("0.204"), QStringLiteral("0.453"),
                                          QStringLiteral("0.343"), QStringLiteral("1")}},
                                        {QStringLiteral("sparsemax"),
                                         {QStringLiteral("0"), QStringLiteral("0.64"),
                                          QStringLiteral("0.36"), QStringLiteral("1")}},
                                        {softmaxOneName(),
                                         {QStringLiteral("0.194"), QStringLiteral("0.432"),
                                          QStringLiteral("0.326"), QStringLiteral("0.952")}},
                                        {sigmoidName(),
                                         {QStringLiteral("0.575"), QStringLiteral("0.751"),
                                          QStringLiteral("0.695"), QStringLiteral("2.020")}}});
    h += bulleted({
        tr("<b>Softmax</b> gives every key a positive share of exactly 1."),
        tr("<b>Sparsemax</b> also gives out exactly 1, but k<sub>1</sub> gets exactly 0: its "
           "score is below the threshold."),
        tr("<b>Softmax₁</b> gives out less than 1; the rest, %1, goes to nothing.")
            .arg(QStringLiteral("0.048")),
        tr("<b>Sigmoid</b> weighs each key on its own; here the weights add up to about 2."),
    });

    h += section(tr("Where each is used"), {});
    h += bulleted({
        tr("<b>Softmax</b>: the transformer of Vaswani et al. 2017 and most models built on it."),
        tr("<b>Sparsemax</b> and its relative <b>entmax</b>: attention whose zeros can be read "
           "off. Martins & Astudillo 2016 used sparsemax for natural-language inference; entmax "
           "(Peters, Niculae & Martins 2019) lies between softmax and sparsemax, and Correia et "
           "al. 2019 used it in transformers whose heads learn how sparse to be."),
        tr("<b>Sigmoid attention</b>: Ramapuram et al. 2024 (Apple) show that with b = −ln n and "
           "care for the size of the attention output early in training it matches softmax on "
           "language, vision and speech; their FlashSigmoid kernel runs inference 17% faster "
           "than FlashAttention-2 on H100 GPUs."),
        tr("<b>Softmax₁</b>: a proposal (Miller 2023). Related designs let a head attend to "
           "nothing: clipped softmax and gated attention (Bondarenko et al. 2023), and a learned "
           "score per head for an extra term in softmax's denominator (OpenAI's gpt-oss, 2025), "
           "of which softmax₁ is the case where that score is 0."),
    });
    return h;
}

QString NormaliserPages::sparsemaxPage(double formulaPointSize)
{
    QString h =
        formulaBox({QStringLiteral("sparsemax(z) = argmin<sub>w ∈ Δ</sub> ‖w − z‖²"),
                    QStringLiteral("w<sub>i</sub> = max(z<sub>i</sub> − τ*, 0), &nbsp; z = s/τ"),
                    QStringLiteral("k = max { j : 1 + j z<sub>(j)</sub> &gt; Σ<sub>i≤j</sub> "
                                   "z<sub>(i)</sub> }"),
                    QStringLiteral("τ* = (Σ<sub>i≤k</sub> z<sub>(i)</sub> − 1) / k")},
                   formulaPointSize);
    h += section(
        tr("The nearest weights that add up to 1"),
        {tr("Martins & Astudillo 2016 define sparsemax as the Euclidean projection of the "
            "logits z = s/τ onto the probability simplex Δ: of all weight vectors with "
            "w<sub>i</sub> ≥ 0 and Σ w<sub>i</sub> = 1, the one nearest to z. The simplex has "
            "edges and corners, and the nearest point often lies on one of them, where some "
            "weights are exactly 0."),
         tr("The answer is a threshold τ* (a number in the units of z, not the temperature τ): "
            "every key whose logit is above τ* gets the difference z<sub>i</sub> − τ*, every "
            "other key gets exactly 0, and τ* is chosen so that the weights add up to 1. The "
            "keys above it are the support. To find τ*, sort the logits from the largest, "
            "z<sub>(1)</sub> ≥ z<sub>(2)</sub> ≥ …, add them up one by one, and keep going while "
            "the next logit is still above the threshold its group would need: that gives the "
            "support size k and τ*.")});
    h +=
        section(tr("The threshold, step by step"),
                {tr("The article's dot-product scores %1, %2, %3 at τ = 1, sorted: %4, %5, %6. The "
                    "cumulative sums are %4, %7 and %8.")
                     .arg(QStringLiteral("1.4"), QStringLiteral("2.2"), QStringLiteral("1.92"),
                          QStringLiteral("2.2"), QStringLiteral("1.92"), QStringLiteral("1.4"),
                          QStringLiteral("4.12"), QStringLiteral("5.52"))});
    h += bulleted({
        QStringLiteral("j = 1: &nbsp; 1 + 1 · 2.2 = 3.2 &gt; 2.2 &nbsp; ✓"),
        QStringLiteral("j = 2: &nbsp; 1 + 2 · 1.92 = 4.84 &gt; 4.12 &nbsp; ✓"),
        QStringLiteral("j = 3: &nbsp; 1 + 3 · 1.4 = 5.2 &lt; 5.52 &nbsp; ✗"),
    });
    h += para(tr("So k = %1 and τ* = (%2 − 1) / 2 = %3. The weights are w<sub>1</sub> = max(1.4 − "
                 "1.56, 0) = %4, w<sub>2</sub> = 2.2 − 1.56 = %5 and w<sub>3</sub> = 1.92 − 1.56 = "
                 "%6: they add up to 1, and k<sub>1</sub>, which softmax gives %7, gets nothing.")
                  .arg(QStringLiteral("2"), QStringLiteral("4.12"), QStringLiteral("1.56"),
                       QStringLiteral("0"), QStringLiteral("0.64"), QStringLiteral("0.36"),
                       QStringLiteral("0.204")));
    h += bulleted({
        tr("As with softmax, only differences count: adding c to every logit adds c to τ* and "
           "changes no weight."),
        tr("A small temperature spreads the logits apart, and below some τ only the best key "
           "is left (when one key scores highest): one-hot. A large temperature squeezes them "
           "together until every key is in "
           "the support, and the weights approach 1/n."),
    });
    h += section(
        tr("What the zeros buy"),
        {tr("A key with weight 0 adds nothing to the output, which is a weighted average of the "
            "support alone. The weights can be read as a short list of the keys that count, "
            "which makes the attention easier to interpret. Martins & Astudillo found an "
            "accuracy similar to softmax's on natural-language inference, with attention focused "
            "on fewer "
            "words. The zeros can also be skipped when the output is computed.")});
    h += section(
        tr("What they cost"),
        {tr("For keys i and j in the support the derivative is ∂w<sub>i</sub>/∂z<sub>j</sub> = "
            "δ<sub>ij</sub> − 1/k; for every other pair it is 0 (Martins & Astudillo 2016). A "
            "key outside the support gets no gradient through its own score: whatever the loss, "
            "gradient descent does not push it back above τ*, and only changes made for the "
            "sake of other keys can bring it back. The weights are also piecewise linear in the "
            "scores, with kinks where a key enters or leaves the support.")});
    return h + para(tr("Finding τ* needs the logits in order: a sort, n log n steps, where "
                       "softmax needs a few passes over the n scores. (Algorithms without a full "
                       "sort exist, but they are more involved.)"));
}

QString NormaliserPages::softmaxOnePage(double formulaPointSize)
{
    QString h = formulaBox(
        {QStringLiteral("w<sub>i</sub> = exp(z<sub>i</sub>) / (1 + Σ<sub>j</sub> "
                        "exp(z<sub>j</sub>))"),
         QStringLiteral("= exp(z<sub>i</sub> − m) / (exp(−m) + Σ<sub>j</sub> exp(z<sub>j</sub> "
                        "− m))"),
         QStringLiteral("z = s/τ, &nbsp; m = max(0, max<sub>j</sub> z<sub>j</sub>)"),
         QStringLiteral("1 − Σ<sub>i</sub> w<sub>i</sub> = 1 / (1 + Σ<sub>j</sub> "
                        "exp(z<sub>j</sub>))")},
        formulaPointSize);
    h += section(
        tr("One more key, with score 0 and value 0"),
        {tr("Evan Miller proposed in 2023 (“Attention Is Off By One”) to add 1 to the "
            "denominator of softmax in attention. The 1 is exp(0): softmax₁ is softmax over the "
            "keys plus one more, implicit key with score 0, whose weight is then left out. Its "
            "value counts as the zero vector, so the output o = Σ w<sub>i</sub> v<sub>i</sub> "
            "has weights that add up to less than 1. The missing part, 1 − Σ w<sub>i</sub>, is "
            "“attention to nothing”: it pulls the output towards 0, not towards any value."),
         tr("Miller's reason was the very large activations that make transformers hard to "
            "compress; he argued that a head with nothing to add should be able to add nothing, "
            "and he published the idea without experiments of his own."),
         tr("It is computed with the maximum subtracted, like softmax, but the maximum "
            "includes the implicit key's 0: with m = max(0, max z) no exponential exceeds 1 and "
            "the denominator is at least 1.")});
    h += section(
        tr("Nothing wins only against scores below 0"),
        {tr("On the article's scores %1, %2, %3 softmax₁ gives %4, %5 and %6, together %7: "
            "scores well above 0 leave little for nothing (%8).")
             .arg(QStringLiteral("1.4"), QStringLiteral("2.2"), QStringLiteral("1.92"),
                  QStringLiteral("0.194"), QStringLiteral("0.432"), QStringLiteral("0.326"),
                  QStringLiteral("0.952"), QStringLiteral("0.048")),
         tr("The implicit key's score is 0, so a key loses to nothing only when its own score "
            "is below 0. Keys orthogonal to q are not enough: with every score 0, each of n "
            "keys gets 1/(n + 1), together n/(n + 1), which is %1 for three keys and more for "
            "more keys.")
             .arg(QStringLiteral("0.75")),
         tr("The preset “Nothing Is Relevant” turns three keys away from q, scores %1, %2 and "
            "%3. Softmax still gives them %4, %5 and %6, together 1; softmax₁ gives %7, %8 and "
            "%9, together %10, and %11 goes to nothing.")
             .arg(QStringLiteral("−3"), QStringLiteral("−2.8"), QStringLiteral("−3.2"),
                  QStringLiteral("0.329"), QStringLiteral("0.402"), QStringLiteral("0.269"),
                  QStringLiteral("0.043"), QStringLiteral("0.053"), QStringLiteral("0.035"),
                  QStringLiteral("0.131"), QStringLiteral("0.869"))});
    h += bulleted({
        tr("Unlike softmax, the weights change when the same number is added to every score: "
           "raising all scores moves weight from nothing to the keys."),
        tr("Between keys nothing changes: w<sub>i</sub>/w<sub>j</sub> = exp(z<sub>i</sub> − "
           "z<sub>j</sub>) as in softmax, and softmax₁'s weights are softmax's times Σ "
           "w<sub>i</sub>."),
    });
    return h;
}

QString NormaliserPages::sigmoidPage(double formulaPointSize)
{
    QString h = formulaBox({QStringLiteral("w<sub>i</sub> = σ(z<sub>i</sub> + b) = 1 / (1 + "
                                           "exp(−z<sub>i</sub> − b))"),
                            QStringLiteral("z = s/τ, &nbsp; b = −ln n"),
                            QStringLiteral("∂w<sub>i</sub>/∂z<sub>j</sub> = δ<sub>ij</sub> "
                                           "w<sub>i</sub> (1 − w<sub>i</sub>)")},
                           formulaPointSize);
    h += section(
        tr("Each key on its own"),
        {tr("Sigmoid attention (Ramapuram et al. 2024) puts each logit through the logistic "
            "function σ on its own, after adding a bias b. For a fixed b, a key's weight depends "
            "on its own score and on nothing else: raising one score raises its weight and "
            "leaves every other weight as it was. There is no competition between keys, and no "
            "sum to meet: all weights can be near 0 when nothing matches, and several can be "
            "near 1 at once."),
         tr("The output o = Σ w<sub>i</sub> v<sub>i</sub> is then no longer an average: with "
            "large weights it can be longer than any value.")});
    h += section(
        tr("Why b = −ln n"),
        {tr("Early in training the scores are near 0. Without the bias each weight would be "
            "σ(0) = 1/2, and the output would be half the sum of all the values, which grows with "
            "the "
            "number of keys when the values point roughly the same way. With b = −ln n, n the "
            "number of unmasked keys, a score of 0 gives "
            "σ(−ln n) = 1/(1 + n), close to softmax's 1/n, and the weights add up to n/(n + 1), "
            "close to 1. Ramapuram et al. found that keeping the attention output from growing "
            "large early in training is crucial for training sigmoid attention well, and this "
            "bias is one of their means to it."),
         tr("At scores of 0 sigmoid attention and softmax₁ agree: exp(0)/(1 + n) = 1/(1 + n). "
            "For three keys each gets %1, together %2.")
             .arg(QStringLiteral("0.25"), QStringLiteral("0.75"))});
    h += section(
        tr("Worked numbers"),
        {tr("The article's scores %1, %2, %3 with b = −ln 3 = %4 give %5, %6 and %7: they add "
            "up to %8, not 1. For the three keys of “Nothing Is Relevant” (scores %9, %10, %11) "
            "they add up to only %12.")
             .arg(QStringLiteral("1.4"), QStringLiteral("2.2"), QStringLiteral("1.92"),
                  QStringLiteral("−1.099"), QStringLiteral("0.575"), QStringLiteral("0.751"),
                  QStringLiteral("0.695"), QStringLiteral("2.020"), QStringLiteral("−3"),
                  QStringLiteral("−2.8"), QStringLiteral("−3.2"), QStringLiteral("0.050")),
         tr("The preset “Sigmoid With Many Keys” has 24 keys on a circle of radius 2 and q = "
            "(2.5, 0), so b = −ln 24 = %1. The seven keys nearest the query each get more than "
            "0.5, and the weights add up to %2; softmax would give the best key only %3.")
             .arg(QStringLiteral("−3.178"), QStringLiteral("6.287"), QStringLiteral("0.227"))});
    h += para(tr("The derivative of each weight depends only on its own score: a key with weight "
                 "near 0 or near 1 passes little gradient, as a saturated softmax does, but one "
                 "key's saturation does not silence the others."));
    return h;
}

QString NormaliserPages::sinkPage(double formulaPointSize)
{
    // Query i under the causal mask: its weights over the tokens 0 … i.
    QString h =
        formulaBox({QStringLiteral("Σ<sub>j≤i</sub> w<sub>ij</sub> = 1 &nbsp;&nbsp;(softmax)"),
                    QStringLiteral("Σ<sub>j≤i</sub> w<sub>ij</sub> &lt; 1 &nbsp;&nbsp;(softmax₁)"),
                    QStringLiteral("0 &lt; w<sub>ij</sub> &lt; 1 &nbsp;&nbsp;") +
                        tr("(sigmoid: no fixed sum)")},
                   formulaPointSize);
    h += section(
        tr("Much weight on the first token"),
        {tr("Xiao et al. 2023 (“Efficient Streaming Language Models with Attention Sinks”, "
            "StreamingLLM) observed that trained language models put a large share of the "
            "attention weight on the first token or first few tokens of the text, in most "
            "layers and heads, whatever those tokens are. They called such tokens attention "
            "sinks.")});
    h += section(
        tr("Why softmax builds one"),
        {tr("Under the causal mask query i weighs the tokens 0 … i, and softmax's weights must add "
            "up to 1. When a query finds nothing it needs, the weight "
            "still has to go somewhere, and training learns to park it where it does little "
            "harm. Under the causal mask the first token is visible to every later position, so "
            "it is the place every query can reach; training gives it a key that matches every "
            "query and, as Gu et al. 2024 found, a value that adds little to the output. A head "
            "that puts nearly all its weight there does nearly nothing, which a softmax head "
            "cannot otherwise do."),
         tr("The sink is useful to the model, not a fault. But it makes the first tokens "
            "indispensable: Xiao et al. showed that attention over a sliding window of recent "
            "tokens fails once the first tokens leave the window, and that keeping the first "
            "four tokens beside the window keeps the models stable over texts of up to 4 "
            "million tokens. They also trained models with a dedicated learnable sink token at "
            "the start.")});
    h += section(
        tr("Why softmax₁ or sigmoid attention removes the need for one"),
        {tr("Both give a head a way to do nothing without a token to do it on. Softmax₁ has a "
            "sink built in: its implicit key with score 0 and value 0 takes most of the weight "
            "when every real score is well below 0. Sigmoid attention has no sum to meet: every "
            "weight can "
            "be near 0 at once."),
         tr("The evidence: Gu et al. 2024 (“When Attention Sink Emerges in Language Models”) "
            "found no attention sinks in language models of up to 1 billion parameters trained "
            "with sigmoid attention without normalisation. For softmax₁ it is weaker: in Xiao et "
            "al.'s pre-training experiment (models of 160 million parameters trained from "
            "scratch) it reduced the sink only in part, the model still leaned on other initial "
            "tokens, and a learnable sink token worked better. OpenAI's "
            "gpt-oss (2025) learns one such score per head instead of fixing it at 0.")});
    h += section(
        tr("Watch one form"),
        {tr("In the Sequence window, New task… → Attention sink trains a one-head model on "
            "examples that start with ^ and where only one position (=) needs anything from the "
            "others. Trained with softmax, the head puts nearly all the weight of the other "
            "positions on ^. Trained with softmax₁ from the same start, it leaves most of that "
            "weight unspent; with sigmoid, about a third lands on ^. From other seeds softmax₁ "
            "and sigmoid sometimes keep more on ^: once ^'s value has become zero, weight there "
            "costs them nothing, so nothing pushes it away. Softmax is the one that needs the "
            "sink.")});
    return h;
}
