#include "sequencebackward.h"

#include "fastmath.h"
#include "sequenceforward.h"

#include <cmath>
#include <limits>
#include <utility>
#include <vector>

namespace attn {

namespace {
// The pass of one head of one layer over a batch: q, k, v of every token of every example
// stacked (example b's token i is row b·n + i), and each example's n × n weights.
struct BatchHead
{
    Matrix q, k, v;
    std::vector<Matrix> weights;
};

// Everything a gradient pass needs besides its result, kept per thread between calls: every
// matrix is assigned at the size it had for the previous batch or step, so Eigen reuses its
// storage and a training step allocates nothing after the first.
//
// The examples are taken a run of equal lengths at a time (every built-in task is one run) and
// stacked: the projections, W_O, the unembedding and every weight gradient are then one matrix
// product over all tokens of the run, and only the n × n attention of each example is done
// example by example. Per example, those products were a dozen tokens by D = 2 … 16, where the
// calls cost more than the arithmetic. Each entry of a product is the same sum in the same order
// whatever the number of rows (smallproduct.h), so the loss is the one SequenceForward gives.
struct Workspace
{
    std::vector<Matrix> residual; // [l]: the stream entering layer l; [layers]: the last one
    std::vector<std::vector<BatchHead>> heads; // [l][h]
    std::vector<Matrix> concat;                // [l]: [o¹ … oʰ] of every token
    Matrix logits, dLogits, dR, dInput, dConcat, scores, dWeights, dScores, dQ, dK, dV;
    Vector rowScratch, rowDot;
    Eigen::ArrayXd e;
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
        RotaryTable table(n, dk, 0, base);
        table.cos = table.cos.replicate(count, 1).eval();
        table.sin = table.sin.replicate(count, 1).eval();
        return rotary.emplace_back(dk, std::move(table)).second;
    }
};

bool needs(const SequenceGradient::Groups &needed, ParameterGroup group)
{
    return needed[std::size_t(group)];
}

// The forward pass of a run of examples of one length n, every intermediate kept in `ws`, as
// SequenceForward::runInto() computes it for each example (the same operations in the same
// order, so the same numbers).
std::optional<Error> forwardRun(const SequenceModel &model, std::span<const SequenceExample> run,
                                Workspace &ws)
{
    const SequenceWeights &w = model.weights;
    const auto count = Eigen::Index(run.size());
    const auto n = Eigen::Index(run.front().tokens.size());
    const Eigen::Index rows = count * n;
    const std::size_t layers = w.layers.size();
    ws.residual.resize(layers + 1);
    ws.heads.resize(layers);
    ws.concat.resize(layers);
    ws.residual[0].resize(rows, model.dModel);
    for (Eigen::Index b = 0; b < count; ++b) {
        const std::vector<int> &tokens = run[std::size_t(b)].tokens;
        for (int t : tokens)
            if (t < 0 || t >= int(model.vocabulary.size()))
                return Error{ErrorCode::BadArgument, "tokens",
                             static_cast<long long>(model.vocabulary.size()), t, "token-index"};
        if (model.positions == PositionKind::Learned && n > w.positionTable.rows())
            return Error{
                ErrorCode::DimensionMismatch, "positions.table", n, w.positionTable.rows(), {}};
        embedTokens(ws.residual[0].middleRows(b * n, n), model, tokens, 0);
    }
    for (std::size_t l = 0; l < layers; ++l) {
        const SequenceLayerWeights &lw = w.layers[l];
        const Matrix &r = ws.residual[l];
        const auto h = Eigen::Index(lw.heads.size());
        const Eigen::Index dk = lw.heads.front().wq.rows(), dv = lw.heads.front().wv.rows();
        const double scale = 1.0 / std::sqrt(double(dk));
        Matrix &concat = ws.concat[l];
        concat.resize(rows, h * dv);
        ws.heads[l].resize(std::size_t(h));
        for (Eigen::Index i = 0; i < h; ++i) {
            BatchHead &bh = ws.heads[l][std::size_t(i)];
            const SequenceHeadWeights &hw = lw.heads[std::size_t(i)];
            bh.q.resize(rows, dk);
            detail::multiply(bh.q, r, hw.wq.transpose());
            bh.k.resize(rows, dk);
            detail::multiply(bh.k, r, hw.wk.transpose());
            bh.v.resize(rows, dv);
            detail::multiply(bh.v, r, hw.wv.transpose());
            if (model.positions == PositionKind::Rotary) {
                const RotaryTable &table = ws.rotaryTable(n, count, dk, model.base);
                table.apply(bh.q);
                table.apply(bh.k);
            }
            bh.weights.resize(std::size_t(count));
            for (Eigen::Index b = 0; b < count; ++b) {
                ws.scores.resize(n, n);
                detail::multiply(ws.scores, bh.q.middleRows(b * n, n),
                                 bh.k.middleRows(b * n, n).transpose());
                ws.scores *= scale;
                if (model.causal)
                    ws.scores.triangularView<Eigen::StrictlyUpper>().setConstant(
                        -std::numeric_limits<double>::infinity());
                Matrix &weights = bh.weights[std::size_t(b)];
                detail::softmaxRows(ws.scores, model.temperature, model.causal, weights,
                                    ws.rowScratch);
                detail::multiply(concat.block(b * n, i * dv, n, dv), weights,
                                 bh.v.middleRows(b * n, n));
            }
        }
        ws.residual[l + 1] = r;
        detail::multiplyAdd(ws.residual[l + 1], concat, lw.wo.transpose());
    }
    ws.logits.resize(rows, w.unembedding.rows());
    detail::multiply(ws.logits, ws.residual[layers], w.unembedding.transpose());
    if (!detail::allFinite(ws.logits))
        return Error{ErrorCode::NonFinite, "logits", -1, -1, "overflow"};
    return std::nullopt;
}

// The loss, accuracy and ∂loss/∂logits (into ws.dLogits) of the run whose pass is in `ws`.
void scoreRun(std::span<const SequenceExample> run, double perPosition, Workspace &ws,
              SequenceEvaluation &evaluation)
{
    const auto n = Eigen::Index(run.front().tokens.size());
    const Eigen::Index outputs = ws.logits.cols();
    ws.dLogits.setZero(ws.logits.rows(), outputs);
    ws.e.resize(outputs);
    for (std::size_t b = 0; b < run.size(); ++b) {
        for (Eigen::Index i = 0; i < n; ++i) {
            const int target = run[b].targets[std::size_t(i)];
            if (target < 0)
                continue;
            const Eigen::Index row = Eigen::Index(b) * n + i;
            const auto logits = ws.logits.row(row);
            // By hand rather than maxCoeff(&index): ties must go to the first, by definition.
            Eigen::Index best = 0;
            for (Eigen::Index c = 1; c < outputs; ++c)
                if (logits(c) > logits(best))
                    best = c;
            const double max = logits(best);
            // The loss and ∂(−log softmax(l)[t])/∂l = softmax(l) − onehot(t) share one exp
            // pass. The loss is summed as SequenceEvaluation::add() sums it (max + log Σ exp(l
            // − max) − l_t, the sum left to right), so that a step reports bit for bit the loss
            // evaluate() gives.
            ws.e = (logits.array() - max).exp().transpose();
            double sum = ws.e(0);
            for (Eigen::Index o = 1; o < outputs; ++o)
                sum += ws.e(o);
            ++evaluation.scored;
            evaluation.lossSum += max + std::log(sum) - logits(target);
            if (best == target)
                ++evaluation.correct;
            ws.dLogits.row(row) = (ws.e / ws.e.sum()).matrix().transpose() * perPosition;
            ws.dLogits(row, target) -= perPosition;
        }
    }
}

// Adds the gradient of the run whose pass and ∂loss/∂logits are in `ws`.
void backwardRun(const SequenceModel &model, std::span<const SequenceExample> run, Workspace &ws,
                 const SequenceGradient::Groups &needed, SequenceWeights &g)
{
    const SequenceWeights &w = model.weights;
    const int layers = model.layerCount();
    const auto count = Eigen::Index(run.size());
    const auto n = Eigen::Index(run.front().tokens.size());
    const Eigen::Index rows = count * n;
    if (needs(needed, ParameterGroup::Unembedding))
        detail::multiplyAdd(g.unembedding, ws.dLogits.transpose(),
                            ws.residual[std::size_t(layers)]);
    const bool inputNeeded =
        needs(needed, ParameterGroup::Embedding) ||
        (model.positions == PositionKind::Learned && needs(needed, ParameterGroup::Positions));
    const bool wq = needs(needed, ParameterGroup::Wq), wk = needs(needed, ParameterGroup::Wk),
               wv = needs(needed, ParameterGroup::Wv);
    Matrix &dR = ws.dR; // ∂loss/∂(residual stream), one row per token
    dR.resize(rows, w.unembedding.cols());
    detail::multiply(dR, ws.dLogits, w.unembedding);
    for (int l = layers - 1; l >= 0; --l) {
        const SequenceLayerWeights &lw = w.layers[std::size_t(l)];
        SequenceLayerWeights &lg = g.layers[std::size_t(l)];
        const Matrix &r = ws.residual[std::size_t(l)];
        const auto h = Eigen::Index(lw.heads.size());
        const Eigen::Index dk = lw.heads.front().wq.rows(), dv = lw.heads.front().wv.rows();
        // Below the first layer only the embedding and the learned positions take a gradient.
        const bool down = l > 0 || inputNeeded;
        // out = r + concat W_Oᵀ: the residual passes dR through unchanged.
        if (needs(needed, ParameterGroup::Wo))
            detail::multiplyAdd(lg.wo, dR.transpose(), ws.concat[std::size_t(l)]);
        if (!down && !wq && !wk && !wv)
            break; // nothing below needs a gradient
        ws.dConcat.resize(rows, lw.wo.cols());
        detail::multiply(ws.dConcat, dR, lw.wo);
        if (down)
            ws.dInput = dR;
        const double scale = 1.0 / std::sqrt(double(dk));
        for (Eigen::Index i = 0; i < h; ++i) {
            const BatchHead &bh = ws.heads[std::size_t(l)][std::size_t(i)];
            const SequenceHeadWeights &hw = lw.heads[std::size_t(i)];
            SequenceHeadWeights &hg = lg.heads[std::size_t(i)];
            const bool values = down || wv, attention = down || wq || wk;
            ws.dV.resize(rows, dv);
            ws.dQ.resize(rows, dk);
            ws.dK.resize(rows, dk);
            for (Eigen::Index b = 0; b < count; ++b) {
                const Matrix &weights = bh.weights[std::size_t(b)];
                const auto dOut = ws.dConcat.block(b * n, i * dv, n, dv);
                if (values)
                    detail::multiply(ws.dV.middleRows(b * n, n), weights.transpose(), dOut);
                if (!attention)
                    continue;
                ws.dWeights.resize(n, n);
                detail::multiply(ws.dWeights, dOut, bh.v.middleRows(b * n, n).transpose());
                // Softmax Jacobian row by row: ∂z_ij = w_ij (∂w_ij − Σ_k w_ik ∂w_ik), and
                // z = s/τ. Masked weights are exactly 0, so masked scores get no gradient.
                ws.rowDot.resize(n);
                ws.rowDot = (ws.dWeights.array() * weights.array()).rowwise().sum().matrix();
                ws.dScores.resize(n, n);
                ws.dScores =
                    (weights.array() * (ws.dWeights.colwise() - ws.rowDot).array()).matrix();
                ws.dScores *= scale / model.temperature;
                detail::multiply(ws.dQ.middleRows(b * n, n), ws.dScores, bh.k.middleRows(b * n, n));
                detail::multiply(ws.dK.middleRows(b * n, n), ws.dScores.transpose(),
                                 bh.q.middleRows(b * n, n));
            }
            if (attention && model.positions == PositionKind::Rotary) {
                const RotaryTable &table = ws.rotaryTable(n, count, dk, model.base);
                table.applyTransposed(ws.dQ);
                table.applyTransposed(ws.dK);
            }
            if (wq)
                detail::multiplyAdd(hg.wq, ws.dQ.transpose(), r);
            if (wk)
                detail::multiplyAdd(hg.wk, ws.dK.transpose(), r);
            if (wv)
                detail::multiplyAdd(hg.wv, ws.dV.transpose(), r);
            if (down) {
                detail::multiplyAdd(ws.dInput, ws.dQ, hw.wq);
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
        const std::vector<int> &tokens = run[std::size_t(b)].tokens;
        for (Eigen::Index i = 0; i < n; ++i) {
            if (embedding)
                g.embedding.row(tokens[std::size_t(i)]) += dR.row(b * n + i);
            if (positions)
                g.positionTable.row(i) += dR.row(b * n + i);
        }
    }
}

// The same shapes as `model`'s weights, every entry 0, reusing `g`'s storage where it fits.
void zeroLike(SequenceWeights &g, const SequenceWeights &w)
{
    const std::vector<const Matrix *> from = w.matrices();
    std::vector<Matrix *> to = g.matrices();
    if (to.size() != from.size()) {
        g = w.zerosLike();
        return;
    }
    for (std::size_t i = 0; i < to.size(); ++i)
        to[i]->setZero(from[i]->rows(), from[i]->cols());
}
} // namespace

Result<SequenceGradient> SequenceGradient::compute(const SequenceModel &model,
                                                   std::span<const SequenceExample> examples)
{
    SequenceGradient out;
    Groups all;
    all.fill(true);
    if (auto e = computeInto(out, model, examples, all))
        return std::move(*e);
    return out;
}

std::optional<Error> SequenceGradient::computeInto(SequenceGradient &out,
                                                   const SequenceModel &model,
                                                   std::span<const SequenceExample> examples,
                                                   const Groups &needed)
{
    out.evaluation = {};
    zeroLike(out.gradient, model.weights);
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
    // Runs of consecutive examples of one length, in the examples' order (so that the loss is
    // summed in the order evaluate() sums it); examples without targets add nothing.
    std::size_t first = 0;
    while (first < examples.size()) {
        if (examples[first].targets.empty()) {
            ++first;
            continue;
        }
        if (examples[first].tokens.empty())
            return Error{ErrorCode::BadArgument, "tokens", 1, 0, "no-tokens"};
        std::size_t last = first + 1;
        while (last < examples.size() && !examples[last].targets.empty() &&
               examples[last].tokens.size() == examples[first].tokens.size())
            ++last;
        const auto run = examples.subspan(first, last - first);
        if (auto e = forwardRun(model, run, ws))
            return e;
        scoreRun(run, perPosition, ws, out.evaluation);
        backwardRun(model, run, ws, needed, out.gradient);
        first = last;
    }
    return std::nullopt;
}

} // namespace attn
