#pragma once

#include "enumids.h"
#include "types.h"

#include <Eigen/Core>

#include <array>
#include <cstddef>
#include <optional>
#include <string_view>

namespace attn {

/// How a row of scores becomes a row of weights. Every normaliser divides the scores by the
/// temperature first (z = s/τ) and gives a masked key exactly 0.
enum class Normaliser
{
    Softmax,   ///< exp(zᵢ) / Σⱼ exp(zⱼ)
    Sparsemax, ///< max(zᵢ − τ*, 0): the Euclidean projection of z onto the simplex
    Softmax1,  ///< exp(zᵢ) / (1 + Σⱼ exp(zⱼ)): an implicit extra key of score 0
    Sigmoid    ///< σ(zᵢ + b), each key on its own
};

inline constexpr int kNormaliserCount = 4;

/// One row per normaliser, in the shape of kMethods (methods.h): the facts every layer shares.
struct NormaliserInfo
{
    Normaliser normaliser;
    /// The identifier in scene and sequence files, reports and on the command line.
    const char *id;
    /// Whether the weights always sum to 1 (a weighted average of the values).
    bool sumsToOne;
    /// Whether the weights can be exactly 0 for an unmasked key.
    bool exactZeros;
};

inline constexpr std::array<NormaliserInfo, kNormaliserCount> kNormalisers{{
    {Normaliser::Softmax, "softmax", true, false},
    {Normaliser::Sparsemax, "sparsemax", true, true},
    {Normaliser::Softmax1, "softmax1", false, false},
    {Normaliser::Sigmoid, "sigmoid", false, false},
}};

/// The row of `normaliser`.
constexpr const NormaliserInfo &normaliserInfo(Normaliser normaliser)
{
    return kNormalisers[static_cast<std::size_t>(normaliser)];
}

static_assert(enumids::inEnumOrder(kNormalisers, &NormaliserInfo::normaliser),
              "kNormalisers follows the order of Normaliser");

/// The identifier of `normaliser` ("softmax", "sparsemax", "softmax1", "sigmoid").
const char *normaliserId(Normaliser normaliser);

/// Parses an identifier written by normaliserId(); false, with `out` untouched, otherwise.
bool normaliserFromId(std::string_view id, Normaliser &out);

/// Sigmoid attention's default bias −ln n for n unmasked keys (Ramapuram et al. 2024): with every
/// z = 0 each weight is then 1/(n + 1), so that the weights start near a sum of 1.
double defaultSigmoidBias(Eigen::Index unmaskedKeys);

/// A row of a matrix or a vector, read (RowIn) or written (RowOut) in place: a contiguous
/// Vector and a row of a column-major Matrix (`m.row(i).transpose()`) both bind without a copy.
using RowIn = Eigen::Ref<const Vector, 0, Eigen::InnerStride<>>;
using RowOut = Eigen::Ref<Vector, 0, Eigen::InnerStride<>>;

/// What normaliseRow() found besides the weights, for the step table and the report:
/// - shift: softmax and sparsemax: the largest unmasked z; softmax₁: max(0, that); sigmoid: 0;
/// - denominator: softmax: Σ exp(zⱼ − shift); softmax₁: exp(−shift) + Σ exp(zⱼ − shift); else 0;
/// - threshold: sparsemax's τ*, in the units of z (wᵢ = max(zᵢ − τ*, 0)); else 0;
/// - bias: sigmoid's b as used (the given one or −ln n); else 0;
/// - support: the number of keys with weight > 0 (sparsemax's k); weightSum: Σ wᵢ.
struct RowFacts
{
    double shift = 0, denominator = 0, threshold = 0, bias = 0;
    int support = 0;
    double weightSum = 0;
};

/// The weights of one row of logits z (already divided by τ) into `w` (same size; may not alias
/// z). An entry of z equal to −∞ is a masked key and gets exactly 0; no entry may be NaN or +∞.
/// `sigmoidBias` is used by Sigmoid only (none = −ln n, n the unmasked keys). Allocation-free;
/// every weight is finite for any finite z. With every key masked all weights are 0 and
/// support is 0 (the checked normalise() in softmax.h refuses that case).
RowFacts normaliseRow(Normaliser normaliser, RowIn z, RowOut w,
                      std::optional<double> sigmoidBias = std::nullopt);

/// The vector–Jacobian product of normaliseRow(): given its weights `w` and dL/dw, writes dL/dz
/// into `dz` (which may be the same storage as `dw`, not `w`). The caller divides by τ to get
/// dL/ds. Masked keys (w = 0 from −∞) get 0. Softmax and softmax₁: wᵢ(gᵢ − Σⱼ wⱼgⱼ); sparsemax:
/// on the support gᵢ − (Σ_support g)/k, else 0; sigmoid: gᵢ wᵢ(1 − wᵢ) (b held fixed).
/// Allocation-free.
void normaliseRowBackward(Normaliser normaliser, RowIn w, RowIn dw, RowOut dz);

/// The same scores through every normaliser at once, for comparing them side by side.
struct EveryNormaliser
{
    /// Row k: the weights of kNormalisers[k], one column per key; for several rows of scores
    /// (one per head), the mean over the rows.
    Matrix weights;
    /// Σw of each row of `weights` (the mean of the rows' sums).
    std::array<double, kNormaliserCount> weightSum{};
    /// Softmax₁'s implicit key, exp(−shift)/denominator = 1 − Σw (the mean over the rows).
    double nothing = 0;
};

/// Each row of `scoreRows` (one row of scores for one query; one per head for multi-head
/// attention) divided by `temperature`, with the keys that `mask` leaves out at −∞ and the same
/// `sigmoidBias` (none = −ln n), through every normaliser by normaliseRow(): the same z for all
/// four. Logits beyond ±DBL_MAX saturate, as in normalise(). Expects finite scores, τ > 0 and a
/// mask that is empty or has one entry per column (what normalise() checks); a row with every
/// key masked gives zeros. Allocates its result.
EveryNormaliser normaliseEveryWay(const Matrix &scoreRows, double temperature, const Mask &mask,
                                  std::optional<double> sigmoidBias = std::nullopt);

} // namespace attn
