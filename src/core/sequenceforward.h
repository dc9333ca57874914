#pragma once

#include "error.h"
#include "sequencemodel.h"
#include "types.h"

#include <optional>
#include <span>
#include <vector>

namespace attn {

/// One head of one layer on one example. Rows are tokens (row i = position i of the example).
struct SequenceHeadForward
{
    Matrix q; ///< n × d_k: W_q r_i, rotated by its position under rotary positions
    Matrix k; ///< n × d_k: W_k r_j, rotated likewise
    Matrix v; ///< n × d_v: W_v r_j
    Matrix scores; ///< n × n: s_ij = q_i·k_j / √d_k; −∞ where masked (j > i under the causal mask)
    /// n × n: the normaliser of s_ij / τ by row (softmax: max subtracted); 0 where masked
    Matrix weights;
    Matrix output; ///< n × d_v: o_i = Σ_j w_ij v_j
};

/// One layer on one example.
struct SequenceLayerForward
{
    std::vector<SequenceHeadForward> heads;
    Matrix output; ///< n × D: the residual stream after the layer, r + [o¹ … oʰ] W_Oᵀ
};

/// A forward pass of a SequenceModel over one example, keeping every intermediate: the report
/// prints them, the Sequence window draws them, and a backward pass needs exactly these (each
/// layer's input is the previous layer's output, the rotated q and k rotate back with the
/// transposed rotation, and the weights give the softmax's Jacobian).
///
/// Every step is a matrix product over all tokens of the example (per head), so that a
/// 2-layer, 4-head model of D = 32 runs 32 tokens in a few microseconds.
struct SequenceForward
{
    std::vector<int> tokens; ///< vocabulary indices
    int firstPosition = 0;   ///< token i sits at position firstPosition + i
    Matrix input;            ///< n × D: x_i = E[token_i] + P_i
    std::vector<SequenceLayerForward> layers;
    Matrix logits; ///< n × |outputs|: logits_i = U r_i
    std::vector<int>
        predictions; ///< per token, the output index of the largest logit (first on ties)

    int length() const { return int(tokens.size()); }
    /// The residual stream entering layer `layer` (the input for layer 0); residual(layerCount)
    /// is the stream the unembedding reads.
    const Matrix &residual(int layer) const
    {
        return layer == 0 ? input : layers[std::size_t(layer) - 1].output;
    }
    /// −log softmax(logits_i)[target], computed with the max subtracted.
    double tokenLoss(int position, int target) const;

    /// Runs `model` (which must be valid: see validateSequence()) on `tokens` (vocabulary
    /// indices), placing token i at position firstPosition + i (≥ 0). Errors: BadArgument
    /// (subject "tokens") for no token, a token index outside the vocabulary or a negative
    /// first position; DimensionMismatch (subject "positions.table", expected = the rows needed)
    /// when learned positions do not reach the last token; NonFinite (subject "logits", detail
    /// "overflow") when finite but huge parameters overflow somewhere in the pass.
    static Result<SequenceForward> run(const SequenceModel &model, std::span<const int> tokens,
                                       int firstPosition = 0);
    /// The same pass into `f`, reusing its matrices: a caller that runs many examples of one
    /// length through one SequenceForward (an evaluation, a benchmark, a window redrawn while
    /// dragging) allocates nothing after the first. On an error `f` holds no valid pass.
    static std::optional<Error> runInto(SequenceForward &f, const SequenceModel &model,
                                        std::span<const int> tokens, int firstPosition = 0);
};

/// x (n × D, one row per token) = E[token_i] + P_i for the positions firstPosition + i: a pass's
/// first step, shared by SequenceForward and the gradient's pass over many examples at once.
/// The tokens must be in the vocabulary and learned positions must reach the last one.
void embedTokens(Eigen::Ref<Matrix> x, const SequenceModel &model, std::span<const int> tokens,
                 int firstPosition);

/// The position vector P_pos of sinusoidal positions (D even): P[2j] = sin(pos / base^(2j/D)),
/// P[2j+1] = cos(pos / base^(2j/D)).
Vector sinusoidalPosition(int position, int dModel, double base);

/// The rotary angles' frequencies θ_j = base^(−2j/d_k), j = 0 … d_k/2 − 1 (RoFormer).
Vector rotaryFrequencies(int keyDim, double base);

/// Rotates each row i of `m` (n × d, d even) pair by pair: components (2j, 2j+1) of row i turn by
/// the angle (firstPosition + i)·θ_j, θ = rotaryFrequencies(d, base).
void applyRotary(Matrix &m, int firstPosition, double base);

/// cos and sin of (firstPosition + i)·θ_j for every row i < n and pair j < d/2: the same for q
/// and k, for every head and every layer of one d_k, so a pass computes them once and the
/// backward pass turns its gradients back with the same numbers (they were half the time of a
/// pass when every head computed its own).
struct RotaryTable
{
    Eigen::ArrayXXd cos, sin; ///< n × d/2

    RotaryTable(Eigen::Index n, Eigen::Index d, int firstPosition, double base);
    /// Rotates each row of `m` (n × d) as applyRotary() does.
    void apply(Matrix &m) const;
    /// The transposed rotation: carries a gradient with respect to the rotated q or k to one
    /// with respect to the unrotated projection.
    void applyTransposed(Matrix &m) const;
};

/// One head's projections of the residual rows `r` (n × D): q = r W_qᵀ, k = r W_kᵀ,
/// v = r W_vᵀ, then q and k turned by `rotary` when one is given. The single pass and the
/// stacked training pass both project through here, so that they agree bit for bit.
void projectHead(const Matrix &r, const SequenceHeadWeights &head, const RotaryTable *rotary,
                 Matrix &q, Matrix &k, Matrix &v);

} // namespace attn
