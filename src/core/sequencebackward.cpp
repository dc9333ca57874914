#include "sequencebackward.h"

#include "fastmath.h"
#include "sequencebatchpass.h"

#include <utility>
#include <vector>

namespace attn {

namespace {
// The same shapes as `model`'s weights, every entry 0, reusing `g`'s storage where it fits.
void zeroLike(SequenceWeights &g, const SequenceWeights &w)
{
    const std::vector<const Matrix *> from = w.matrices();
    std::vector<Matrix *> to = g.matrices();
    if (to.size() != from.size()) {
        g = w.zerosLike();
        return;
    }
    for (std::size_t i = 0; i < to.size(); ++i)
        to[i]->setZero(from[i]->rows(), from[i]->cols());
}
} // namespace

Result<SequenceGradient> SequenceGradient::compute(const SequenceModel &model,
                                                   std::span<const SequenceExample> examples)
{
    SequenceGradient out;
    Groups all;
    all.fill(true);
    if (auto e = computeInto(out, model, examples, all))
        return std::move(*e);
    return out;
}

std::optional<Error> SequenceGradient::computeInto(SequenceGradient &out,
                                                   const SequenceModel &model,
                                                   std::span<const SequenceExample> examples,
                                                   const Groups &needed, const CancelFlag *cancel)
{
    out.evaluation = {};
    zeroLike(out.gradient, model.weights);
    return detail::batchPass(model, examples, out.evaluation, &out.gradient, needed, cancel);
}

} // namespace attn
