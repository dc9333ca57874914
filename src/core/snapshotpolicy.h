#pragma once

namespace attn {

/// Which training steps a timeline keeps, so that a long run stays small but a short one loses
/// nothing: every step up to `dense`, then every 2nd up to 2·dense, every 4th up to 4·dense, and
/// so on — about dense/2 kept steps per doubling of the run, however long it grows.
struct SnapshotPolicy
{
    int dense = 200;

    /// The spacing of kept steps around `step` (1, 2, 4, …).
    int stride(int step) const;
    /// True when `step` is kept.
    bool keeps(int step) const { return step % stride(step) == 0; }
};

} // namespace attn
