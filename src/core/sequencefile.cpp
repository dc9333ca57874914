#include "sequencefile.h"

#include "cancellableread.h"
#include "jsonfields.h"
#include "random.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <concepts>
#include <initializer_list>
#include <limits>
#include <optional>
#include <unordered_map>

namespace attn {

namespace {

// As in scenefile.cpp, each rule is written once and used both by the loader (right after it has
// read the field) and by validateSequence(); the field readers are shared (jsonfields.h).
using namespace jsonfields;

std::string layerPath(std::size_t l)
{
    return at("layers", l);
}

std::string headPath(std::size_t l, std::size_t h)
{
    return at(layerPath(l) + ".heads", h);
}

Check checkCount(long long count, std::string_view path, long long limit, const char *what)
{
    if (count < 1 || count > limit)
        return makeError(ErrorCode::OutOfRange, std::string(path), limit, count, what);
    return {};
}

// --- Rules on the document itself -------------------------------------------------------------

Check checkName(const std::string &name, const std::string &path)
{
    if (name.empty())
        return makeError(ErrorCode::BadName, path, kMaxTokenNameBytes, 0, "empty");
    if (name.size() > std::size_t(kMaxTokenNameBytes))
        return makeError(ErrorCode::BadName, path, kMaxTokenNameBytes,
                         static_cast<long long>(name.size()), "too-long");
    // A name is drawn on screen and written back unescaped: no control characters.
    for (unsigned char c : name)
        if (c < 0x20 || c == 0x7f)
            return makeError(ErrorCode::BadName, path, kMaxTokenNameBytes, -1, "control");
    return {};
}

Check checkNames(const std::vector<std::string> &names, std::string_view path)
{
    if (auto e = checkCount(static_cast<long long>(names.size()), path, kMaxVocabulary, "names"))
        return e;
    std::unordered_map<std::string_view, std::size_t> seen;
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (auto e = checkName(names[i], at(path, i)))
            return e;
        if (!seen.emplace(names[i], i).second)
            return makeError(ErrorCode::DuplicateName, at(path, i), -1, -1, names[i]);
    }
    return {};
}

Check checkDModel(int d)
{
    return checkCount(d, "d_model", kMaxSequenceDim, "size");
}

Check checkPositionOptions(const SequenceModel &m)
{
    const int kind = static_cast<int>(m.positions);
    if (kind < 0 || kind > 3)
        return makeError(ErrorCode::UnknownKind, "positions.kind", -1, -1, std::to_string(kind));
    if (m.positions == PositionKind::Sinusoidal || m.positions == PositionKind::Rotary)
        if (!(m.base > 0) || !std::isfinite(m.base))
            return makeError(ErrorCode::BadArgument, "positions.base", -1, -1, "base");
    if (m.positions == PositionKind::Sinusoidal && m.dModel % 2 != 0)
        return makeError(ErrorCode::OddDimension, "d_model", -1, m.dModel);
    return {};
}

// The table's own shape; whether it reaches the longest example is checked after the examples.
Check checkTableShape(const SequenceModel &m)
{
    if (m.positions != PositionKind::Learned)
        return {};
    const Matrix &t = m.weights.positionTable;
    if (auto e = checkCount(t.rows(), "positions.table", kMaxExampleTokens, "positions"))
        return e;
    return checkShape(t, "positions.table", t.rows(), m.dModel);
}

Check checkTableCoverage(const SequenceModel &m, int longest)
{
    if (m.positions == PositionKind::Learned && m.weights.positionTable.rows() < longest)
        return makeError(ErrorCode::DimensionMismatch, "positions.table", longest,
                         m.weights.positionTable.rows(), "too-short");
    return {};
}

// One layer's head dimensions, which the first head fixes for all of them.
Check checkLayerDims(const SequenceModel &m, std::size_t l, const std::string &dkPath,
                     const std::string &dvPath)
{
    const SequenceLayerWeights &layer = m.weights.layers[l];
    const Eigen::Index dk = layer.heads.front().wq.rows();
    const Eigen::Index dv = layer.heads.front().wv.rows();
    if (auto e = checkCount(dk, dkPath, kMaxSequenceDim, "size"))
        return e;
    if (m.positions == PositionKind::Rotary && dk % 2 != 0)
        return makeError(ErrorCode::OddDimension, dkPath, -1, dk);
    return checkCount(dv, dvPath, kMaxSequenceDim, "size");
}

// Every head of a layer held to the dimensions of its first head.
Check checkHeadShapes(const SequenceModel &m, std::size_t l)
{
    const SequenceLayerWeights &layer = m.weights.layers[l];
    const Eigen::Index dk = layer.heads.front().wq.rows();
    const Eigen::Index dv = layer.heads.front().wv.rows();
    for (std::size_t h = 0; h < layer.heads.size(); ++h) {
        const std::string path = headPath(l, h);
        const SequenceHeadWeights &head = layer.heads[h];
        if (auto e = checkShape(head.wq, path + ".wq", dk, m.dModel))
            return e;
        if (auto e = checkShape(head.wk, path + ".wk", dk, m.dModel))
            return e;
        if (auto e = checkShape(head.wv, path + ".wv", dv, m.dModel))
            return e;
    }
    return {};
}

Check checkLayerShapes(const SequenceModel &m, std::size_t l)
{
    if (auto e = checkHeadShapes(m, l))
        return e;
    const SequenceLayerWeights &layer = m.weights.layers[l];
    return checkShape(layer.wo, layerPath(l) + ".wo", m.dModel,
                      Eigen::Index(layer.heads.size()) * layer.heads.front().wv.rows());
}

Check checkLayers(const SequenceModel &m)
{
    const auto &layers = m.weights.layers;
    if (auto e = checkCount(static_cast<long long>(layers.size()), "layers", kMaxSequenceLayers,
                            "layers"))
        return e;
    for (std::size_t l = 0; l < layers.size(); ++l) {
        if (auto e = checkCount(static_cast<long long>(layers[l].heads.size()),
                                layerPath(l) + ".heads", kMaxSequenceHeads, "heads"))
            return e;
        if (auto e = checkLayerDims(m, l, headPath(l, 0) + ".wq", headPath(l, 0) + ".wv"))
            return e;
        if (auto e = checkLayerShapes(m, l))
            return e;
    }
    return {};
}

// `list` is "examples" or "held_out".
Check checkExample(const SequenceModel &m, const SequenceExample &ex, const char *list,
                   std::size_t i)
{
    const std::string path = at(list, i);
    const auto n = static_cast<long long>(ex.tokens.size());
    if (auto e = checkCount(n, path + ".tokens", kMaxExampleTokens, "tokens"))
        return e;
    for (std::size_t t = 0; t < ex.tokens.size(); ++t)
        if (ex.tokens[t] < 0 || ex.tokens[t] >= int(m.vocabulary.size()))
            return makeError(ErrorCode::UnknownName, at(path + ".tokens", t), -1, -1,
                             std::to_string(ex.tokens[t]));
    if (ex.targets.empty())
        return {};
    if (static_cast<long long>(ex.targets.size()) != n)
        return makeError(ErrorCode::DimensionMismatch, path + ".targets", n,
                         static_cast<long long>(ex.targets.size()));
    for (std::size_t t = 0; t < ex.targets.size(); ++t)
        if (ex.targets[t] < -1 || ex.targets[t] >= int(m.outputs.size()))
            return makeError(ErrorCode::UnknownName, at(path + ".targets", t), -1, -1,
                             std::to_string(ex.targets[t]));
    return {};
}

// --- Reading JSON -----------------------------------------------------------------------------

Check readInteger(const JsonValue &v, std::string_view path, int &out)
{
    const double x = v.asNumber();
    if (!v.isNumber() || x != std::floor(x))
        return makeError(ErrorCode::WrongType, std::string(path), -1, -1, "integer");
    // Clamped so that 1e300 converts without undefined behaviour; the range check refuses it.
    out = static_cast<int>(std::clamp(x, -1e9, 1e9));
    return {};
}

// A given matrix of `rows` × `cols`, or the seeded default when the field is absent.
Check readParameter(const JsonValue &object, std::string_view name, const std::string &path,
                    Eigen::Index rows, Eigen::Index cols, Matrix &out)
{
    if (const JsonValue *v = object.find(name)) {
        if (auto e = readMatrix(*v, path, cols, out))
            return e;
        return checkShape(out, path, rows, cols);
    }
    out = sequenceDefaultMatrix(path, int(rows), int(cols));
    return {};
}

Check readNames(const JsonValue &v, std::string_view path, std::vector<std::string> &out)
{
    if (auto e = expectArray(v, path))
        return e;
    const auto &items = v.asArray();
    // The count first, so that a list of a million names is refused before it is copied.
    if (auto e = checkCount(static_cast<long long>(items.size()), path, kMaxVocabulary, "names"))
        return e;
    out.clear();
    for (std::size_t i = 0; i < items.size(); ++i) {
        if (!items[i].isString())
            return makeError(ErrorCode::WrongType, at(path, i), -1, -1, "string");
        out.push_back(items[i].asString());
    }
    return checkNames(out, path);
}

Check readPositions(const JsonValue *block, SequenceModel &m)
{
    m.positions = PositionKind::None;
    m.base = 10000;
    m.weights.positionTable.resize(0, m.dModel);
    if (!block)
        return {};
    if (auto e = expectObject(*block, "positions"))
        return e;
    const JsonValue *kind = nullptr;
    if (auto e = require(*block, "positions", "kind", kind))
        return e;
    if (!kind->isString())
        return makeError(ErrorCode::WrongType, "positions.kind", -1, -1, "string");
    if (!positionKindFromId(kind->asString(), m.positions))
        return makeError(ErrorCode::UnknownKind, "positions.kind", -1, -1, kind->asString());
    // Only the fields the kind uses: a base under learned positions would be silently ignored.
    switch (m.positions) {
    case PositionKind::None:
        if (auto e = rejectUnknownFields(*block, "positions", {"kind"}))
            return e;
        break;
    case PositionKind::Sinusoidal:
    case PositionKind::Rotary:
        if (auto e = rejectUnknownFields(*block, "positions", {"kind", "base"}))
            return e;
        break;
    case PositionKind::Learned:
        if (auto e = rejectUnknownFields(*block, "positions", {"kind", "table"}))
            return e;
        break;
    }
    if (const JsonValue *base = block->find("base")) {
        if (!base->isNumber())
            return makeError(ErrorCode::WrongType, "positions.base", -1, -1, "number");
        m.base = base->asNumber();
    }
    if (m.positions == PositionKind::Learned) {
        if (const JsonValue *table = block->find("table")) {
            if (auto e = readMatrix(*table, "positions.table", m.dModel, m.weights.positionTable))
                return e;
        } else {
            m.weights.positionTable =
                sequenceDefaultMatrix("positions.table", kMaxExampleTokens, m.dModel);
        }
    }
    if (auto e = checkPositionOptions(m))
        return e;
    return checkTableShape(m);
}

// The head dimensions of a layer: from the first head that gives the matrix, else D/h (at least
// 1, and even under rotary positions).
Check readLayer(const JsonValue &value, std::size_t l, SequenceModel &m)
{
    const std::string path = layerPath(l);
    if (auto e = expectObject(value, path))
        return e;
    if (auto e = rejectUnknownFields(value, path, {"heads", "wo"}))
        return e;
    const JsonValue *heads = nullptr;
    if (auto e = require(value, path, "heads", heads))
        return e;
    if (auto e = expectArray(*heads, path + ".heads"))
        return e;
    const auto &items = heads->asArray();
    if (auto e = checkCount(static_cast<long long>(items.size()), path + ".heads",
                            kMaxSequenceHeads, "heads"))
        return e;
    SequenceLayerWeights &layer = m.weights.layers[l];
    layer.heads.assign(items.size(), {});

    // Every given matrix first, at whatever height it has; then the layer's d_k and d_v.
    std::vector<std::array<bool, 3>> given(items.size(), {false, false, false});
    std::string dkPath, dvPath;
    Eigen::Index dk = -1, dv = -1;
    for (std::size_t h = 0; h < items.size(); ++h) {
        const std::string hp = headPath(l, h);
        if (auto e = expectObject(items[h], hp))
            return e;
        if (auto e = rejectUnknownFields(items[h], hp, {"wq", "wk", "wv"}))
            return e;
        SequenceHeadWeights &head = layer.heads[h];
        Matrix *slots[3] = {&head.wq, &head.wk, &head.wv};
        const char *names[3] = {"wq", "wk", "wv"};
        for (int s = 0; s < 3; ++s) {
            const JsonValue *v = items[h].find(names[s]);
            if (!v)
                continue;
            const std::string mp = hp + '.' + names[s];
            if (auto e = readMatrix(*v, mp, m.dModel, *slots[s]))
                return e;
            given[h][std::size_t(s)] = true;
            Eigen::Index &dim = s < 2 ? dk : dv;
            if (dim < 0) {
                dim = slots[s]->rows();
                (s < 2 ? dkPath : dvPath) = mp;
            }
        }
    }
    const int fallback = std::max(1, m.dModel / int(items.size()));
    if (dk < 0) {
        dk = m.positions == PositionKind::Rotary ? fallback + fallback % 2 : fallback;
        dkPath = headPath(l, 0) + ".wq";
    }
    if (dv < 0) {
        dv = fallback;
        dvPath = headPath(l, 0) + ".wv";
    }
    for (std::size_t h = 0; h < items.size(); ++h) {
        SequenceHeadWeights &head = layer.heads[h];
        Matrix *slots[3] = {&head.wq, &head.wk, &head.wv};
        const char *names[3] = {"wq", "wk", "wv"};
        for (int s = 0; s < 3; ++s)
            if (!given[h][std::size_t(s)])
                *slots[s] = sequenceDefaultMatrix(headPath(l, h) + '.' + names[s],
                                                  int(s < 2 ? dk : dv), m.dModel);
    }
    // The first given matrix fixed the size; name it when that size is out of range, then hold
    // every other head to it. The first head has that size whether it was given or made here.
    if (auto e = checkLayerDims(m, l, dkPath, dvPath))
        return e;
    if (auto e = checkHeadShapes(m, l))
        return e;
    return readParameter(value, "wo", path + ".wo", m.dModel, Eigen::Index(items.size()) * dv,
                         layer.wo);
}

Check readLayers(const JsonValue &v, SequenceModel &m)
{
    if (auto e = expectArray(v, "layers"))
        return e;
    const auto &items = v.asArray();
    if (auto e = checkCount(static_cast<long long>(items.size()), "layers", kMaxSequenceLayers,
                            "layers"))
        return e;
    m.weights.layers.assign(items.size(), {});
    for (std::size_t l = 0; l < items.size(); ++l)
        if (auto e = readLayer(items[l], l, m))
            return e;
    return {};
}

// A name from `indices` (name → its index in the list), as that index; `expected` names the type
// a WrongType error asks for.
Check readNameIndex(const JsonValue &v, const std::string &path,
                    const std::unordered_map<std::string_view, int> &indices, const char *expected,
                    int &out)
{
    if (!v.isString())
        return makeError(ErrorCode::WrongType, path, -1, -1, expected);
    const auto found = indices.find(v.asString());
    if (found == indices.end())
        return makeError(ErrorCode::UnknownName, path, -1, -1, v.asString());
    out = found->second;
    return {};
}

// Reads "examples" or "held_out" (`list`, the same shape) into `out`.
Check readExamples(const JsonValue &v, const SequenceDocument &d, const char *list,
                   std::vector<SequenceExample> &out)
{
    if (auto e = expectArray(v, list))
        return e;
    const auto &items = v.asArray();
    // An empty "held_out" is the same as none; "examples" needs at least one.
    const bool optional = std::string_view(list) == "held_out";
    if (!(optional && items.empty()))
        if (auto e =
                checkCount(static_cast<long long>(items.size()), list, kMaxExamples, "examples"))
            return e;
    std::unordered_map<std::string_view, int> vocabulary, outputs;
    for (std::size_t i = 0; i < d.model.vocabulary.size(); ++i)
        vocabulary.emplace(d.model.vocabulary[i], int(i));
    for (std::size_t i = 0; i < d.model.outputs.size(); ++i)
        outputs.emplace(d.model.outputs[i], int(i));

    out.assign(items.size(), {});
    for (std::size_t i = 0; i < items.size(); ++i) {
        const std::string path = at(list, i);
        SequenceExample &ex = out[i];
        if (auto e = expectObject(items[i], path))
            return e;
        if (auto e = rejectUnknownFields(items[i], path, {"tokens", "targets"}))
            return e;
        const JsonValue *tokens = nullptr;
        if (auto e = require(items[i], path, "tokens", tokens))
            return e;
        const std::string tokensPath = path + ".tokens";
        if (auto e = expectArray(*tokens, tokensPath))
            return e;
        const auto &names = tokens->asArray();
        if (auto e = checkCount(static_cast<long long>(names.size()), tokensPath, kMaxExampleTokens,
                                "tokens"))
            return e;
        for (std::size_t t = 0; t < names.size(); ++t) {
            int token = 0;
            if (auto e = readNameIndex(names[t], at(tokensPath, t), vocabulary, "string", token))
                return e;
            ex.tokens.push_back(token);
        }
        const JsonValue *targets = items[i].find("targets");
        if (!targets)
            continue;
        const std::string targetsPath = path + ".targets";
        if (auto e = expectArray(*targets, targetsPath))
            return e;
        const auto &wanted = targets->asArray();
        if (wanted.size() != names.size())
            return makeError(ErrorCode::DimensionMismatch, targetsPath,
                             static_cast<long long>(names.size()),
                             static_cast<long long>(wanted.size()));
        for (std::size_t t = 0; t < wanted.size(); ++t) {
            // null: no target at this position.
            int target = -1;
            if (!wanted[t].isNull())
                if (auto e = readNameIndex(wanted[t], at(targetsPath, t), outputs, "name-or-null",
                                           target))
                    return e;
            ex.targets.push_back(target);
        }
    }
    return {};
}

// A number field of the training block that must lie in (lo, hi) or [lo, hi).
Check readTrainingNumber(const JsonValue &block, std::string_view name, double &out, double lo,
                         bool includeLow, double hi, const char *detail)
{
    const JsonValue *v = block.find(name);
    if (!v)
        return {};
    const std::string path = member("training", name);
    if (!v->isNumber())
        return makeError(ErrorCode::WrongType, path, -1, -1, "number");
    const double x = v->asNumber();
    if (!(includeLow ? x >= lo : x > lo) || !(x < hi))
        return makeError(ErrorCode::BadArgument, path, -1, -1, detail);
    out = x;
    return {};
}

Check readTraining(const JsonValue &block, PositionKind positions, TrainingSettings &out)
{
    out = TrainingSettings{};
    if (auto e = expectObject(block, "training"))
        return e;
    if (auto e = rejectUnknownFields(
            block, "training",
            {"optimizer", "learning_rate", "beta1", "beta2", "epsilon", "steps", "trainable"}))
        return e;
    if (const JsonValue *v = block.find("optimizer")) {
        if (!v->isString())
            return makeError(ErrorCode::WrongType, "training.optimizer", -1, -1, "string");
        if (!optimizerFromId(v->asString(), out.optimizer))
            return makeError(ErrorCode::UnknownOptimizer, "training.optimizer", -1, -1,
                             v->asString());
    }
    const double inf = std::numeric_limits<double>::infinity();
    if (auto e = readTrainingNumber(block, "learning_rate", out.learningRate, 0, false, inf,
                                    "learning-rate"))
        return e;
    // Adam's β must be in [0, 1) as in torch; ε > 0 (torch allows 0, but then a gradient that
    // stays 0, such as an unused token's row, divides 0 by 0).
    if (auto e = readTrainingNumber(block, "beta1", out.beta1, 0, true, 1, "beta"))
        return e;
    if (auto e = readTrainingNumber(block, "beta2", out.beta2, 0, true, 1, "beta"))
        return e;
    if (auto e = readTrainingNumber(block, "epsilon", out.epsilon, 0, false, inf, "epsilon"))
        return e;
    if (const JsonValue *v = block.find("steps")) {
        if (auto e = readInteger(*v, "training.steps", out.steps))
            return e;
        if (auto e = checkCount(out.steps, "training.steps", kMaxTrainingSteps, "steps"))
            return e;
    }
    if (const JsonValue *v = block.find("trainable")) {
        if (auto e = expectArray(*v, "training.trainable"))
            return e;
        const auto &items = v->asArray();
        out.trainable.fill(false);
        for (std::size_t i = 0; i < items.size(); ++i) {
            const std::string path = at("training.trainable", i);
            if (!items[i].isString())
                return makeError(ErrorCode::WrongType, path, -1, -1, "string");
            ParameterGroup group;
            if (!parameterGroupFromId(items[i].asString(), group))
                return makeError(ErrorCode::UnknownGroup, path, -1, -1, items[i].asString());
            if (out.trainable[std::size_t(group)])
                return makeError(ErrorCode::DuplicateName, path, -1, -1, items[i].asString());
            if (group == ParameterGroup::Positions && positions != PositionKind::Learned)
                return makeError(ErrorCode::BadArgument, path, -1, -1, "positions-not-learned");
            out.trainable[std::size_t(group)] = true;
        }
    }
    return {};
}

Check readDocument(const JsonValue &root, SequenceDocument &d)
{
    if (auto e =
            readDocumentRoot(root, kSequenceFormat, kSequenceVersion,
                             {"format", "version", "vocabulary", "outputs", "d_model", "embedding",
                              "positions", "layers", "unembedding", "causal", "temperature",
                              "normaliser", "sigmoid_bias", "examples", "held_out", "training"}))
        return e;
    SequenceModel &m = d.model;

    const JsonValue *field = nullptr;
    if (auto e = require(root, "", "vocabulary", field))
        return e;
    if (auto e = readNames(*field, "vocabulary", m.vocabulary))
        return e;
    if (const JsonValue *outputs = root.find("outputs")) {
        if (auto e = readNames(*outputs, "outputs", m.outputs))
            return e;
    } else {
        m.outputs = m.vocabulary;
    }

    if (auto e = require(root, "", "d_model", field))
        return e;
    if (auto e = readInteger(*field, "d_model", m.dModel))
        return e;
    if (auto e = checkDModel(m.dModel))
        return e;

    if (auto e = readParameter(root, "embedding", "embedding", Eigen::Index(m.vocabulary.size()),
                               m.dModel, m.weights.embedding))
        return e;
    if (auto e = readPositions(root.find("positions"), m))
        return e;

    if (auto e = require(root, "", "layers", field))
        return e;
    if (auto e = readLayers(*field, m))
        return e;

    if (auto e = readParameter(root, "unembedding", "unembedding", Eigen::Index(m.outputs.size()),
                               m.dModel, m.weights.unembedding))
        return e;

    if (const JsonValue *causal = root.find("causal")) {
        if (!causal->isBool())
            return makeError(ErrorCode::WrongType, "causal", -1, -1, "boolean");
        m.causal = causal->asBool();
    }
    if (auto e = readTemperature(root, m.temperature))
        return e;
    if (auto e = readNormaliser(root, m.normaliser, m.sigmoidBias))
        return e;

    if (auto e = require(root, "", "examples", field))
        return e;
    if (auto e = readExamples(*field, d, "examples", d.examples))
        return e;
    if (const JsonValue *heldOut = root.find("held_out"))
        if (auto e = readExamples(*heldOut, d, "held_out", d.heldOut))
            return e;
    if (auto e = checkTableCoverage(m, d.longestExample()))
        return e;

    if (const JsonValue *training = root.find("training")) {
        if (auto e = readTraining(*training, m.positions, d.trainingSettings))
            return e;
        d.training = *training;
    }
    return {};
}

// --- Writing ----------------------------------------------------------------------------------

// The overloads below would hide the shared matrix form from unqualified calls in this namespace.
using jsonfields::toJson;

JsonValue toJson(const std::vector<std::string> &names)
{
    JsonValue::Array items;
    items.reserve(names.size());
    for (const std::string &n : names)
        items.emplace_back(n);
    return JsonValue(std::move(items));
}

// An index outside the list (memory never validated) is written as a name the loader refuses.
JsonValue nameOf(const std::vector<std::string> &names, int index)
{
    if (index >= 0 && index < int(names.size()))
        return JsonValue(names[std::size_t(index)]);
    return JsonValue("");
}

JsonValue toJson(const SequenceModel &m, const std::vector<SequenceExample> &examples)
{
    JsonValue items = JsonValue::array();
    for (const SequenceExample &ex : examples) {
        JsonValue e = JsonValue::object();
        JsonValue tokens = JsonValue::array();
        for (int t : ex.tokens)
            tokens.append(nameOf(m.vocabulary, t));
        e.set("tokens", std::move(tokens));
        if (!ex.targets.empty()) {
            JsonValue targets = JsonValue::array();
            for (int t : ex.targets)
                targets.append(t < 0 ? JsonValue() : nameOf(m.outputs, t));
            e.set("targets", std::move(targets));
        }
        items.append(std::move(e));
    }
    return items;
}

} // namespace

std::uint64_t sequenceDefaultSeed(std::string_view fieldPath)
{
    std::uint64_t h = 14695981039346656037ULL;
    for (unsigned char c : fieldPath) {
        h ^= c;
        h *= 1099511628211ULL;
    }
    return h;
}

Matrix sequenceDefaultMatrix(std::string_view fieldPath, int rows, int cols)
{
    const bool table = fieldPath == "embedding" || fieldPath == "positions.table";
    const double a = table ? 1.0 : 1.0 / std::sqrt(double(std::max(cols, 1)));
    Random rng(sequenceDefaultSeed(fieldPath));
    Matrix m(rows, cols);
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c)
            m(r, c) = rng.uniform(-a, a);
    return m;
}

Result<TrainingSettings> readTrainingSettings(const JsonValue &block, PositionKind positions)
{
    TrainingSettings settings;
    if (auto e = readTraining(block, positions, settings))
        return std::move(*e);
    return settings;
}

JsonValue trainingSettingsJson(const TrainingSettings &s, PositionKind positions)
{
    JsonValue block = JsonValue::object();
    block.set("optimizer", optimizerId(s.optimizer));
    block.set("learning_rate", s.learningRate);
    block.set("beta1", s.beta1);
    block.set("beta2", s.beta2);
    block.set("epsilon", s.epsilon);
    block.set("steps", s.steps);
    JsonValue groups = JsonValue::array();
    for (int g = 0; g < kParameterGroupCount; ++g)
        if (s.trainable[std::size_t(g)] &&
            (g != int(ParameterGroup::Positions) || positions == PositionKind::Learned))
            groups.append(parameterGroupId(static_cast<ParameterGroup>(g)));
    block.set("trainable", std::move(groups));
    return block;
}

bool isSequenceJson(const JsonValue &root)
{
    const JsonValue *format = root.find("format");
    return format && format->isString() && format->asString() == kSequenceFormat;
}

Result<SequenceDocument> readSequence(const JsonValue &root)
{
    SequenceDocument d;
    if (auto e = readDocument(root, d))
        return std::move(*e);
    return d;
}

Result<SequenceDocument> parseSequence(std::string_view text)
{
    return parseSequence(text, nullptr);
}

Result<SequenceDocument> parseSequence(std::string_view text, const CancelFlag *cancel)
{
    if (text.size() > kMaxSequenceBytes)
        return parseWithin(text, kMaxSequenceBytes).error(); // the size alone, nothing parsed
    auto json = parseJson(text, cancel);
    if (!json)
        return json.error();
    // Reading the values into matrices takes a fraction of the parse: checked before and after.
    const Error cancelled{ErrorCode::BadArgument, "cancelled", -1, -1, {}};
    if (isCancelled(cancel))
        return cancelled;
    auto document = readSequence(*json);
    if (isCancelled(cancel))
        return cancelled;
    return document;
}

Result<bool> validateSequence(const SequenceDocument &d)
{
    const SequenceModel &m = d.model;
    Check check = checkNames(m.vocabulary, "vocabulary");
    if (!check)
        check = checkNames(m.outputs, "outputs");
    if (!check)
        check = checkDModel(m.dModel);
    if (!check)
        check = checkShape(m.weights.embedding, "embedding", Eigen::Index(m.vocabulary.size()),
                           m.dModel);
    if (!check)
        check = checkPositionOptions(m);
    if (!check)
        check = checkTableShape(m);
    if (!check)
        check = checkLayers(m);
    if (!check)
        check = checkShape(m.weights.unembedding, "unembedding", Eigen::Index(m.outputs.size()),
                           m.dModel);
    if (!check)
        check = checkTemperature(m.temperature);
    if (!check)
        check = checkNormaliser(m.normaliser);
    if (!check)
        check = checkSigmoidBias(m.sigmoidBias);
    if (!check)
        check = checkCount(static_cast<long long>(d.examples.size()), "examples", kMaxExamples,
                           "examples");
    for (std::size_t i = 0; !check && i < d.examples.size(); ++i)
        check = checkExample(m, d.examples[i], "examples", i);
    // Held-out examples: empty is the same as absent; otherwise 1 … kMaxExamples like examples.
    if (!check && !d.heldOut.empty())
        check = checkCount(static_cast<long long>(d.heldOut.size()), "held_out", kMaxExamples,
                           "examples");
    for (std::size_t i = 0; !check && i < d.heldOut.size(); ++i)
        check = checkExample(m, d.heldOut[i], "held_out", i);
    if (!check)
        check = checkTableCoverage(m, d.longestExample());
    if (!check && d.training) {
        TrainingSettings settings;
        check = readTraining(*d.training, m.positions, settings);
    }
    if (check)
        return std::move(*check);
    return true;
}

std::string writeSequence(const SequenceDocument &d)
{
    const SequenceModel &m = d.model;
    JsonValue root = JsonValue::object();
    root.set("format", kSequenceFormat);
    root.set("version", kSequenceVersion);
    root.set("vocabulary", toJson(m.vocabulary));
    if (m.outputs != m.vocabulary)
        root.set("outputs", toJson(m.outputs));
    root.set("d_model", m.dModel);
    root.set("embedding", toJson(m.weights.embedding));

    JsonValue positions = JsonValue::object();
    positions.set("kind", positionKindId(m.positions));
    if (m.positions == PositionKind::Sinusoidal || m.positions == PositionKind::Rotary)
        positions.set("base", m.base);
    if (m.positions == PositionKind::Learned)
        positions.set("table", toJson(m.weights.positionTable));
    root.set("positions", std::move(positions));

    JsonValue layers = JsonValue::array();
    for (const SequenceLayerWeights &layer : m.weights.layers)
        layers.append(headsJson(layer.heads, layer.wo));
    root.set("layers", std::move(layers));
    root.set("unembedding", toJson(m.weights.unembedding));
    root.set("causal", m.causal);
    root.set("temperature", m.temperature);
    writeNormaliser(root, m.normaliser, m.sigmoidBias);

    root.set("examples", toJson(m, d.examples));
    if (!d.heldOut.empty())
        root.set("held_out", toJson(m, d.heldOut));
    if (d.training)
        root.set("training", *d.training);
    return writeJson(root);
}

} // namespace attn
