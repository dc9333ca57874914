#pragma once

#include "types.h"

#include <vector>

namespace attn {

/// The geometry a learner reads beside the scores: lengths and the angle between q and each key.
struct KeyGeometry
{
    double queryNorm = 0;
    Vector keyNorms;             ///< ‖kᵢ‖
    Vector cosines;              ///< cos θᵢ = q·kᵢ / (‖q‖‖kᵢ‖), 0 where undefined
    Vector angles;               ///< θᵢ in degrees, in [0, 180], 0 where undefined
    std::vector<bool> undefined; ///< q or kᵢ has zero length: no angle exists
};

/// Computes lengths and angles of the keys (rows) relative to the query. Any dimension.
KeyGeometry keyGeometry(const Vector &query, const Matrix &keys);

} // namespace attn
