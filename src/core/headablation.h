#pragma once

#include "sequencemodel.h"

#include <vector>

namespace attn {

/// Which heads are switched off, per layer: off[l][h] true removes head h of layer l. Missing
/// entries (a shorter list) mean "on".
using HeadMask = std::vector<std::vector<bool>>;

/// Head ablation: a copy of `model` in which every head marked in `off` contributes nothing to
/// the residual stream. A head reaches the stream only through its block of columns
/// h·d_v … (h+1)·d_v − 1 of its layer's W_O, so zeroing those columns is exactly "its output
/// zeroed", while its own attention weights (and every other head of its layer) are unchanged;
/// later layers see the changed stream.
SequenceModel ablateHeads(const SequenceModel &model, const HeadMask &off);

/// True when `off` switches at least one existing head off.
bool anyHeadOff(const SequenceModel &model, const HeadMask &off);

} // namespace attn
