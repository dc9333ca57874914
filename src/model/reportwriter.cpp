#include "reportwriter.h"

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
    void key(const char *name, const std::string &indent, bool first = false)
    {
        text += first ? "" : ",\n";
        text += indent;
        text += '"';
        text += name;
        text += "\": ";
    }
};
} // namespace

QByteArray ReportWriter::write(const SceneModel &model)
{
    const attn::AttentionResult &r = model.result();
    const attn::Scene &scene = model.scene();
    JsonOut o;
    const std::string in = "  ";
    o.text = "{\n";
    o.key("format", in, true);
    o.text += "\"attention-canvas-report\"";
    o.key("version", in);
    o.text += '1';
    o.key("method", in);
    o.text += std::string("\"") + attn::methodId(r.method) + "\"";
    o.key("temperature", in);
    o.number(r.temperature);
    o.key("scale_dim", in);
    if (r.method == attn::Method::Scaled)
        o.number(r.scaleDim);
    else
        o.text += "null";
    o.key("normalised", in);
    o.text += model.normalised() ? "true" : "false";
    o.key("query", in);
    o.vector(model.query());
    o.key("keys", in);
    o.matrix(model.keys(), in);
    o.key("values", in);
    o.matrix(model.values(), in);
    o.key("mask", in);
    o.text += '[';
    for (int i = 0; i < scene.keyCount(); ++i) {
        o.text += i ? ", " : "";
        o.text += (!scene.mask.empty() && scene.mask[i]) ? "true" : "false";
    }
    o.text += ']';
    o.key("scores", in);
    o.vector(r.scores);
    if (r.method != attn::Method::MultiHead) {
        o.key("logits", in);
        o.vector(r.trace.logits);
        o.key("max_logit", in);
        o.number(r.trace.maxLogit);
        o.key("shifted", in);
        o.vector(r.trace.shifted);
        o.key("exps", in);
        o.vector(r.trace.exps);
        o.key("exp_sum", in);
        o.number(r.trace.sum);
    }
    o.key("weights", in);
    o.vector(r.weights);
    if (r.method == attn::Method::MultiHead) {
        o.key("heads", in);
        o.text += "[";
        const std::string hin = in + "    ";
        for (std::size_t j = 0; j < r.heads.size(); ++j) {
            const attn::HeadResult &h = r.heads[j];
            o.text += j ? ",\n" + in + "  {\n" : "\n" + in + "  {\n";
            o.key("d_k", hin, true);
            o.number(double(h.query.size()));
            o.key("query", hin);
            o.vector(h.query);
            o.key("keys", hin);
            o.matrix(h.keys, hin);
            o.key("values", hin);
            o.matrix(h.values, hin);
            o.key("scores", hin);
            o.vector(h.scores);
            o.key("exps", hin);
            o.vector(h.softmax.exps);
            o.key("exp_sum", hin);
            o.number(h.softmax.sum);
            o.key("weights", hin);
            o.vector(h.softmax.weights);
            o.key("output", hin);
            o.vector(h.output);
            o.text += "\n" + in + "  }";
        }
        o.text += "\n" + in + "]";
        o.key("concat", in);
        o.vector(r.concat);
    }
    o.key("output", in);
    o.vector(r.output);
    o.text += "\n}\n";
    return QByteArray::fromStdString(o.text);
}
