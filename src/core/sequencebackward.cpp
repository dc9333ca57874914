#include "sequencebackward.h"

#include "fastmath.h"
#include "sequenceforward.h"

#include <cmath>
#include <utility>
#include <vector>

namespace attn {

namespace {
// Everything a gradient pass needs besides its result, kept per thread between calls: every
// matrix is assigned at the size it had for the previous example or step, so Eigen reuses its
// storage and a training step allocates nothing after the first.
struct Workspace
{
    SequenceForward forward;
    Matrix dLogits, dR, dInput, concat, dConcat, dWeights, dScores, dQ, dK, dV;
    Vector rowDot;
    Eigen::ArrayXd e;
    // The rotary angles of the current length and first position, per d_k (the forward pass
    // keeps its own; the two are computed identically).
    std::vector<std::pair<Eigen::Index, RotaryTable>> rotary;
    Eigen::Index rotaryRows = -1;
    int rotaryFirst = 0;
    double rotaryBase = 0;

    const RotaryTable &rotaryTable(Eigen::Index n, Eigen::Index dk, int first, double base)
    {
        if (rotaryRows != n || rotaryFirst != first || rotaryBase != base) {
            rotary.clear();
            rotaryRows = n;
            rotaryFirst = first;
            rotaryBase = base;
        }
        for (const auto &[size, table] : rotary)
            if (size == dk)
                return table;
        return rotary.emplace_back(dk, RotaryTable(n, dk, first, base)).second;
    }
};

bool needs(const SequenceGradient::Groups &needed, ParameterGroup group)
{
    return needed[std::size_t(group)];
}

// Adds the gradient of one example's pass; ws.dLogits already holds ∂loss/∂logits.
void backward(const SequenceModel &model, const SequenceForward &f, Workspace &ws,
              const SequenceGradient::Groups &needed, SequenceWeights &g)
{
    const SequenceWeights &w = model.weights;
    const int layers = model.layerCount();
    const Eigen::Index n = f.length();
    if (needs(needed, ParameterGroup::Unembedding))
        detail::multiplyAdd(g.unembedding, ws.dLogits.transpose(), f.residual(layers));
    const bool inputNeeded =
        needs(needed, ParameterGroup::Embedding) ||
        (model.positions == PositionKind::Learned && needs(needed, ParameterGroup::Positions));
    const bool wq = needs(needed, ParameterGroup::Wq), wk = needs(needed, ParameterGroup::Wk),
               wv = needs(needed, ParameterGroup::Wv);
    Matrix &dR = ws.dR; // ∂loss/∂(residual stream), n × D
    dR.resize(n, w.unembedding.cols());
    detail::multiply(dR, ws.dLogits, w.unembedding);
    for (int l = layers - 1; l >= 0; --l) {
        const SequenceLayerWeights &lw = w.layers[std::size_t(l)];
        const SequenceLayerForward &lf = f.layers[std::size_t(l)];
        SequenceLayerWeights &lg = g.layers[std::size_t(l)];
        const Matrix &r = f.residual(l);
        const auto h = Eigen::Index(lw.heads.size());
        const Eigen::Index dk = lw.heads.front().wq.rows(), dv = lw.heads.front().wv.rows();
        // Below the first layer only the embedding and the learned positions take a gradient.
        const bool down = l > 0 || inputNeeded;
        if (needs(needed, ParameterGroup::Wo)) {
            ws.concat.resize(n, h * dv);
            for (Eigen::Index i = 0; i < h; ++i)
                ws.concat.middleCols(i * dv, dv) = lf.heads[std::size_t(i)].output;
            // out = r + concat W_Oᵀ: the residual passes dR through unchanged.
            detail::multiplyAdd(lg.wo, dR.transpose(), ws.concat);
        }
        if (!down && !wq && !wk && !wv)
            break; // nothing below needs a gradient
        ws.dConcat.resize(n, lw.wo.cols());
        detail::multiply(ws.dConcat, dR, lw.wo);
        if (down)
            ws.dInput = dR;
        const double scale = 1.0 / std::sqrt(double(dk));
        for (Eigen::Index i = 0; i < h; ++i) {
            const SequenceHeadForward &hf = lf.heads[std::size_t(i)];
            const SequenceHeadWeights &hw = lw.heads[std::size_t(i)];
            SequenceHeadWeights &hg = lg.heads[std::size_t(i)];
            const auto dOut = ws.dConcat.middleCols(i * dv, dv);
            if (down || wv) {
                ws.dV.resize(n, dv);
                detail::multiply(ws.dV, hf.weights.transpose(), dOut);
            }
            if (down || wq || wk) {
                ws.dWeights.resize(n, n);
                detail::multiply(ws.dWeights, dOut, hf.v.transpose());
                // Softmax Jacobian row by row: ∂z_ij = w_ij (∂w_ij − Σ_k w_ik ∂w_ik), and
                // z = s/τ. Masked weights are exactly 0, so masked scores get no gradient.
                ws.rowDot.resize(n);
                ws.rowDot = (ws.dWeights.array() * hf.weights.array()).rowwise().sum().matrix();
                ws.dScores.resize(n, n);
                ws.dScores =
                    (hf.weights.array() * (ws.dWeights.colwise() - ws.rowDot).array()).matrix();
                ws.dScores *= scale / model.temperature;
                ws.dQ.resize(n, dk);
                detail::multiply(ws.dQ, ws.dScores, hf.k);
                ws.dK.resize(n, dk);
                detail::multiply(ws.dK, ws.dScores.transpose(), hf.q);
                if (model.positions == PositionKind::Rotary) {
                    const RotaryTable &table =
                        ws.rotaryTable(n, dk, f.firstPosition, model.base);
                    table.applyTransposed(ws.dQ);
                    table.applyTransposed(ws.dK);
                }
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
    for (int i = 0; i < f.length(); ++i) {
        if (embedding)
            g.embedding.row(f.tokens[std::size_t(i)]) += dR.row(i);
        if (positions)
            g.positionTable.row(f.firstPosition + i) += dR.row(i);
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
    SequenceForward &f = ws.forward;
    for (const SequenceExample &example : examples) {
        if (example.targets.empty())
            continue;
        if (auto e = SequenceForward::runInto(f, model, example.tokens))
            return e;
        // The loss and ∂(−log softmax(l)[t])/∂l = softmax(l) − onehot(t) share one exp pass
        // over the logits; unscored rows contribute nothing. The loss is summed as
        // SequenceEvaluation::add() sums it (max + log Σ exp(l − max) − l_t, the sum left to
        // right), so that a step reports bit for bit the loss evaluate() gives.
        const Eigen::Index outputs = f.logits.cols();
        ws.dLogits.setZero(f.logits.rows(), outputs);
        ws.e.resize(outputs);
        for (Eigen::Index i = 0; i < f.logits.rows(); ++i) {
            const int target = example.targets[std::size_t(i)];
            if (target < 0)
                continue;
            const auto row = f.logits.row(i);
            const double max = row.maxCoeff();
            ws.e = (row.array() - max).exp().transpose();
            double sum = ws.e(0);
            for (Eigen::Index o = 1; o < outputs; ++o)
                sum += ws.e(o);
            ++out.evaluation.scored;
            out.evaluation.lossSum += max + std::log(sum) - row(target);
            if (f.predictions[std::size_t(i)] == target)
                ++out.evaluation.correct;
            ws.dLogits.row(i) = (ws.e / ws.e.sum()).matrix().transpose() * perPosition;
            ws.dLogits(i, target) -= perPosition;
        }
        backward(model, f, ws, needed, out.gradient);
    }
    return std::nullopt;
}

} // namespace attn
