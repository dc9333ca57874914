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

// `n` tokens drawn uniformly from the vocabulary, every target still "not scored".
SequenceExample randomTokens(Random &rng, int n, int v)
{
    SequenceExample ex;
    for (int i = 0; i < n; ++i)
        ex.tokens.push_back(below(rng, v));
    ex.targets.assign(std::size_t(n), -1);
    return ex;
}

// Each task's generator draws one example of `n` tokens (TrainingTask::exampleLength()) over a
// vocabulary of `v` input tokens. They are called one example after another on one generator,
// so a task's files depend on the order of their draws: keep it when editing one.
SequenceExample drawCopy(Random &rng, int n, int v)
{
    SequenceExample ex = randomTokens(rng, n, v);
    ex.targets = ex.tokens;
    return ex;
}

SequenceExample drawPreviousToken(Random &rng, int n, int v)
{
    SequenceExample ex = randomTokens(rng, n, v);
    for (std::size_t i = 1; i < ex.tokens.size(); ++i)
        ex.targets[i] = ex.tokens[i - 1];
    return ex;
}

SequenceExample drawFirstToken(Random &rng, int n, int v)
{
    SequenceExample ex = randomTokens(rng, n, v);
    for (std::size_t i = 1; i < ex.tokens.size(); ++i)
        ex.targets[i] = ex.tokens[0];
    return ex;
}

SequenceExample drawTwoHeads(Random &rng, int n, int v)
{
    // The pair (previous, first) as output previous · v + first.
    SequenceExample ex = randomTokens(rng, n, v);
    for (std::size_t i = 1; i < ex.tokens.size(); ++i)
        ex.targets[i] = ex.tokens[i - 1] * v + ex.tokens[0];
    return ex;
}

SequenceExample drawAssociativeRecall(Random &rng, int n, int v)
{
    // Keys are tokens 0 … v − 1, values v … 2v − 1. The keys of one example are distinct, so
    // each has one value; asked again in a new order, so no key is asked twice (and no earlier
    // question can be mistaken for a pair).
    SequenceExample ex;
    ex.targets.assign(std::size_t(n), -1);
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
        ex.targets[ex.tokens.size()] = values[std::size_t(order[std::size_t(p)])];
        ex.tokens.push_back(keys[std::size_t(order[std::size_t(p)])]);
    }
    return ex;
}

SequenceExample drawInduction(Random &rng, int n, int v)
{
    // Distinct tokens, so every token of the repeat has exactly one earlier occurrence; the
    // repeat's positions but the last are scored (the first half cannot be predicted). The part's
    // length varies from n/4 to n/2, so that no fixed distance back finds the answer: a head that
    // only counts positions (rotary) cannot stand in for an induction head.
    const int longest = n / 2, shortest = std::max(2, longest / 2);
    const int half = shortest + below(rng, longest - shortest + 1);
    SequenceExample ex;
    ex.tokens = distinct(rng, v, half);
    for (int i = 0; i < half; ++i)
        ex.tokens.push_back(ex.tokens[std::size_t(i)]);
    ex.targets.assign(std::size_t(2 * half), -1);
    for (int i = half; i + 1 < 2 * half; ++i)
        ex.targets[std::size_t(i)] = ex.tokens[std::size_t(i) + 1];
    return ex;
}

SequenceExample drawSink(Random &rng, int n, int v)
{
    // "^" (token v) opens every example; the letters after it are random and so is every
    // target: nothing in the example helps to predict them, so the best a head can add there is
    // nothing. Only one position, "=" (token v + 1, somewhere from position 3 on), asks for
    // something the head must fetch: the first letter. Softmax must still spend a whole unit of
    // weight at every other position, and training puts it on "^", whose value it can make
    // harmless (an attention sink); softmax₁ and sigmoid can spend less than one, and do not
    // need one (Gu et al. 2024).
    SequenceExample ex;
    ex.tokens.push_back(v);
    ex.targets.push_back(-1);
    for (int i = 1; i < n; ++i) {
        ex.tokens.push_back(below(rng, v));
        ex.targets.push_back(below(rng, v));
    }
    const int asked = 3 + below(rng, n - 3);
    ex.tokens[std::size_t(asked)] = v + 1;
    ex.targets[std::size_t(asked)] = ex.tokens[1];
    return ex;
}

// Vocabulary and outputs of `v` input tokens.
std::vector<std::string> letters(int v)
{
    std::vector<std::string> names;
    for (int i = 0; i < v; ++i)
        names.push_back(tokenName(i));
    return names;
}

std::vector<std::string> keysAndValues(int v)
{
    std::vector<std::string> names = letters(v);
    for (int i = 0; i < v; ++i)
        names.push_back(std::to_string(i + 1));
    return names;
}

std::vector<std::string> lettersStartAndAsk(int v)
{
    std::vector<std::string> names = letters(v);
    names.push_back("^");
    names.push_back("=");
    return names;
}

std::vector<std::string> pairsOfLetters(int v)
{
    // "BA": previous B, first A.
    std::vector<std::string> names;
    for (int previous = 0; previous < v; ++previous)
        for (int first = 0; first < v; ++first)
            names.push_back(tokenName(previous) + tokenName(first));
    return names;
}

/// One built-in task: its identifier, the sizes it can be built with, its default options and
/// how to draw one example. A new task is a row here, its enumerator and its generator.
struct TaskRow
{
    const char *id;
    int minLength;  ///< the fewest tokens per example
    int lengthStep; ///< examples are a whole number of these tokens long
    /// The vocabulary must hold length / this many tokens (the distinct ones an example uses);
    /// 0: any vocabulary of two or more.
    int lengthPerToken;
    int maxVocabulary;
    std::vector<std::string> (*vocabulary)(int v);
    /// The output names; null: the vocabulary's.
    std::vector<std::string> (*outputs)(int v);
    /// The task's default options (the kind aside).
    TrainingTask::Options defaults;
    SequenceExample (*draw)(Random &rng, int n, int v);
};

constexpr int kPairLimit = 16; // the two-heads task's v² outputs within kMaxVocabulary
static_assert(kPairLimit * kPairLimit <= kMaxVocabulary);

// Each row's `defaults` holds what differs from TrainingTask::Options' own defaults. Laid out by
// hand, a task to a row (clang-format would put every field on a line of its own).
// clang-format off
const TaskRow kTasks[kTrainingTaskCount] = {
    // D = 2: the six embeddings on the plane, each a corner the unembedding can pick out.
    {"copy", 1, 1, 0, kMaxVocabulary, letters, nullptr,
     {.examples = 32, .dModel = 2, .positions = PositionKind::None, .steps = 100}, drawCopy},
    {"previous-token", 2, 1, 0, kMaxVocabulary, letters, nullptr, {.steps = 150},
     drawPreviousToken},
    // Rotary scores depend only on the distance, so finding the start needs absolute positions.
    {"first-token", 2, 1, 0, kMaxVocabulary, letters, nullptr,
     {.positions = PositionKind::Learned, .steps = 100}, drawFirstToken},
    // Two layers, as for induction: layer 1 copies each key into its value's position, layer 2
    // matches the asked key against it.
    {"associative-recall", 3, 3, 3, kMaxVocabulary / 2, keysAndValues, nullptr,
     {.length = 9, .examples = 256, .heldOut = 64, .dModel = 16, .keyDim = 4, .layers = 2,
      .learningRate = 0.02, .steps = 150},
     drawAssociativeRecall},
    // d_v = 2: one head's output, a blend of two values on a plane, cannot tell all 16 pairs
    // apart (a linear read-out picks out only the corners of their hull); two heads put the
    // previous and the first token on planes of their own.
    {"two-heads", 2, 1, 0, kPairLimit, letters, pairsOfLetters,
     {.vocabulary = 4, .examples = 64, .valueDim = 2, .heads = 2,
      .positions = PositionKind::Learned, .steps = 250},
     drawTwoHeads},
    // Enough examples that learning them by heart costs more than the circuit: with 256 the
    // model memorises them and the held-out accuracy stays near 30%. Starting weights at 3% of
    // the usual scale make the plateau: the circuit pays only once several small matrices have
    // grown together (layer 1 copying each token's predecessor forward, layer 2 matching on
    // it), so the loss stays within 5% of ln 12 for 40 steps, then drops (Olsson et al. 2022);
    // from seed 1 the layer-2 induction score passes 0.5 near step 150. D = 2 d_k, as in the
    // usual transformer shapes.
    {"induction", 4, 2, 2, kMaxVocabulary, letters, nullptr,
     {.vocabulary = 12, .length = 16, .examples = 512, .heldOut = 64, .dModel = 8, .keyDim = 4,
      .layers = 2, .learningRate = 0.01, .steps = 300, .initScale = 0.03},
     drawInduction},
    // Learned positions: "=" must find position 1. d_k = 2, so the whole head fits on the q/k
    // plane. The targets are random, so the accuracy stays near 1/11 + 10/11 · 1/8 ≈ 20%: only
    // the "=" positions can be learned. Seed 13: softmax puts 0.94 of the free positions' weight
    // on "^", softmax₁ 0.01 (and leaves 0.8 unspent), sigmoid 0.32. Over seeds 1–16 softmax
    // built the sink in 12, softmax₁ in about half and sigmoid in none: once "^"'s value is
    // zero, weight on it costs softmax₁ and sigmoid nothing either way; only softmax needs it.
    {"sink", 4, 1, 0, kMaxVocabulary - 2, lettersStartAndAsk, letters,
     {.seed = 13, .vocabulary = 8, .length = 12, .examples = 256, .heldOut = 64, .dModel = 8, .keyDim = 2,
      .positions = PositionKind::Learned, .learningRate = 0.02, .steps = 300},
     drawSink},
};
// clang-format on

const TaskRow &row(TrainingTaskKind kind)
{
    return kTasks[int(kind)];
}

Matrix uniform(Random &rng, int rows, int cols, double a)
{
    Matrix m(rows, cols);
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c)
            m(r, c) = rng.uniform(-a, a);
    return m;
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
    return row(kind).id;
}

bool trainingTaskFromId(std::string_view id, TrainingTaskKind &out)
{
    for (int i = 0; i < kTrainingTaskCount; ++i)
        if (id == kTasks[i].id) {
            out = TrainingTaskKind(i);
            return true;
        }
    return false;
}

TrainingTask::Options TrainingTask::defaults(TrainingTaskKind kind)
{
    Options o = row(kind).defaults;
    o.kind = kind;
    return o;
}

int TrainingTask::exampleLength(const Options &o)
{
    const int step = row(o.kind).lengthStep;
    return o.length / step * step;
}

Result<bool> TrainingTask::check(const Options &o)
{
    const int n = exampleLength(o);
    const TaskRow &task = row(o.kind);
    const int minLength = task.minLength;
    if (o.length < minLength || o.length > kMaxExampleTokens)
        return outOfRange("length", o.length < minLength ? minLength : kMaxExampleTokens, o.length);
    const int minVocabulary = task.lengthPerToken > 0 ? n / task.lengthPerToken : 2;
    const int maxVocabulary = task.maxVocabulary;
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
    if (!(o.initScale > 0) || !std::isfinite(o.initScale))
        return Error{ErrorCode::OutOfRange, "init_scale", -1, -1, {}};
    return true;
}

SequenceDocument TrainingTask::make(const Options &o)
{
    Random rng(o.seed);
    SequenceDocument d;
    SequenceModel &m = d.model;
    const TaskRow &task = row(o.kind);
    const int v = o.vocabulary;
    m.vocabulary = task.vocabulary(v);
    m.outputs = task.outputs ? task.outputs(v) : m.vocabulary;
    m.dModel = o.dModel;
    m.positions = o.positions;
    m.causal = true;
    // Starting weights as PyTorch would draw them: embeddings of unit scale, projections
    // uniform in ±1/√fan-in (nn.Linear); all times the options' scale.
    const double s = o.initScale;
    const double a = s / std::sqrt(double(o.dModel));
    m.weights.embedding = uniform(rng, int(m.vocabulary.size()), o.dModel, s);
    m.weights.positionTable = o.positions == PositionKind::Learned
                                  ? uniform(rng, exampleLength(o), o.dModel, s)
                                  : Matrix(0, o.dModel);
    const int dv = o.valueDim > 0 ? o.valueDim : o.dModel;
    for (int l = 0; l < o.layers; ++l) {
        SequenceLayerWeights layer;
        for (int h = 0; h < o.heads; ++h)
            layer.heads.push_back({uniform(rng, o.keyDim, o.dModel, a),
                                   uniform(rng, o.keyDim, o.dModel, a),
                                   uniform(rng, dv, o.dModel, a)});
        layer.wo = uniform(rng, o.dModel, o.heads * dv, s / std::sqrt(double(o.heads * dv)));
        m.weights.layers.push_back(std::move(layer));
    }
    m.weights.unembedding = uniform(rng, int(m.outputs.size()), o.dModel, a);

    const int n = exampleLength(o);
    for (int e = 0; e < o.examples; ++e)
        d.examples.push_back(task.draw(rng, n, v));
    for (int e = 0; e < o.heldOut; ++e)
        d.heldOut.push_back(task.draw(rng, n, v));

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
