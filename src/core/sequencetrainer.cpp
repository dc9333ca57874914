#include "sequencetrainer.h"

#include "fastmath.h"
#include "sequencebackward.h"

#include <cmath>

namespace attn {

namespace {
Error diverged(const char *what, int step)
{
    return Error{ErrorCode::Diverged, what, -1, step, {}};
}
} // namespace

SequenceTrainer::SequenceTrainer(SequenceModel model, std::vector<SequenceExample> examples,
                                 TrainingSettings settings)
    : m_model(std::move(model)), m_examples(std::move(examples)), m_settings(settings),
      m_groups(parameterGroups(m_model.weights)), m_first(m_model.weights.zerosLike()),
      m_second(m_first)
{}

Result<SequenceEvaluation> SequenceTrainer::evaluate() const
{
    return SequenceEvaluation::evaluate(m_model, m_examples);
}

Result<SequenceEvaluation> SequenceTrainer::step()
{
    const int t = m_steps + 1;
    auto gradient = SequenceGradient::compute(m_model, m_examples);
    if (!gradient) {
        // Finite parameters so large that the pass overflows: the run has diverged.
        if (gradient.error().code == ErrorCode::NonFinite)
            return diverged("loss", t);
        return gradient.error();
    }
    const std::optional<double> loss = gradient->evaluation.loss();
    if (loss && !std::isfinite(*loss))
        return diverged("loss", t);
    const std::vector<const Matrix *> g = gradient->gradient.matrices();
    for (std::size_t i = 0; i < g.size(); ++i)
        if (m_settings.isTrainable(m_groups[i]) && !detail::allFinite(*g[i]))
            return diverged("gradient", t);

    // The update goes into copies, committed only when every new parameter is finite.
    SequenceWeights next = m_model.weights;
    SequenceWeights first = m_first, second = m_second;
    const std::vector<Matrix *> p = next.matrices(), m = first.matrices(), v = second.matrices();
    const double lr = m_settings.learningRate;
    // torch.optim.Adam (single-tensor path): m ← m + (1 − β₁)(g − m) (torch's lerp, which is
    // β₁m + (1 − β₁)g), v ← β₂v + (1 − β₂)g², then p ← p − (lr / (1 − β₁ᵗ)) · m / (√v / √(1 − β₂ᵗ)
    // + ε), in torch's order of operations.
    const double b1 = m_settings.beta1, b2 = m_settings.beta2;
    const double stepSize = lr / (1 - std::pow(b1, t));
    const double correction2 = std::sqrt(1 - std::pow(b2, t));
    for (std::size_t i = 0; i < p.size(); ++i) {
        if (!m_settings.isTrainable(m_groups[i]) || p[i]->size() == 0)
            continue;
        if (m_settings.optimizer == OptimizerKind::Sgd) {
            *p[i] -= lr * *g[i];
        } else {
            m[i]->array() += (1 - b1) * (g[i]->array() - m[i]->array());
            v[i]->array() = b2 * v[i]->array() + (1 - b2) * g[i]->array().square();
            const Eigen::ArrayXXd denom = v[i]->array().sqrt() / correction2 + m_settings.epsilon;
            p[i]->array() -= stepSize * (m[i]->array() / denom);
        }
        if (!detail::allFinite(*p[i]))
            return diverged("parameters", t);
    }
    m_model.weights = std::move(next);
    m_first = std::move(first);
    m_second = std::move(second);
    m_steps = t;
    return std::move(gradient).value().evaluation;
}

} // namespace attn
