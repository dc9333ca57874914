#include "sequenceforward.h"

#include "fastmath.h"
#include "normaliser.h"
#include "vectormath.h"

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
void addSinusoidal(Eigen::Ref<Matrix> x, int firstPosition, double base)
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

RotaryTable::RotaryTable(Eigen::Index n, Eigen::Index d, int firstPosition, double base)
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

namespace {
// Turns each row of `m` pair by pair by the table's angles, times `sign` (1 or −1): element by
// element, since copies of the two columns would cost two allocations a pair.
void rotateRows(const RotaryTable &table, Matrix &m, double sign)
{
    const Eigen::Index n = m.rows();
    for (Eigen::Index j = 0; j < table.cos.cols(); ++j) {
        double *x = m.col(2 * j).data(), *y = m.col(2 * j + 1).data();
        const double *c = table.cos.col(j).data(), *s = table.sin.col(j).data();
        for (Eigen::Index i = 0; i < n; ++i) {
            const double a = x[i], b = y[i], si = sign * s[i];
            x[i] = c[i] * a - si * b;
            y[i] = si * a + c[i] * b;
        }
    }
}
} // namespace

void RotaryTable::apply(Matrix &m) const
{
    rotateRows(*this, m, 1.0);
}

void RotaryTable::applyTransposed(Matrix &m) const
{
    rotateRows(*this, m, -1.0);
}

void applyRotary(Matrix &m, int firstPosition, double base)
{
    RotaryTable(m.rows(), m.cols(), firstPosition, base).apply(m);
}

void projectHead(const Matrix &r, const SequenceHeadWeights &head, const RotaryTable *rotary,
                 Matrix &q, Matrix &k, Matrix &v)
{
    // Straight into each head's matrices: the small-matrix product has no per-call overhead
    // to share, so stacking the heads' weights would only add copies.
    q.resize(r.rows(), head.wq.rows());
    detail::multiply(q, r, head.wq.transpose());
    k.resize(r.rows(), head.wk.rows());
    detail::multiply(k, r, head.wk.transpose());
    v.resize(r.rows(), head.wv.rows());
    detail::multiply(v, r, head.wv.transpose());
    if (rotary) {
        rotary->apply(q);
        rotary->apply(k);
    }
}

namespace {
// Row-wise softmax of scores / τ with each row's max subtracted, into `weights` (n × n).
// Masked entries are set to 0 before the exponential (so that every argument of the vectorised
// exp is ≤ 0 and none takes its slow path below −708) and to 0 again after it. The exponentials run
// over the whole matrix in one call to detail::expNonPositiveInto, a vector at a time in the widest
// instruction set the CPU has.
void softmaxRows(const Matrix &scores, double temperature, bool causal, Matrix &weights,
                 Vector &rowScratch)
{
    const Eigen::Index n = scores.rows();
    weights.resize(n, scores.cols());
    // Into a vector first: inside the expression the maxima would be found again per entry.
    rowScratch.resize(n);
    rowScratch.noalias() = scores.rowwise().maxCoeff();
    weights = (scores.colwise() - rowScratch) / temperature;
    if (causal)
        weights.triangularView<Eigen::StrictlyUpper>().setZero();
    detail::expNonPositiveInto(weights.data(), weights.data(), std::size_t(weights.size()));
    if (causal)
        weights.triangularView<Eigen::StrictlyUpper>().setZero();
    rowScratch.noalias() = weights.rowwise().sum();
    weights.array().colwise() /= rowScratch.array();
}

// The weights of every row of `scores` (−∞ where masked) by the model's normaliser: softmax over
// the whole matrix at once, the others row by row.
void weightRows(const Matrix &scores, const SequenceModel &model, Matrix &weights,
                Vector &rowScratch)
{
    if (model.normaliser == Normaliser::Softmax) {
        softmaxRows(scores, model.temperature, model.causal, weights, rowScratch);
        return;
    }
    weights.resize(scores.rows(), scores.cols());
    for (Eigen::Index i = 0; i < scores.rows(); ++i) {
        rowScratch = scores.row(i).transpose() / model.temperature; // −∞ stays −∞
        normaliseRow(model.normaliser, rowScratch, weights.row(i).transpose(), model.sigmoidBias);
    }
}
} // namespace

void embedTokens(Eigen::Ref<Matrix> x, const SequenceModel &model, std::span<const int> tokens,
                 int firstPosition)
{
    const SequenceWeights &w = model.weights;
    const auto n = Eigen::Index(tokens.size());
    for (Eigen::Index i = 0; i < n; ++i)
        x.row(i) = w.embedding.row(tokens[std::size_t(i)]);
    if (model.positions == PositionKind::Sinusoidal)
        addSinusoidal(x, firstPosition, model.base);
    else if (model.positions == PositionKind::Learned)
        x += w.positionTable.middleRows(firstPosition, n);
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
    SequenceForward f;
    if (auto e = runInto(f, model, tokens, firstPosition))
        return std::move(*e);
    return f;
}

std::optional<Error> SequenceForward::runInto(SequenceForward &f, const SequenceModel &model,
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

    f.tokens.assign(tokens.begin(), tokens.end());
    f.firstPosition = firstPosition;
    const SequenceWeights &w = model.weights;
    const Eigen::Index d = model.dModel;

    // Every matrix below is assigned at a size it often already has (the same f reused over
    // examples of one length, the scratch space of this thread): Eigen then reuses its storage,
    // and a pass allocates nothing.
    f.input.resize(n, d);
    embedTokens(f.input, model, tokens, firstPosition);

    f.layers.resize(w.layers.size());
    struct Scratch
    {
        Matrix concat;
        Vector rows;
        std::vector<std::pair<Eigen::Index, RotaryTable>> rotary; // by d_k
        Eigen::Index rotaryRows = -1;
        int rotaryFirst = 0;
        double rotaryBase = 0;
    };
    // One per thread: passes run on worker threads too (training, the lab).
    thread_local Scratch scratch;
    if (scratch.rotaryRows != n || scratch.rotaryFirst != firstPosition ||
        scratch.rotaryBase != model.base) {
        scratch.rotary.clear();
        scratch.rotaryRows = n;
        scratch.rotaryFirst = firstPosition;
        scratch.rotaryBase = model.base;
    }
    auto rotaryTable = [&](Eigen::Index dk) -> const RotaryTable & {
        for (const auto &[size, table] : scratch.rotary)
            if (size == dk)
                return table;
        return scratch.rotary.emplace_back(dk, RotaryTable(n, dk, firstPosition, model.base))
            .second;
    };
    Matrix &concat = scratch.concat;
    for (std::size_t l = 0; l < w.layers.size(); ++l) {
        const SequenceLayerWeights &lw = w.layers[l];
        const Matrix &r = f.residual(int(l));
        SequenceLayerForward &lf = f.layers[l];
        const auto h = Eigen::Index(lw.heads.size());
        const Eigen::Index dk = lw.heads.front().wq.rows(), dv = lw.heads.front().wv.rows();
        concat.resize(n, h * dv);
        lf.heads.resize(lw.heads.size());
        const double scale = 1.0 / std::sqrt(double(dk));
        for (Eigen::Index i = 0; i < h; ++i) {
            SequenceHeadForward &hf = lf.heads[std::size_t(i)];
            const SequenceHeadWeights &hw = lw.heads[std::size_t(i)];
            projectHead(r, hw, model.positions == PositionKind::Rotary ? &rotaryTable(dk) : nullptr,
                        hf.q, hf.k, hf.v);
            hf.scores.resize(n, n);
            detail::multiply(hf.scores, hf.q, hf.k.transpose());
            hf.scores *= scale;
            if (model.causal)
                hf.scores.triangularView<Eigen::StrictlyUpper>().setConstant(
                    -std::numeric_limits<double>::infinity());
            weightRows(hf.scores, model, hf.weights, scratch.rows);
            hf.output.resize(n, dv);
            detail::multiply(hf.output, hf.weights, hf.v);
            concat.middleCols(i * dv, dv) = hf.output;
        }
        // r + W_O [o¹; …; oʰ], for every token at once.
        lf.output = r;
        detail::multiplyAdd(lf.output, concat, lw.wo.transpose());
    }

    f.logits.resize(n, w.unembedding.rows());
    detail::multiply(f.logits, f.residual(int(w.layers.size())), w.unembedding.transpose());
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
    return std::nullopt;
}

} // namespace attn
