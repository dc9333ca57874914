#include "sequencereport.h"

#include "json.h"
#include "sequenceevaluation.h"
#include "sequenceforward.h"

#include <charconv>
#include <cmath>

namespace attn {

namespace {
// A streaming writer: a report can hold millions of numbers, which a JsonValue tree would hold
// several times over. The layout follows the scene report's (src/model/reportwriter.cpp).
class ReportOut
{
public:
    std::string text;

    void number(double x)
    {
        if (!std::isfinite(x)) {
            text += "null";
            return;
        }
        char buf[32];
        auto r = std::to_chars(buf, buf + sizeof buf, x, std::chars_format::general, 17);
        text.append(buf, r.ptr);
    }
    void row(const Matrix &m, Eigen::Index r)
    {
        text += '[';
        for (Eigen::Index c = 0; c < m.cols(); ++c) {
            if (c)
                text += ", ";
            number(m(r, c));
        }
        text += ']';
    }
    void matrix(const Matrix &m, const std::string &indent)
    {
        text += '[';
        for (Eigen::Index r = 0; r < m.rows(); ++r) {
            text += r ? ",\n" : "\n";
            text += indent;
            text += "  ";
            row(m, r);
        }
        text += m.rows() ? "\n" + indent + "]" : "]";
    }
    void names(const std::vector<std::string> &all, const std::vector<int> &indices)
    {
        text += '[';
        for (std::size_t i = 0; i < indices.size(); ++i) {
            if (i)
                text += ", ";
            appendJsonString(text, all[std::size_t(indices[i])]);
        }
        text += ']';
    }
    void key(const char *name, const std::string &indent, bool first = false)
    {
        text += first ? "" : ",\n";
        text += indent;
        text += '"';
        text += name;
        text += "\": ";
    }
    void optional(const std::optional<double> &x)
    {
        if (x)
            number(*x);
        else
            text += "null";
    }
};

void writeExample(ReportOut &o, const SequenceModel &m, const SequenceForward &f)
{
    const std::string in = "      ";     // the example's members
    const std::string lin = in + "    "; // a layer's members
    const std::string hin = lin + "    ";
    o.text += "    {\n";
    o.key("tokens", in, true);
    o.names(m.vocabulary, f.tokens);
    o.key("input", in);
    o.matrix(f.input, in);
    o.key("layers", in);
    o.text += '[';
    for (std::size_t l = 0; l < f.layers.size(); ++l) {
        const SequenceLayerForward &layer = f.layers[l];
        o.text += l ? ",\n" + in + "  {\n" : "\n" + in + "  {\n";
        o.key("heads", lin, true);
        o.text += '[';
        for (std::size_t h = 0; h < layer.heads.size(); ++h) {
            const SequenceHeadForward &head = layer.heads[h];
            o.text += h ? ",\n" + lin + "  {\n" : "\n" + lin + "  {\n";
            o.key("q", hin, true);
            o.matrix(head.q, hin);
            o.key("k", hin);
            o.matrix(head.k, hin);
            o.key("v", hin);
            o.matrix(head.v, hin);
            o.key("scores", hin);
            o.matrix(head.scores, hin);
            o.key("weights", hin);
            o.matrix(head.weights, hin);
            o.key("output", hin);
            o.matrix(head.output, hin);
            o.text += "\n" + lin + "  }";
        }
        o.text += "\n" + lin + "]";
        o.key("output", lin);
        o.matrix(layer.output, lin);
        o.text += "\n" + in + "  }";
    }
    o.text += "\n" + in + "]";
    o.key("logits", in);
    o.matrix(f.logits, in);
    o.key("predictions", in);
    o.names(m.outputs, f.predictions);
    o.text += "\n    }";
}
} // namespace

long long sequenceReportNumbers(const SequenceDocument &d)
{
    const SequenceModel &m = d.model;
    long long perToken = m.dModel + static_cast<long long>(m.outputs.size()); // input, logits
    long long perTokenSquared = 0;
    for (const SequenceLayerWeights &layer : m.weights.layers) {
        perToken += m.dModel;
        for (const SequenceHeadWeights &head : layer.heads) {
            perToken += 2 * head.wq.rows() + 2 * head.wv.rows(); // q, k, v, output
            perTokenSquared += 2;                                // scores, weights
        }
    }
    long long total = 0;
    for (const SequenceExample &e : d.examples) {
        const auto n = static_cast<long long>(e.tokens.size());
        total += n * perToken + n * n * perTokenSquared;
    }
    return total;
}

Result<std::string> writeSequenceReport(const SequenceDocument &d, const TrainingRun *training)
{
    if (const long long numbers = sequenceReportNumbers(d); numbers > kMaxSequenceReportNumbers)
        return Error{ErrorCode::OutOfRange, "examples", kMaxSequenceReportNumbers, numbers,
                     "report-numbers"};
    const SequenceModel &m = d.model;
    ReportOut body;
    SequenceEvaluation evaluation;
    for (std::size_t i = 0; i < d.examples.size(); ++i) {
        const SequenceExample &example = d.examples[i];
        auto forward = SequenceForward::run(m, example.tokens);
        if (!forward)
            return forward.error();
        evaluation.add(*forward, example.targets);
        body.text += i ? ",\n" : "\n";
        writeExample(body, m, *forward);
    }

    ReportOut o;
    const std::string in = "  ";
    o.text = "{\n";
    o.key("format", in, true);
    o.text += "\"attention-canvas-sequence-report\"";
    o.key("version", in);
    o.text += '1';
    o.key("normaliser", in);
    o.text += std::string("\"") + normaliserId(m.normaliser) + "\"";
    if (m.sigmoidBias) {
        o.key("sigmoid_bias", in);
        o.number(*m.sigmoidBias);
    }
    o.key("loss", in);
    o.optional(evaluation.loss());
    o.key("accuracy", in);
    o.optional(evaluation.accuracy());
    if (!d.heldOut.empty()) {
        // The held-out examples are scored, not printed: they show whether what was learned
        // carries over to examples the training never saw.
        auto heldOut = SequenceEvaluation::evaluate(m, d.heldOut);
        if (!heldOut)
            return heldOut.error();
        o.key("held_out_loss", in);
        o.optional(heldOut->loss());
        o.key("held_out_accuracy", in);
        o.optional(heldOut->accuracy());
    }
    o.key("examples", in);
    o.text.reserve(o.text.size() + body.text.size() + 8);
    o.text += '[';
    o.text += body.text;
    o.text += d.examples.empty() ? "]" : "\n  ]";
    if (training) {
        // writeJson() indents from column 0; the member sits one level in.
        const std::string member = writeJson(training->toJson(m));
        o.key("training", in);
        for (std::size_t i = 0; i + 1 < member.size(); ++i) {
            o.text += member[i];
            if (member[i] == '\n')
                o.text += in;
        }
    }
    o.text += "\n}\n";
    return std::move(o.text);
}

} // namespace attn
