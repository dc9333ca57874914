#include "trainingtask.h"

#include "random.h"
#include "sequencefile.h"

#include <cmath>
#include <string>

namespace attn {

namespace {
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
} // namespace

SequenceDocument TrainingTask::previousToken(const PreviousTokenOptions &o)
{
    Random rng(o.seed);
    SequenceDocument d;
    SequenceModel &m = d.model;
    for (int i = 0; i < o.vocabulary; ++i)
        m.vocabulary.push_back(tokenName(i));
    m.outputs = m.vocabulary;
    m.dModel = o.dModel;
    m.positions = o.positions;
    m.causal = true;
    // Starting weights as PyTorch would draw them: embeddings of unit scale, projections
    // uniform in ±1/√fan-in (nn.Linear).
    const double a = 1 / std::sqrt(double(o.dModel));
    m.weights.embedding = uniform(rng, o.vocabulary, o.dModel, 1);
    m.weights.positionTable = o.positions == PositionKind::Learned
                                  ? uniform(rng, o.length, o.dModel, 1)
                                  : Matrix(0, o.dModel);
    SequenceLayerWeights layer;
    layer.heads.push_back({uniform(rng, 2, o.dModel, a), uniform(rng, 2, o.dModel, a),
                           uniform(rng, o.dModel, o.dModel, a)});
    layer.wo = uniform(rng, o.dModel, o.dModel, a);
    m.weights.layers.push_back(std::move(layer));
    m.weights.unembedding = uniform(rng, o.vocabulary, o.dModel, a);

    for (int e = 0; e < o.examples; ++e) {
        SequenceExample ex;
        for (int i = 0; i < o.length; ++i) {
            ex.tokens.push_back(int(rng.next() % std::uint64_t(o.vocabulary)));
            ex.targets.push_back(i == 0 ? -1 : ex.tokens[std::size_t(i) - 1]);
        }
        d.examples.push_back(std::move(ex));
    }

    d.trainingSettings.learningRate = o.learningRate;
    d.trainingSettings.steps = o.steps;
    d.training = trainingSettingsJson(d.trainingSettings, m.positions);
    return d;
}

} // namespace attn
