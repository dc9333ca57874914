#pragma once

#include "params.h"
#include "types.h"

#include <optional>

namespace attn {

/// Everything a scene file holds: the vectors of the canvas and every method's parameters.
/// Keys and values are matrices with one row per key; the canvas uses dimension 2.
struct Scene
{
    static constexpr int kMaxKeys = 64;

    Method method = Method::Scaled;
    double temperature = 1.0;
    std::optional<double> scaleDim; ///< the d of √d for Scaled; none = the vector dimension
    Vector query;
    Matrix keys;   ///< n × 2
    Matrix values; ///< n × 2
    Mask mask;     ///< empty or n entries
    Matrix general;
    AdditiveParams additive;
    MultiHeadParams multiHead;
    Normaliser normaliser = Normaliser::Softmax;
    std::optional<double> sigmoidBias; ///< sigmoid's b; none = −ln n, n the unmasked keys

    int keyCount() const { return int(keys.rows()); }

    /// The first article's worked example with every method's default parameters.
    static Scene defaultScene();

    /// The parameters for attend() that this scene describes.
    AttentionParams params() const;
};

/// Defaults used when a scene leaves a method's parameters out (documented in the README).
namespace defaults {
/// General: the 2 × 2 identity, so that qᵀ W k starts as the dot product.
Matrix generalW();
/// Additive: H = 4, entries uniform in [−1, 1) from Random(kAdditiveSeed), drawn in the order
/// wq (row by row), wk, b, v.
inline constexpr std::uint64_t kAdditiveSeed = 2015;
AdditiveParams additive(int hiddenSize = 4, std::uint64_t seed = kAdditiveSeed);
/// Multi-head: the standard split of the 2 × 2 identity into two heads (d_k = d_v = 1): head 1
/// sees the x axis, head 2 the y axis, and W_O = I puts the two outputs back side by side.
MultiHeadParams multiHead();
} // namespace defaults

} // namespace attn
