#include "trainingtask.h"

#include "random.h"
#include "sequencefile.h"
#include "sequenceforward.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>

namespace attn {

namespace {
constexpr const char *kIds[kTrainingTaskCount] = {
    "copy", "previous-token", "first-token", "associative-recall", "two-heads", "induction"};

Matrix uniform(Random &rng, int rows, int cols, double a)
{
    Matrix m(rows, cols);
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c)
            m(r, c) = rng.uniform(-a, a);
    return m;
}

// "A" … "Z", then "A1" … for larger vocabularies.
std::string tokenName(int i)
{
    std::string name(1, char('A' + i % 26));
    if (i >= 26)
        name += std::to_string(i / 26);
    return name;
}

int below(Random &rng, int n)
{
    return int(rng.next() % std::uint64_t(n));
}

// The first `count` entries of a random permutation of 0 … n − 1 (distinct values).
std::vector<int> distinct(Random &rng, int n, int count)
{
    std::vector<int> all(static_cast<std::size_t>(n));
    std::iota(all.begin(), all.end(), 0);
    for (int i = 0; i < count; ++i)
        std::swap(all[std::size_t(i)], all[std::size_t(i + below(rng, n - i))]);
    all.resize(std::size_t(count));
    return all;
}

SequenceExample makeExample(const TrainingTask::Options &o, Random &rng)
{
    const int n = TrainingTask::exampleLength(o);
    const int v = o.vocabulary;
    SequenceExample ex;
    ex.targets.assign(std::size_t(n), -1);
    auto at = [&](std::vector<int> &xs, int i) -> int & { return xs[std::size_t(i)]; };
    switch (o.kind) {
    case TrainingTaskKind::Copy:
    case TrainingTaskKind::PreviousToken:
    case TrainingTaskKind::FirstToken:
    case TrainingTaskKind::TwoHeads:
        for (int i = 0; i < n; ++i)
            ex.tokens.push_back(below(rng, v));
        for (int i = 0; i < n; ++i) {
            if (o.kind == TrainingTaskKind::Copy)
                at(ex.targets, i) = at(ex.tokens, i);
            else if (i == 0)
                continue;
            else if (o.kind == TrainingTaskKind::PreviousToken)
                at(ex.targets, i) = at(ex.tokens, i - 1);
            else if (o.kind == TrainingTaskKind::FirstToken)
                at(ex.targets, i) = at(ex.tokens, 0);
            else // the pair (previous, first) as output previous · v + first
                at(ex.targets, i) = at(ex.tokens, i - 1) * v + at(ex.tokens, 0);
        }
        break;
    case TrainingTaskKind::AssociativeRecall: {
        // Keys are tokens 0 … v − 1, values v … 2v − 1. The keys of one example are distinct,
        // so each has one value; asked again in a new order, so no key is asked twice (and no
        // earlier question can be mistaken for a pair).
        const int pairs = n / 3;
        const std::vector<int> keys = distinct(rng, v, pairs);
        std::vector<int> values;
        for (int p = 0; p < pairs; ++p)
            values.push_back(v + below(rng, v));
        for (int p = 0; p < pairs; ++p) {
            ex.tokens.push_back(keys[std::size_t(p)]);
            ex.tokens.push_back(values[std::size_t(p)]);
        }
        const std::vector<int> order = distinct(rng, pairs, pairs);
        for (int p = 0; p < pairs; ++p) {
            at(ex.targets, int(ex.tokens.size())) = values[std::size_t(order[std::size_t(p)])];
            ex.tokens.push_back(keys[std::size_t(order[std::size_t(p)])]);
        }
        break;
    }
    case TrainingTaskKind::Induction: {
        // Distinct tokens, so every token of the repeat has exactly one earlier occurrence; the
        // repeat's positions but the last are scored (the first half cannot be predicted). The
        // part's length varies from n/4 to n/2, so that no fixed distance back finds the answer:
        // a head that only counts positions (rotary) cannot stand in for an induction head.
        const int longest = n / 2, shortest = std::max(2, longest / 2);
        const int half = shortest + below(rng, longest - shortest + 1);
        ex.tokens = distinct(rng, v, half);
        for (int i = 0; i < half; ++i)
            ex.tokens.push_back(at(ex.tokens, i));
        ex.targets.assign(std::size_t(2 * half), -1);
        for (int i = half; i + 1 < 2 * half; ++i)
            at(ex.targets, i) = at(ex.tokens, i + 1);
        break;
    }
    }
    return ex;
}

Error outOfRange(const char *option, long long bound, long long actual)
{
    return Error{ErrorCode::OutOfRange, option, bound, actual, {}};
}

// Mean over examples and positions of the weight picked by `key(tokens, i)` (−1: not counted).
template <typename KeyOf>
std::optional<double> meanWeight(const SequenceModel &model,
                                 std::span<const SequenceExample> examples, int layer, int head,
                                 KeyOf keyOf)
{
    double sum = 0;
    long long count = 0;
    for (const SequenceExample &ex : examples) {
        auto forward = SequenceForward::run(model, ex.tokens);
        if (!forward)
            return std::nullopt;
        const Matrix &w = forward->layers[std::size_t(layer)].heads[std::size_t(head)].weights;
        for (int i = 0; i < forward->length(); ++i) {
            const int j = keyOf(ex.tokens, i);
            if (j < 0)
                continue;
            sum += w(i, j);
            ++count;
        }
    }
    if (count == 0)
        return std::nullopt;
    return sum / double(count);
}
} // namespace

const char *trainingTaskId(TrainingTaskKind kind)
{
    return kIds[int(kind)];
}

bool trainingTaskFromId(std::string_view id, TrainingTaskKind &out)
{
    for (int i = 0; i < kTrainingTaskCount; ++i)
        if (id == kIds[i]) {
            out = TrainingTaskKind(i);
            return true;
        }
    return false;
}

TrainingTask::Options TrainingTask::defaults(TrainingTaskKind kind)
{
    Options o;
    o.kind = kind;
    switch (kind) {
    case TrainingTaskKind::Copy:
        // D = 2: the six embeddings on the plane, each a corner the unembedding can pick out.
        o.dModel = 2;
        o.examples = 32;
        o.positions = PositionKind::None;
        o.steps = 100;
        break;
    case TrainingTaskKind::PreviousToken:
        o.steps = 150;
        break;
    case TrainingTaskKind::FirstToken:
        // Rotary scores depend only on the distance, so finding the start needs absolute
        // positions.
        o.positions = PositionKind::Learned;
        o.steps = 100;
        break;
    case TrainingTaskKind::AssociativeRecall:
        // Two layers, as for induction: layer 1 copies each key into its value's position,
        // layer 2 matches the asked key against it.
        o.length = 9;
        o.examples = 256;
        o.heldOut = 64;
        o.dModel = 16;
        o.keyDim = 4;
        o.layers = 2;
        o.learningRate = 0.02;
        o.steps = 150;
        break;
    case TrainingTaskKind::TwoHeads:
        // d_v = 2: one head's output, a blend of two values on a plane, cannot tell all 16
        // pairs apart (a linear read-out picks out only the corners of their hull); two heads
        // put the previous and the first token on planes of their own.
        o.vocabulary = 4;
        o.examples = 64;
        o.heads = 2;
        o.valueDim = 2;
        o.positions = PositionKind::Learned;
        o.steps = 250;
        break;
    case TrainingTaskKind::Induction:
        // Enough examples that learning them by heart costs more than the circuit: with 256
        // the model memorises them and the held-out accuracy stays near 30%.
        o.vocabulary = 12;
        o.length = 16;
        o.examples = 512;
        o.heldOut = 64;
        o.dModel = 16;
        o.keyDim = 4;
        o.layers = 2;
        o.learningRate = 0.01;
        o.steps = 400;
        break;
    }
    return o;
}

int TrainingTask::exampleLength(const Options &o)
{
    if (o.kind == TrainingTaskKind::AssociativeRecall)
        return o.length / 3 * 3;
    if (o.kind == TrainingTaskKind::Induction)
        return o.length / 2 * 2;
    return o.length;
}

Result<bool> TrainingTask::check(const Options &o)
{
    const int n = exampleLength(o);
    const int minLength = o.kind == TrainingTaskKind::AssociativeRecall ? 3
                          : o.kind == TrainingTaskKind::Induction       ? 4
                          : o.kind == TrainingTaskKind::Copy            ? 1
                                                                        : 2;
    if (o.length < minLength || o.length > kMaxExampleTokens)
        return outOfRange("length", o.length < minLength ? minLength : kMaxExampleTokens, o.length);
    int minVocabulary = 2, maxVocabulary = kMaxVocabulary;
    if (o.kind == TrainingTaskKind::AssociativeRecall) {
        minVocabulary = n / 3;
        maxVocabulary = kMaxVocabulary / 2;
    } else if (o.kind == TrainingTaskKind::Induction) {
        minVocabulary = n / 2;
    } else if (o.kind == TrainingTaskKind::TwoHeads) {
        maxVocabulary = int(std::sqrt(double(kMaxVocabulary)));
    }
    if (o.vocabulary < minVocabulary || o.vocabulary > maxVocabulary)
        return outOfRange("vocabulary",
                          o.vocabulary < minVocabulary ? minVocabulary : maxVocabulary,
                          o.vocabulary);
    if (o.examples < 1 || o.examples > kMaxExamples)
        return outOfRange("examples", kMaxExamples, o.examples);
    if (o.heldOut < 0 || o.heldOut > kMaxExamples)
        return outOfRange("held_out", kMaxExamples, o.heldOut);
    if (o.dModel < 1 || o.dModel > kMaxSequenceDim)
        return outOfRange("d_model", kMaxSequenceDim, o.dModel);
    if (o.keyDim < 1 || o.keyDim > kMaxSequenceDim)
        return outOfRange("key_dim", kMaxSequenceDim, o.keyDim);
    if (o.valueDim < 0 || o.valueDim > kMaxSequenceDim)
        return outOfRange("value_dim", kMaxSequenceDim, o.valueDim);
    if (o.positions == PositionKind::Rotary && o.keyDim % 2 != 0)
        return Error{ErrorCode::OddDimension, "key_dim", -1, o.keyDim, {}};
    if (o.positions == PositionKind::Sinusoidal && o.dModel % 2 != 0)
        return Error{ErrorCode::OddDimension, "d_model", -1, o.dModel, {}};
    if (o.layers < 1 || o.layers > kMaxSequenceLayers)
        return outOfRange("layers", kMaxSequenceLayers, o.layers);
    if (o.heads < 1 || o.heads > kMaxSequenceHeads)
        return outOfRange("heads", kMaxSequenceHeads, o.heads);
    if (o.steps < 1 || o.steps > kMaxTrainingSteps)
        return outOfRange("steps", kMaxTrainingSteps, o.steps);
    if (!(o.learningRate > 0) || !std::isfinite(o.learningRate))
        return Error{ErrorCode::OutOfRange, "learning_rate", -1, -1, {}};
    return true;
}

SequenceDocument TrainingTask::make(const Options &o)
{
    Random rng(o.seed);
    SequenceDocument d;
    SequenceModel &m = d.model;
    const int v = o.vocabulary;
    if (o.kind == TrainingTaskKind::AssociativeRecall) {
        for (int i = 0; i < v; ++i)
            m.vocabulary.push_back(tokenName(i));
        for (int i = 0; i < v; ++i)
            m.vocabulary.push_back(std::to_string(i + 1));
    } else {
        for (int i = 0; i < v; ++i)
            m.vocabulary.push_back(tokenName(i));
    }
    if (o.kind == TrainingTaskKind::TwoHeads) {
        // "BA": previous B, first A.
        for (int previous = 0; previous < v; ++previous)
            for (int first = 0; first < v; ++first)
                m.outputs.push_back(tokenName(previous) + tokenName(first));
    } else {
        m.outputs = m.vocabulary;
    }
    m.dModel = o.dModel;
    m.positions = o.positions;
    m.causal = true;
    // Starting weights as PyTorch would draw them: embeddings of unit scale, projections
    // uniform in ±1/√fan-in (nn.Linear).
    const double a = 1 / std::sqrt(double(o.dModel));
    m.weights.embedding = uniform(rng, int(m.vocabulary.size()), o.dModel, 1);
    m.weights.positionTable = o.positions == PositionKind::Learned
                                  ? uniform(rng, exampleLength(o), o.dModel, 1)
                                  : Matrix(0, o.dModel);
    const int dv = o.valueDim > 0 ? o.valueDim : o.dModel;
    for (int l = 0; l < o.layers; ++l) {
        SequenceLayerWeights layer;
        for (int h = 0; h < o.heads; ++h)
            layer.heads.push_back({uniform(rng, o.keyDim, o.dModel, a),
                                   uniform(rng, o.keyDim, o.dModel, a),
                                   uniform(rng, dv, o.dModel, a)});
        layer.wo = uniform(rng, o.dModel, o.heads * dv, 1 / std::sqrt(double(o.heads * dv)));
        m.weights.layers.push_back(std::move(layer));
    }
    m.weights.unembedding = uniform(rng, int(m.outputs.size()), o.dModel, a);

    for (int e = 0; e < o.examples; ++e)
        d.examples.push_back(makeExample(o, rng));
    for (int e = 0; e < o.heldOut; ++e)
        d.heldOut.push_back(makeExample(o, rng));

    d.trainingSettings.learningRate = o.learningRate;
    d.trainingSettings.steps = o.steps;
    d.training = trainingSettingsJson(d.trainingSettings, m.positions);
    return d;
}

SequenceDocument TrainingTask::previousToken(const PreviousTokenOptions &p)
{
    Options o = defaults(TrainingTaskKind::PreviousToken);
    o.seed = p.seed;
    o.vocabulary = p.vocabulary;
    o.length = p.length;
    o.examples = p.examples;
    o.heldOut = 0;
    o.dModel = p.dModel;
    o.positions = p.positions;
    o.learningRate = p.learningRate;
    o.steps = p.steps;
    return make(o);
}

std::optional<double> TrainingTask::inductionScore(const SequenceModel &model,
                                                   std::span<const SequenceExample> examples,
                                                   int layer, int head)
{
    return meanWeight(model, examples, layer, head, [](const std::vector<int> &t, int i) {
        // The latest earlier occurrence j of token i whose successor is not i itself.
        for (int j = i - 1; j >= 0; --j)
            if (t[std::size_t(j)] == t[std::size_t(i)])
                return j + 1 < i ? j + 1 : -1;
        return -1;
    });
}

std::optional<double> TrainingTask::previousTokenScore(const SequenceModel &model,
                                                       std::span<const SequenceExample> examples,
                                                       int layer, int head)
{
    return meanWeight(model, examples, layer, head,
                      [](const std::vector<int> &, int i) { return i - 1; });
}

std::optional<double> TrainingTask::firstTokenScore(const SequenceModel &model,
                                                    std::span<const SequenceExample> examples,
                                                    int layer, int head)
{
    return meanWeight(model, examples, layer, head,
                      [](const std::vector<int> &, int i) { return i >= 1 ? 0 : -1; });
}

} // namespace attn
