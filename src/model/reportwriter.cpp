#include "reportwriter.h"

#include "core/methods.h"
#include "core/normaliser.h"
#include "core/types.h"
#include "scenemodel.h"

#include <charconv>
#include <string>

namespace {
// A tiny streaming writer: the report's shape is fixed, so no DOM is needed.
class JsonOut
{
public:
    std::string text;

    void number(double x)
    {
        char buf[32];
        auto r = std::to_chars(buf, buf + sizeof buf, x, std::chars_format::general, 17);
        text.append(buf, r.ptr);
    }
    void vector(const attn::Vector &v)
    {
        text += '[';
        for (Eigen::Index i = 0; i < v.size(); ++i) {
            if (i)
                text += ", ";
            number(v[i]);
        }
        text += ']';
    }
    void matrix(const attn::Matrix &m, const std::string &indent)
    {
        text += '[';
        for (Eigen::Index r = 0; r < m.rows(); ++r) {
            text += r ? ",\n" + indent + "  " : "\n" + indent + "  ";
            vector(m.row(r).transpose());
        }
        text += m.rows() ? "\n" + indent + "]" : "]";
    }
    void string(const char *name, const std::string &indent, const char *value)
    {
        key(name, indent);
        text += std::string("\"") + value + "\"";
    }
    void key(const char *name, const std::string &indent, bool first = false)
    {
        text += first ? "" : ",\n";
        text += indent;
        text += '"';
        text += name;
        text += "\": ";
    }
    // A field per line: the key and its value.
    void number(const char *name, const std::string &indent, double x)
    {
        key(name, indent);
        number(x);
    }
    void vector(const char *name, const std::string &indent, const attn::Vector &v)
    {
        key(name, indent);
        vector(v);
    }
    void matrix(const char *name, const std::string &indent, const attn::Matrix &m)
    {
        key(name, indent);
        matrix(m, indent);
    }
    /// What the normaliser adds after the weights: their sum, sparsemax's threshold and support
    /// (the keys with weight > 0), sigmoid's bias.
    void normaliserFacts(const attn::SoftmaxTrace &t, const std::string &indent)
    {
        number("weight_sum", indent, t.weights.sum());
        if (t.normaliser == attn::Normaliser::Sparsemax) {
            number("threshold", indent, t.threshold);
            key("support", indent);
            text += '[';
            bool first = true;
            for (Eigen::Index i = 0; i < t.weights.size(); ++i) {
                if (t.weights[i] > 0) {
                    text += first ? "" : ", ";
                    text += std::to_string(i);
                    first = false;
                }
            }
            text += ']';
        }
        if (t.normaliser == attn::Normaliser::Sigmoid)
            number("sigmoid_bias", indent, t.bias);
    }
    /// Opens the report: its format name and version 1.
    void begin(const char *format, const std::string &indent)
    {
        text = "{\n";
        key("format", indent, true);
        text += std::string("\"") + format + "\"";
        key("version", indent);
        text += '1';
    }
};
} // namespace

QByteArray ReportWriter::write(const SceneModel &model)
{
    const attn::AttentionResult &r = model.result();
    const attn::Scene &scene = model.scene();
    const attn::MethodInfo &info = attn::methodInfo(r.method);
    JsonOut o;
    const std::string in = "  ";
    o.begin("attention-canvas-report", in);
    o.key("method", in);
    o.text += std::string("\"") + attn::methodId(r.method) + "\"";
    o.number("temperature", in, r.temperature);
    o.string("normaliser", in, attn::normaliserId(scene.normaliser));
    o.key("scale_dim", in);
    if (info.dividesByRootD)
        o.number(r.scaleDim);
    else
        o.text += "null";
    o.key("normalised", in);
    o.text += model.normalised() ? "true" : "false";
    o.vector("query", in, model.query());
    o.matrix("keys", in, model.keys());
    o.matrix("values", in, model.values());
    o.key("mask", in);
    o.text += '[';
    for (int i = 0; i < scene.keyCount(); ++i) {
        o.text += i ? ", " : "";
        o.text += (!scene.mask.empty() && scene.mask[i]) ? "true" : "false";
    }
    o.text += ']';
    o.vector("scores", in, r.scores);
    // The exponentials are softmax's and softmax₁'s only; sparsemax and sigmoid have none.
    const bool exponential = scene.normaliser == attn::Normaliser::Softmax ||
                             scene.normaliser == attn::Normaliser::Softmax1;
    if (!info.perHeadSoftmax) {
        o.vector("logits", in, r.trace.logits);
        if (exponential) {
            o.number("max_logit", in, r.trace.maxLogit);
            o.vector("shifted", in, r.trace.shifted);
            o.vector("exps", in, r.trace.exps);
            o.number("exp_sum", in, r.trace.sum);
        }
    }
    o.vector("weights", in, r.weights);
    if (!info.perHeadSoftmax)
        o.normaliserFacts(r.trace, in);
    else
        o.number("weight_sum", in, r.weights.sum());
    if (info.perHeadSoftmax) {
        o.key("heads", in);
        o.text += "[";
        const std::string hin = in + "    ";
        for (std::size_t j = 0; j < r.heads.size(); ++j) {
            const attn::HeadResult &h = r.heads[j];
            o.text += j ? ",\n" + in + "  {\n" : "\n" + in + "  {\n";
            o.key("d_k", hin, true);
            o.number(double(h.query.size()));
            o.vector("query", hin, h.query);
            o.matrix("keys", hin, h.keys);
            o.matrix("values", hin, h.values);
            o.vector("scores", hin, h.scores);
            if (exponential) {
                o.vector("exps", hin, h.softmax.exps);
                o.number("exp_sum", hin, h.softmax.sum);
            }
            o.vector("weights", hin, h.softmax.weights);
            o.normaliserFacts(h.softmax, hin);
            o.vector("output", hin, h.output);
            o.text += "\n" + in + "  }";
        }
        o.text += "\n" + in + "]";
        o.vector("concat", in, r.concat);
    }
    o.vector("output", in, r.output);
    o.text += "\n}\n";
    return QByteArray::fromStdString(o.text);
}
