#include "sequenceforward.h"

#include "fastmath.h"

#include <cmath>
#include <limits>
#include <utility>

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

namespace {
// cos and sin of (firstPosition + i)·θ_j for every row i and pair j: the same for q and k, for
// every head and for every layer of one d_k, so a pass computes them once (they were half the
// time of a pass when every head computed its own).
struct RotaryTable
{
    Eigen::ArrayXXd cos, sin; // n × d/2

    RotaryTable(Eigen::Index n, Eigen::Index d, int firstPosition, double base)
    {
        const Eigen::ArrayXd pos =
            Eigen::ArrayXd::LinSpaced(n, double(firstPosition), double(firstPosition + n - 1));
        const Vector theta = rotaryFrequencies(int(d), base);
        cos.resize(n, d / 2);
        sin.resize(n, d / 2);
        for (Eigen::Index j = 0; j < d / 2; ++j) {
            const Eigen::ArrayXd angle = pos * theta(j);
            for (Eigen::Index i = 0; i < n; ++i) {
                cos(i, j) = std::cos(angle(i));
                sin(i, j) = std::sin(angle(i));
            }
        }
    }

    void apply(Matrix &m) const
    {
        for (Eigen::Index j = 0; j < cos.cols(); ++j) {
            const Eigen::ArrayXd a = m.col(2 * j).array(), b = m.col(2 * j + 1).array();
            m.col(2 * j).array() = cos.col(j) * a - sin.col(j) * b;
            m.col(2 * j + 1).array() = sin.col(j) * a + cos.col(j) * b;
        }
    }
};
} // namespace

void applyRotary(Matrix &m, int firstPosition, double base)
{
    RotaryTable(m.rows(), m.cols(), firstPosition, base).apply(m);
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
        return Error{ErrorCode::DimensionMismatch,
                     "positions.table",
                     firstPosition + n,
                     model.weights.positionTable.rows(),
                     {}};

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
    std::vector<std::pair<Eigen::Index, RotaryTable>> rotaryTables; // by d_k
    auto rotaryTable = [&](Eigen::Index dk) -> const RotaryTable & {
        for (const auto &[size, table] : rotaryTables)
            if (size == dk)
                return table;
        return rotaryTables.emplace_back(dk, RotaryTable(n, dk, firstPosition, model.base)).second;
    };
    Matrix stacked, projected, concat;
    for (std::size_t l = 0; l < w.layers.size(); ++l) {
        const SequenceLayerWeights &lw = w.layers[l];
        const Matrix &r = f.residual(int(l));
        SequenceLayerForward &lf = f.layers[l];
        const auto h = Eigen::Index(lw.heads.size());
        const Eigen::Index dk = lw.heads.front().wq.rows(), dv = lw.heads.front().wv.rows();
        // Every head's W_q, W_k and W_v stacked: one product over all tokens projects them all,
        // which at these sizes is several times faster than 3h small products.
        stacked.resize(h * (2 * dk + dv), d);
        for (Eigen::Index i = 0; i < h; ++i) {
            const SequenceHeadWeights &hw = lw.heads[std::size_t(i)];
            stacked.middleRows(i * dk, dk) = hw.wq;
            stacked.middleRows((h + i) * dk, dk) = hw.wk;
            stacked.middleRows(2 * h * dk + i * dv, dv) = hw.wv;
        }
        projected.noalias() = r * stacked.transpose();
        concat.resize(n, h * dv);
        lf.heads.resize(lw.heads.size());
        const double scale = 1.0 / std::sqrt(double(dk));
        for (Eigen::Index i = 0; i < h; ++i) {
            SequenceHeadForward &hf = lf.heads[std::size_t(i)];
            hf.q = projected.middleCols(i * dk, dk);
            hf.k = projected.middleCols((h + i) * dk, dk);
            hf.v = projected.middleCols(2 * h * dk + i * dv, dv);
            if (model.positions == PositionKind::Rotary) {
                const RotaryTable &table = rotaryTable(dk);
                table.apply(hf.q);
                table.apply(hf.k);
            }
            hf.scores.noalias() = hf.q * hf.k.transpose();
            hf.scores *= scale;
            if (model.causal)
                hf.scores.triangularView<Eigen::StrictlyUpper>().setConstant(minusInf);
            softmaxRows(hf.scores, model.temperature, hf.weights);
            hf.output.noalias() = hf.weights * hf.v;
            concat.middleCols(i * dv, dv) = hf.output;
        }
        // r + W_O [o¹; …; oʰ], for every token at once.
        lf.output = r;
        lf.output.noalias() += concat * lw.wo.transpose();
    }

    f.logits.noalias() = f.residual(int(w.layers.size())) * w.unembedding.transpose();
    // Finite parameters can still overflow (entries near 1e308); a NaN or ∞ anywhere reaches the
    // logits, so one check there covers the whole pass.
    if (!detail::allFinite(f.logits))
        return Error{ErrorCode::NonFinite, "logits", -1, -1, "overflow"};
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
