#pragma once

#include "error.h"
#include "sequencebackward.h"
#include "sequencedocument.h"
#include "sequenceevaluation.h"
#include "trainingsettings.h"

#include <vector>

namespace attn {

/// What an optimiser carries from one step to the next: Adam's first and second moments (m and v,
/// in the shapes of the weights) and its step count t, which sets the bias correction. A
/// timeline snapshot keeps one, so that a run forked from it goes on exactly as the straight run
/// would have. A default-constructed state (no matrices) stands for a fresh optimiser.
struct OptimizerState
{
    OptimizerKind optimizer = OptimizerKind::Adam; ///< the optimiser that made these steps
    int steps = 0;                                 ///< updates made with it (Adam's t)
    SequenceWeights first, second;                 ///< m and v; all zero under SGD

    /// True when the moments have the shapes of `weights` (a fresh state has none).
    bool fits(const SequenceWeights &weights) const;
};

/// Full-batch training of a sequence model: each step takes the exact gradient of the loss over
/// every example (SequenceGradient) and moves the trainable groups by SGD or Adam; frozen groups
/// never change. The arithmetic is sequential and in a fixed order, so the same model, examples
/// and settings give bit-identical losses run after run.
///
/// A step whose loss or gradient is not finite, or whose update would make a parameter
/// non-finite, is refused: the parameters stay the last finite ones and the error says which
/// (ErrorCode::Diverged, subject "loss", "gradient" or "parameters", actual = the step).
class SequenceTrainer
{
public:
    /// `model` must be valid with these examples (validateSequence()). `state` continues an
    /// earlier run (a fork): it is used when it was made by the same optimiser for weights of
    /// these shapes, and the optimiser starts fresh otherwise.
    SequenceTrainer(SequenceModel model, std::vector<SequenceExample> examples,
                    TrainingSettings settings, OptimizerState state = {});

    /// One update. Returns the loss and accuracy at the parameters before it (the gradient pass
    /// computes them anyway), or the error that stopped it. A `cancel` set from another thread
    /// ends the gradient pass early with an error; the parameters stay as they were.
    Result<SequenceEvaluation> step(const CancelFlag *cancel = nullptr);
    /// Loss and accuracy at the current parameters; `cancel` as SequenceEvaluation::evaluate().
    Result<SequenceEvaluation> evaluate(const CancelFlag *cancel = nullptr) const;

    /// New settings from the next step, as torch does when a param_group's lr changes: Adam's
    /// moments and step count are kept. A different optimiser starts fresh (its state would mean
    /// nothing to the other).
    void setSettings(const TrainingSettings &settings);

    const SequenceModel &model() const { return m_model; }
    const TrainingSettings &settings() const { return m_settings; }
    const OptimizerState &optimizerState() const { return m_state; }
    /// Updates made so far by this trainer.
    int stepCount() const { return m_steps; }

private:
    void resetState();

    SequenceModel m_model;
    std::vector<SequenceExample> m_examples;
    TrainingSettings m_settings;
    std::vector<ParameterGroup> m_groups; ///< per matrix of SequenceWeights::matrices()
    OptimizerState m_state;
    int m_steps = 0;
    // Kept between steps so that a step allocates nothing: the gradient, and the next
    // parameters and moments, which are written here and swapped in only when all are finite.
    SequenceGradient m_gradient;
    SequenceWeights m_nextWeights, m_nextFirst, m_nextSecond;
};

} // namespace attn
