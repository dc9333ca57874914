#include "attention.h"

#include "fastmath.h"
#include "scores.h"

#include <cmath>
#include <string>

namespace attn {

namespace {
Error mismatch(std::string subject, Eigen::Index expected, Eigen::Index actual)
{
    return Error{ErrorCode::DimensionMismatch, std::move(subject), (long long)expected,
                 (long long)actual};
}

std::string headSubject(std::size_t j, const char *field)
{
    return "multihead.heads[" + std::to_string(j) + "]." + field;
}

// Checks every head against d_model and W_O; returns the total d_v of the concatenation.
Result<Eigen::Index> checkHeads(const MultiHeadParams &p, Eigen::Index dModel)
{
    if (p.heads.empty())
        return Error{ErrorCode::NoHeads, "multihead.heads"};
    Eigen::Index concat = 0;
    for (std::size_t j = 0; j < p.heads.size(); ++j) {
        const Head &h = p.heads[j];
        const std::pair<const Matrix *, const char *> mats[] = {
            {&h.wq, "wq"}, {&h.wk, "wk"}, {&h.wv, "wv"}};
        for (const auto &[m, name] : mats) {
            if (m->rows() == 0)
                return mismatch(headSubject(j, name), 1, 0);
            if (m->cols() != dModel)
                return mismatch(headSubject(j, name), dModel, m->cols());
            if (!detail::allFinite(*m))
                return Error{ErrorCode::NonFinite, headSubject(j, name)};
        }
        if (h.wk.rows() != h.wq.rows())
            return mismatch(headSubject(j, "wk"), h.wq.rows(), h.wk.rows());
        concat += h.wv.rows();
    }
    if (!detail::allFinite(p.wo))
        return Error{ErrorCode::NonFinite, "multihead.wo"};
    if (p.wo.cols() != concat)
        return mismatch("multihead.wo", concat, p.wo.cols());
    if (p.wo.rows() != dModel)
        return mismatch("multihead.wo", dModel, p.wo.rows());
    return concat;
}

Result<AttentionResult> attendMultiHead(const Vector &q, const Matrix &keys, const Matrix &values,
                                        const AttentionParams &params)
{
    const Eigen::Index dModel = q.size();
    if (keys.cols() != dModel)
        return mismatch("keys", dModel, keys.cols());
    if (values.cols() != dModel)
        return mismatch("values", dModel, values.cols());
    auto concatSize = checkHeads(params.multiHead, dModel);
    if (!concatSize)
        return concatSize.error();

    const Eigen::Index n = keys.rows();
    AttentionResult r;
    r.method = Method::MultiHead;
    r.temperature = params.temperature;
    r.scores = Vector::Zero(n);
    r.weights = Vector::Zero(n);
    r.concat.resize(*concatSize);
    Eigen::Index offset = 0;
    for (const Head &head : params.multiHead.heads) {
        // Each head attends over all n keys on its own: the head axis never mixes with the key
        // axis.
        HeadResult h;
        h.query.noalias() = head.wq * q;
        h.keys.noalias() = keys * head.wk.transpose();
        h.values.noalias() = values * head.wv.transpose();
        h.scores.noalias() = h.keys * h.query;
        h.scores /= std::sqrt(double(head.wq.rows()));
        auto sm = normalise(h.scores, params.temperature, params.mask, params.normaliser,
                            params.sigmoidBias);
        ;
        if (!sm)
            return sm.error();
        h.softmax = std::move(sm).value();
        h.output.noalias() = h.values.transpose() * h.softmax.weights;
        r.concat.segment(offset, h.output.size()) = h.output;
        offset += h.output.size();
        r.scores += h.scores;
        r.weights += h.softmax.weights;
        r.heads.push_back(std::move(h));
    }
    const double count = double(params.multiHead.heads.size());
    r.scores /= count;
    r.weights /= count;
    r.output.noalias() = params.multiHead.wo * r.concat;
    return r;
}
} // namespace

Result<AttentionResult> attend(const Vector &query, const Matrix &keys, const Matrix &values,
                               Method method, const AttentionParams &params)
{
    if (keys.rows() == 0)
        return Error{ErrorCode::NoKeys, "keys"};
    if (values.rows() != keys.rows())
        return Error{ErrorCode::CountMismatch, "values", (long long)keys.rows(),
                     (long long)values.rows()};
    if (values.cols() == 0)
        return mismatch("values", 1, 0);
    if (!detail::allFinite(query))
        return Error{ErrorCode::NonFinite, "query"};
    if (!detail::allFinite(keys))
        return Error{ErrorCode::NonFinite, "keys"};
    if (!detail::allFinite(values))
        return Error{ErrorCode::NonFinite, "values"};
    if (!std::isfinite(params.temperature) || params.temperature <= 0)
        return Error{ErrorCode::BadTemperature, "temperature"};
    if (!params.mask.empty() && Eigen::Index(params.mask.size()) != keys.rows())
        return Error{ErrorCode::CountMismatch, "mask", (long long)keys.rows(),
                     (long long)params.mask.size()};

    if (method == Method::MultiHead)
        return attendMultiHead(query, keys, values, params);

    auto set = computeScores(query, keys, method, params);
    if (!set)
        return set.error();
    auto sm = normalise(set->scores, params.temperature, params.mask, params.normaliser,
                        params.sigmoidBias);
    ;
    if (!sm)
        return sm.error();

    AttentionResult r;
    r.method = method;
    r.temperature = params.temperature;
    if (method == Method::Scaled)
        r.scaleDim = effectiveScaleDim(keys, params);
    ScoreSet scored = std::move(set).value();
    r.scores = std::move(scored.scores);
    r.zeroNorm = std::move(scored.zeroNorm);
    r.trace = std::move(sm).value();
    r.weights = r.trace.weights;
    r.output.noalias() = values.transpose() * r.weights;
    return r;
}

Result<MultiHeadParams> splitHeads(const Matrix &wq, const Matrix &wk, const Matrix &wv,
                                   const Matrix &wo, int headCount)
{
    if (headCount <= 0)
        return Error{ErrorCode::NoHeads, "heads", 1, headCount};
    const Eigen::Index d = wq.cols();
    const std::pair<const Matrix *, const char *> mats[] = {
        {&wq, "wq"}, {&wk, "wk"}, {&wv, "wv"}, {&wo, "wo"}};
    for (const auto &[m, name] : mats) {
        if (m->rows() != d)
            return mismatch(name, d, m->rows());
        if (m->cols() != d)
            return mismatch(name, d, m->cols());
    }
    if (d == 0 || d % headCount != 0)
        return Error{ErrorCode::HeadsDoNotFit, "heads", (long long)d, headCount};
    const Eigen::Index dk = d / headCount;
    MultiHeadParams p;
    for (int j = 0; j < headCount; ++j)
        p.heads.push_back(
            Head{wq.middleRows(j * dk, dk), wk.middleRows(j * dk, dk), wv.middleRows(j * dk, dk)});
    p.wo = wo;
    return p;
}

} // namespace attn
