#include "headpresets.h"

#include "random.h"
#include "scene.h"
#include "scenefile.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace attn::presets {

namespace {
int clampDim(int d)
{
    return std::clamp(d, 1, 2);
}
} // namespace

Matrix identity(int dk)
{
    return Matrix::Identity(2, 2).topRows(clampDim(dk));
}

Matrix rotation(double thetaDegrees, int dk)
{
    const double t = thetaDegrees * std::numbers::pi / 180.0;
    Matrix r(2, 2);
    r << std::cos(t), -std::sin(t), std::sin(t), std::cos(t);
    return r.topRows(clampDim(dk));
}

Matrix projectX()
{
    Matrix m(1, 2);
    m << 1, 0;
    return m;
}

Matrix projectY()
{
    Matrix m(1, 2);
    m << 0, 1;
    return m;
}

Matrix random(int rows, int cols, std::uint64_t seed)
{
    Random rng(seed);
    Matrix m(std::max(rows, 0), std::max(cols, 0));
    for (Eigen::Index r = 0; r < m.rows(); ++r)
        for (Eigen::Index c = 0; c < m.cols(); ++c)
            m(r, c) = rng.uniform(-1.0, 1.0);
    return m;
}

Matrix fitRows(const Matrix &m, int rows)
{
    rows = std::max(rows, 0);
    Matrix out = Matrix::Zero(rows, m.cols());
    const Eigen::Index kept = std::min<Eigen::Index>(rows, m.rows());
    out.topRows(kept) = m.topRows(kept);
    return out;
}

Matrix valueProjection(int index, int dv)
{
    if (clampDim(dv) == 2)
        return identity(2);
    return index % 2 == 0 ? projectX() : projectY();
}

Matrix averagingOutput(int h, int dv)
{
    h = std::max(h, 1);
    dv = clampDim(dv);
    Matrix wo = Matrix::Zero(2, Eigen::Index(h) * dv);
    if (dv == 2) {
        for (int j = 0; j < h; ++j)
            wo.block(0, 2 * j, 2, 2) = Matrix::Identity(2, 2) / h;
        return wo;
    }
    const int onX = (h + 1) / 2; // heads 0, 2, 4, … write to x
    const int onY = h / 2;
    for (int j = 0; j < h; ++j)
        wo(j % 2, j) = 1.0 / (j % 2 == 0 ? onX : onY);
    return wo;
}

Head head(int index, int dk, int dv)
{
    const Matrix r = rotation(45.0 * index, dk);
    // Rᵀ R = I: with d_k = 2 a rotation on both sides would be the identity head again.
    const Matrix k = clampDim(dk) == 2 ? identity(2) : r;
    return Head{r, k, valueProjection(index, dv)};
}

Targets defaultTargets(Kind kind)
{
    if (kind == Kind::Rotation)
        return Targets{true, false, false};
    return Targets{true, true, false};
}

Matrix resizeOutput(const Matrix &wo, int newHeads, int dv)
{
    dv = clampDim(dv);
    newHeads = std::max(newHeads, 1);
    const Matrix target = averagingOutput(newHeads, dv);
    const int oldHeads = int(wo.cols() / dv);
    if (wo.rows() != 2 || oldHeads < 1 || wo.cols() != Eigen::Index(oldHeads) * dv)
        return target;
    if ((wo - averagingOutput(oldHeads, dv)).cwiseAbs().maxCoeff() <= 1e-12)
        return target;
    Matrix out = target;
    const Eigen::Index kept = Eigen::Index(std::min(oldHeads, newHeads)) * dv;
    out.leftCols(kept) = wo.leftCols(kept);
    return out;
}

MultiHeadParams withHeadCount(const MultiHeadParams &p, int count)
{
    count = std::clamp(count, 1, kMaxHeads);
    MultiHeadParams out = p;
    const int dv = p.heads.empty() ? 1 : int(p.heads.front().wv.rows());
    const int dk = p.heads.empty() ? 1 : int(p.heads.back().wq.rows());
    if (int(out.heads.size()) > count)
        out.heads.resize(std::size_t(count));
    for (int j = int(out.heads.size()); j < count; ++j)
        out.heads.push_back(head(j, dk, dv));
    out.wo = resizeOutput(p.wo, count, dv);
    return out;
}

MultiHeadParams withKeyDim(const MultiHeadParams &p, int index, int dk)
{
    MultiHeadParams out = p;
    if (index < 0 || index >= int(out.heads.size()))
        return out;
    Head &h = out.heads[std::size_t(index)];
    h.wq = fitRows(h.wq, clampDim(dk));
    h.wk = fitRows(h.wk, clampDim(dk));
    return out;
}

MultiHeadParams withValueDim(const MultiHeadParams &p, int dv)
{
    MultiHeadParams out = p;
    for (std::size_t j = 0; j < out.heads.size(); ++j)
        out.heads[j].wv = valueProjection(int(j), dv);
    out.wo = averagingOutput(int(out.heads.size()), dv);
    return out;
}

AdditiveParams withHiddenSize(const AdditiveParams &p, int hidden, std::uint64_t seed)
{
    hidden = std::clamp(hidden, 1, kMaxAdditiveHidden);
    AdditiveParams out = defaults::additive(hidden, seed);
    const Eigen::Index kept = std::min<Eigen::Index>(hidden, p.hiddenSize());
    if (p.wq.rows() >= kept && p.wq.cols() == 2)
        out.wq.topRows(kept) = p.wq.topRows(kept);
    if (p.wk.rows() >= kept && p.wk.cols() == 2)
        out.wk.topRows(kept) = p.wk.topRows(kept);
    if (p.b.size() >= kept)
        out.b.head(kept) = p.b.head(kept);
    out.v.head(kept) = p.v.head(kept);
    return out;
}

} // namespace attn::presets
