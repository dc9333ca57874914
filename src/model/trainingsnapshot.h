#pragma once

#include "core/inductionscore.h"
#include "core/sequencemodel.h"
#include "core/sequencetrainer.h"

#include <optional>
#include <vector>

/// The loss and accuracy after a number of updates: one point of the training curves.
struct TrainingPoint
{
    int step = 0;
    std::optional<double> loss, accuracy; ///< nullopt when no position is scored
};

/// A copy of the trained model after `step` updates, with what the Training view plots about it:
/// the loss and accuracy on the training examples and on the held-out ones (when the file has
/// them) and every head's induction score, and the optimiser's state (Adam's moments and step
/// count), so that "continue from here" goes on as the straight run did. Only finite parameters
/// are ever copied.
struct TrainingSnapshot
{
    int step = 0;
    attn::SequenceModel model;
    std::optional<double> loss, accuracy;
    std::optional<double> heldOutLoss, heldOutAccuracy;
    attn::InductionScore induction;
    attn::OptimizerState optimizer; ///< a fresh optimiser at the start of a run
};

/// What the worker hands over a few dozen times a second.
struct TrainingBatch
{
    unsigned generation = 0;
    std::vector<TrainingPoint> points;
    std::vector<TrainingSnapshot> snapshots; ///< the last one is the newest model
    double stepsPerSecond = 0;
    bool stopped = false;  ///< the worker is no longer stepping
    bool diverged = false; ///< it stopped because a step was not finite
    int divergedStep = 0;
    std::string divergedWhat; ///< "loss", "gradient" or "parameters"
};
