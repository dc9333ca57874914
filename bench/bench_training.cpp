// Training steps per second (full-batch forward, exact backward and Adam update), single thread:
// the built-in previous-token task at its default size, and a model of the forward benchmark's
// size (2 layers, 4 heads, D = 32, d_k = d_v = 8, rotary, causal) on 256 examples of 32 tokens
// whose targets repeat an earlier token, the scale of an induction task.

#include "benchclock.h"
#include "core/random.h"
#include "core/sequencetrainer.h"
#include "core/trainingtask.h"

#include <cmath>
#include <cstdio>

namespace {

attn::Matrix randomMatrix(attn::Random &rng, int rows, int cols, double a)
{
    attn::Matrix m(rows, cols);
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c)
            m(r, c) = rng.uniform(-a, a);
    return m;
}

attn::SequenceDocument largeDocument()
{
    constexpr int kVocabulary = 64, kD = 32, kLayers = 2, kHeads = 4, kDk = 8, kDv = 8;
    constexpr int kExamples = 256, kTokens = 32;
    attn::Random rng(7);
    attn::SequenceDocument d;
    attn::SequenceModel &m = d.model;
    for (int i = 0; i < kVocabulary; ++i)
        m.vocabulary.push_back("t" + std::to_string(i));
    m.outputs = m.vocabulary;
    m.dModel = kD;
    m.positions = attn::PositionKind::Rotary;
    m.causal = true;
    const double a = 1 / std::sqrt(double(kD));
    m.weights.embedding = randomMatrix(rng, kVocabulary, kD, 1);
    m.weights.positionTable = attn::Matrix(0, kD);
    for (int l = 0; l < kLayers; ++l) {
        attn::SequenceLayerWeights layer;
        for (int h = 0; h < kHeads; ++h)
            layer.heads.push_back({randomMatrix(rng, kDk, kD, a), randomMatrix(rng, kDk, kD, a),
                                   randomMatrix(rng, kDv, kD, a)});
        layer.wo = randomMatrix(rng, kD, kHeads * kDv, 1 / std::sqrt(double(kHeads * kDv)));
        m.weights.layers.push_back(std::move(layer));
    }
    m.weights.unembedding = randomMatrix(rng, kVocabulary, kD, a);
    // A random half, repeated: the second half's targets are the tokens that followed the same
    // token in the first half (induction).
    for (int e = 0; e < kExamples; ++e) {
        attn::SequenceExample ex;
        for (int i = 0; i < kTokens / 2; ++i)
            ex.tokens.push_back(int(rng.next() % kVocabulary));
        for (int i = 0; i < kTokens / 2; ++i)
            ex.tokens.push_back(ex.tokens[std::size_t(i)]);
        for (int i = 0; i < kTokens; ++i)
            ex.targets.push_back(i >= kTokens / 2 && i + 1 < kTokens ? ex.tokens[std::size_t(i) + 1]
                                                                     : -1);
        d.examples.push_back(std::move(ex));
    }
    return d;
}

void measure(const char *name, const attn::SequenceDocument &d, int steps)
{
    attn::SequenceTrainer trainer(d.model, d.examples, d.trainingSettings);
    double first = 0, last = 0;
    const auto start = bench::Clock::now();
    for (int i = 0; i < steps; ++i) {
        auto r = trainer.step();
        if (!r) {
            std::printf("%s: stopped at step %d\n", name, i + 1);
            return;
        }
        (i == 0 ? first : last) = *r->loss();
    }
    const double seconds = std::chrono::duration<double>(bench::Clock::now() - start).count();
    // The forward pass alone over the same examples, for scale: a step is one forward and one
    // backward pass.
    const auto forwardStart = bench::Clock::now();
    for (int i = 0; i < 3; ++i)
        (void)trainer.evaluate();
    const double forward =
        std::chrono::duration<double>(bench::Clock::now() - forwardStart).count() / 3;
    std::printf("%-44s forward pass alone %8.3f ms\n", name, 1e3 * forward);
    std::printf("%-44s %5d steps in %7.3f s: %9.1f steps/s (%8.3f ms a step), loss %.4f -> %.4f\n",
                name, steps, seconds, steps / seconds, 1e3 * seconds / steps, first, last);
}

} // namespace

int main()
{
    const attn::SequenceDocument previous = attn::TrainingTask::previousToken({});
    measure("previous token (48 x 8 tokens, D 8, 1 head)", previous, 300);
    measure("2 layers x 4 heads, D 32, 256 x 32 tokens", largeDocument(), 20);
    return 0;
}
