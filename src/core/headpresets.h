#pragma once

#include "params.h"
#include "types.h"

#include <cstdint>

/// Ready-made projection matrices for the heads of multi-head attention and the bookkeeping that
/// keeps a MultiHeadParams or AdditiveParams consistent when its sizes change. Everything acts on
/// the 2-D canvas: projections take 2-vectors, and d_k, d_v are 1 or 2.
namespace attn::presets {

/// The first `dk` rows of the 2 × 2 identity (dk × 2): d_k = 1 keeps the x coordinate only.
Matrix identity(int dk);

/// The first `dk` rows of the counter-clockwise rotation R(θ) = [cos θ, −sin θ; sin θ, cos θ]
/// (dk × 2). With d_k = 1 a head sees the x coordinate of the rotated vector, i.e. the component
/// along the direction (cos θ, −sin θ).
Matrix rotation(double thetaDegrees, int dk);

/// [1 0] (1 × 2): the head sees only the x coordinate.
Matrix projectX();

/// [0 1] (1 × 2): the head sees only the y coordinate.
Matrix projectY();

/// rows × cols entries uniform in [−1, 1) from Random(seed), drawn row by row.
Matrix random(int rows, int cols, std::uint64_t seed);

/// Keeps the first `rows` rows of `m` and appends zero rows up to `rows`. A zero row adds nothing
/// to a dot product, so growing W_Q and W_K this way changes a head's scores only through √d_k.
Matrix fitRows(const Matrix &m, int rows);

/// The value projection of head `index` (0-based) in the presets: the identity for d_v = 2; for
/// d_v = 1 the heads take turns, even heads see x and odd heads see y (the split of the default
/// scene, where head 1 sees x and head 2 sees y).
Matrix valueProjection(int index, int dv);

/// The output matrix W_O (2 × h·d_v) that averages the heads, for heads that use
/// valueProjection(): for d_v = 2 it is [I/h … I/h]; for d_v = 1 head j writes to axis j mod 2,
/// divided by the number of heads that write to that axis (h = 2 gives the identity).
Matrix averagingOutput(int h, int dv);

/// The head appended as head `index` (0-based), turned 45°·index further than head 0, with
/// W_V = valueProjection(index, dv). Only W_Qᵀ W_K counts for a head's scores, so the same
/// rotation on both sides would change nothing when d_k = 2 ((Rq)·(Rk) = q·k). Hence:
/// d_k = 1: W_Q = W_K = rotation(45°·index, 1), the head compares q and k along one direction;
/// d_k = 2: W_Q = rotation(45°·index, 2) and W_K = I, the head compares the turned query with the
/// keys.
Head head(int index, int dk, int dv);

/// The ready-made projections offered for a head, in the order the method panel lists them.
enum class Kind
{
    Identity,
    Rotation,
    ProjectX,
    ProjectY,
    Random
};

/// Which of a head's projections a preset replaces unless the learner chooses otherwise.
struct Targets
{
    bool query = false;
    bool key = false;
    bool value = false;
};

/// The default targets of a preset: W_Q and W_K, except for a rotation, which goes to W_Q alone:
/// the same rotation in W_Q and W_K leaves a head's scores unchanged when d_k = 2.
Targets defaultTargets(Kind kind);

/// W_O for `newHeads` heads of dimension d_v. If `wo` is the averaging output of its head count
/// (within 1e-12), the result is averagingOutput(newHeads, dv). Otherwise the user has edited it:
/// the blocks of the heads that stay are kept and the blocks of new heads are taken from
/// averagingOutput(newHeads, dv).
Matrix resizeOutput(const Matrix &wo, int newHeads, int dv);

/// `p` with `count` heads (1 … kMaxHeads): removed heads are dropped from the end, new heads are
/// head(j, d_k of the last head, d_v) and W_O follows resizeOutput().
MultiHeadParams withHeadCount(const MultiHeadParams &p, int count);

/// `p` with the key dimension of head `index` set to `dk` (1 or 2): W_Q and W_K follow fitRows().
MultiHeadParams withKeyDim(const MultiHeadParams &p, int index, int dk);

/// `p` with every head's value dimension set to `dv` (1 or 2), as W_O requires one d_v for all
/// heads: every W_V becomes valueProjection(j, dv) and W_O becomes averagingOutput(h, dv).
MultiHeadParams withValueDim(const MultiHeadParams &p, int dv);

/// `p` with hidden size `hidden`: the rows that fit are kept (W_q, W_k, b, v alike) and the new
/// rows are those of defaults::additive(hidden, seed).
AdditiveParams withHiddenSize(const AdditiveParams &p, int hidden, std::uint64_t seed);

} // namespace attn::presets
