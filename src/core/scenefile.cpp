#include "scenefile.h"

#include "json.h"
#include "jsonfields.h"

#include <algorithm>
#include <cmath>
#include <concepts>
#include <initializer_list>
#include <optional>

namespace attn {

namespace {

// The rules below are written once and used both by the loader (right after it has read each
// field) and by validateScene(); the field readers they share with the other files are in
// jsonfields.h.
using namespace jsonfields;

// --- Rules on the scene itself ----------------------------------------------------------------

Check checkFinite(const Vector &v, std::string_view path)
{
    for (Eigen::Index i = 0; i < v.size(); ++i)
        if (!std::isfinite(v(i)))
            return makeError(ErrorCode::NonFinite, at(path, i));
    return {};
}

Check checkSize(const Vector &v, std::string_view path, Eigen::Index size)
{
    if (v.size() != size)
        return makeError(ErrorCode::DimensionMismatch, std::string(path), size, v.size());
    return checkFinite(v, path);
}

Check checkMethod(Method method)
{
    const int id = static_cast<int>(method);
    if (id < 0 || id >= kMethodCount)
        return makeError(ErrorCode::UnknownMethod, "method", -1, -1, std::to_string(id));
    return {};
}

Check checkScaleDim(const std::optional<double> &d)
{
    if (d && (!(*d > 0) || !std::isfinite(*d)))
        return makeError(ErrorCode::BadScaleDim, "scale_dim");
    return {};
}

Check checkQuery(const Vector &q)
{
    return checkSize(q, "query", 2);
}

Check checkKeys(const Matrix &keys)
{
    if (keys.rows() == 0)
        return makeError(ErrorCode::NoKeys, "keys");
    if (keys.rows() > Scene::kMaxKeys)
        return makeError(ErrorCode::TooManyKeys, "keys", Scene::kMaxKeys, keys.rows());
    return checkShape(keys, "keys", keys.rows(), 2);
}

Check checkValues(const Matrix &values, Eigen::Index keyCount)
{
    if (values.rows() != keyCount)
        return makeError(ErrorCode::CountMismatch, "values", keyCount, values.rows());
    return checkShape(values, "values", keyCount, 2);
}

Check checkMask(const Mask &mask, Eigen::Index keyCount)
{
    if (mask.empty())
        return {};
    if (static_cast<Eigen::Index>(mask.size()) != keyCount)
        return makeError(ErrorCode::CountMismatch, "mask", keyCount,
                         static_cast<long long>(mask.size()));
    if (std::all_of(mask.begin(), mask.end(), [](bool masked) { return masked; }))
        return makeError(ErrorCode::AllMasked, "mask");
    return {};
}

Check checkGeneral(const Matrix &w)
{
    return checkShape(w, "general.w", 2, 2);
}

Check checkAdditive(const AdditiveParams &p)
{
    const Eigen::Index h = p.wq.rows();
    if (h < 1)
        return makeError(ErrorCode::BadArgument, "additive.wq", 1, h, "hidden-size");
    if (h > kMaxAdditiveHidden)
        return makeError(ErrorCode::BadArgument, "additive.wq", kMaxAdditiveHidden, h,
                         "hidden-size");
    if (auto e = checkShape(p.wq, "additive.wq", h, 2))
        return e;
    if (auto e = checkShape(p.wk, "additive.wk", h, 2))
        return e;
    if (auto e = checkSize(p.b, "additive.b", h))
        return e;
    return checkSize(p.v, "additive.v", h);
}

// A projection's output dimension (its row count) must be 1 or 2: the canvas is 2-D.
Check checkProjection(const Matrix &m, std::string_view path, Eigen::Index rows)
{
    if (rows < 1 || rows > 2)
        return makeError(ErrorCode::DimensionMismatch, std::string(path), rows < 1 ? 1 : 2, rows);
    return checkShape(m, path, rows, 2);
}

Check checkMultiHead(const MultiHeadParams &p)
{
    const auto h = static_cast<long long>(p.heads.size());
    if (h == 0)
        return makeError(ErrorCode::NoHeads, "multihead.heads");
    if (h > kMaxHeads)
        return makeError(ErrorCode::BadArgument, "multihead.heads", kMaxHeads, h, "head-count");
    const Eigen::Index dv = p.heads.front().wv.rows();
    for (long long i = 0; i < h; ++i) {
        const Head &head = p.heads[std::size_t(i)];
        const std::string path = at("multihead.heads", i);
        if (auto e = checkProjection(head.wq, path + ".wq", head.wq.rows()))
            return e;
        if (auto e = checkProjection(head.wk, path + ".wk", head.wq.rows()))
            return e;
        if (auto e = checkProjection(head.wv, path + ".wv", head.wv.rows()))
            return e;
        // W_O takes the heads' outputs side by side, which needs one d_v for all of them.
        if (head.wv.rows() != dv)
            return makeError(ErrorCode::HeadsDoNotFit, path + ".wv", dv, head.wv.rows());
    }
    return checkShape(p.wo, "multihead.wo", 2, h * dv);
}

// --- Reading JSON into the scene ------------------------------------------------------------

Check readVector(const JsonValue &v, std::string_view path, Vector &out)
{
    if (auto e = expectArray(v, path))
        return e;
    const auto &items = v.asArray();
    out.resize(static_cast<Eigen::Index>(items.size()));
    for (std::size_t i = 0; i < items.size(); ++i)
        if (auto e = expectNumber(items[i], at(path, i), out(Eigen::Index(i))))
            return e;
    return {};
}

Check readMask(const JsonValue &v, Mask &out)
{
    if (auto e = expectArray(v, "mask"))
        return e;
    const auto &items = v.asArray();
    out.clear();
    for (std::size_t i = 0; i < items.size(); ++i) {
        if (!items[i].isBool())
            return makeError(ErrorCode::WrongType, at("mask", i), -1, -1, "boolean");
        out.push_back(items[i].asBool());
    }
    return {};
}

Check readMethod(const JsonValue &root, Method &out)
{
    const JsonValue *method = nullptr;
    if (auto e = require(root, "", "method", method))
        return e;
    if (!method->isString())
        return makeError(ErrorCode::WrongType, "method", -1, -1, "string");
    const std::string &name = method->asString();
    // methodFromId() reads a C string, which would stop at an escaped \u0000.
    if (name.find('\0') != std::string::npos || !methodFromId(name.c_str(), out))
        return makeError(ErrorCode::UnknownMethod, "method", -1, -1, name);
    return {};
}

Check readGeneral(const JsonValue &block, Matrix &out)
{
    if (auto e = expectObject(block, "general"))
        return e;
    if (auto e = rejectUnknownFields(block, "general", {"w"}))
        return e;
    const JsonValue *w = nullptr;
    if (auto e = require(block, "general", "w", w))
        return e;
    if (auto e = readMatrix(*w, "general.w", 2, out))
        return e;
    return checkGeneral(out);
}

Check readAdditive(const JsonValue &block, AdditiveParams &out)
{
    if (auto e = expectObject(block, "additive"))
        return e;
    if (auto e = rejectUnknownFields(block, "additive", {"wq", "wk", "b", "v"}))
        return e;
    const JsonValue *wq = nullptr, *wk = nullptr, *b = nullptr, *v = nullptr;
    if (auto e = require(block, "additive", "wq", wq))
        return e;
    if (auto e = require(block, "additive", "wk", wk))
        return e;
    if (auto e = require(block, "additive", "b", b))
        return e;
    if (auto e = require(block, "additive", "v", v))
        return e;
    if (auto e = readMatrix(*wq, "additive.wq", 2, out.wq))
        return e;
    if (auto e = readMatrix(*wk, "additive.wk", 2, out.wk))
        return e;
    if (auto e = readVector(*b, "additive.b", out.b))
        return e;
    if (auto e = readVector(*v, "additive.v", out.v))
        return e;
    return checkAdditive(out);
}

Check readHead(const JsonValue &value, const std::string &path, Head &out)
{
    if (auto e = expectObject(value, path))
        return e;
    if (auto e = rejectUnknownFields(value, path, {"wq", "wk", "wv"}))
        return e;
    const JsonValue *wq = nullptr, *wk = nullptr, *wv = nullptr;
    if (auto e = require(value, path, "wq", wq))
        return e;
    if (auto e = require(value, path, "wk", wk))
        return e;
    if (auto e = require(value, path, "wv", wv))
        return e;
    if (auto e = readMatrix(*wq, path + ".wq", 2, out.wq))
        return e;
    if (auto e = readMatrix(*wk, path + ".wk", 2, out.wk))
        return e;
    return readMatrix(*wv, path + ".wv", 2, out.wv);
}

Check readMultiHead(const JsonValue &block, MultiHeadParams &out)
{
    if (auto e = expectObject(block, "multihead"))
        return e;
    if (auto e = rejectUnknownFields(block, "multihead", {"heads", "wo"}))
        return e;
    const JsonValue *heads = nullptr, *wo = nullptr;
    if (auto e = require(block, "multihead", "heads", heads))
        return e;
    if (auto e = expectArray(*heads, "multihead.heads"))
        return e;
    out.heads.clear();
    for (std::size_t i = 0; i < heads->asArray().size(); ++i) {
        Head head;
        if (auto e = readHead(heads->asArray()[i], at("multihead.heads", i), head))
            return e;
        out.heads.push_back(std::move(head));
    }
    if (auto e = require(block, "multihead", "wo", wo))
        return e;
    if (auto e = readMatrix(*wo, "multihead.wo", -1, out.wo))
        return e;
    return checkMultiHead(out);
}

// The first of `checks` that found a broken rule, or nothing.
Check firstBroken(std::initializer_list<Check> checks)
{
    for (const Check &check : checks)
        if (check)
            return check;
    return {};
}

// A field the scene must have: present, read by `read` (given the field's path), then held to
// `rule`; the first of the three that fails names the error.
template <typename T, typename Read, typename Rule>
Check readRequired(const JsonValue &root, const char *name, T &out, Read read, Rule rule)
{
    const JsonValue *value = nullptr;
    if (auto e = require(root, "", name, value))
        return e;
    if (auto e = read(*value, name, out))
        return e;
    return rule(out);
}

// A block the scene may leave out: read by `read` when present, `fallback()` when not.
template <typename T, typename Read, typename Fallback>
Check readOptional(const JsonValue &root, const char *name, T &out, Read read, Fallback fallback)
{
    if (const JsonValue *block = root.find(name))
        return read(*block, out);
    out = fallback();
    return {};
}

Check readScene(const JsonValue &root, Scene &s)
{
    if (auto e = readDocumentRoot(root, kSceneFormat, kSceneVersion,
                                  {"format", "version", "method", "temperature", "scale_dim",
                                   "normaliser", "sigmoid_bias", "query", "keys", "values", "mask",
                                   "general", "additive", "multihead"}))
        return e;

    if (auto e = readMethod(root, s.method))
        return e;

    if (auto e = readTemperature(root, s.temperature))
        return e;

    if (const JsonValue *d = root.find("scale_dim")) {
        double value = 0;
        if (auto e = expectNumber(*d, "scale_dim", value))
            return e;
        s.scaleDim = value;
        if (auto e = checkScaleDim(s.scaleDim))
            return e;
    }

    if (auto e = readNormaliser(root, s.normaliser, s.sigmoidBias))
        return e;

    auto vector = [](const JsonValue &v, const char *path, Vector &out) {
        return readVector(v, path, out);
    };
    auto twoColumns = [](const JsonValue &v, const char *path, Matrix &out) {
        return readMatrix(v, path, 2, out);
    };
    if (auto e = readRequired(root, "query", s.query, vector, checkQuery))
        return e;
    if (auto e = readRequired(root, "keys", s.keys, twoColumns, checkKeys))
        return e;
    if (auto e = readRequired(root, "values", s.values, twoColumns, [&](const Matrix &values) {
            return checkValues(values, s.keys.rows());
        }))
        return e;

    if (const JsonValue *mask = root.find("mask")) {
        if (auto e = readMask(*mask, s.mask))
            return e;
        // In memory an empty mask means "no mask"; a file that writes one must give every key.
        if (s.mask.empty())
            return makeError(ErrorCode::CountMismatch, "mask", s.keys.rows(), 0);
        if (auto e = checkMask(s.mask, s.keys.rows()))
            return e;
        // No key masked means no mask: the writer leaves such a mask out, so keeping it here
        // would make the same scene compare unequal after a save and a load.
        if (std::none_of(s.mask.begin(), s.mask.end(), [](bool masked) { return masked; }))
            s.mask.clear();
    }

    if (auto e = readOptional(root, "general", s.general, readGeneral, defaults::generalW))
        return e;
    if (auto e = readOptional(root, "additive", s.additive, readAdditive,
                              [] { return defaults::additive(); }))
        return e;
    return readOptional(root, "multihead", s.multiHead, readMultiHead, defaults::multiHead);
}

} // namespace

Result<Scene> parseScene(std::string_view text)
{
    auto json = parseWithin(text, kMaxSceneBytes);
    if (!json)
        return json.error();
    return readScene(*json);
}

Result<Scene> readScene(const JsonValue &root)
{
    Scene scene;
    if (auto e = readScene(root, scene))
        return std::move(*e);
    return scene;
}

Result<bool> validateScene(const Scene &s)
{
    // The same order as the loader, so that a scene breaking two rules reports the same one
    // whether it comes from a file or from memory.
    // Every rule is cheap and reads only the scene, so all are evaluated and the first broken one
    // is reported.
    if (Check check = firstBroken({checkMethod(s.method), checkTemperature(s.temperature),
                                   checkScaleDim(s.scaleDim), checkNormaliser(s.normaliser),
                                   checkSigmoidBias(s.sigmoidBias), checkQuery(s.query),
                                   checkKeys(s.keys), checkValues(s.values, s.keys.rows()),
                                   checkMask(s.mask, s.keys.rows()), checkGeneral(s.general),
                                   checkAdditive(s.additive), checkMultiHead(s.multiHead)}))
        return std::move(*check);
    return true;
}

std::string writeScene(const Scene &s)
{
    const int methodIndex = static_cast<int>(s.method);
    JsonValue root = JsonValue::object();
    root.set("format", kSceneFormat);
    root.set("version", kSceneVersion);
    // An out-of-range method (memory never validated) is written so that loading it fails.
    root.set("method", methodIndex >= 0 && methodIndex < kMethodCount ? methodId(s.method) : "");
    root.set("temperature", s.temperature);
    if (s.scaleDim)
        root.set("scale_dim", *s.scaleDim);
    writeNormaliser(root, s.normaliser, s.sigmoidBias);
    root.set("query", toJson(s.query));
    root.set("keys", toJson(s.keys));
    root.set("values", toJson(s.values));
    if (std::any_of(s.mask.begin(), s.mask.end(), [](bool masked) { return masked; })) {
        JsonValue::Array mask(s.mask.begin(), s.mask.end());
        root.set("mask", JsonValue(std::move(mask)));
    }

    JsonValue general = JsonValue::object();
    general.set("w", toJson(s.general));
    root.set("general", std::move(general));

    JsonValue additive = JsonValue::object();
    additive.set("wq", toJson(s.additive.wq));
    additive.set("wk", toJson(s.additive.wk));
    additive.set("b", toJson(s.additive.b));
    additive.set("v", toJson(s.additive.v));
    root.set("additive", std::move(additive));

    root.set("multihead", headsJson(s.multiHead.heads, s.multiHead.wo));

    return writeJson(root);
}

} // namespace attn
