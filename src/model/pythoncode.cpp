#include "pythoncode.h"

#include "core/methods.h"
#include "core/normaliser.h"

#include <charconv>
#include <cmath>

namespace {

using Flavour = PythonCode::Flavour;

// Builds the program line by line. The two flavours differ only where NumPy and PyTorch spell
// the same operation differently; each such place asks pick() or torch() for its spelling.
class Writer
{
public:
    explicit Writer(Flavour flavour) : m_torch(flavour == Flavour::PyTorch) {}

    QString text;

    bool torch() const { return m_torch; }
    // `numpy` in the NumPy program, `pytorch` in the PyTorch one.
    QString pick(const char *numpy, const char *pytorch) const
    {
        return QString::fromUtf8(m_torch ? pytorch : numpy);
    }

    void line(const QString &s = {}) { text += s + QLatin1Char('\n'); }
    void line(const char *s) { line(QString::fromUtf8(s)); }
    // A comment, wrapped to lines of at most about kWidth columns: at a space, or between two
    // characters of which one is wide (Chinese, which has no spaces), a wide one counting two
    // columns.
    void comment(const QString &s, const QString &indent = {})
    {
        const QString lead = indent + QStringLiteral("# ");
        QString rest = s;
        while (!rest.isEmpty()) {
            int width = int(lead.size()), cut = int(rest.size()), breakAt = -1;
            for (int i = 0; i < rest.size(); ++i) {
                const bool wide = isWide(rest[i]);
                if (i > 0 && (rest[i] == QLatin1Char(' ') || wide || isWide(rest[i - 1])) &&
                    !isClosingPunctuation(rest[i]))
                    breakAt = i;
                width += wide ? 2 : 1;
                if (width > kWidth && breakAt > 0) {
                    cut = breakAt;
                    break;
                }
            }
            line(lead + rest.left(cut).trimmed());
            rest = rest.mid(cut).trimmed();
        }
    }

    // A vector as a list of numbers.
    static QString list(const attn::Vector &v)
    {
        QStringList parts;
        for (Eigen::Index i = 0; i < v.size(); ++i)
            parts << PythonCode::number(v[i]);
        return QLatin1Char('[') + parts.join(QStringLiteral(", ")) + QLatin1Char(']');
    }

    // A vector as an array of floats.
    QString array(const attn::Vector &v) const { return wrap(list(v)); }

    // A matrix as an array: a small one on one line, else one row per line, the rows indented
    // by `indent` plus four spaces.
    QString matrix(const attn::Matrix &m, const QString &indent = {}) const
    {
        if (m.rows() == 0)
            return m_torch
                       ? QStringLiteral("torch.zeros((0, %1), dtype=torch.float64)").arg(m.cols())
                       : QStringLiteral("np.zeros((0, %1))").arg(m.cols());
        QStringList rows;
        for (Eigen::Index r = 0; r < m.rows(); ++r)
            rows << list(m.row(r).transpose());
        const QString inline_ =
            QLatin1Char('[') + rows.join(QStringLiteral(", ")) + QLatin1Char(']');
        if (m.rows() == 1 || inline_.size() <= 40)
            return wrap(inline_);
        QString s = QStringLiteral("[\n");
        for (Eigen::Index r = 0; r < m.rows(); ++r)
            s += indent + QStringLiteral("    ") + list(m.row(r).transpose()) +
                 QStringLiteral(",\n");
        s += indent + QLatin1Char(']');
        return wrap(s);
    }

    QString boolList(const std::vector<bool> &flags, Eigen::Index n) const
    {
        QStringList parts;
        for (Eigen::Index i = 0; i < n; ++i) {
            const bool on = std::size_t(i) < flags.size() && flags[std::size_t(i)];
            parts << (on ? QStringLiteral("True") : QStringLiteral("False"));
        }
        const QString list = QLatin1Char('[') + parts.join(QStringLiteral(", ")) + QLatin1Char(']');
        return m_torch ? QStringLiteral("torch.tensor(%1)").arg(list)
                       : QStringLiteral("np.array(%1)").arg(list);
    }

private:
    static constexpr int kWidth = 96;

    // Shown two columns wide: CJK characters and full-width punctuation (not the mathematical
    // letters and symbols between U+1D00 and U+2BFF, subscripts and arrows among them).
    static bool isWide(QChar c)
    {
        const ushort u = c.unicode();
        return u >= 0x1100 && !(u >= 0x1D00 && u <= 0x2BFF);
    }
    // Punctuation that may not start a line (Chinese typesetting keeps it after its text).
    static bool isClosingPunctuation(QChar c)
    {
        return QStringLiteral("，。；：、）》”’！？,.;:)").contains(c);
    }

    QString wrap(const QString &list) const
    {
        // PyTorch's default float type is float32; the app computes in double precision.
        return m_torch ? QStringLiteral("torch.tensor(%1, dtype=torch.float64)").arg(list)
                       : QStringLiteral("np.array(%1)").arg(list);
    }

    bool m_torch;
};

void writeHeader(Writer &w, const QString &what)
{
    w.comment(what);
    w.comment(w.torch() ? PythonCode::tr("Run it with python3 and PyTorch; it prints the same "
                                         "numbers as Attention Canvas.")
                        : PythonCode::tr("Run it with python3 and NumPy; it prints the same "
                                         "numbers as Attention Canvas."));
    w.comment(PythonCode::tr("Every number is written with all its digits, so the results agree "
                             "to the last few digits."));
    if (w.torch())
        w.line("import math\n\nimport torch\n");
    else
        w.line("import math\n\nimport numpy as np\n");
    w.line();
    w.line("def show(name, x):");
    w.line(
        QStringLiteral("    \"\"\"%1\"\"\"")
            .arg(PythonCode::tr("Prints a vector on one line, a matrix one row per line (name[i]), "
                                "every number in full.")));
    w.line("    values = x.tolist()");
    w.line("    if values and isinstance(values[0], list):");
    w.line("        for i, row in enumerate(x):");
    w.line("            show(f\"{name}[{i}]\", row)");
    w.line("        return");
    w.line("    print(name + \":\", \" \".join(repr(float(v)) for v in values))");
    w.line();
}

// `normalise(z)`: one row of logits z (−∞ for a masked key) into weights, by `normaliser`. The
// same function serves the scene and the sequence; `bias` is sigmoid's b when the document fixes
// it.
void writeNormaliser(Writer &w, attn::Normaliser normaliser, std::optional<double> bias)
{
    w.line();
    switch (normaliser) {
    case attn::Normaliser::Softmax:
        w.comment(
            PythonCode::tr("Softmax: wᵢ = exp(zᵢ) / Σⱼ exp(zⱼ). Subtracting the largest logit "
                           "first changes nothing in exact arithmetic and keeps exp from "
                           "overflowing; a masked key has exp(−∞) = 0."));
        w.line("def normalise(z):");
        w.line("    e = " + w.pick("np", "torch") + ".exp(z - z.max())");
        w.line("    return e / e.sum()");
        break;
    case attn::Normaliser::Sparsemax:
        w.comment(PythonCode::tr("Sparsemax (Martins & Astudillo 2016): wᵢ = max(zᵢ − τ*, 0), the "
                                 "point of the simplex nearest to z; τ* comes from the k largest "
                                 "logits, k the largest j with 1 + j·z₍ⱼ₎ > z₍₁₎ + … + z₍ⱼ₎."));
        w.comment(PythonCode::tr("Worked in y = z − max z (the same weights) so that the sums stay "
                                 "small."));
        w.line("def normalise(z):");
        w.line("    y = z - z.max()");
        if (w.torch()) {
            w.line("    ys = torch.sort(y[torch.isfinite(y)], descending=True).values");
            w.line("    j = torch.arange(1, len(ys) + 1, dtype=torch.float64)");
            w.line("    sums = torch.cumsum(ys, 0)");
            w.line("    k = int(j[1 + j * ys > sums][-1])");
            w.line("    threshold = (sums[k - 1] - 1) / k");
            w.line("    return torch.clamp(y - threshold, min=0)");
        } else {
            w.line("    ys = np.sort(y[np.isfinite(y)])[::-1]");
            w.line("    j = np.arange(1, len(ys) + 1)");
            w.line("    sums = np.cumsum(ys)");
            w.line("    k = j[1 + j * ys > sums][-1]");
            w.line("    threshold = (sums[k - 1] - 1) / k");
            w.line("    return np.maximum(y - threshold, 0)");
        }
        break;
    case attn::Normaliser::Softmax1:
        w.comment(PythonCode::tr("Softmax₁: wᵢ = exp(zᵢ) / (1 + Σⱼ exp(zⱼ)), as if one more key of "
                                 "logit 0 took what is left (\"nothing\"). The shift m = max(0, "
                                 "max z) includes that key."));
        w.line("def normalise(z):");
        w.line("    m = max(float(z.max()), 0.0)");
        w.line("    e = " + w.pick("np", "torch") + ".exp(z - m)");
        w.line("    return e / (math.exp(-m) + e.sum())");
        break;
    case attn::Normaliser::Sigmoid:
        w.comment(PythonCode::tr("Sigmoid (Ramapuram et al. 2024): wᵢ = σ(zᵢ + b), each key on its "
                                 "own; the weights need not sum to 1."));
        if (bias) {
            w.comment(PythonCode::tr("bias = b, set explicitly."));
            w.line("bias = " + PythonCode::number(*bias));
        } else {
            w.comment(
                PythonCode::tr("bias = b = −ln n, n the number of keys that are not masked."));
        }
        w.line("def normalise(z):");
        if (!bias)
            w.line(QStringLiteral("    bias = -math.log(int(%1.isfinite(z).sum()))")
                       .arg(w.pick("np", "torch")));
        if (w.torch()) {
            w.line("    return torch.sigmoid(z + bias)");
        } else {
            w.comment(PythonCode::tr("exp(−(z + bias)) may overflow to inf when z + bias is "
                                     "very negative: the weight 1/inf = 0 is then right."),
                      QStringLiteral("    "));
            w.line("    with np.errstate(over=\"ignore\"):");
            w.line("        return 1 / (1 + np.exp(-(z + bias)))");
        }
        break;
    }
    w.line();
}

QString methodName(attn::Method method)
{
    switch (method) {
    case attn::Method::Dot:
        return PythonCode::tr("dot product");
    case attn::Method::Scaled:
        return PythonCode::tr("scaled dot product");
    case attn::Method::Cosine:
        return PythonCode::tr("cosine similarity");
    case attn::Method::General:
        return PythonCode::tr("general (bilinear) score");
    case attn::Method::Additive:
        return PythonCode::tr("additive attention");
    case attn::Method::MultiHead:
        return PythonCode::tr("multi-head attention");
    }
    return {};
}

QString normaliserName(attn::Normaliser normaliser)
{
    switch (normaliser) {
    case attn::Normaliser::Softmax:
        return PythonCode::tr("softmax");
    case attn::Normaliser::Sparsemax:
        return PythonCode::tr("sparsemax");
    case attn::Normaliser::Softmax1:
        return PythonCode::tr("softmax₁");
    case attn::Normaliser::Sigmoid:
        return PythonCode::tr("sigmoid");
    }
    return {};
}

void writeScores(Writer &w, const attn::Scene &scene)
{
    const QString lib = w.pick("np", "torch");
    switch (scene.method) {
    case attn::Method::Dot:
        w.comment(PythonCode::tr("Dot product: sᵢ = q·kᵢ."));
        w.line("scores = K @ q");
        break;
    case attn::Method::Scaled: {
        const double d =
            scene.scaleDim.value_or(0.0) > 0 ? *scene.scaleDim : double(scene.keys.cols());
        w.comment(scene.scaleDim && *scene.scaleDim > 0
                      ? PythonCode::tr("Scaled dot product: sᵢ = q·kᵢ / √d, with the d the scene "
                                       "sets.")
                      : PythonCode::tr("Scaled dot product: sᵢ = q·kᵢ / √d, d the dimension of "
                                       "the vectors."));
        w.line("d = " + PythonCode::number(d));
        w.line("scores = K @ q / math.sqrt(d)");
        break;
    }
    case attn::Method::Cosine:
        w.comment(PythonCode::tr("Cosine similarity: sᵢ = q·kᵢ / (‖q‖ ‖kᵢ‖), and 0 when q or kᵢ "
                                 "has length 0."));
        w.line("def cosine(q, k):");
        w.line(QStringLiteral("    nq, nk = float(%1.linalg.norm(q)), float(%1.linalg.norm(k))")
                   .arg(lib));
        w.line("    if nq == 0 or nk == 0:");
        w.line("        return 0.0");
        w.line("    return min(max(float((k / nk) @ (q / nq)), -1.0), 1.0)");
        w.line();
        w.line(QStringLiteral("scores = %1([cosine(q, k) for k in K]%2)")
                   .arg(w.pick("np.array", "torch.tensor"), w.pick("", ", dtype=torch.float64")));
        break;
    case attn::Method::General: {
        w.comment(PythonCode::tr("General (bilinear) score (Luong et al. 2015): sᵢ = qᵀ W kᵢ."));
        const attn::Matrix W = scene.general.size() == 0
                                   ? attn::Matrix::Identity(scene.keys.cols(), scene.keys.cols())
                                   : scene.general;
        w.line("W = " + w.matrix(W));
        w.line(QStringLiteral("scores = %1([q @ W @ k for k in K])")
                   .arg(w.pick("np.array", "torch.stack")));
        break;
    }
    case attn::Method::Additive: {
        const attn::AdditiveParams &p = scene.additive;
        w.comment(PythonCode::tr("Additive attention (Bahdanau et al. 2015): sᵢ = vᵀ tanh(W_q q + "
                                 "W_k kᵢ + b), a small network with %1 hidden units.")
                      .arg(p.hiddenSize()));
        w.line("Wq = " + w.matrix(p.wq));
        w.line("Wk = " + w.matrix(p.wk));
        w.line("b = " + w.array(p.b));
        w.line("v = " + w.array(p.v));
        w.line(QStringLiteral("scores = %1([v @ %2.tanh(Wq @ q + b + Wk @ k) for k in K])")
                   .arg(w.pick("np.array", "torch.stack"), lib));
        break;
    }
    case attn::Method::MultiHead:
        break; // written by writeMultiHead()
    }
}

void writeMultiHead(Writer &w, const attn::Scene &scene)
{
    const attn::MultiHeadParams &p = scene.multiHead;
    w.comment(PythonCode::tr("Multi-head attention: every head projects q, the keys and the values "
                             "with its own W_Q, W_K, W_V, scores them by the scaled dot product "
                             "with its own √d_k and normalises on its own."));
    w.comment(PythonCode::tr("W_O maps the heads' outputs, side by side, back to the output."));
    w.line("heads = [");
    for (std::size_t j = 0; j < p.heads.size(); ++j) {
        const attn::Head &h = p.heads[j];
        w.comment(PythonCode::tr("head %1: W_Q, W_K, W_V").arg(j + 1), QStringLiteral("    "));
        w.line("    (");
        w.line("        " + w.matrix(h.wq, QStringLiteral("        ")) + ",");
        w.line("        " + w.matrix(h.wk, QStringLiteral("        ")) + ",");
        w.line("        " + w.matrix(h.wv, QStringLiteral("        ")) + ",");
        w.line("    ),");
    }
    w.line("]");
    w.line("WO = " + w.matrix(p.wo));
    w.line();
    w.line("head_scores, head_weights, head_outputs = [], [], []");
    w.line("for h, (WQ, WK, WV) in enumerate(heads, start=1):");
    w.line("    qh = WQ @ q");
    w.line("    Kh = K @ WK.T");
    w.line("    Vh = V @ WV.T");
    w.line("    d_k = WQ.shape[0]");
    w.line("    s = Kh @ qh / math.sqrt(d_k)");
    w.line("    weights = normalise(logits(s))");
    w.line("    head_scores.append(s)");
    w.line("    head_weights.append(weights)");
    w.line("    head_outputs.append(weights @ Vh)");
    w.line("    show(f\"head{h}.scores\", s)");
    w.line("    show(f\"head{h}.weights\", weights)");
    w.line("    show(f\"head{h}.output\", head_outputs[-1])");
    w.line();
    w.line(QStringLiteral("concat = %1(head_outputs)").arg(w.pick("np.concatenate", "torch.cat")));
    w.line("output = WO @ concat");
    w.comment(
        PythonCode::tr("The app shows the mean over the heads as the scores and the weights."));
    if (w.torch()) {
        w.line("scores = torch.stack(head_scores).mean(0)");
        w.line("weights = torch.stack(head_weights).mean(0)");
    } else {
        w.line("scores = np.mean(head_scores, axis=0)");
        w.line("weights = np.mean(head_weights, axis=0)");
    }
    w.line("show(\"concat\", concat)");
}

} // namespace

QString PythonCode::number(double x)
{
    if (std::isnan(x))
        return QStringLiteral("math.nan");
    if (std::isinf(x))
        return x > 0 ? QStringLiteral("math.inf") : QStringLiteral("-math.inf");
    char buf[32];
    // Without a precision to_chars writes the shortest digits that read back as exactly x.
    const auto r = std::to_chars(buf, buf + sizeof buf, x);
    QString s = QString::fromLatin1(buf, int(r.ptr - buf));
    if (!s.contains(QLatin1Char('.')) && !s.contains(QLatin1Char('e')))
        s += QStringLiteral(".0");
    return s;
}

QString PythonCode::string(const QString &text)
{
    QString s = QStringLiteral("\"");
    for (const QChar c : text) {
        if (c == QLatin1Char('\\') || c == QLatin1Char('"'))
            s += QLatin1Char('\\') + c;
        else if (c.unicode() < 0x20 || c.unicode() == 0x7f)
            s += QStringLiteral("\\x%1").arg(c.unicode(), 2, 16, QLatin1Char('0'));
        else
            s += c;
    }
    return s + QLatin1Char('"');
}

QString PythonCode::forScene(const attn::Scene &scene, bool normalisedView, Flavour flavour)
{
    Writer w(flavour);
    writeHeader(w, tr("Attention Canvas: this scene's attention. Score: %1; normaliser: %2.")
                       .arg(methodName(scene.method), normaliserName(scene.normaliser)));

    w.comment(tr("The query q, and the keys and values, one row per key."));
    w.line("q = " + w.array(scene.query));
    w.line("K = " + w.matrix(scene.keys));
    w.line("V = " + w.matrix(scene.values));
    w.comment(tr("A masked key (True) takes no part: its weight is exactly 0."));
    w.line("mask = " + w.boolList(scene.mask, scene.keys.rows()));
    w.comment(tr("The temperature τ: every score is divided by it before the normaliser."));
    w.line("tau = " + number(scene.temperature));

    if (normalisedView) {
        w.line();
        w.comment(tr("The normalised view is on: q and every key are scaled to length 1 first (a "
                     "vector of length 0 stays as it is); the values are not."));
        w.line("def unit(x):");
        w.line(QStringLiteral("    length = float(%1.linalg.norm(x))").arg(w.pick("np", "torch")));
        w.line("    return x / length if length > 0 else x");
        w.line();
        w.line("q = unit(q)");
        w.line(
            QStringLiteral("K = %1([unit(k) for k in K])").arg(w.pick("np.array", "torch.stack")));
    }

    writeNormaliser(w, scene.normaliser, scene.sigmoidBias);
    w.comment(tr("The logits z = s / τ; a masked key's logit is −∞."));
    w.line("def logits(s):");
    if (w.torch())
        w.line("    return (s / tau).masked_fill(mask, -math.inf)");
    else
        w.line("    return np.where(mask, -np.inf, s / tau)");
    w.line();

    if (scene.method == attn::Method::MultiHead) {
        writeMultiHead(w, scene);
    } else {
        writeScores(w, scene);
        w.line("weights = normalise(logits(scores))");
        w.comment(tr("The output: the weighted sum of the values, Σᵢ wᵢ vᵢ."));
        w.line("output = weights @ V");
    }
    w.line();
    w.line("show(\"scores\", scores)");
    w.line("show(\"weights\", weights)");
    w.line("show(\"output\", output)");
    return w.text;
}

QString PythonCode::forSequence(const attn::SequenceModel &model, const std::vector<int> &tokens,
                                int firstPosition, Flavour flavour)
{
    Writer w(flavour);
    const QString lib = w.pick("np", "torch");
    writeHeader(w, tr("Attention Canvas: this sequence model on this sentence, every layer and "
                      "head."));
    w.comment(tr("An attention-only transformer: xᵢ = E[tokenᵢ] + Pᵢ; each layer adds W_O [o¹; …; "
                 "oʰ] to the residual stream r; then logitsᵢ = U rᵢ."));
    w.line();

    auto names = [](const std::vector<std::string> &list) {
        QStringList parts;
        for (const std::string &name : list)
            parts << PythonCode::string(QString::fromStdString(name));
        return QLatin1Char('[') + parts.join(QStringLiteral(", ")) + QLatin1Char(']');
    };
    w.comment(
        tr("The input tokens (one row of E each) and the output tokens (one row of U each)."));
    w.line("vocabulary = " + names(model.vocabulary));
    w.line("outputs = " + names(model.outputs));
    std::vector<std::string> sentence;
    for (int t : tokens)
        sentence.push_back(model.vocabulary[std::size_t(t)]);
    w.line("sentence = " + names(sentence));
    w.comment(tr("Token i stands at position first_position + i."));
    w.line(QStringLiteral("first_position = %1").arg(firstPosition));
    w.line(QStringLiteral("D = %1").arg(model.dModel));
    w.comment(tr("The temperature τ: every score is divided by it before the normaliser."));
    w.line("tau = " + number(model.temperature));
    w.comment(tr("Causal mask: token i attends only to the tokens 0 … i."));
    w.line(model.causal ? "causal = True" : "causal = False");
    w.line();
    w.comment(tr("The embedding E: one row of D numbers per vocabulary token."));
    w.line("E = " + w.matrix(model.weights.embedding));
    w.comment(tr("The layers: each head's W_Q, W_K, W_V (acting on column vectors) and the layer's "
                 "W_O."));
    w.line("layers = [");
    for (std::size_t l = 0; l < model.weights.layers.size(); ++l) {
        const attn::SequenceLayerWeights &layer = model.weights.layers[l];
        w.comment(tr("layer %1").arg(l + 1), QStringLiteral("    "));
        w.line("    {");
        w.line("        \"heads\": [");
        for (const attn::SequenceHeadWeights &h : layer.heads) {
            const QString in = QStringLiteral("                ");
            w.line("            {");
            w.line(in + "\"WQ\": " + w.matrix(h.wq, in) + ",");
            w.line(in + "\"WK\": " + w.matrix(h.wk, in) + ",");
            w.line(in + "\"WV\": " + w.matrix(h.wv, in) + ",");
            w.line("            },");
        }
        w.line("        ],");
        w.line("        \"WO\": " + w.matrix(layer.wo, QStringLiteral("        ")) + ",");
        w.line("    },");
    }
    w.line("]");
    w.comment(tr("The unembedding U: one row of D numbers per output token."));
    w.line("U = " + w.matrix(model.weights.unembedding));

    writeNormaliser(w, model.normaliser, model.sigmoidBias);

    w.line("tokens = [vocabulary.index(t) for t in sentence]");
    w.line("n = len(tokens)");
    w.line(QStringLiteral("pos = %1.arange(first_position, first_position + n%2)")
               .arg(lib, w.pick("", ", dtype=torch.float64")));
    w.line(w.torch() ? "x = E[tokens].clone()" : "x = E[tokens]");
    switch (model.positions) {
    case attn::PositionKind::None:
        w.comment(tr("No positions: attention sees a set of tokens, not a sequence."));
        break;
    case attn::PositionKind::Sinusoidal:
        w.comment(tr("Sinusoidal positions (Vaswani et al. 2017), added to the embedding: "
                     "P[2j] = sin(pos / base^(2j/D)), P[2j+1] = cos(pos / base^(2j/D))."));
        w.line("base = " + number(model.base));
        w.line("for j in range(D // 2):");
        w.line("    angle = pos / base ** (2 * j / D)");
        w.line(QStringLiteral("    x[:, 2 * j] += %1.sin(angle)").arg(lib));
        w.line(QStringLiteral("    x[:, 2 * j + 1] += %1.cos(angle)").arg(lib));
        break;
    case attn::PositionKind::Learned:
        w.comment(
            tr("Learned positions: row p of the table P is added to the token at position p."));
        w.line("P = " + w.matrix(model.weights.positionTable));
        w.line(w.torch() ? "x = x + P[pos.long()]" : "x = x + P[pos]");
        break;
    case attn::PositionKind::Rotary:
        w.comment(tr("Rotary positions (RoFormer, Su et al. 2021): q and k, not x, are turned pair "
                     "by pair; components (2j, 2j+1) of row i by the angle posᵢ·θⱼ, θⱼ = "
                     "base^(−2j/d_k)."));
        w.line("base = " + number(model.base));
        w.line("def rotate(m):");
        w.line("    d_k = m.shape[1]");
        w.line(QStringLiteral("    theta = base ** (-2 * %1.arange(d_k // 2%2) / d_k)")
                   .arg(lib, w.pick("", ", dtype=torch.float64")));
        w.line("    angle = pos[:, None] * theta[None, :]");
        w.line(QStringLiteral("    c, s = %1.cos(angle), %1.sin(angle)").arg(lib));
        w.line("    even, odd = m[:, 0::2], m[:, 1::2]");
        w.line(QStringLiteral("    out = %1.empty_like(m)").arg(lib));
        w.line("    out[:, 0::2] = c * even - s * odd");
        w.line("    out[:, 1::2] = s * even + c * odd");
        w.line("    return out");
        break;
    }
    w.line();
    w.line("r = x");
    w.line("for l, layer in enumerate(layers, start=1):");
    w.line("    head_outputs = []");
    w.line("    for h, head in enumerate(layer[\"heads\"], start=1):");
    w.line("        Q = r @ head[\"WQ\"].T");
    w.line("        K = r @ head[\"WK\"].T");
    w.line("        V = r @ head[\"WV\"].T");
    if (model.positions == attn::PositionKind::Rotary)
        w.line("        Q, K = rotate(Q), rotate(K)");
    w.line("        d_k = Q.shape[1]");
    w.line("        S = Q @ K.T / math.sqrt(d_k)");
    w.line("        if causal:");
    w.comment(tr("a key after the query is masked: −∞"), QStringLiteral("            "));
    if (w.torch())
        w.line("            S = S.masked_fill(torch.ones(n, n, dtype=torch.bool).triu(1), "
               "-math.inf)");
    else
        w.line("            S[np.triu_indices(n, k=1)] = -np.inf");
    w.line(QStringLiteral("        weights = %1([normalise(row / tau) for row in S])")
               .arg(w.pick("np.array", "torch.stack")));
    w.line("        show(f\"layer{l}.head{h}.weights\", weights)");
    w.line("        head_outputs.append(weights @ V)");
    w.comment(tr("the residual stream: r + W_O [o¹; …; oʰ] for every token"),
              QStringLiteral("    "));
    w.line(QStringLiteral("    r = r + %1(head_outputs, %2=1) @ layer[\"WO\"].T")
               .arg(w.pick("np.concatenate", "torch.cat"), w.pick("axis", "dim")));
    w.line();
    w.line("logits = r @ U.T");
    w.line("show(\"logits\", logits)");
    w.comment(tr("The prediction at each position: the output token of the largest logit (the "
                 "first on a tie)."));
    w.line(QStringLiteral("predictions = logits.argmax(%1=1).tolist()").arg(w.pick("axis", "dim")));
    w.line("print(\"predictions:\", \" \".join(str(p) for p in predictions))");
    w.line("print(\"predicted:\", \" \".join(outputs[p] for p in predictions))");
    return w.text;
}
