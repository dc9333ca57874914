#include "sequencebackward.h"

#include "sequenceforward.h"

#include <cmath>

namespace attn {

namespace {
// Turns each row i of `m` (n × d, d even) back by the rotary angle (firstPosition + i)·θ_j: the
// transpose of applyRotary(), which carries a gradient with respect to the rotated q or k to one
// with respect to the unrotated projection.
void unrotate(Matrix &m, int firstPosition, double base)
{
    const Vector theta = rotaryFrequencies(int(m.cols()), base);
    for (Eigen::Index i = 0; i < m.rows(); ++i) {
        const double pos = double(firstPosition + i);
        for (Eigen::Index j = 0; j < theta.size(); ++j) {
            const double angle = pos * theta(j);
            const double c = std::cos(angle), s = std::sin(angle);
            const double a = m(i, 2 * j), b = m(i, 2 * j + 1);
            m(i, 2 * j) = c * a + s * b;
            m(i, 2 * j + 1) = -s * a + c * b;
        }
    }
}

// Adds the gradient of one example's pass; `dLogits` already holds ∂loss/∂logits.
void backward(const SequenceModel &model, const SequenceForward &f, const Matrix &dLogits,
              SequenceWeights &g)
{
    const SequenceWeights &w = model.weights;
    const int layers = model.layerCount();
    g.unembedding.noalias() += dLogits.transpose() * f.residual(layers);
    Matrix dR = dLogits * w.unembedding; // ∂loss/∂(residual stream), n × D
    Matrix concat, dConcat, dWeights, dScores, dQ, dK, dV;
    for (int l = layers - 1; l >= 0; --l) {
        const SequenceLayerWeights &lw = w.layers[std::size_t(l)];
        const SequenceLayerForward &lf = f.layers[std::size_t(l)];
        SequenceLayerWeights &lg = g.layers[std::size_t(l)];
        const Matrix &r = f.residual(l);
        const auto h = Eigen::Index(lw.heads.size());
        const Eigen::Index dk = lw.heads.front().wq.rows(), dv = lw.heads.front().wv.rows();
        concat.resize(f.length(), h * dv);
        for (Eigen::Index i = 0; i < h; ++i)
            concat.middleCols(i * dv, dv) = lf.heads[std::size_t(i)].output;
        // out = r + concat W_Oᵀ: the residual passes dR through unchanged.
        lg.wo.noalias() += dR.transpose() * concat;
        dConcat.noalias() = dR * lw.wo;
        Matrix dInput = dR;
        const double scale = 1.0 / std::sqrt(double(dk));
        for (Eigen::Index i = 0; i < h; ++i) {
            const SequenceHeadForward &hf = lf.heads[std::size_t(i)];
            const SequenceHeadWeights &hw = lw.heads[std::size_t(i)];
            SequenceHeadWeights &hg = lg.heads[std::size_t(i)];
            const auto dOut = dConcat.middleCols(i * dv, dv);
            dWeights.noalias() = dOut * hf.v.transpose();
            dV.noalias() = hf.weights.transpose() * dOut;
            // Softmax Jacobian row by row: ∂z_ij = w_ij (∂w_ij − Σ_k w_ik ∂w_ik), and z = s/τ.
            // Masked weights are exactly 0, so masked scores get no gradient.
            const Vector rowDot = (dWeights.array() * hf.weights.array()).rowwise().sum();
            dScores = (hf.weights.array() * (dWeights.colwise() - rowDot).array()).matrix();
            dScores *= scale / model.temperature;
            dQ.noalias() = dScores * hf.k;
            dK.noalias() = dScores.transpose() * hf.q;
            if (model.positions == PositionKind::Rotary) {
                unrotate(dQ, f.firstPosition, model.base);
                unrotate(dK, f.firstPosition, model.base);
            }
            hg.wq.noalias() += dQ.transpose() * r;
            hg.wk.noalias() += dK.transpose() * r;
            hg.wv.noalias() += dV.transpose() * r;
            dInput.noalias() += dQ * hw.wq;
            dInput.noalias() += dK * hw.wk;
            dInput.noalias() += dV * hw.wv;
        }
        dR = std::move(dInput);
    }
    // x_i = E[token_i] + P_i.
    for (int i = 0; i < f.length(); ++i) {
        g.embedding.row(f.tokens[std::size_t(i)]) += dR.row(i);
        if (model.positions == PositionKind::Learned)
            g.positionTable.row(f.firstPosition + i) += dR.row(i);
    }
}
} // namespace

Result<SequenceGradient> SequenceGradient::compute(const SequenceModel &model,
                                                   std::span<const SequenceExample> examples)
{
    SequenceGradient out;
    out.gradient = model.weights.zerosLike();
    // The loss is a mean over all scored positions, so the count comes before any backward pass.
    long long scored = 0;
    for (const SequenceExample &example : examples)
        for (int t : example.targets)
            scored += t >= 0 ? 1 : 0;
    if (scored == 0)
        return out;
    const double perPosition = 1.0 / double(scored);
    Matrix dLogits;
    Eigen::ArrayXd e;
    for (const SequenceExample &example : examples) {
        if (example.targets.empty())
            continue;
        auto forward = SequenceForward::run(model, example.tokens);
        if (!forward)
            return forward.error();
        const SequenceForward &f = *forward;
        // The loss and ∂(−log softmax(l)[t])/∂l = softmax(l) − onehot(t) share one exp pass
        // over the logits; unscored rows contribute nothing. The loss is summed as
        // SequenceEvaluation::add() sums it (max + log Σ exp(l − max) − l_t, the sum left to
        // right), so that a step reports bit for bit the loss evaluate() gives.
        const Eigen::Index outputs = f.logits.cols();
        dLogits.setZero(f.logits.rows(), outputs);
        e.resize(outputs);
        for (Eigen::Index i = 0; i < f.logits.rows(); ++i) {
            const int target = example.targets[std::size_t(i)];
            if (target < 0)
                continue;
            const auto row = f.logits.row(i);
            const double max = row.maxCoeff();
            e = (row.array() - max).exp().transpose();
            double sum = e(0);
            for (Eigen::Index o = 1; o < outputs; ++o)
                sum += e(o);
            ++out.evaluation.scored;
            out.evaluation.lossSum += max + std::log(sum) - row(target);
            if (f.predictions[std::size_t(i)] == target)
                ++out.evaluation.correct;
            dLogits.row(i) = (e / e.sum()).matrix().transpose() * perPosition;
            dLogits(i, target) -= perPosition;
        }
        backward(model, f, dLogits, out.gradient);
    }
    return out;
}

} // namespace attn
