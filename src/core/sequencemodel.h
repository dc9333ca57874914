#pragma once

#include "normaliser.h"
#include "types.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace attn {

/// How a sequence model tells positions apart.
enum class PositionKind
{
    None,       ///< no positional information: attention sees a set, not a sequence
    Sinusoidal, ///< P_i added to the embedding (Vaswani et al. 2017); D must be even
    Learned,    ///< row i of a learned table added to the embedding
    Rotary      ///< q and k rotated pair by pair by i·θ_j (RoFormer, Su et al. 2021); d_k even
};

/// The identifier used in sequence files ("none", "sinusoidal", "learned", "rotary").
const char *positionKindId(PositionKind kind);
/// Parses an identifier written by positionKindId(); returns false for anything else.
bool positionKindFromId(std::string_view id, PositionKind &out);

/// One head's projections, acting on column vectors: q = wq·r (d_k × D), k = wk·r (d_k × D),
/// v = wv·r (d_v × D).
struct SequenceHeadWeights
{
    Matrix wq, wk, wv;
};

/// One attention layer: its heads (one d_k and one d_v for all of them) and W_O (D × h·d_v),
/// which maps the heads' outputs, side by side, back into the residual stream.
struct SequenceLayerWeights
{
    std::vector<SequenceHeadWeights> heads;
    Matrix wo;
};

/// Every trainable number of a sequence model, grouped the way the forward pass uses them. The
/// same type holds a gradient or an optimiser's moments (same shapes, see zerosLike()), and
/// matrices() lists every matrix in one fixed order, so an optimiser can walk parameters,
/// gradients and moments in lockstep.
struct SequenceWeights
{
    Matrix embedding;     ///< |vocabulary| × D, one row per input token
    Matrix positionTable; ///< learned positions only: one row of D per position, else 0 × D
    std::vector<SequenceLayerWeights> layers;
    Matrix unembedding; ///< |outputs| × D, one row per output token

    /// Embedding, position table, then per layer each head's wq, wk, wv and the layer's wo,
    /// then the unembedding.
    std::vector<Matrix *> matrices();
    std::vector<const Matrix *> matrices() const;
    /// The same shapes, every entry 0.
    SequenceWeights zerosLike() const;
    /// The number of trainable numbers.
    long long parameterCount() const;
};

/// An attention-only transformer (no MLP, no layer norm; Elhage et al. 2021) over named tokens:
/// x_i = E[token_i] + P_i, then per layer r_i ← r_i + W_O [o_i¹; …; o_iʰ] with each head's
/// softmax_j(q_i·k_j / (√d_k τ)) (keys after i masked when causal; `normaliser` names the
/// function in place of softmax, the same for every head of every layer), then logits_i = U r_i.
/// Sizes are generic; the file format's limits are in sequencefile.h.
struct SequenceModel
{
    std::vector<std::string> vocabulary; ///< input token names, unique, non-empty
    std::vector<std::string> outputs; ///< output token names (a file may omit them: = vocabulary)
    int dModel = 0;                   ///< D, the width of the residual stream
    PositionKind positions = PositionKind::None;
    double base = 10000; ///< sinusoidal and rotary: the wavelength base
    bool causal = false;
    double temperature = 1.0;
    Normaliser normaliser = Normaliser::Softmax;
    std::optional<double> sigmoidBias; ///< sigmoid's b; none = −ln n, n the unmasked keys of a row
    SequenceWeights weights;

    int layerCount() const { return int(weights.layers.size()); }
    int headCount(int layer) const { return int(weights.layers[std::size_t(layer)].heads.size()); }
    /// d_k and d_v of a layer (every head of a layer shares them).
    int keyDim(int layer) const;
    int valueDim(int layer) const;
    /// The index of a name in the vocabulary / outputs, or -1.
    int tokenIndex(std::string_view name) const;
    int outputIndex(std::string_view name) const;
    /// The most positions this model can place: the learned table's rows, unlimited otherwise.
    int positionCapacity() const;
};

} // namespace attn
