#include "scores.h"

#include "fastmath.h"
#include "vectormath.h"

#include <algorithm>
#include <cmath>

namespace attn {

namespace {
Error mismatch(const char *subject, Eigen::Index expected, Eigen::Index actual)
{
    return Error{ErrorCode::DimensionMismatch, subject, (long long)expected, (long long)actual};
}

Result<ScoreSet> dotScores(const Vector &q, const Matrix &keys, double divisor)
{
    if (keys.cols() != q.size())
        return mismatch("keys", q.size(), keys.cols());
    ScoreSet set;
    set.scores.noalias() = keys * q;
    if (divisor != 1.0)
        set.scores /= divisor;
    return set;
}

Result<ScoreSet> cosineScores(const Vector &q, const Matrix &keys)
{
    if (keys.cols() != q.size())
        return mismatch("keys", q.size(), keys.cols());
    ScoreSet set;
    const Eigen::Index n = keys.rows();
    set.scores.resize(n);
    set.zeroNorm.assign(n, false);
    // A safe norm and dividing before the dot product keep huge vectors from overflowing.
    const double qn = detail::safeNorm(q);
    for (Eigen::Index i = 0; i < n; ++i) {
        const double kn = detail::safeNorm(keys.row(i));
        if (qn == 0 || kn == 0) {
            set.scores[i] = 0;
            set.zeroNorm[i] = true;
            continue;
        }
        const double c = (keys.row(i) / kn).dot(q / qn);
        set.scores[i] = std::clamp(c, -1.0, 1.0);
    }
    return set;
}

Result<ScoreSet> generalScores(const Vector &q, const Matrix &keys, const Matrix &w)
{
    if (w.size() == 0)
        return dotScores(q, keys, 1.0);
    if (!detail::allFinite(w))
        return Error{ErrorCode::NonFinite, "general.w"};
    if (w.rows() != q.size())
        return mismatch("general.w", q.size(), w.rows());
    if (w.cols() != keys.cols())
        return mismatch("general.w", keys.cols(), w.cols());
    // qᵀ W k = (Wᵀ q)·k: one small product, then a dot per key.
    const Vector wtq = w.transpose() * q;
    ScoreSet set;
    set.scores.noalias() = keys * wtq;
    return set;
}

Result<ScoreSet> additiveScores(const Vector &q, const Matrix &keys, const AdditiveParams &p)
{
    const Eigen::Index h = p.v.size();
    if (h == 0)
        return Error{ErrorCode::DimensionMismatch, "additive.v", 1, 0};
    if (!detail::allFinite(p.wq))
        return Error{ErrorCode::NonFinite, "additive.wq"};
    if (!detail::allFinite(p.wk))
        return Error{ErrorCode::NonFinite, "additive.wk"};
    if (!detail::allFinite(p.b))
        return Error{ErrorCode::NonFinite, "additive.b"};
    if (!detail::allFinite(p.v))
        return Error{ErrorCode::NonFinite, "additive.v"};
    if (p.wq.rows() != h)
        return mismatch("additive.wq", h, p.wq.rows());
    if (p.wq.cols() != q.size())
        return mismatch("additive.wq", q.size(), p.wq.cols());
    if (p.wk.rows() != h)
        return mismatch("additive.wk", h, p.wk.rows());
    if (p.wk.cols() != keys.cols())
        return mismatch("additive.wk", keys.cols(), p.wk.cols());
    if (p.b.size() != h)
        return mismatch("additive.b", h, p.b.size());

    // W_q q + b is the same for every key; only W_k kᵢ changes. Column j holds hidden unit j's
    // pre-activation for every key, built from whole columns of K (contiguous, so each step is
    // one vectorised pass over the keys); a general matrix product's packing and blocking would
    // cost more than the arithmetic at an inner dimension of 2.
    const Vector base = p.wq * q + p.b;
    Matrix hidden(keys.rows(), h); // n × H
    for (Eigen::Index j = 0; j < h; ++j) {
        hidden.col(j).setConstant(base[j]);
        for (Eigen::Index c = 0; c < keys.cols(); ++c)
            hidden.col(j) += p.wk(j, c) * keys.col(c);
    }
    detail::tanhInto(hidden.data(), hidden.data(), std::size_t(hidden.size()));
    ScoreSet set;
    set.scores.noalias() = hidden * p.v;
    return set;
}
} // namespace

double effectiveScaleDim(const Matrix &keys, const AttentionParams &params)
{
    return params.scaleDim > 0 ? params.scaleDim : double(keys.cols());
}

Result<ScoreSet> computeScores(const Vector &query, const Matrix &keys, Method method,
                               const AttentionParams &params)
{
    if (keys.rows() == 0)
        return Error{ErrorCode::NoKeys, "keys"};
    if (query.size() == 0)
        return Error{ErrorCode::DimensionMismatch, "query", 1, 0};
    if (!detail::allFinite(query))
        return Error{ErrorCode::NonFinite, "query"};
    if (!detail::allFinite(keys))
        return Error{ErrorCode::NonFinite, "keys"};

    switch (method) {
    case Method::Dot:
        return dotScores(query, keys, 1.0);
    case Method::Scaled: {
        if (std::isnan(params.scaleDim) || params.scaleDim < 0 || std::isinf(params.scaleDim))
            return Error{ErrorCode::BadScaleDim, "scale_dim"};
        return dotScores(query, keys, std::sqrt(effectiveScaleDim(keys, params)));
    }
    case Method::Cosine:
        return cosineScores(query, keys);
    case Method::General:
        return generalScores(query, keys, params.general);
    case Method::Additive:
        return additiveScores(query, keys, params.additive);
    case Method::MultiHead:
        break;
    }
    return Error{ErrorCode::BadArgument, "method", -1, -1, "multihead"};
}

} // namespace attn
