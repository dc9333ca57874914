#pragma once

#include "error.h"
#include "sequencedocument.h"
#include "sequenceevaluation.h"
#include "trainingsettings.h"

#include <vector>

namespace attn {

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
    /// `model` must be valid with these examples (validateSequence()).
    SequenceTrainer(SequenceModel model, std::vector<SequenceExample> examples,
                    TrainingSettings settings);

    /// One update. Returns the loss and accuracy at the parameters before it (the gradient pass
    /// computes them anyway), or the error that stopped it.
    Result<SequenceEvaluation> step();
    /// Loss and accuracy at the current parameters.
    Result<SequenceEvaluation> evaluate() const;

    const SequenceModel &model() const { return m_model; }
    const TrainingSettings &settings() const { return m_settings; }
    /// Updates made so far.
    int stepCount() const { return m_steps; }

private:
    SequenceModel m_model;
    std::vector<SequenceExample> m_examples;
    TrainingSettings m_settings;
    std::vector<ParameterGroup> m_groups; ///< per matrix of SequenceWeights::matrices()
    SequenceWeights m_first, m_second;    ///< Adam's moments
    int m_steps = 0;
};

} // namespace attn
