#include "scores.h"

#include "fastmath.h"

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
    if (!w.allFinite())
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
    if (!p.wq.allFinite())
        return Error{ErrorCode::NonFinite, "additive.wq"};
    if (!p.wk.allFinite())
        return Error{ErrorCode::NonFinite, "additive.wk"};
    if (!p.b.allFinite())
        return Error{ErrorCode::NonFinite, "additive.b"};
    if (!p.v.allFinite())
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

    // W_q q + b is the same for every key; only W_k kᵢ changes.
    const Vector base = p.wq * q + p.b;
    const Matrix hidden = keys * p.wk.transpose(); // n × H
    ScoreSet set;
    set.scores.resize(keys.rows());
    for (Eigen::Index i = 0; i < keys.rows(); ++i) {
        double s = 0;
        for (Eigen::Index j = 0; j < h; ++j)
            s += p.v[j] * detail::tanh(hidden(i, j) + base[j]);
        set.scores[i] = s;
    }
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
    if (!query.allFinite())
        return Error{ErrorCode::NonFinite, "query"};
    if (!keys.allFinite())
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
