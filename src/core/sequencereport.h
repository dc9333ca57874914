#pragma once

#include "error.h"
#include "sequencedocument.h"
#include "trainingrun.h"

#include <string>

namespace attn {

/// The most numbers one report may hold (about 25 bytes each): a bigger report would not fit in
/// memory comfortably, and no person or script reads it whole.
inline constexpr long long kMaxSequenceReportNumbers = 40'000'000;

/// The numbers a report of `document` would hold.
long long sequenceReportNumbers(const SequenceDocument &document);

/// The --report JSON of a sequence file: {"format": "attention-canvas-sequence-report",
/// "version": 1, "loss", "accuracy", "examples": [...]}, each example with its "tokens", its
/// "input" (x with positions), its "layers" (each head's q, k after rotation, v, scores with null
/// where masked, weights and output, and the residual stream after the layer as "output"), its
/// "logits" and its "predictions" (output names). loss and accuracy are null when no position
/// has a target. With held-out examples, "held_out_loss" and "held_out_accuracy" follow
/// "accuracy" (null likewise; the held-out examples are not listed). Every number at 17
/// significant digits. The document must be valid
/// (validateSequence()). Error: OutOfRange (subject "examples", detail "report-numbers",
/// expected = kMaxSequenceReportNumbers) when the report would be larger.
/// With `training` (--train), a last member "training" holds TrainingRun::toJson() of the
/// document's model, which is then the trained one.
Result<std::string> writeSequenceReport(const SequenceDocument &document,
                                        const TrainingRun *training = nullptr);

} // namespace attn
