#include "sequenceforward.h"

#include <cmath>
#include <limits>

namespace attn {

namespace {
Error badTokens(long long expected, long long actual, const char *detail)
{
    return Error{ErrorCode::BadArgument, "tokens", expected, actual, detail};
}

// Adds the sinusoidal positions firstPosition … firstPosition + n − 1 to the rows of x, column
// pair by column pair so that each sin and cos runs over a whole column.
void addSinusoidal(Matrix &x, int firstPosition, double base)
{
    const Eigen::Index n = x.rows(), d = x.cols();
    const Eigen::ArrayXd pos =
        Eigen::ArrayXd::LinSpaced(n, double(firstPosition), double(firstPosition + n - 1));
    for (Eigen::Index j = 0; 2 * j < d; ++j) {
        const Eigen::ArrayXd angle = pos / std::pow(base, double(2 * j) / double(d));
        x.col(2 * j).array() += angle.sin();
        x.col(2 * j + 1).array() += angle.cos();
    }
}

// Row-wise softmax of scores / τ with each row's max subtracted; masked entries are −∞ in
// `scores`, so their exponential is exactly 0 and they take no part in the max or the sum.
void softmaxRows(const Matrix &scores, double temperature, Matrix &weights)
{
    const Eigen::VectorXd rowMax = scores.rowwise().maxCoeff();
    weights = ((scores.colwise() - rowMax) / temperature).array().exp().matrix();
    const Eigen::ArrayXd sums = weights.rowwise().sum().array();
    weights.array().colwise() /= sums;
}
} // namespace

Vector sinusoidalPosition(int position, int dModel, double base)
{
    Matrix row = Matrix::Zero(1, dModel);
    addSinusoidal(row, position, base);
    return row.row(0).transpose();
}

Vector rotaryFrequencies(int keyDim, double base)
{
    Vector theta(keyDim / 2);
    for (int j = 0; j < keyDim / 2; ++j)
        theta(j) = std::pow(base, -double(2 * j) / double(keyDim));
    return theta;
}

void applyRotary(Matrix &m, int firstPosition, double base)
{
    const Eigen::Index n = m.rows(), d = m.cols();
    const Eigen::ArrayXd pos =
        Eigen::ArrayXd::LinSpaced(n, double(firstPosition), double(firstPosition + n - 1));
    const Vector theta = rotaryFrequencies(int(d), base);
    for (Eigen::Index j = 0; 2 * j < d; ++j) {
        const Eigen::ArrayXd angle = pos * theta(j);
        const Eigen::ArrayXd c = angle.cos(), s = angle.sin();
        const Eigen::ArrayXd a = m.col(2 * j).array(), b = m.col(2 * j + 1).array();
        m.col(2 * j).array() = c * a - s * b;
        m.col(2 * j + 1).array() = s * a + c * b;
    }
}

double SequenceForward::tokenLoss(int position, int target) const
{
    const auto row = logits.row(position);
    const double max = row.maxCoeff();
    const double logSum = max + std::log((row.array() - max).exp().sum());
    return logSum - row(target);
}

Result<SequenceForward> SequenceForward::run(const SequenceModel &model,
                                             std::span<const int> tokens, int firstPosition)
{
    const auto n = Eigen::Index(tokens.size());
    if (n == 0)
        return badTokens(1, 0, "no-tokens");
    if (firstPosition < 0)
        return badTokens(0, firstPosition, "first-position");
    for (std::size_t i = 0; i < tokens.size(); ++i)
        if (tokens[i] < 0 || tokens[i] >= int(model.vocabulary.size()))
            return badTokens(static_cast<long long>(model.vocabulary.size()), tokens[i],
                             "token-index");
    if (model.positions == PositionKind::Learned &&
        firstPosition + n > model.weights.positionTable.rows())
        return Error{ErrorCode::DimensionMismatch, "positions.table", firstPosition + n,
                     model.weights.positionTable.rows(), {}};

    SequenceForward f;
    f.tokens.assign(tokens.begin(), tokens.end());
    f.firstPosition = firstPosition;
    const SequenceWeights &w = model.weights;
    const Eigen::Index d = model.dModel;

    f.input.resize(n, d);
    for (Eigen::Index i = 0; i < n; ++i)
        f.input.row(i) = w.embedding.row(tokens[std::size_t(i)]);
    if (model.positions == PositionKind::Sinusoidal)
        addSinusoidal(f.input, firstPosition, model.base);
    else if (model.positions == PositionKind::Learned)
        f.input += w.positionTable.middleRows(firstPosition, n);

    // The causal mask: −∞ strictly above the diagonal (key j after query i).
    const double minusInf = -std::numeric_limits<double>::infinity();
    f.layers.resize(w.layers.size());
    for (std::size_t l = 0; l < w.layers.size(); ++l) {
        const SequenceLayerWeights &lw = w.layers[l];
        const Matrix &r = f.residual(int(l));
        SequenceLayerForward &lf = f.layers[l];
        lf.heads.resize(lw.heads.size());
        lf.output = r;
        const Eigen::Index dv = lw.heads.front().wv.rows();
        for (std::size_t h = 0; h < lw.heads.size(); ++h) {
            const SequenceHeadWeights &hw = lw.heads[h];
            SequenceHeadForward &hf = lf.heads[h];
            hf.q.noalias() = r * hw.wq.transpose();
            hf.k.noalias() = r * hw.wk.transpose();
            hf.v.noalias() = r * hw.wv.transpose();
            if (model.positions == PositionKind::Rotary) {
                applyRotary(hf.q, firstPosition, model.base);
                applyRotary(hf.k, firstPosition, model.base);
            }
            hf.scores.noalias() = hf.q * hf.k.transpose();
            hf.scores *= 1.0 / std::sqrt(double(hw.wq.rows()));
            if (model.causal)
                hf.scores.triangularView<Eigen::StrictlyUpper>().setConstant(minusInf);
            softmaxRows(hf.scores, model.temperature, hf.weights);
            hf.output.noalias() = hf.weights * hf.v;
            // W_O [o¹; …; oʰ] is the sum over heads of W_O's block of columns for that head.
            lf.output.noalias() +=
                hf.output * lw.wo.middleCols(Eigen::Index(h) * dv, dv).transpose();
        }
    }

    f.logits.noalias() = f.residual(int(w.layers.size())) * w.unembedding.transpose();
    f.predictions.resize(std::size_t(n));
    for (Eigen::Index i = 0; i < n; ++i) {
        // By hand rather than maxCoeff(&index): ties must go to the first, by definition.
        Eigen::Index best = 0;
        for (Eigen::Index c = 1; c < f.logits.cols(); ++c)
            if (f.logits(i, c) > f.logits(i, best))
                best = c;
        f.predictions[std::size_t(i)] = int(best);
    }
    return f;
}

} // namespace attn
