#include "scorebreakdown.h"

#include <cmath>
#include <string>

namespace attn {

namespace {
Error mismatch(std::string subject, Eigen::Index expected, Eigen::Index actual)
{
    return Error{ErrorCode::DimensionMismatch, std::move(subject), (long long)expected,
                 (long long)actual};
}

SoftmaxStep stepOf(const SoftmaxTrace &trace, double score, double temperature, int key,
                   const Mask &mask)
{
    SoftmaxStep s;
    s.score = score;
    s.temperature = temperature;
    s.logit = trace.logits[key];
    s.maxLogit = trace.maxLogit;
    s.shifted = trace.shifted[key];
    s.exp = trace.exps[key];
    s.sum = trace.sum;
    s.weight = trace.weights[key];
    s.masked = !mask.empty() && mask[std::size_t(key)];
    return s;
}

bool traceFits(const SoftmaxTrace &trace, Eigen::Index n)
{
    return trace.logits.size() == n && trace.shifted.size() == n && trace.exps.size() == n &&
           trace.weights.size() == n;
}

// Products term by term: the explanation shows each one, so they are kept apart from the sum.
Vector products(const Vector &a, const Vector &b)
{
    return a.cwiseProduct(b);
}

Result<bool> explainAdditive(ScoreBreakdown &b, const AdditiveParams &p)
{
    const Eigen::Index h = p.v.size();
    if (h == 0)
        return mismatch("additive.v", 1, 0);
    if (p.wq.rows() != h || p.wq.cols() != b.query.size())
        return mismatch("additive.wq", b.query.size(), p.wq.cols());
    if (p.wk.rows() != h || p.wk.cols() != b.keyVector.size())
        return mismatch("additive.wk", b.keyVector.size(), p.wk.cols());
    if (p.b.size() != h)
        return mismatch("additive.b", h, p.b.size());
    b.wqq = p.wq * b.query;
    b.wkk = p.wk * b.keyVector;
    b.bias = p.b;
    b.preActivation = b.wqq + b.wkk + b.bias;
    b.tanhValues = b.preActivation.array().tanh().matrix();
    b.v = p.v;
    b.vTanh = b.v.cwiseProduct(b.tanhValues);
    b.additive = b.vTanh.sum();
    return true;
}

Result<bool> explainHeads(ScoreBreakdown &b, const AttentionParams &params,
                          const AttentionResult &result, Eigen::Index n)
{
    const auto &heads = params.multiHead.heads;
    if (heads.size() != result.heads.size())
        return Error{ErrorCode::BadArgument, "result", (long long)heads.size(),
                     (long long)result.heads.size()};
    for (std::size_t j = 0; j < heads.size(); ++j) {
        const Head &head = heads[j];
        const HeadResult &hr = result.heads[j];
        if (head.wq.cols() != b.query.size())
            return mismatch("multihead.heads[" + std::to_string(j) + "].wq", b.query.size(),
                            head.wq.cols());
        if (head.wk.cols() != b.keyVector.size() || head.wk.rows() != head.wq.rows())
            return mismatch("multihead.heads[" + std::to_string(j) + "].wk", head.wq.rows(),
                            head.wk.rows());
        if (hr.scores.size() != n || !traceFits(hr.softmax, n))
            return Error{ErrorCode::BadArgument, "result", (long long)n,
                         (long long)hr.scores.size()};
        HeadBreakdown hb;
        hb.query = head.wq * b.query;
        hb.key = head.wk * b.keyVector;
        hb.products = products(hb.query, hb.key);
        hb.dot = hb.products.sum();
        hb.dk = double(head.wq.rows());
        hb.sqrtDk = std::sqrt(hb.dk);
        hb.scaled = hb.dot / hb.sqrtDk;
        hb.softmax = stepOf(hr.softmax, hr.scores[b.key], result.temperature, b.key, params.mask);
        b.heads.push_back(std::move(hb));
    }
    b.meanScore = result.scores[b.key];
    b.meanWeight = result.weights[b.key];
    return true;
}
} // namespace

Result<ScoreBreakdown> explainScore(const Vector &query, const Matrix &keys, const Matrix &values,
                                    int key, Method method, const AttentionParams &params,
                                    const AttentionResult &result)
{
    const Eigen::Index n = keys.rows();
    if (key < 0 || key >= n)
        return Error{ErrorCode::BadArgument, "key", (long long)n, key};
    if (keys.cols() != query.size())
        return mismatch("keys", query.size(), keys.cols());
    if (values.rows() != n)
        return Error{ErrorCode::CountMismatch, "values", (long long)n, (long long)values.rows()};
    if (result.method != method)
        return Error{ErrorCode::BadArgument, "result", -1, -1, methodId(result.method)};
    if (result.scores.size() != n || result.weights.size() != n)
        return Error{ErrorCode::BadArgument, "result", (long long)n,
                     (long long)result.scores.size()};
    if (!params.mask.empty() && Eigen::Index(params.mask.size()) != n)
        return Error{ErrorCode::CountMismatch, "mask", (long long)n, (long long)params.mask.size()};

    ScoreBreakdown b;
    b.method = method;
    b.key = key;
    b.query = query;
    b.keyVector = keys.row(key).transpose();
    b.score = result.scores[key];

    switch (method) {
    case Method::Dot:
    case Method::Scaled:
    case Method::Cosine:
        b.products = products(b.query, b.keyVector);
        b.dot = b.products.sum();
        break;
    default:
        break;
    }

    switch (method) {
    case Method::Dot:
        break;
    case Method::Scaled:
        // The result knows which d was used (an explicit scale_dim or the key dimension).
        b.scaleDim = result.scaleDim;
        b.sqrtScale = std::sqrt(b.scaleDim);
        b.scaled = b.dot / b.sqrtScale;
        break;
    case Method::Cosine:
        b.queryNorm = b.query.stableNorm();
        b.keyNorm = b.keyVector.stableNorm();
        b.normProduct = b.queryNorm * b.keyNorm;
        b.zeroNorm = b.queryNorm == 0 || b.keyNorm == 0;
        b.cosine = b.zeroNorm ? 0.0 : b.dot / b.normProduct;
        break;
    case Method::General: {
        b.generalW = params.general.size() == 0
                         ? Matrix(Matrix::Identity(query.size(), keys.cols()))
                         : params.general;
        if (b.generalW.rows() != query.size() || b.generalW.cols() != keys.cols())
            return mismatch("general.w", query.size(), b.generalW.rows());
        b.wk = b.generalW * b.keyVector;
        b.generalProducts = products(b.query, b.wk);
        b.general = b.generalProducts.sum();
        break;
    }
    case Method::Additive: {
        auto ok = explainAdditive(b, params.additive);
        if (!ok)
            return ok.error();
        break;
    }
    case Method::MultiHead: {
        auto ok = explainHeads(b, params, result, n);
        if (!ok)
            return ok.error();
        return b;
    }
    }

    if (!traceFits(result.trace, n))
        return Error{ErrorCode::BadArgument, "result", (long long)n,
                     (long long)result.trace.logits.size()};
    b.softmax = stepOf(result.trace, b.score, result.temperature, key, params.mask);
    b.value = values.row(key).transpose();
    b.contribution = b.softmax.weight * b.value;
    return b;
}

} // namespace attn
