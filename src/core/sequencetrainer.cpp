#include "sequencetrainer.h"

#include "fastmath.h"

#include <cmath>
#include <utility>

namespace attn {

namespace {
Error diverged(const char *what, int step)
{
    return Error{ErrorCode::Diverged, what, -1, step, {}};
}
} // namespace

bool OptimizerState::fits(const SequenceWeights &weights) const
{
    const std::vector<const Matrix *> w = weights.matrices(), m = first.matrices(),
                                      v = second.matrices();
    if (m.size() != w.size() || v.size() != w.size())
        return false;
    for (std::size_t i = 0; i < w.size(); ++i)
        if (m[i]->rows() != w[i]->rows() || m[i]->cols() != w[i]->cols() ||
            v[i]->rows() != w[i]->rows() || v[i]->cols() != w[i]->cols())
            return false;
    return true;
}

SequenceTrainer::SequenceTrainer(SequenceModel model, std::vector<SequenceExample> examples,
                                 TrainingSettings settings, OptimizerState state)
    : m_model(std::move(model)), m_examples(std::move(examples)), m_settings(settings),
      m_groups(parameterGroups(m_model.weights)), m_state(std::move(state))
{
    if (m_state.optimizer != m_settings.optimizer || !m_state.fits(m_model.weights))
        resetState();
    m_nextWeights = m_model.weights;
    m_nextFirst = m_state.first;
    m_nextSecond = m_state.second;
}

void SequenceTrainer::resetState()
{
    m_state.optimizer = m_settings.optimizer;
    m_state.steps = 0;
    m_state.first = m_model.weights.zerosLike();
    m_state.second = m_state.first;
}

void SequenceTrainer::setSettings(const TrainingSettings &settings)
{
    const bool other = settings.optimizer != m_settings.optimizer;
    m_settings = settings;
    if (other)
        resetState();
    // A group frozen from now on must keep its current values in the spare copy too.
    m_nextWeights = m_model.weights;
}

Result<SequenceEvaluation> SequenceTrainer::evaluate(const CancelFlag *cancel) const
{
    return SequenceEvaluation::evaluate(m_model, m_examples, cancel);
}

Result<SequenceEvaluation> SequenceTrainer::step(const CancelFlag *cancel)
{
    const int t = m_state.steps + 1;
    // Frozen groups need no gradient: their products are skipped.
    if (auto error = SequenceGradient::computeInto(m_gradient, m_model, m_examples,
                                                   m_settings.trainable, cancel)) {
        // Finite parameters so large that the pass overflows: the run has diverged.
        if (error->code == ErrorCode::NonFinite)
            return diverged("loss", m_steps + 1);
        return std::move(*error);
    }
    const std::optional<double> loss = m_gradient.evaluation.loss();
    if (loss && !std::isfinite(*loss))
        return diverged("loss", m_steps + 1);
    const std::vector<const Matrix *> g = std::as_const(m_gradient.gradient).matrices();
    for (std::size_t i = 0; i < g.size(); ++i)
        if (m_settings.isTrainable(m_groups[i]) && !detail::allFinite(*g[i]))
            return diverged("gradient", m_steps + 1);

    // The update goes into the spare matrices, swapped in only when every new parameter is
    // finite. Frozen groups are never written, so both copies always hold their values.
    const std::vector<const Matrix *> p0 = std::as_const(m_model.weights).matrices(),
                                      m0 = std::as_const(m_state.first).matrices(),
                                      v0 = std::as_const(m_state.second).matrices();
    const std::vector<Matrix *> p = m_nextWeights.matrices(), m = m_nextFirst.matrices(),
                                v = m_nextSecond.matrices();
    const double lr = m_settings.learningRate;
    // torch.optim.Adam (single-tensor path): m ← m + (1 − β₁)(g − m) (torch's lerp, which is
    // β₁m + (1 − β₁)g), v ← β₂v + (1 − β₂)g², then p ← p − (lr / (1 − β₁ᵗ)) · m / (√v / √(1 − β₂ᵗ)
    // + ε), in torch's order of operations.
    const double b1 = m_settings.beta1, b2 = m_settings.beta2;
    const double stepSize = lr / (1 - std::pow(b1, t));
    const double correction2 = std::sqrt(1 - std::pow(b2, t));
    const bool adam = m_settings.optimizer == OptimizerKind::Adam;
    for (std::size_t i = 0; i < p.size(); ++i) {
        if (!m_settings.isTrainable(m_groups[i]) || p[i]->size() == 0)
            continue;
        if (!adam) {
            p[i]->noalias() = *p0[i] - lr * *g[i];
        } else {
            m[i]->array() = m0[i]->array() + (1 - b1) * (g[i]->array() - m0[i]->array());
            v[i]->array() = b2 * v0[i]->array() + (1 - b2) * g[i]->array().square();
            p[i]->array() = p0[i]->array() -
                            stepSize * (m[i]->array() /
                                        (v[i]->array().sqrt() / correction2 + m_settings.epsilon));
        }
        if (!detail::allFinite(*p[i]))
            return diverged("parameters", m_steps + 1);
    }
    std::swap(m_model.weights, m_nextWeights);
    if (adam) {
        std::swap(m_state.first, m_nextFirst);
        std::swap(m_state.second, m_nextSecond);
    }
    m_state.steps = t;
    ++m_steps;
    return m_gradient.evaluation;
}

} // namespace attn
