#include "querygradient.h"

#include "normaliser.h"

#include "attention.h"
#include "scores.h"

#include <cmath>

namespace attn {

namespace {

// Row i: ∂sᵢ/∂q for one of the single score functions, before the temperature.
Matrix scoreJacobian(const Vector &q, const Matrix &keys, Method method,
                     const AttentionParams &params)
{
    const Eigen::Index n = keys.rows();
    Matrix rows(n, q.size());
    switch (method) {
    case Method::Dot:
        rows = keys;
        break;
    case Method::Scaled:
        rows = keys / std::sqrt(effectiveScaleDim(keys, params));
        break;
    case Method::General:
        // s = qᵀ W k, so ∂s/∂q = W k; an empty W is the identity.
        if (params.general.size() == 0)
            rows = keys;
        else
            rows.noalias() = keys * params.general.transpose();
        break;
    case Method::Cosine: {
        // s = q̂·k̂: only the part of k̂ across q̂ turns q towards k, over |q|. A zero key scores
        // 0 whatever q is.
        const double qn = q.norm();
        const Vector qhat = q / qn;
        for (Eigen::Index i = 0; i < n; ++i) {
            const double kn = keys.row(i).norm();
            if (kn == 0) {
                rows.row(i).setZero();
                continue;
            }
            const Vector khat = keys.row(i).transpose() / kn;
            rows.row(i) = ((khat - khat.dot(qhat) * qhat) / qn).transpose();
        }
        break;
    }
    case Method::Additive: {
        // s = vᵀ tanh(W_q q + W_k k + b): ∂s/∂q = W_qᵀ (v ⊙ (1 − tanh²)).
        const AdditiveParams &p = params.additive;
        const Vector base = p.wq * q + p.b;
        for (Eigen::Index i = 0; i < n; ++i) {
            const Vector t = (base + p.wk * keys.row(i).transpose()).array().tanh().matrix();
            const Vector inner = p.v.cwiseProduct((1.0 - t.array().square()).matrix());
            rows.row(i) = (p.wq.transpose() * inner).transpose();
        }
        break;
    }
    case Method::MultiHead:
        break;
    }
    return rows;
}

// ∂ log wⱼ / ∂q = Σᵢ (∂ log wⱼ / ∂zᵢ) ∂sᵢ/∂q / τ, with ∂ log wⱼ / ∂z the normaliser's
// vector–Jacobian product of the unit vector eⱼ, divided by wⱼ. For softmax that is
// (∂sⱼ − Σᵢ wᵢ ∂sᵢ) / τ, written out. `weights` must have wⱼ > 0.
Vector pull(const Matrix &jacobian, const Vector &weights, int key, double temperature,
            Normaliser normaliser)
{
    if (normaliser == Normaliser::Softmax)
        return (jacobian.row(key).transpose() - jacobian.transpose() * weights) / temperature;
    Vector unit = Vector::Zero(weights.size());
    unit[key] = 1;
    Vector dz(weights.size());
    normaliseRowBackward(normaliser, weights, unit, dz);
    return jacobian.transpose() * dz / (weights[key] * temperature);
}

} // namespace

Result<QueryGradient> queryGradient(const Vector &query, const Matrix &keys, Method method,
                                    const AttentionParams &params, int key)
{
    if (key < 0 || key >= keys.rows())
        return Error{ErrorCode::BadArgument, "key", (long long)keys.rows(), key};
    if (!params.mask.empty() && std::size_t(key) < params.mask.size() && params.mask[key])
        return Error{ErrorCode::BadArgument, "key", -1, key, "masked"};
    if (method == Method::Cosine && query.size() > 0 && query.norm() == 0)
        return Error{ErrorCode::DimensionMismatch, "query", 1, 0, "zero-length"};
    // The values play no part in the weights: the keys stand in for them.
    auto attended = attend(query, keys, keys, method, params);
    if (!attended)
        return attended.error();
    const double tau = params.temperature;

    QueryGradient g;
    if (method != Method::MultiHead) {
        // Sparsemax gives keys outside its support exactly 0, whose log has no gradient.
        if (!(attended->weights[key] > 0))
            return Error{ErrorCode::BadArgument, "key", -1, key, "zero-weight"};
        g.gradient = pull(scoreJacobian(query, keys, method, params), attended->weights, key, tau,
                          params.normaliser);
        return g;
    }
    // Head h: sᵢʰ = (W_Qʰ q)·(W_Kʰ kᵢ)/√d_k, so ∂sᵢʰ/∂q = W_Qʰᵀ W_Kʰ kᵢ / √d_k. The canvas's
    // weight is the mean w̄ⱼ = Σₕ wⱼʰ / H, and ∂ log w̄ⱼ = Σₕ wⱼʰ ∂ log wⱼʰ / Σₕ wⱼʰ.
    g.gradient = Vector::Zero(query.size());
    double total = 0;
    for (std::size_t h = 0; h < params.multiHead.heads.size(); ++h) {
        const Head &head = params.multiHead.heads[h];
        const HeadResult &r = attended->heads[h];
        const Matrix jacobian =
            r.keys * head.wq / std::sqrt(double(head.wq.rows())); // rows (W_Qᵀ W_K kᵢ)ᵀ/√d_k
        const double wj = r.softmax.weights[key];
        // A head that gives the key 0 (sparsemax) adds nothing to the mean's gradient.
        g.heads.push_back(wj > 0 ? pull(jacobian, r.softmax.weights, key, tau, params.normaliser)
                                 : Vector(Vector::Zero(query.size())));
        g.gradient += wj * g.heads.back();
        total += wj;
    }
    if (total > 0)
        g.gradient /= total;
    return g;
}

} // namespace attn
