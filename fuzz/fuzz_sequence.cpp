// libFuzzer target: any bytes as a sequence file. Besides "no crash, no hang, no leak, no
// undefined behaviour" it checks the loader's promises on every input that loads:
//   - validateSequence accepts what parseSequence accepts;
//   - writing and reading back is exact (the second write is byte for byte the first);
//   - every example runs, every row of weights lies in [0, 1] and sums as its normaliser
//     promises (1; at most 1 for softmax₁; at most the keys for sigmoid), masked weights are 0;
//   - the report is written (or refused as too large), and every error turns into a message;
//   - a model with targets trains three steps by its own training block: every step either
//     moves to finite parameters with a finite loss, or is refused as diverged with the last
//     finite parameters kept, and the trained document saves and loads again.

#include "core/normaliser.h"
#include "core/sequencefile.h"
#include "core/sequenceforward.h"
#include "core/sequencereport.h"
#include "core/sequencetrainer.h"
#include "model/errortext.h"

#include <QString>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace {
[[noreturn]] void broken(const char *promise)
{
    std::fprintf(stderr, "fuzz_sequence: broken promise: %s\n", promise);
    std::abort();
}

void checkForward(const attn::SequenceDocument &d)
{
    for (const attn::SequenceExample &ex : d.examples) {
        auto f = attn::SequenceForward::run(d.model, ex.tokens);
        if (!f) {
            if (f.error().code == attn::ErrorCode::NonFinite)
                return; // numbers near 1e308 overflow: refused, and said so
            broken("a loaded example does not run");
        }
        for (const auto &layer : f->layers)
            for (const auto &head : layer.heads)
                for (Eigen::Index i = 0; i < head.weights.rows(); ++i) {
                    double sum = 0;
                    for (Eigen::Index j = 0; j < head.weights.cols(); ++j) {
                        const double w = head.weights(i, j);
                        if (!(w >= 0 && w <= 1))
                            broken("a weight outside [0, 1]");
                        if (d.model.causal && j > i && w != 0)
                            broken("a masked key has weight");
                        sum += w;
                    }
                    const attn::Normaliser n = d.model.normaliser;
                    if (attn::normaliserInfo(n).sumsToOne ? std::abs(sum - 1) > 1e-9
                        : n == attn::Normaliser::Softmax1
                            ? sum > 1 + 1e-9
                            : sum > double(head.weights.cols()) + 1e-9)
                        broken("the weights do not sum as the normaliser promises");
                }
    }
}
bool finiteModel(const attn::SequenceModel &m)
{
    for (const attn::Matrix *matrix : m.weights.matrices())
        if (!matrix->allFinite())
            return false;
    return true;
}

void checkTraining(const attn::SequenceDocument &d)
{
    bool scored = false;
    for (const attn::SequenceExample &ex : d.examples)
        for (int t : ex.targets)
            scored = scored || t >= 0;
    if (!scored)
        return;
    attn::SequenceTrainer trainer(d.model, d.examples, d.trainingSettings);
    for (int i = 0; i < 3; ++i) {
        auto step = trainer.step();
        if (!step) {
            if (step.error().code != attn::ErrorCode::Diverged &&
                step.error().code != attn::ErrorCode::NonFinite)
                broken("a training step failed with something other than divergence");
            if (ErrorText::describe(step.error()).isEmpty())
                broken("a training error without a message");
            break;
        }
        if (step->loss() && !std::isfinite(*step->loss()))
            broken("a step reported a non-finite loss");
    }
    if (!finiteModel(trainer.model()))
        broken("training left a non-finite parameter");
    attn::SequenceDocument trained = d;
    trained.model = trainer.model();
    auto back = attn::parseSequence(attn::writeSequence(trained));
    if (!back)
        broken("a trained model does not save and load");
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char *>(data), size);
    auto document = attn::parseSequence(text);
    if (!document) {
        if (ErrorText::describe(document.error()).isEmpty())
            broken("an error without a message");
        return 0;
    }
    if (!attn::validateSequence(*document))
        broken("the validator refuses a document that the file reader accepted");
    const std::string written = attn::writeSequence(*document);
    auto back = attn::parseSequence(written);
    if (!back)
        broken("a written file does not load");
    if (attn::writeSequence(*back) != written)
        broken("the round trip is not exact");
    // Big models take long to run; the loader's limits are what is fuzzed there.
    if (attn::sequenceReportNumbers(*document) > 200'000)
        return 0;
    checkForward(*document);
    // Training costs a few passes more: only the smaller models.
    if (attn::sequenceReportNumbers(*document) <= 50'000)
        checkTraining(*document);
    auto report = attn::writeSequenceReport(*document);
    if (!report && report.error().code != attn::ErrorCode::NonFinite)
        broken("no report for a document that loads");
    if (report && report->empty())
        broken("an empty report");
    return 0;
}
