#include "panels/trainingpages.h"

#include "core/attention.h"
#include "core/querygradient.h"
#include "core/scene.h"
#include "core/scores.h"
#include "text/htmlfragments.h"
#include "text/numberformat.h"

#include <QStringList>

#include <cmath>

using HtmlFragments::bulleted;
using HtmlFragments::eq;
using HtmlFragments::formulaBox;
using HtmlFragments::kSym;
using HtmlFragments::num;
using HtmlFragments::para;
using HtmlFragments::qSym;
using HtmlFragments::section;
using HtmlFragments::vec;

namespace {

// "∂ log wⱼ / ∂q": the notation is the same in both languages, outside tr().
QString dLogW(const QString &index)
{
    return QStringLiteral("∂&nbsp;log&nbsp;w<sub>%1</sub>/∂").arg(index) + qSym();
}

QString weightedMean()
{
    return QStringLiteral("Σ<sub>i</sub>&nbsp;w<sub>i</sub>") + kSym(QStringLiteral("i"));
}

} // namespace

QString TrainingPages::title(Page page)
{
    static const char *const titles[kPageCount] = {
        QT_TR_NOOP("What gradient descent does to q and k"),
        QT_TR_NOOP("Plateaus and sudden drops"),
        QT_TR_NOOP("Why the previous token needs positions"),
        QT_TR_NOOP("What an induction head is")};
    return tr(titles[int(page)]);
}

QString TrainingPages::html(Page page, double formulaPointSize)
{
    // One builder per page, in Page's order.
    static const PageBuilder builders[kPageCount] = {
        &TrainingPages::gradientPage, &TrainingPages::plateausPage,
        &TrainingPages::previousTokenPage, &TrainingPages::inductionPage};
    return builders[int(page)](formulaPointSize);
}

QString TrainingPages::gradientPage(double formulaPointSize)
{
    const QString j = QStringLiteral("j");
    QString h = HtmlFragments::title(title(Page::Gradient));
    h +=
        formulaBox({QStringLiteral("s<sub>i</sub> = %1·%2/√d").arg(qSym(), kSym()),
                    QStringLiteral("log w<sub>j</sub> = s<sub>j</sub>/τ − log Σ<sub>i</sub> "
                                   "exp(s<sub>i</sub>/τ)"),
                    eq(dLogW(j), QStringLiteral("(%1 − %2) / (√d τ)").arg(kSym(j), weightedMean())),
                    eq(QStringLiteral("∂&nbsp;log&nbsp;w<sub>j</sub>/∂") + kSym(),
                       QStringLiteral("(δ<sub>ij</sub> − w<sub>i</sub>) %1 / (√d τ)").arg(qSym()))},
                   formulaPointSize);

    h += section(
        tr("The derivation in two lines"),
        {tr("Take one query q and keys k<sub>1</sub> … k<sub>n</sub> under scaled dot-product "
            "attention with temperature τ, in a single head: the scores are s<sub>i</sub> = "
            "q·k<sub>i</sub>/√d and the attention weights w<sub>i</sub> = exp(s<sub>i</sub>/τ) / "
            "Σ<sub>l</sub> exp(s<sub>l</sub>/τ). Taking the log turns the fraction into a "
            "difference: log w<sub>j</sub> = s<sub>j</sub>/τ − log Σ<sub>i</sub> "
            "exp(s<sub>i</sub>/τ)."),
         tr("Each score changes with q by ∂s<sub>i</sub>/∂q = k<sub>i</sub>/√d, and the "
            "derivative of log Σ<sub>i</sub> exp(s<sub>i</sub>/τ) is Σ<sub>i</sub> w<sub>i</sub> "
            "k<sub>i</sub>/(√d τ): softmax's own weights come back as the derivative of its "
            "log-sum. So ∂ log w<sub>j</sub>/∂q = (k<sub>j</sub> − Σ<sub>i</sub> w<sub>i</sub> "
            "k<sub>i</sub>)/(√d τ).")});

    h += section(
        tr("Towards the key, away from the weighted mean key"),
        {tr("Σ<sub>i</sub> w<sub>i</sub> k<sub>i</sub> is the mean of the keys, each weighted by "
            "the attention it gets now. The gradient points from that mean to k<sub>j</sub>: a "
            "small step of gradient descent on a loss that wants more weight on key j pulls the "
            "query towards k<sub>j</sub> and away from the keys that hold the weight now.")});
    h += bulleted({
        tr("When w<sub>j</sub> is already close to 1, the weighted mean is almost k<sub>j</sub> "
           "and the gradient almost vanishes: a key that has won is left alone."),
        tr("The weights add up to 1, and so Σ<sub>j</sub> w<sub>j</sub> ∂ log w<sub>j</sub>/∂q = "
           "0: a step that raises one weight lowers others."),
        tr("√d and τ divide the gradient: for the same keys and the same weights, a larger "
           "dimension or a higher temperature gives a proportionally smaller gradient."),
        tr("For the other score functions only ∂s<sub>i</sub>/∂q changes: ∂ log w<sub>j</sub>/∂q "
           "= (∂s<sub>j</sub>/∂q − Σ<sub>i</sub> w<sub>i</sub> ∂s<sub>i</sub>/∂q)/τ. For the dot "
           "product ∂s<sub>i</sub>/∂q = k<sub>i</sub>; for the general score q<sup>T</sup>W "
           "k<sub>i</sub> it is W k<sub>i</sub>; cosine similarity and additive attention have "
           "their own, which the canvas's arrow uses."),
    });

    h += section(
        tr("The keys move too"),
        {tr("A score is a product of the query and a key, so the keys get gradients as well: "
            "∂ log w<sub>j</sub>/∂k<sub>i</sub> = (δ<sub>ij</sub> − w<sub>i</sub>) q/(√d τ), "
            "with δ<sub>ij</sub> = 1 for i = j and 0 otherwise. Key j is pushed along q by "
            "(1 − w<sub>j</sub>) q/(√d τ) and every other key i against q by w<sub>i</sub> "
            "q/(√d τ): the rivals that take the most weight are pushed hardest. Query and keys "
            "move towards each other, symmetrically."),
         tr("In a model, q = W<sub>q</sub> x and k = W<sub>k</sub> x are made from the tokens, "
            "and the chain rule carries these gradients to the projection matrices: "
            "∂/∂W<sub>q</sub> = (∂/∂q) x<sup>T</sup>. One step of gradient descent changes "
            "W<sub>q</sub> and W<sub>k</sub>, and with them the queries and keys of every token "
            "at once."),
         tr("A task's loss is not log w<sub>j</sub> itself: the Training tab minimises the "
            "cross-entropy of the predictions, and that reaches the weights through the values, "
            "W<sub>O</sub> and the unembedding. But through the weights, the chain rule gives "
            "∂L/∂q = Σ<sub>j</sub> w<sub>j</sub> (∂L/∂w<sub>j</sub>) ∂ log w<sub>j</sub>/∂q: "
            "whatever the loss, the query moves along a mix of these arrows, one per key."),
         tr("On the main canvas, View → Which Way Should q Move draws ∂ log w<sub>j</sub>/∂q "
            "at the query's tip for the key you select, for every score method. For multi-head "
            "attention the canvas's weight is the mean over the heads, and the arrow is the "
            "gradient of the log of that mean.")});
    return h;
}

QString TrainingPages::plateausPage(double formulaPointSize)
{
    QString h = HtmlFragments::title(title(Page::Plateaus));
    h += formulaBox({QStringLiteral("s = (W<sub>q</sub> x)·(W<sub>k</sub> x′): &nbsp; "
                                    "∂s/∂W<sub>q</sub> = (W<sub>k</sub> x′) x<sup>T</sup>, "
                                    "&nbsp; ∂s/∂W<sub>k</sub> = (W<sub>q</sub> x) "
                                    "x′<sup>T</sup>")},
                    formulaPointSize);
    h += section(
        tr("Why a loss curve can stay flat"),
        {tr("Loss curves of attention models often fall in steps: a quick drop, a long flat "
            "stretch, another drop. Nothing is broken on the flat stretch. The gradient is small "
            "there, so each step of gradient descent changes little, and the curve only looks "
            "stuck."),
         tr("A score is a product: s = (W<sub>q</sub> x)·(W<sub>k</sub> x′). Its gradient with "
            "respect to W<sub>q</sub> is proportional to the key W<sub>k</sub> x′, and its "
            "gradient with respect to W<sub>k</sub> to the query W<sub>q</sub> x. While both "
            "matrices are small, both gradients are small, and each grows only as the other "
            "does: slowly at first, then faster and faster."),
         tr("The same holds between heads. A head that could use what another head writes "
            "into the residual stream gains nothing while that head writes nothing useful, and "
            "the other head's work lowers the loss only once something reads it. Neither part "
            "has much gradient on its own; when both have grown a little, they pull each other "
            "along and the loss drops.")});

    h += section(
        tr("Phase changes and induction heads"),
        {tr("Olsson et al. 2022 (“In-context Learning and Induction Heads”) trained many "
            "transformers, from small attention-only models to large ones. In the models with "
            "more than one layer, induction heads form within a short window early in training, "
            "which the authors call a phase change. It is visible as a bump in the training "
            "loss, and in the same window the models' in-context learning, the drop in loss from "
            "early to late tokens of a text, improves sharply. Their one-layer models show no "
            "such change."),
         tr("Olsson et al. argue from this and other evidence that induction heads may be "
            "behind most in-context learning in large models; for small attention-only models "
            "they give direct, causal evidence.")});

    h += section(
        tr("In this app"),
        {tr("The induction task (two layers with one head each, rotary positions, small "
            "starting weights, Adam at learning rate 0.01, seed 1) is small, and its flat "
            "stretch is short, but it is there, and its two heads form together as described "
            "above. In the app's run the training loss stays near ln 12 for the first 40 steps, "
            "from %1 to %2, while neither head does its job: the layer-2 head's induction score "
            "is %3, and the layer-1 head puts a mean weight of %4 on the token before. Between "
            "step 100 and step 160 the loss drops from %5 to %6, and in the same steps the "
            "induction score climbs from %7 to %8 and the layer-1 head's weight on the token "
            "before from %9 to %10.")
             .arg(QStringLiteral("2.485"), QStringLiteral("2.385"), QStringLiteral("0.12"),
                  QStringLiteral("0.19"), QStringLiteral("1.99"), QStringLiteral("0.73"),
                  QStringLiteral("0.26"), QStringLiteral("0.70"), QStringLiteral("0.24"),
                  QStringLiteral("0.66")),
         tr("Without positions the layer-1 head cannot find the token before (see “Why the "
            "previous token needs positions”), and no induction head can form on top of it.")});
    return h;
}

QString TrainingPages::previousTokenPage(double formulaPointSize)
{
    QString h = HtmlFragments::title(title(Page::PreviousToken));
    h += formulaBox({QStringLiteral("s<sub>ij</sub> = (W<sub>q</sub> e<sub>i</sub>)·"
                                    "(W<sub>k</sub> e<sub>j</sub>)/√d<sub>k</sub> &nbsp;&nbsp;") +
                         tr("(no positions)"),
                     QStringLiteral("s<sub>ij</sub> = (W<sub>q</sub> e<sub>i</sub>)<sup>T</sup> "
                                    "R((j − i)θ) (W<sub>k</sub> e<sub>j</sub>)/√d<sub>k</sub> "
                                    "&nbsp;&nbsp;") +
                         tr("(rotary)")},
                    formulaPointSize);
    h += section(
        tr("The task"),
        {tr("At every position i ≥ 1, predict the token at position i − 1. One head can do it: "
            "from position i, attend to position i − 1 and copy that token through its value. "
            "Everything depends on the head finding i − 1.")});
    h += section(
        tr("Without positions the query cannot tell which key is at i − 1"),
        {tr("Without positions the query of token i is made from its token's embedding "
            "e<sub>i</sub> alone, and the key of token j from e<sub>j</sub> alone. The score "
            "s<sub>ij</sub> depends on which two tokens meet, not on where they stand. With the "
            "causal mask off, attention is permutation equivariant: permuting the tokens "
            "permutes the outputs, and no output can depend on what came just before."),
         tr("With the causal mask on, token i sees tokens 0 … i, but in one layer it still "
            "weighs them as a set. In “A B A C” the last token C gives both A's exactly the same "
            "score, so it cannot put more weight on the A at position 2, the token before it, "
            "than on the A at position 0. And in “A A B C” C sees the same tokens as in “A B A "
            "C”, so it gets the same output and the same prediction, although the token before "
            "it is B in one and A in the other: one of the two predictions is wrong whatever "
            "W<sub>q</sub> and W<sub>k</sub> are. (This is about one layer, as in the task; "
            "deeper models can read some order from the mask itself, Haviv et al. 2022.)"),
         tr("In the app's previous-token task (six tokens, eight per example, one head with "
            "d<sub>k</sub> = 2) with its positions switched off, the training loss stays near "
            "%1 and the accuracy near %2 after 150 steps (%3 on the held-out examples); with "
            "rotary positions the same model reaches 100% on both within 50 steps. The accuracy "
            "without positions is not zero because the causal mask is a piece of order: at "
            "position 1 the only other token in view is the one before, and a guess among the "
            "few earlier tokens is sometimes right.")
             .arg(QStringLiteral("0.9"), QStringLiteral("61%"), QStringLiteral("52%"))});
    h += section(
        tr("With rotary positions the score depends on i − j"),
        {tr("Rotary position embedding turns the query of position i by the angle iθ and the "
            "key of position j by jθ. As the positions page shows, the score becomes "
            "(W<sub>q</sub> e<sub>i</sub>)<sup>T</sup> R((j − i)θ) (W<sub>k</sub> "
            "e<sub>j</sub>)/√d<sub>k</sub>: it depends on the two tokens and on their offset. "
            "Training can now choose W<sub>q</sub> and W<sub>k</sub> so that, for the tokens of "
            "the task, the score is highest one position back, and the head becomes a "
            "previous-token head."),
         tr("With d<sub>k</sub> = 2 the head canvas in the Training tab shows it as it happens: "
            "the queries and keys, turned by their positions, move until each query's "
            "highest-scoring key is the one a position before it.")});
    return h;
}

QString TrainingPages::inductionPage(double formulaPointSize)
{
    QString h = HtmlFragments::title(title(Page::Induction));
    h += formulaBox({QStringLiteral("… [A] [B] … [A] → [B]")}, formulaPointSize);
    h += section(
        tr("Completing a pattern seen before"),
        {tr("An induction head completes a pattern that already happened in the same text: if "
            "token A was followed by B earlier and A appears again, it predicts B. From the "
            "current A it attends to the token right after the earlier A, which is B, and its "
            "value copies B to the output (Elhage et al. 2021; Olsson et al. 2022). It works "
            "for tokens it has never seen together in training, which is why it counts as "
            "in-context learning.")});
    h += section(
        tr("Two heads in two layers"),
        {tr("One head cannot do this alone. To find B it needs a key that says “the token before "
            "me was A”, but in the first layer the residual stream at B's position holds only B "
            "(and its position)."),
         tr("So a previous-token head in layer 1 attends from each position to the one before "
            "it and writes what it finds into the residual stream: at B's position it adds "
            "“the token before me was A”."),
         tr("The induction head in layer 2 reads the stream as layer 1 left it. Its query at the "
            "current A is made from A; its key at B's position is made from what layer 1 wrote "
            "there, so query and key match where the token before was A. It attends to B and "
            "its value carries B to the prediction. Elhage et al. call a key built from an "
            "earlier head's output K-composition; a single layer has no earlier head, and a "
            "one-layer model cannot form an induction head.")});
    h += section(
        tr("The induction score the app plots"),
        {tr("For every training example and every position i whose token occurred earlier in "
            "the same example, the app takes the most recent earlier position p with the same "
            "token and reads the attention weight the head puts from i on position p + 1, the "
            "token that followed it then. Positions whose token has not occurred before are "
            "not counted. A head's induction score is the mean of these weights over all "
            "counted positions of all training examples: the prefix-matching score of Olsson "
            "et al. 2022. When a token repeats at once (A A), p + 1 is i itself."),
         tr("A perfect induction head scores 1. A head that spreads its weight evenly over the "
            "i + 1 positions the causal mask lets it see gives 1/(i + 1) at position i. A score "
            "below 0.5 means that, on average, less than half of the head's weight goes where "
            "an induction head looks. The Training tab "
            "plots the score of every head at every kept step, and switching a head off shows "
            "how much of the loss depends on it.")});
    return h;
}

QString TrainingPages::gradientFacts(const Example &example, const QString &heading)
{
    auto mean =
        attn::attend(example.query, example.keys, example.keys, example.method, example.params);
    if (!mean)
        return {};
    const Eigen::Index n = example.keys.rows();
    QString h = HtmlFragments::heading(heading);
    if (example.method == attn::Method::Scaled)
        h += para(tr("The weighted mean key is %1. Each key's gradient is its own key minus this "
                     "mean, divided by %2:")
                      .arg(eq(weightedMean(), vec(mean->output)),
                           eq(QStringLiteral("√d τ"),
                              num(std::sqrt(attn::effectiveScaleDim(example.keys, example.params)) *
                                  example.params.temperature))));
    else if (example.method == attn::Method::MultiHead)
        h += para(tr("The weight of each key is the mean over the heads; the arrows below are "
                     "the gradients of the log of that mean:"));
    else
        h += para(tr("The weighted mean key is %1. With this score function each key's "
                     "gradient is:")
                      .arg(eq(weightedMean(), vec(mean->output))));
    QStringList items;
    for (Eigen::Index i = 0; i < n; ++i) {
        const QString index = NumberFormat::number(double(i + 1), 0);
        const QString name = kSym(index);
        auto g = attn::queryGradient(example.query, example.keys, example.method, example.params,
                                     int(i));
        const bool masked =
            std::size_t(i) < example.params.mask.size() && example.params.mask[std::size_t(i)];
        if (masked || !g) {
            items << (masked ? tr("%1 is masked: its weight is 0 wherever q moves, and its log "
                                  "has no gradient.")
                             : tr("%1: the score has no gradient here."))
                         .arg(name);
            continue;
        }
        items << tr("%1 = %2, weight %3: %4")
                     .arg(name, vec(example.keys.row(i).transpose()), num(mean->weights[i]),
                          eq(dLogW(index), vec(g->gradient)));
    }
    h += bulleted(items);
    return h;
}

QString TrainingPages::workedExampleFacts()
{
    // Under scaled dot-product attention, the page's own formula.
    const attn::Scene scene = attn::Scene::defaultScene();
    return gradientFacts({scene.query, scene.keys, attn::Method::Scaled, scene.params()},
                         tr("In the article's worked example, with scaled dot-product attention"));
}
