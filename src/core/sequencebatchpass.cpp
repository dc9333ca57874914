#include "sequencebatchpass.h"

#include "fastmath.h"
#include "normaliser.h"
#include "sequenceforward.h"
#include "vectormath.h"

#include <algorithm>
#include <cmath>
#include <type_traits>
#include <utility>
#include <vector>

namespace attn::detail {

namespace {
// The pass of one head of one layer over a run of `count` examples of n tokens: q, k, v of every
// token of every example stacked position by position (token i of example b is row i·count + b),
// and the weights likewise: column i·n + j of `weights` holds w_ij of every example.
struct BatchHead
{
    Matrix q, k, v;
    Matrix weights; // count × n²; 0 where masked
};

// Rows i·count … i·count + count − 1 of column `col` of `m` (a matrix, a block or a Ref with unit
// inner stride): position i of every example of the run, as an array to compute with.
// W is `count` when it is known at compile time (kRunLength), so that Eigen unrolls each operation
// into whole vectors with no loop and no alignment search, or Eigen::Dynamic.
template <int W, typename M> auto at(M &m, Eigen::Index col, Eigen::Index i, Eigen::Index count)
{
    using Column = Eigen::Array<double, W, 1>;
    using Scalar = std::remove_pointer_t<decltype(m.data())>;
    using Array = std::conditional_t<std::is_const_v<Scalar>, const Column, Column>;
    return Eigen::Map<Array>(m.data() + col * m.outerStride() + i * count, count);
}

// Everything a gradient pass needs besides its result, kept per thread between calls: every
// matrix is assigned at the size it had for the previous batch or step, so Eigen reuses its
// storage and a training step allocates nothing after the first.
//
// The examples are taken a run of equal lengths at a time (every built-in task is one run) and
// stacked: the projections, W_O, the unembedding and every weight gradient are then one matrix
// product over all tokens of the run, and the attention (n × n per example) runs over all
// examples at once, each of its operations a vector over the examples. One example at a time,
// these were products of a dozen tokens by D = 2 … 16 whose calls cost more than their
// arithmetic. The numbers are SequenceForward's up to rounding (the sums run in the same order,
// but not always with the same fused multiply-adds).
struct Workspace
{
    std::vector<Matrix> residual; // [l]: the stream entering layer l; [layers]: the last one
    std::vector<std::vector<BatchHead>> heads; // [l][h]
    std::vector<Matrix> concat;                // [l]: [o¹ … oʰ] of every token
    Matrix input;                              // one example's x, before it is spread over the rows
    Matrix logits, dLogits, dR, dInput, dConcat, dScores, dQ, dK, dV;
    Matrix z;                          // the scores over τ, for the normalisers other than softmax
    Eigen::ArrayXd rowMax, rowSum;     // per example (the attention's softmax)
    Eigen::ArrayXd logitMax, logitSum; // per token (the loss's softmax)
    Eigen::ArrayXXd exps;              // exp(logit − the row's max)
    std::vector<const SequenceExample *> order; // examples with targets, sorted by length
    std::vector<std::size_t> offsets;           // each example's first position in `losses`
    std::vector<std::size_t> runOffsets;
    std::vector<double> losses; // every position's loss, in the examples' order
    std::vector<char> asked;    // per position of the run: does any example score it?
    // The rows from the first scored position to the last: all the last layer's output and the
    // logits need (a run's rows are position by position, so these are adjacent).
    Eigen::Index scoredFirst = 0, scoredRows = 0;
    std::vector<int> predictions;
    // The rotary angles of the run's length repeated for every example, per d_k.
    std::vector<std::pair<Eigen::Index, RotaryTable>> rotary;
    Eigen::Index rotaryLength = -1, rotaryCount = -1;
    double rotaryBase = 0;

    const RotaryTable &rotaryTable(Eigen::Index n, Eigen::Index count, Eigen::Index dk, double base)
    {
        if (rotaryLength != n || rotaryCount != count || rotaryBase != base) {
            rotary.clear();
            rotaryLength = n;
            rotaryCount = count;
            rotaryBase = base;
        }
        for (const auto &[size, table] : rotary)
            if (size == dk)
                return table;
        // Each position's angles repeated for every example, in the rows' order.
        const RotaryTable once(n, dk, 0, base);
        RotaryTable table(0, dk, 0, base);
        table.cos.resize(n * count, dk / 2);
        table.sin.resize(n * count, dk / 2);
        for (Eigen::Index i = 0; i < n; ++i)
            for (Eigen::Index j = 0; j < dk / 2; ++j) {
                table.cos.col(j).segment(i * count, count).setConstant(once.cos(i, j));
                table.sin.col(j).segment(i * count, count).setConstant(once.sin(i, j));
            }
        return rotary.emplace_back(dk, std::move(table)).second;
    }
};

// At most this many examples are stacked at once: enough rows that a product's call costs little
// beside its arithmetic, few enough that a head's q, k, v and weights stay in the first caches
// while the attention walks over them position by position.
constexpr int kRunLength = 16;

// A run: examples of one length, at most kRunLength of them, stacked in this order.
using Run = std::span<const SequenceExample *const>;

bool needs(const std::array<bool, kParameterGroupCount> &needed, ParameterGroup group)
{
    return needed[std::size_t(group)];
}

// One head's attention over the run, from its q, k and v: the weights into bh.weights and the
// output o_i = Σ_j w_ij v_j into `out` (rows × d_v, the head's columns of the layer's concat).
// Each step is an operation on a column of `count` numbers, one per example. Only the queries
// `asked` marks are computed (all when it is empty); the others' outputs are 0 and their weights
// are not set. The last layer asks only for the positions some example scores: no other
// position's output reaches the loss.
template <int W>
void headForward(BatchHead &bh, Eigen::Index n, Eigen::Index count, double scale,
                 const SequenceModel &model, std::span<const char> asked, Eigen::Ref<Matrix> out,
                 Workspace &ws)
{
    const double temperature = model.temperature;
    const bool causal = model.causal;
    const Eigen::Index dk = bh.q.cols(), dv = bh.v.cols();
    Matrix &w = bh.weights;
    w.resize(count, n * n);
    ws.rowMax.resize(count);
    ws.rowSum.resize(count);
    Eigen::Map<Eigen::Array<double, W, 1>> rowMax(ws.rowMax.data(), count),
        rowSum(ws.rowSum.data(), count);
    for (Eigen::Index i = 0; i < n; ++i) {
        if (!asked.empty() && !asked[std::size_t(i)]) {
            for (Eigen::Index c = 0; c < dv; ++c)
                at<W>(out, c, i, count).setZero();
            continue;
        }
        const Eigen::Index last = causal ? i : n - 1; // the keys this query sees: 0 … last
        const auto wi = [&](Eigen::Index j) { return at<W>(w, i * n + j, 0, count); };
        for (Eigen::Index j = 0; j <= last; ++j) {
            auto s = wi(j);
            s = at<W>(bh.q, 0, i, count) * at<W>(bh.k, 0, j, count);
            for (Eigen::Index p = 1; p < dk; ++p)
                s += at<W>(bh.q, p, i, count) * at<W>(bh.k, p, j, count);
            s *= scale;
        }
        for (Eigen::Index j = last + 1; j < n; ++j)
            wi(j).setZero();
        if (model.normaliser != Normaliser::Softmax) {
            // z = s/τ, then each example's row through the normaliser: the row of example b is
            // every count-th number from b (a strided map, no copy).
            ws.z.resize(count, n * n);
            for (Eigen::Index j = 0; j <= last; ++j)
                at<W>(ws.z, i * n + j, 0, count) = wi(j) / temperature;
            for (Eigen::Index b = 0; b < count; ++b) {
                const Eigen::Index at0 = b + i * n * count;
                const Eigen::Map<const Vector, 0, Eigen::InnerStride<>> z(
                    ws.z.data() + at0, last + 1, Eigen::InnerStride<>(count));
                Eigen::Map<Vector, 0, Eigen::InnerStride<>> weights(w.data() + at0, last + 1,
                                                                    Eigen::InnerStride<>(count));
                normaliseRow(model.normaliser, z, weights, model.sigmoidBias);
            }
        } else {
            // softmax_j(s_ij / τ), the row's max subtracted; the visible keys' columns are
            // adjacent, so one call of the vectorised exp takes them all.
            rowMax = wi(0);
            for (Eigen::Index j = 1; j <= last; ++j)
                rowMax = rowMax.max(wi(j));
            for (Eigen::Index j = 0; j <= last; ++j)
                wi(j) = (wi(j) - rowMax) / temperature;
            double *row = w.col(i * n).data();
            expNonPositiveInto(row, row, std::size_t((last + 1) * count));
            rowSum = wi(0);
            for (Eigen::Index j = 1; j <= last; ++j)
                rowSum += wi(j);
            for (Eigen::Index j = 0; j <= last; ++j)
                wi(j) /= rowSum;
        }
        for (Eigen::Index c = 0; c < dv; ++c) {
            auto o = at<W>(out, c, i, count);
            o = wi(0) * at<W>(bh.v, c, 0, count);
            for (Eigen::Index j = 1; j <= last; ++j)
                o += wi(j) * at<W>(bh.v, c, j, count);
        }
    }
}

// The gradient through one head's attention: from ∂loss/∂o (`dOut`, rows × d_v) to ∂loss/∂v
// into ws.dV when `values`, and to ∂loss/∂q and ∂loss/∂k (before the rotary rotation is turned
// back) into ws.dQ and ws.dK when `attention`. The queries headForward() skipped have ∂o = 0
// and are skipped again (their ∂q is 0).
template <int W>
void headBackward(const BatchHead &bh, Eigen::Index n, Eigen::Index count, double scale,
                  const SequenceModel &model, std::span<const char> asked,
                  const Eigen::Ref<const Matrix> &dOut, bool values, bool attention, Workspace &ws)
{
    const double temperature = model.temperature;
    const bool causal = model.causal;
    const Eigen::Index dk = bh.q.cols(), dv = bh.v.cols(), rows = n * count;
    const Matrix &w = bh.weights;
    const auto lastKey = [&](Eigen::Index i) { return causal ? i : n - 1; };
    const auto skipped = [&](Eigen::Index i) { return !asked.empty() && !asked[std::size_t(i)]; };
    if (values) {
        ws.dV.setZero(rows, dv); // ∂v_j = Σ_i w_ij ∂o_i
        for (Eigen::Index i = 0; i < n; ++i)
            if (!skipped(i))
                for (Eigen::Index j = 0; j <= lastKey(i); ++j)
                    for (Eigen::Index c = 0; c < dv; ++c)
                        at<W>(ws.dV, c, j, count) +=
                            at<W>(w, i * n + j, 0, count) * at<W>(dOut, c, i, count);
    }
    if (!attention)
        return;
    Matrix &dS = ws.dScores;
    dS.resize(count, n * n);
    ws.rowSum.resize(count);
    Eigen::Map<Eigen::Array<double, W, 1>> rowSum(ws.rowSum.data(), count);
    for (Eigen::Index i = 0; i < n; ++i) {
        if (skipped(i))
            continue;
        const Eigen::Index last = lastKey(i);
        const auto dSi = [&](Eigen::Index j) { return at<W>(dS, i * n + j, 0, count); };
        // ∂w_ij = ∂o_i · v_j, then the normaliser's Jacobian row by row (softmax: ∂z_ij = w_ij
        // (∂w_ij − Σ_k w_ik ∂w_ik)), and z = s/τ. Masked keys get no gradient (their columns
        // are not read below).
        for (Eigen::Index j = 0; j <= last; ++j) {
            auto d = dSi(j);
            d = at<W>(dOut, 0, i, count) * at<W>(bh.v, 0, j, count);
            for (Eigen::Index c = 1; c < dv; ++c)
                d += at<W>(dOut, c, i, count) * at<W>(bh.v, c, j, count);
        }
        if (model.normaliser != Normaliser::Softmax) {
            for (Eigen::Index b = 0; b < count; ++b) { // each example's row, strided, in place
                const Eigen::Index at0 = b + i * n * count;
                const Eigen::Map<const Vector, 0, Eigen::InnerStride<>> weights(
                    w.data() + at0, last + 1, Eigen::InnerStride<>(count));
                Eigen::Map<Vector, 0, Eigen::InnerStride<>> d(dS.data() + at0, last + 1,
                                                              Eigen::InnerStride<>(count));
                normaliseRowBackward(model.normaliser, weights, d, d);
            }
            for (Eigen::Index j = 0; j <= last; ++j)
                dSi(j) *= scale / temperature;
            continue;
        }
        rowSum = dSi(0) * at<W>(w, i * n, 0, count);
        for (Eigen::Index j = 1; j <= last; ++j)
            rowSum += dSi(j) * at<W>(w, i * n + j, 0, count);
        for (Eigen::Index j = 0; j <= last; ++j)
            dSi(j) = at<W>(w, i * n + j, 0, count) * (dSi(j) - rowSum) * (scale / temperature);
    }
    ws.dQ.resize(rows, dk);  // ∂q_i = Σ_j ∂s_ij k_j
    ws.dK.setZero(rows, dk); // ∂k_j = Σ_i ∂s_ij q_i
    for (Eigen::Index i = 0; i < n; ++i) {
        if (skipped(i)) {
            for (Eigen::Index p = 0; p < dk; ++p)
                at<W>(ws.dQ, p, i, count).setZero();
            continue;
        }
        const Eigen::Index last = lastKey(i);
        for (Eigen::Index p = 0; p < dk; ++p) {
            auto q = at<W>(ws.dQ, p, i, count);
            q = at<W>(dS, i * n, 0, count) * at<W>(bh.k, p, 0, count);
            for (Eigen::Index j = 1; j <= last; ++j)
                q += at<W>(dS, i * n + j, 0, count) * at<W>(bh.k, p, j, count);
            for (Eigen::Index j = 0; j <= last; ++j)
                at<W>(ws.dK, p, j, count) +=
                    at<W>(dS, i * n + j, 0, count) * at<W>(bh.q, p, i, count);
        }
    }
}

// The forward pass of a run of examples of one length n, every intermediate kept in `ws`: what
// SequenceForward::runInto() computes for each example.
std::optional<Error> forwardRun(const SequenceModel &model, Run run, Workspace &ws)
{
    const SequenceWeights &w = model.weights;
    const auto count = Eigen::Index(run.size());
    const auto n = Eigen::Index(run.front()->tokens.size());
    const Eigen::Index rows = count * n;
    const std::size_t layers = w.layers.size();
    ws.residual.resize(layers + 1);
    ws.heads.resize(layers);
    ws.concat.resize(layers);
    ws.residual[0].resize(rows, model.dModel);
    ws.input.resize(n, model.dModel);
    for (Eigen::Index b = 0; b < count; ++b) {
        const std::vector<int> &tokens = run[std::size_t(b)]->tokens;
        for (int t : tokens)
            if (t < 0 || t >= int(model.vocabulary.size()))
                return Error{ErrorCode::BadArgument, "tokens",
                             static_cast<long long>(model.vocabulary.size()), t, "token-index"};
        if (model.positions == PositionKind::Learned && n > w.positionTable.rows())
            return Error{
                ErrorCode::DimensionMismatch, "positions.table", n, w.positionTable.rows(), {}};
        embedTokens(ws.input, model, tokens, 0);
        for (Eigen::Index i = 0; i < n; ++i)
            ws.residual[0].row(i * count + b) = ws.input.row(i);
    }
    ws.asked.assign(std::size_t(n), 0);
    for (const SequenceExample *example : run)
        for (Eigen::Index i = 0; i < n; ++i)
            ws.asked[std::size_t(i)] |= example->targets[std::size_t(i)] >= 0 ? 1 : 0;
    const auto firstAsked =
        Eigen::Index(std::find(ws.asked.begin(), ws.asked.end(), 1) - ws.asked.begin());
    const auto lastAsked =
        Eigen::Index(ws.asked.rend() - std::find(ws.asked.rbegin(), ws.asked.rend(), 1)) - 1;
    ws.scoredFirst = firstAsked * count;
    ws.scoredRows = std::max<Eigen::Index>(lastAsked - firstAsked + 1, 0) * count;
    for (std::size_t l = 0; l < layers; ++l) {
        const SequenceLayerWeights &lw = w.layers[l];
        const Matrix &r = ws.residual[l];
        const std::span<const char> asked =
            l + 1 == layers ? std::span<const char>(ws.asked) : std::span<const char>();
        const auto h = Eigen::Index(lw.heads.size());
        const Eigen::Index dk = lw.heads.front().wq.rows(), dv = lw.heads.front().wv.rows();
        const double scale = 1.0 / std::sqrt(double(dk));
        Matrix &concat = ws.concat[l];
        concat.resize(rows, h * dv);
        ws.heads[l].resize(std::size_t(h));
        for (Eigen::Index i = 0; i < h; ++i) {
            BatchHead &bh = ws.heads[l][std::size_t(i)];
            const SequenceHeadWeights &hw = lw.heads[std::size_t(i)];
            projectHead(r, hw,
                        model.positions == PositionKind::Rotary
                            ? &ws.rotaryTable(n, count, dk, model.base)
                            : nullptr,
                        bh.q, bh.k, bh.v);
            const auto forward = count == Eigen::Index(kRunLength) ? headForward<kRunLength>
                                                                   : headForward<Eigen::Dynamic>;
            forward(bh, n, count, scale, model, asked, concat.middleCols(i * dv, dv), ws);
        }
        // r + [o¹ … oʰ] W_Oᵀ; after the last layer only for the rows the logits need.
        const bool last = l + 1 == layers;
        const Eigen::Index first = last ? ws.scoredFirst : 0, size = last ? ws.scoredRows : rows;
        ws.residual[l + 1] = r.middleRows(first, size);
        detail::multiplyAdd(ws.residual[l + 1], concat.middleRows(first, size), lw.wo.transpose());
    }
    ws.logits.resize(ws.scoredRows, w.unembedding.rows());
    detail::multiply(ws.logits, ws.residual[layers], w.unembedding.transpose());
    if (!detail::allFinite(ws.logits))
        return Error{ErrorCode::NonFinite, "logits", -1, -1, "overflow"};
    return std::nullopt;
}

// The loss, accuracy and ∂loss/∂logits (into ws.dLogits) of the run whose pass is in `ws`. Its
// logits are the rows from ws.scoredFirst on.
void scoreRun(Run run, std::span<const std::size_t> offsets, double perPosition, bool gradient,
              Workspace &ws, SequenceEvaluation &evaluation)
{
    const auto n = Eigen::Index(run.front()->tokens.size());
    const auto count = Eigen::Index(run.size());
    const Eigen::Index outputs = ws.logits.cols();
    // −log softmax(l)[t] = max + log Σ exp(l − max) − l_t, and ∂/∂l = softmax(l) − onehot(t):
    // every row's max, then one call of the vectorised exp over the whole shifted matrix, and
    // the sums column by column (each row's left to right).
    ws.logitMax = ws.logits.col(0).array();
    for (Eigen::Index c = 1; c < outputs; ++c)
        ws.logitMax = ws.logitMax.max(ws.logits.col(c).array());
    ws.exps = ws.logits.array().colwise() - ws.logitMax;
    expNonPositiveInto(ws.exps.data(), ws.exps.data(), std::size_t(ws.exps.size()));
    ws.logitSum = ws.exps.col(0);
    for (Eigen::Index c = 1; c < outputs; ++c)
        ws.logitSum += ws.exps.col(c);
    if (gradient) {
        ws.dLogits = (ws.exps.colwise() / ws.logitSum).matrix() * perPosition;
    }
    for (Eigen::Index b = 0; b < count; ++b) {
        for (Eigen::Index i = 0; i < n; ++i) {
            const int target = run[std::size_t(b)]->targets[std::size_t(i)];
            const Eigen::Index row = i * count + b - ws.scoredFirst;
            if (target < 0) {
                if (gradient && row >= 0 && row < ws.scoredRows)
                    ws.dLogits.row(row).setZero(); // not scored: no gradient
                continue;
            }
            const auto logits = ws.logits.row(row);
            // By hand rather than maxCoeff(&index): ties must go to the first, by definition.
            Eigen::Index best = 0;
            for (Eigen::Index c = 1; c < outputs; ++c)
                if (logits(c) > logits(best))
                    best = c;
            ws.losses[offsets[std::size_t(b)] + std::size_t(i)] =
                ws.logitMax(row) + std::log(ws.logitSum(row)) - logits(target);
            if (best == target)
                ++evaluation.correct;
            if (gradient)
                ws.dLogits(row, target) -= perPosition;
        }
    }
}

// Adds the gradient of the run whose pass and ∂loss/∂logits are in `ws`.
void backwardRun(const SequenceModel &model, Run run, Workspace &ws,
                 const std::array<bool, kParameterGroupCount> &needed, SequenceWeights &g)
{
    const SequenceWeights &w = model.weights;
    const int layers = model.layerCount();
    const auto count = Eigen::Index(run.size());
    const auto n = Eigen::Index(run.front()->tokens.size());
    const Eigen::Index rows = count * n;
    if (needs(needed, ParameterGroup::Unembedding))
        detail::multiplyAdd(g.unembedding, ws.dLogits.transpose(),
                            ws.residual[std::size_t(layers)]);
    // The rows of the last layer that reach the logits; its other rows' ∂o and ∂q are 0.
    const Eigen::Index scoredFirst = ws.scoredFirst, scoredRows = ws.scoredRows;
    const bool inputNeeded =
        needs(needed, ParameterGroup::Embedding) ||
        (model.positions == PositionKind::Learned && needs(needed, ParameterGroup::Positions));
    const bool wq = needs(needed, ParameterGroup::Wq), wk = needs(needed, ParameterGroup::Wk),
               wv = needs(needed, ParameterGroup::Wv);
    Matrix &dR = ws.dR; // ∂loss/∂(residual stream), one row per token
    dR.setZero(rows, w.unembedding.cols());
    detail::multiply(dR.middleRows(scoredFirst, scoredRows), ws.dLogits, w.unembedding);
    for (int l = layers - 1; l >= 0; --l) {
        const SequenceLayerWeights &lw = w.layers[std::size_t(l)];
        SequenceLayerWeights &lg = g.layers[std::size_t(l)];
        const Matrix &r = ws.residual[std::size_t(l)];
        const auto h = Eigen::Index(lw.heads.size());
        const Eigen::Index dk = lw.heads.front().wq.rows(), dv = lw.heads.front().wv.rows();
        // Below the first layer only the embedding and the learned positions take a gradient.
        const bool down = l > 0 || inputNeeded;
        // The rows where ∂o (and so ∂q) can be nonzero.
        const bool last = l + 1 == layers;
        const Eigen::Index first = last ? scoredFirst : 0, size = last ? scoredRows : rows;
        // out = r + concat W_Oᵀ: the residual passes dR through unchanged.
        if (needs(needed, ParameterGroup::Wo))
            detail::multiplyAdd(lg.wo, dR.middleRows(first, size).transpose(),
                                ws.concat[std::size_t(l)].middleRows(first, size));
        if (!down && !wq && !wk && !wv)
            break; // nothing below needs a gradient
        ws.dConcat.setZero(rows, lw.wo.cols());
        detail::multiply(ws.dConcat.middleRows(first, size), dR.middleRows(first, size), lw.wo);
        if (down)
            ws.dInput = dR;
        const double scale = 1.0 / std::sqrt(double(dk));
        for (Eigen::Index i = 0; i < h; ++i) {
            const BatchHead &bh = ws.heads[std::size_t(l)][std::size_t(i)];
            const SequenceHeadWeights &hw = lw.heads[std::size_t(i)];
            SequenceHeadWeights &hg = lg.heads[std::size_t(i)];
            const bool values = down || wv, attention = down || wq || wk;
            const auto backward = count == Eigen::Index(kRunLength) ? headBackward<kRunLength>
                                                                    : headBackward<Eigen::Dynamic>;
            backward(bh, n, count, scale, model,
                     l + 1 == layers ? std::span<const char>(ws.asked) : std::span<const char>(),
                     ws.dConcat.middleCols(i * dv, dv), values, attention, ws);
            if (attention && model.positions == PositionKind::Rotary) {
                const RotaryTable &table = ws.rotaryTable(n, count, dk, model.base);
                table.applyTransposed(ws.dQ);
                table.applyTransposed(ws.dK);
            }
            if (wq)
                detail::multiplyAdd(hg.wq, ws.dQ.middleRows(first, size).transpose(),
                                    r.middleRows(first, size));
            if (wk)
                detail::multiplyAdd(hg.wk, ws.dK.transpose(), r);
            if (wv)
                detail::multiplyAdd(hg.wv, ws.dV.transpose(), r);
            if (down) {
                detail::multiplyAdd(ws.dInput.middleRows(first, size),
                                    ws.dQ.middleRows(first, size), hw.wq);
                detail::multiplyAdd(ws.dInput, ws.dK, hw.wk);
                detail::multiplyAdd(ws.dInput, ws.dV, hw.wv);
            }
        }
        if (!down)
            return;
        std::swap(dR, ws.dInput);
    }
    if (!inputNeeded)
        return;
    // x_i = E[token_i] + P_i.
    const bool embedding = needs(needed, ParameterGroup::Embedding);
    const bool positions =
        model.positions == PositionKind::Learned && needs(needed, ParameterGroup::Positions);
    for (Eigen::Index b = 0; b < count; ++b) {
        const std::vector<int> &tokens = run[std::size_t(b)]->tokens;
        for (Eigen::Index i = 0; i < n; ++i) {
            if (embedding)
                g.embedding.row(tokens[std::size_t(i)]) += dR.row(i * count + b);
            if (positions)
                g.positionTable.row(i) += dR.row(i * count + b);
        }
    }
}

} // namespace

std::optional<Error> batchPass(const SequenceModel &model,
                               std::span<const SequenceExample> examples,
                               SequenceEvaluation &evaluation, SequenceWeights *gradient,
                               const std::array<bool, kParameterGroupCount> &needed,
                               const CancelFlag *cancel)
{
    // The loss is a mean over all scored positions, so the count comes before any backward pass.
    long long scored = 0;
    for (const SequenceExample &example : examples)
        for (int t : example.targets)
            scored += t >= 0 ? 1 : 0;
    if (scored == 0)
        return std::nullopt;
    const double perPosition = 1.0 / double(scored);
    // One per thread: gradients are taken on the training worker's thread and in tests.
    thread_local Workspace ws;
    // The examples with targets, grouped by length (stably), then cut into runs. Each position's
    // loss is kept and summed at the end in the examples' order, as SequenceEvaluation sums it,
    // so that a step reports bit for bit the loss evaluate() gives.
    ws.order.clear();
    ws.offsets.resize(examples.size());
    std::size_t positions = 0;
    for (std::size_t e = 0; e < examples.size(); ++e) {
        ws.offsets[e] = positions;
        if (examples[e].targets.empty())
            continue;
        if (examples[e].tokens.empty())
            return Error{ErrorCode::BadArgument, "tokens", 1, 0, "no-tokens"};
        ws.order.push_back(&examples[e]);
        positions += examples[e].tokens.size();
    }
    ws.losses.assign(positions, 0.0);
    std::stable_sort(ws.order.begin(), ws.order.end(), [](const auto *a, const auto *b) {
        return a->tokens.size() < b->tokens.size();
    });
    for (std::size_t first = 0; first < ws.order.size();) {
        // A run of the largest examples takes a few milliseconds: checked this often, a Cancel
        // is obeyed long before anyone notices.
        if (isCancelled(cancel))
            return Error{ErrorCode::BadArgument, "cancelled", -1, -1, {}};
        std::size_t last = first + 1;
        while (last < ws.order.size() && last - first < std::size_t(kRunLength) &&
               ws.order[last]->tokens.size() == ws.order[first]->tokens.size())
            ++last;
        const Run run(ws.order.data() + first, last - first);
        ws.runOffsets.clear();
        for (const SequenceExample *example : run)
            ws.runOffsets.push_back(ws.offsets[std::size_t(example - examples.data())]);
        if (auto e = forwardRun(model, run, ws))
            return e;
        scoreRun(run, ws.runOffsets, perPosition, gradient != nullptr, ws, evaluation);
        if (gradient)
            backwardRun(model, run, ws, needed, *gradient);
        first = last;
    }
    for (std::size_t e = 0; e < examples.size(); ++e)
        for (std::size_t i = 0; i < examples[e].targets.size(); ++i)
            if (examples[e].targets[i] >= 0) {
                ++evaluation.scored;
                evaluation.lossSum += ws.losses[ws.offsets[e] + i];
            }
    return std::nullopt;
}

} // namespace attn::detail
