#pragma once

// The sequence model of issue 15 written as deliberately plain loops over std::vector, in long
// double, from the formulas of docs/sequence-format.md: it reads the parameters out of the
// SequenceModel struct but calls none of the code under test (no Eigen products, no helper of
// sequenceforward.cpp), so that agreement means two independent derivations agree.

#include "core/random.h"
#include "core/sequencedocument.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <vector>

namespace naiveseq {

using Real = long double;
using Rows = std::vector<std::vector<Real>>;

struct Head
{
    Rows q, k, v, scores, weights, output; ///< scores: NaN where masked
};

struct Layer
{
    std::vector<Head> heads;
    Rows output;
};

struct Run
{
    Rows input;
    std::vector<Layer> layers;
    Rows logits;
    std::vector<int> predictions;
};

inline Rows zeros(std::size_t rows, std::size_t cols)
{
    return Rows(rows, std::vector<Real>(cols, 0));
}

inline Real entry(const attn::Matrix &m, long r, long c)
{
    return Real(m(r, c));
}

/// Projection of every row of r by W (rows out × cols in), one scalar product at a time.
inline Rows project(const Rows &r, const attn::Matrix &w)
{
    Rows out = zeros(r.size(), std::size_t(w.rows()));
    for (std::size_t i = 0; i < r.size(); ++i)
        for (long a = 0; a < w.rows(); ++a) {
            Real s = 0;
            for (long c = 0; c < w.cols(); ++c)
                s += entry(w, a, c) * r[i][std::size_t(c)];
            out[i][std::size_t(a)] = s;
        }
    return out;
}

inline void rotate(Rows &m, int first, Real base)
{
    const std::size_t d = m.empty() ? 0 : m[0].size();
    for (std::size_t i = 0; i < m.size(); ++i)
        for (std::size_t j = 0; 2 * j < d; ++j) {
            const Real theta = std::pow(base, -Real(2 * j) / Real(d));
            const Real angle = Real(first + int(i)) * theta;
            const Real a = m[i][2 * j], b = m[i][2 * j + 1];
            m[i][2 * j] = a * std::cos(angle) - b * std::sin(angle);
            m[i][2 * j + 1] = a * std::sin(angle) + b * std::cos(angle);
        }
}

/// The weights of one row of z = s/τ (NaN where masked) by `kind`, straight from issue 17's
/// formulas: softmax; softmax₁ = exp(zᵢ) / (1 + Σ exp(zⱼ)); sigmoid σ(zᵢ + b) with b = −ln n by
/// default; sparsemax max(zᵢ − τ*, 0) with k the largest index (scores sorted down) for which
/// 1 + k·z₍ₖ₎ > Σ_{j≤k} z₍ⱼ₎ and τ* = (Σ_{j≤k} z₍ⱼ₎ − 1)/k. Masked keys get 0.
inline std::vector<Real> normalise(attn::Normaliser kind, const std::vector<Real> &z,
                                   std::optional<double> sigmoidBias)
{
    std::vector<Real> w(z.size(), 0), kept;
    for (Real x : z)
        if (!std::isnan(x))
            kept.push_back(x);
    switch (kind) {
    case attn::Normaliser::Softmax:
    case attn::Normaliser::Softmax1: {
        Real best = kind == attn::Normaliser::Softmax1 ? 0 : kept[0];
        for (Real x : kept)
            best = std::max(best, x);
        Real sum = kind == attn::Normaliser::Softmax1 ? std::exp(-best) : 0;
        for (Real x : kept)
            sum += std::exp(x - best);
        for (std::size_t j = 0; j < z.size(); ++j)
            if (!std::isnan(z[j]))
                w[j] = std::exp(z[j] - best) / sum;
        break;
    }
    case attn::Normaliser::Sigmoid: {
        const Real b = sigmoidBias ? Real(*sigmoidBias) : -std::log(Real(kept.size()));
        for (std::size_t j = 0; j < z.size(); ++j)
            if (!std::isnan(z[j]))
                w[j] = 1 / (1 + std::exp(-(z[j] + b)));
        break;
    }
    case attn::Normaliser::Sparsemax: {
        std::vector<Real> sorted = kept;
        std::sort(sorted.begin(), sorted.end(), std::greater<Real>());
        Real cumulative = 0, kept_sum = 0;
        std::size_t k = 0;
        for (std::size_t j = 0; j < sorted.size(); ++j) {
            cumulative += sorted[j];
            if (1 + Real(j + 1) * sorted[j] > cumulative) {
                k = j + 1;
                kept_sum = cumulative;
            }
        }
        const Real threshold = (kept_sum - 1) / Real(k);
        for (std::size_t j = 0; j < z.size(); ++j)
            if (!std::isnan(z[j]))
                w[j] = std::max(z[j] - threshold, Real(0));
        break;
    }
    }
    return w;
}

inline Run forward(const attn::SequenceModel &m, const std::vector<int> &tokens, int first = 0)
{
    const std::size_t n = tokens.size(), d = std::size_t(m.dModel);
    const Real nan = std::numeric_limits<Real>::quiet_NaN();
    Run run;
    run.input = zeros(n, d);
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t c = 0; c < d; ++c) {
            Real x = entry(m.weights.embedding, tokens[i], long(c));
            const Real pos = Real(first + int(i));
            if (m.positions == attn::PositionKind::Sinusoidal) {
                const Real angle = pos / std::pow(Real(m.base), Real(2 * (c / 2)) / Real(d));
                x += c % 2 == 0 ? std::sin(angle) : std::cos(angle);
            } else if (m.positions == attn::PositionKind::Learned) {
                x += entry(m.weights.positionTable, long(first) + long(i), long(c));
            }
            run.input[i][c] = x;
        }

    Rows r = run.input;
    for (const attn::SequenceLayerWeights &lw : m.weights.layers) {
        Layer layer;
        Rows next = r;
        const std::size_t dv = std::size_t(lw.heads.front().wv.rows());
        for (std::size_t h = 0; h < lw.heads.size(); ++h) {
            const attn::SequenceHeadWeights &hw = lw.heads[h];
            Head head;
            head.q = project(r, hw.wq);
            head.k = project(r, hw.wk);
            head.v = project(r, hw.wv);
            if (m.positions == attn::PositionKind::Rotary) {
                rotate(head.q, first, Real(m.base));
                rotate(head.k, first, Real(m.base));
            }
            const std::size_t dk = head.q[0].size();
            head.scores = zeros(n, n);
            head.weights = zeros(n, n);
            head.output = zeros(n, dv);
            for (std::size_t i = 0; i < n; ++i) {
                std::vector<Real> z(n);
                for (std::size_t j = 0; j < n; ++j) {
                    if (m.causal && j > i) {
                        head.scores[i][j] = nan;
                        z[j] = nan;
                        continue;
                    }
                    Real s = 0;
                    for (std::size_t a = 0; a < dk; ++a)
                        s += head.q[i][a] * head.k[j][a];
                    head.scores[i][j] = s / std::sqrt(Real(dk));
                    z[j] = head.scores[i][j] / Real(m.temperature);
                }
                head.weights[i] = normalise(m.normaliser, z, m.sigmoidBias);
                for (std::size_t a = 0; a < dv; ++a)
                    for (std::size_t j = 0; j < n; ++j)
                        head.output[i][a] += head.weights[i][j] * head.v[j][a];
            }
            for (std::size_t i = 0; i < n; ++i)
                for (std::size_t c = 0; c < d; ++c)
                    for (std::size_t a = 0; a < dv; ++a)
                        next[i][c] += entry(lw.wo, long(c), long(h * dv + a)) * head.output[i][a];
            layer.heads.push_back(std::move(head));
        }
        layer.output = next;
        r = next;
        run.layers.push_back(std::move(layer));
    }
    run.logits = project(r, m.weights.unembedding);
    for (const auto &row : run.logits) {
        int best = 0;
        for (std::size_t o = 1; o < row.size(); ++o)
            if (row[o] > row[std::size_t(best)])
                best = int(o);
        run.predictions.push_back(best);
    }
    return run;
}

/// −log softmax(logits)[target].
inline Real tokenLoss(const std::vector<Real> &logits, int target)
{
    Real max = logits[0];
    for (Real x : logits)
        max = std::max(max, x);
    Real sum = 0;
    for (Real x : logits)
        sum += std::exp(x - max);
    return max + std::log(sum) - logits[std::size_t(target)];
}

/// A model with every matrix uniform in [−1, 1) from `seed`.
inline attn::SequenceModel randomModel(std::uint64_t seed, int vocabulary, int d, int layers,
                                       int heads, int dk, int dv, attn::PositionKind kind,
                                       bool causal, double temperature = 0.8, int tableRows = 8)
{
    attn::Random rng(seed);
    auto random = [&rng](int rows, int cols) {
        attn::Matrix m(rows, cols);
        for (int r = 0; r < rows; ++r)
            for (int c = 0; c < cols; ++c)
                m(r, c) = rng.uniform(-1, 1);
        return m;
    };
    attn::SequenceModel m;
    for (int i = 0; i < vocabulary; ++i)
        m.vocabulary.push_back("t" + std::to_string(i));
    m.outputs = m.vocabulary;
    m.dModel = d;
    m.positions = kind;
    m.base = kind == attn::PositionKind::Rotary ? 100 : 10000;
    m.causal = causal;
    m.temperature = temperature;
    m.weights.embedding = random(vocabulary, d);
    m.weights.positionTable =
        kind == attn::PositionKind::Learned ? random(tableRows, d) : attn::Matrix(0, d);
    for (int l = 0; l < layers; ++l) {
        attn::SequenceLayerWeights layer;
        for (int h = 0; h < heads; ++h)
            layer.heads.push_back({random(dk, d), random(dk, d), random(dv, d)});
        layer.wo = random(d, heads * dv);
        m.weights.layers.push_back(std::move(layer));
    }
    m.weights.unembedding = random(vocabulary, d);
    return m;
}

} // namespace naiveseq
