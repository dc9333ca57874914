#include "selfattention.h"

#include "softmax.h"

#include <cmath>

namespace attn {

Result<SelfAttentionResult> selfAttention(const Matrix &x, const Matrix &wq, const Matrix &wk,
                                          const Matrix &wv, bool causal, double temperature)
{
    const Eigen::Index n = x.rows();
    if (n == 0)
        return Error{ErrorCode::NoKeys, "x"};
    const std::pair<const Matrix *, const char *> mats[] = {
        {&x, "x"}, {&wq, "wq"}, {&wk, "wk"}, {&wv, "wv"}};
    for (const auto &[m, name] : mats) {
        if (!m->allFinite())
            return Error{ErrorCode::NonFinite, name};
    }
    const Eigen::Index dIn = x.cols();
    for (const auto &[m, name] : mats) {
        if (m != &x && m->rows() != dIn)
            return Error{ErrorCode::DimensionMismatch, name, (long long)dIn, (long long)m->rows()};
    }
    if (wq.cols() == 0)
        return Error{ErrorCode::DimensionMismatch, "wq", 1, 0};
    if (wk.cols() != wq.cols())
        return Error{ErrorCode::DimensionMismatch, "wk", (long long)wq.cols(),
                     (long long)wk.cols()};
    if (!std::isfinite(temperature) || temperature <= 0)
        return Error{ErrorCode::BadTemperature, "temperature"};

    SelfAttentionResult r;
    r.q.noalias() = x * wq;
    r.k.noalias() = x * wk;
    r.v.noalias() = x * wv;
    r.rawScores.noalias() = r.q * r.k.transpose();
    r.scale = std::sqrt(double(wq.cols()));
    r.scaledScores = r.rawScores / r.scale;
    r.weights.resize(n, n);
    Mask mask;
    for (Eigen::Index i = 0; i < n; ++i) {
        // A causal row i may look at tokens 0 … i only; the diagonal keeps every row non-empty.
        if (causal) {
            mask.assign(n, false);
            for (Eigen::Index j = i + 1; j < n; ++j)
                mask[j] = true;
        }
        auto sm = softmax(r.scaledScores.row(i).transpose(), temperature, mask);
        if (!sm)
            return sm.error();
        r.weights.row(i) = sm->weights.transpose();
    }
    r.output.noalias() = r.weights * r.v;
    return r;
}

} // namespace attn
