#include "panels/sequencepages.h"

#include "text/htmlfragments.h"
#include "theme/colorscheme.h"

#include <QStringList>

using HtmlFragments::bulleted;
using HtmlFragments::coloured;
using HtmlFragments::formulaBox;
using HtmlFragments::heading;
using HtmlFragments::para;
using HtmlFragments::section;

namespace {

QString q(const QString &index)
{
    return coloured(QStringLiteral("q<sub>%1</sub>").arg(index), ColorScheme::query());
}

QString k(const QString &index)
{
    return coloured(QStringLiteral("k<sub>%1</sub>").arg(index), ColorScheme::key());
}

} // namespace

QString SequencePages::title(Page page)
{
    static const char *const titles[] = {QT_TR_NOOP("Positional encodings"),
                                         QT_TR_NOOP("The residual stream")};
    return tr(titles[int(page)]);
}

QString SequencePages::html(Page page, double formulaPointSize)
{
    // One builder per page, in Page's order.
    static const PageBuilder builders[] = {&SequencePages::positionsPage,
                                           &SequencePages::residualPage};
    return builders[int(page)](formulaPointSize);
}

QString SequencePages::positionsPage(double formulaPointSize)
{
    const QString i = QStringLiteral("i"), j = QStringLiteral("j");
    QString h = HtmlFragments::title(title(Page::Positions));
    h += formulaBox({QStringLiteral("x<sub>i</sub> = E[token<sub>i</sub>] + P<sub>i</sub> "
                                    "&nbsp;&nbsp;") +
                         tr("(sinusoidal, learned)"),
                     QStringLiteral("%1 = R(iθ) W<sub>q</sub> r<sub>i</sub>, &nbsp; %2 = R(jθ) "
                                    "W<sub>k</sub> r<sub>j</sub> &nbsp;&nbsp;")
                             .arg(q(i), k(j)) +
                         tr("(rotary)")},
                    formulaPointSize);

    h += section(
        tr("Attention alone ignores order"),
        {tr("Without positions, token i enters as x<sub>i</sub> = E[token<sub>i</sub>]: its "
            "row of the embedding, the same wherever the token stands. Its query, key and "
            "value are made from that vector alone, and the score s<sub>ij</sub> = "
            "q<sub>i</sub>·k<sub>j</sub> / √d<sub>k</sub> depends only on which two tokens "
            "meet, not on where they are."),
         tr("So, with the causal mask off, reordering the tokens reorders every row and "
            "column of the heat maps and every output the same way, and changes nothing "
            "else: permuting the tokens permutes the outputs. Each token gets the same "
            "output in “dog bites man” as in “man bites dog”; to attention a sentence is a "
            "bag of tokens. This holds in every layer and for the predictions too, because "
            "the residual stream, W<sub>O</sub> and the unembedding act on each token on "
            "its own."),
         tr("The causal mask is itself a piece of order: token i sees only tokens 0 … i. "
            "Among the tokens it sees, a first layer without positions still weighs them "
            "as a set.")});

    h +=
        section(tr("Added positions: sinusoidal and learned"),
                {tr("The first remedy adds a vector P<sub>i</sub> for the position to each token's "
                    "embedding before anything else happens, so that x<sub>i</sub> = "
                    "E[token<sub>i</sub>] + P<sub>i</sub>.")});
    h += bulleted({
        tr("<b>Sinusoidal</b> (Vaswani et al. 2017): P<sub>i</sub>[2j] = sin(i / "
           "base<sup>2j/D</sup>), P<sub>i</sub>[2j+1] = cos(i / base<sup>2j/D</sup>), base = "
           "10000 unless the file says otherwise. Each pair of components is a point on the "
           "unit circle that turns with the position, the first pair by one radian per "
           "position, later pairs ever more slowly. With D = 2 there is only the first pair: "
           "P<sub>i</sub> = (sin i, cos i)."),
        tr("<b>Learned</b>: P<sub>i</sub> is row i of a table of numbers that training (or the "
           "author of the file) chose. Nothing ties one row to the next, and a position beyond "
           "the table's last row has no vector at all."),
    });
    h += para(tr("Because P<sub>i</sub> is added to x<sub>i</sub>, the product "
                 "q<sub>i</sub>·k<sub>j</sub> = (W<sub>q</sub>(e<sub>i</sub> + "
                 "P<sub>i</sub>))·(W<sub>k</sub>(e<sub>j</sub> + P<sub>j</sub>)) splits into four "
                 "terms: token with token, token with position, position with token and position "
                 "with position (e<sub>i</sub> is token i's embedding). The scores then depend on "
                 "where the two tokens stand, not only on how far apart: for most W<sub>q</sub> "
                 "and W<sub>k</sub>, moving the whole sentence m places along changes them. The "
                 "Sequence window measures this when you shift every position by m."));

    h += section(
        tr("Rotated positions: rotary position embedding"),
        {tr("Rotary position embedding (RoFormer, Su et al. 2021; used by most large language "
            "models today) adds nothing to x<sub>i</sub>. Instead it turns each pair of "
            "components (2j, 2j+1) of the query of token i by the angle i·θ<sub>j</sub>, and "
            "of the key of token j by j·θ<sub>j</sub>, with θ<sub>j</sub> = "
            "base<sup>−2j/d<sub>k</sub></sup>. The values are not turned."),
         tr("Why then only the offset counts: write R(α) for the rotation of the plane by "
            "α. A rotation keeps lengths, so its transpose turns back: R(α)<sup>T</sup> = "
            "R(−α); and two rotations add their angles: R(α)R(β) = R(α + β). For one pair, "
            "with q = W<sub>q</sub>r<sub>i</sub> and k = W<sub>k</sub>r<sub>j</sub> before "
            "the rotation:")});
    h += formulaBox({QStringLiteral("(R(iθ) q)<sup>T</sup> (R(jθ) k) = q<sup>T</sup> "
                                    "R(iθ)<sup>T</sup> R(jθ) k = q<sup>T</sup> R((j − i)θ) k")},
                    formulaPointSize);
    h += para(tr("The positions i and j appear only as j − i. Shifting every position by m "
                 "turns both arrows by the same mθ, and (j + m) − (i + m) = j − i: no score "
                 "changes. With d<sub>k</sub> > 2 the score is a sum of one such term per pair, "
                 "each with its own θ<sub>j</sub>, and the same holds for every term. As the first "
                 "layer's outputs then do not depend on m, neither does anything a later layer "
                 "reads, so the whole pass is unchanged."));
    h += para(tr("In the plane (d<sub>k</sub> = 2) you can see it: the score is ‖q‖ ‖k‖ times "
                 "the cosine of the angle between the turned arrows, and that angle is the angle "
                 "between q and k plus (j − i)θ. The Sequence window draws q and k turned by "
                 "their positions."));
    return h;
}

QString SequencePages::residualPage(double formulaPointSize)
{
    QString h = HtmlFragments::title(title(Page::Residual));
    h += formulaBox({QStringLiteral("r<sup>0</sup><sub>i</sub> = x<sub>i</sub>"),
                     QStringLiteral("r<sup>l+1</sup><sub>i</sub> = r<sup>l</sup><sub>i</sub> + "
                                    "W<sub>O</sub> [o<sub>i</sub><sup>1</sup>; …; "
                                    "o<sub>i</sub><sup>h</sup>]"),
                     QStringLiteral("logits<sub>i</sub> = U r<sup>L</sup><sub>i</sub>")},
                    formulaPointSize);

    h += section(
        tr("One vector per token, added to by every layer"),
        {tr("Each token carries one vector of D numbers from the embedding to the "
            "unembedding: the residual stream. Every head of a layer reads the stream as it "
            "was before the layer, forms its queries, keys and values from it, and the "
            "layer adds W<sub>O</sub> times the heads' outputs to it. Nothing is "
            "overwritten: after L layers the stream is x<sub>i</sub> plus the sum of what "
            "each layer added."),
         tr("W<sub>O</sub> [o<sup>1</sup>; …; o<sup>h</sup>] is the sum over the heads of "
            "each head's block of columns of W<sub>O</sub> times its output, and the logits "
            "are U times the stream. So the logits are a sum of separate paths: U "
            "x<sub>i</sub> straight from the token (and its position), plus one term for "
            "each head of each layer. Each path can be read on its own.")});

    h +=
        section(tr("The model here: attention only"),
                {tr("The model in the Sequence window has attention layers and nothing else, as in "
                    "Elhage et al. 2021 (“A Mathematical Framework for Transformer Circuits”): no "
                    "MLP and no normalisation layer. A full transformer also adds an MLP's output "
                    "to the same stream in every layer, and most normalise the stream before a "
                    "layer reads it; the stream itself works the same way.")});
    h += bulleted({
        tr("Heads of one layer work side by side: they all read the same stream, so none sees "
           "another's output. A head of a later layer reads the sum of everything written "
           "before it."),
        tr("That is how layers compose: a layer-1 head can write into token i's stream which "
           "token came before it, and a layer-2 head can then form its key from that and its "
           "query from the current token. Together they find the token that followed an "
           "earlier copy of the current one: an induction head (Elhage et al. 2021; Olsson "
           "et al. 2022)."),
        tr("Under the causal mask, token i's stream after every layer depends only on tokens "
           "0 … i, so its prediction never looks ahead."),
    });
    return h;
}
