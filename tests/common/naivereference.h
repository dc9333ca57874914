#pragma once

// Deliberately naive long-double references for the core tests. Nothing here may call the code
// under test or mirror its Eigen expressions: plain loops over std::vector, written from the
// textbook formulas, so that a test compares two independent computations.

#include "core/error.h"
#include "core/types.h"

#include <QTest>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstddef>
#include <limits>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace naive {

using Real = long double;
using Vec = std::vector<Real>;
using Mat = std::vector<Vec>; ///< row-major: Mat[i] is row i

/// Plain double inputs, as they appear in the `_data()` tables.
using DVec = std::vector<double>;
using DRows = std::vector<std::vector<double>>;

/// Inputs the tests share: the values that are not numbers, and the article's example (query,
/// three keys and their values). `using namespace naive::inputs;` brings them in.
namespace inputs {
inline constexpr double kInf = std::numeric_limits<double>::infinity();
inline constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
inline const DVec kArticleQuery{1.2, 0.8};
inline const DRows kArticleKeys{{0.5, 1.0}, {1.5, 0.5}, {0.8, 1.2}};
inline const DRows kArticleValues{{1.0, 0.0}, {0.0, 1.0}, {1.0, 1.0}};
} // namespace inputs

// --- conversions (inputs only: they build the arguments of the code under test) -------------

inline attn::Vector toEigen(const DVec &v)
{
    attn::Vector out(Eigen::Index(v.size()));
    for (std::size_t i = 0; i < v.size(); ++i)
        out(Eigen::Index(i)) = v[i];
    return out;
}

/// `cols` only matters for a matrix without rows (an empty key set still has a dimension).
inline attn::Matrix toEigen(const DRows &rows, Eigen::Index cols = -1)
{
    const Eigen::Index r = Eigen::Index(rows.size());
    const Eigen::Index c =
        rows.empty() ? std::max<Eigen::Index>(cols, 0) : Eigen::Index(rows.front().size());
    attn::Matrix out(r, c);
    for (Eigen::Index i = 0; i < r; ++i)
        for (Eigen::Index j = 0; j < c; ++j)
            out(i, j) = rows[std::size_t(i)][std::size_t(j)];
    return out;
}

inline Vec toLong(const DVec &v)
{
    return Vec(v.begin(), v.end());
}

inline Mat toLong(const DRows &rows)
{
    Mat out;
    for (const auto &row : rows)
        out.push_back(toLong(row));
    return out;
}

/// Reads back a matrix or vector that a test built as an input (e.g. inside AttentionParams).
inline Vec toLong(const attn::Vector &v)
{
    Vec out;
    for (Eigen::Index i = 0; i < v.size(); ++i)
        out.push_back(v(i));
    return out;
}

inline Mat toLong(const attn::Matrix &m)
{
    Mat out(std::size_t(m.rows()), Vec(std::size_t(m.cols()), 0));
    for (Eigen::Index i = 0; i < m.rows(); ++i)
        for (Eigen::Index j = 0; j < m.cols(); ++j)
            out[std::size_t(i)][std::size_t(j)] = m(i, j);
    return out;
}

inline attn::Mask toMask(const QString &pattern)
{
    // 'x' marks a key that is left out, anything else keeps it.
    attn::Mask mask;
    for (QChar c : pattern)
        mask.push_back(c == QLatin1Char('x'));
    return mask;
}

// --- deterministic random inputs (std::mt19937_64 is fully specified by the standard) ---------

inline DVec randomVector(std::mt19937_64 &gen, std::size_t n, double lo = -1, double hi = 1)
{
    // The draw is done by hand because std::uniform_real_distribution differs between libraries.
    DVec v(n);
    for (auto &x : v)
        x = lo + (hi - lo) * (double(gen() >> 11) * 0x1.0p-53);
    return v;
}

inline DRows randomRows(std::mt19937_64 &gen, std::size_t rows, std::size_t cols, double lo = -1,
                        double hi = 1)
{
    DRows m;
    for (std::size_t i = 0; i < rows; ++i)
        m.push_back(randomVector(gen, cols, lo, hi));
    return m;
}

inline DRows identityRows(std::size_t n)
{
    DRows m(n, DVec(n, 0.0));
    for (std::size_t i = 0; i < n; ++i)
        m[i][i] = 1.0;
    return m;
}

// --- linear algebra by loops ---------------------------------------------------------------

inline Real dot(const Vec &a, const Vec &b)
{
    Real s = 0;
    for (std::size_t i = 0; i < a.size(); ++i)
        s += a[i] * b[i];
    return s;
}

inline Real norm(const Vec &a)
{
    return std::sqrt(dot(a, a));
}

/// W·x with W given as rows (W acts on a column vector).
inline Vec matVec(const Mat &w, const Vec &x)
{
    Vec out(w.size(), 0);
    for (std::size_t r = 0; r < w.size(); ++r)
        for (std::size_t c = 0; c < x.size(); ++c)
            out[r] += w[r][c] * x[c];
    return out;
}

inline Mat matMul(const Mat &a, const Mat &b)
{
    const std::size_t n = a.size(), inner = b.size(), m = b.empty() ? 0 : b.front().size();
    Mat out(n, Vec(m, 0));
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < m; ++j)
            for (std::size_t k = 0; k < inner; ++k)
                out[i][j] += a[i][k] * b[k][j];
    return out;
}

// --- softmax -------------------------------------------------------------------------------

struct Softmax
{
    Vec logits;
    Real maxLogit = 0;
    Vec shifted;
    Vec exps;
    Real sum = 0;
    Vec weights;
};

/// softmax(s/τ) in long double; masked entries get exps = weights = 0. Long double's range
/// (about 1e4932) means nothing here overflows for double inputs.
inline Softmax softmax(const Vec &scores, Real tau = 1, const attn::Mask &mask = {})
{
    auto masked = [&](std::size_t i) { return !mask.empty() && mask[i]; };
    Softmax s;
    for (Real x : scores)
        s.logits.push_back(x / tau);
    bool first = true;
    for (std::size_t i = 0; i < scores.size(); ++i) {
        if (masked(i))
            continue;
        if (first || s.logits[i] > s.maxLogit)
            s.maxLogit = s.logits[i];
        first = false;
    }
    for (std::size_t i = 0; i < scores.size(); ++i) {
        s.shifted.push_back(s.logits[i] - s.maxLogit);
        s.exps.push_back(masked(i) ? Real(0) : std::exp(s.shifted[i]));
        s.sum += s.exps[i];
    }
    for (Real e : s.exps)
        s.weights.push_back(e / s.sum);
    return s;
}

inline Real entropy(const Vec &w)
{
    Real h = 0;
    for (Real x : w)
        if (x > 0)
            h -= x * std::log(x);
    return h;
}

/// Σ wᵢ vᵢ over the rows of `values`.
inline Vec weightedSum(const Vec &weights, const Mat &values)
{
    Vec out(values.empty() ? 0 : values.front().size(), 0);
    for (std::size_t i = 0; i < values.size(); ++i)
        for (std::size_t c = 0; c < out.size(); ++c)
            out[c] += weights[i] * values[i][c];
    return out;
}

// --- score functions -----------------------------------------------------------------------

inline Vec dotScores(const Vec &q, const Mat &keys)
{
    Vec s;
    for (const auto &k : keys)
        s.push_back(dot(q, k));
    return s;
}

inline Vec scaledScores(const Vec &q, const Mat &keys, Real d)
{
    Vec s;
    for (const auto &k : keys)
        s.push_back(dot(q, k) / std::sqrt(d));
    return s;
}

inline Vec cosineScores(const Vec &q, const Mat &keys)
{
    Vec s;
    for (const auto &k : keys) {
        const Real nq = norm(q), nk = norm(k);
        s.push_back(nq == 0 || nk == 0 ? Real(0) : dot(q, k) / (nq * nk));
    }
    return s;
}

/// qᵀ W k = Σ_r Σ_c q_r W_rc k_c.
inline Vec generalScores(const Vec &q, const Mat &w, const Mat &keys)
{
    Vec s;
    for (const auto &k : keys) {
        Real acc = 0;
        for (std::size_t r = 0; r < q.size(); ++r)
            for (std::size_t c = 0; c < k.size(); ++c)
                acc += q[r] * w[r][c] * k[c];
        s.push_back(acc);
    }
    return s;
}

/// vᵀ tanh(W_q q + W_k k + b).
inline Vec additiveScores(const Vec &q, const Mat &keys, const Mat &wq, const Mat &wk, const Vec &b,
                          const Vec &v)
{
    Vec s;
    for (const auto &k : keys) {
        Real acc = 0;
        for (std::size_t h = 0; h < v.size(); ++h) {
            Real pre = b[h];
            for (std::size_t c = 0; c < q.size(); ++c)
                pre += wq[h][c] * q[c];
            for (std::size_t c = 0; c < k.size(); ++c)
                pre += wk[h][c] * k[c];
            acc += v[h] * std::tanh(pre);
        }
        s.push_back(acc);
    }
    return s;
}

// --- multi-head ----------------------------------------------------------------------------

struct HeadRef
{
    Vec query;
    Mat keys, values;
    Vec scores;
    Softmax softmax;
    Vec output;
};

struct MultiHeadRef
{
    std::vector<HeadRef> heads;
    Vec concat;
    Vec output;
    Vec meanScores, meanWeights;
};

/// Every head projects q, kᵢ, vᵢ with its own matrices, attends over all n keys with its own
/// √d_k, and the outputs are stacked and mapped by W_O.
inline MultiHeadRef multiHead(const Vec &q, const Mat &keys, const Mat &values,
                              const std::vector<Mat> &wq, const std::vector<Mat> &wk,
                              const std::vector<Mat> &wv, const Mat &wo, Real tau = 1,
                              const attn::Mask &mask = {})
{
    MultiHeadRef ref;
    const std::size_t n = keys.size();
    ref.meanScores.assign(n, 0);
    ref.meanWeights.assign(n, 0);
    for (std::size_t h = 0; h < wq.size(); ++h) {
        HeadRef head;
        head.query = matVec(wq[h], q);
        for (std::size_t i = 0; i < n; ++i) {
            head.keys.push_back(matVec(wk[h], keys[i]));
            head.values.push_back(matVec(wv[h], values[i]));
        }
        const Real dk = Real(head.query.size());
        for (std::size_t i = 0; i < n; ++i)
            head.scores.push_back(dot(head.query, head.keys[i]) / std::sqrt(dk));
        head.softmax = softmax(head.scores, tau, mask);
        head.output = weightedSum(head.softmax.weights, head.values);
        for (Real x : head.output)
            ref.concat.push_back(x);
        for (std::size_t i = 0; i < n; ++i) {
            ref.meanScores[i] += head.scores[i] / Real(wq.size());
            ref.meanWeights[i] += head.softmax.weights[i] / Real(wq.size());
        }
        ref.heads.push_back(head);
    }
    ref.output = matVec(wo, ref.concat);
    return ref;
}

/// Rows [j·d_k, (j+1)·d_k) of a full d_model × d_model projection, as head j's matrix.
inline Mat rowBlock(const Mat &full, std::size_t j, std::size_t dk)
{
    Mat block;
    for (std::size_t r = 0; r < dk; ++r)
        block.push_back(full[j * dk + r]);
    return block;
}

// --- self-attention ------------------------------------------------------------------------

struct SelfAttentionRef
{
    Mat q, k, v, raw, scaled, weights, output;
    Real scale = 1;
};

/// Q = X W_q, K = X W_k, V = X W_v (row vectors times matrices), then row-wise softmax of
/// Q Kᵀ / √d_k / τ; with `causal` token i sees only tokens j ≤ i.
inline SelfAttentionRef selfAttention(const Mat &x, const Mat &wq, const Mat &wk, const Mat &wv,
                                      bool causal, Real tau = 1)
{
    SelfAttentionRef r;
    r.q = matMul(x, wq);
    r.k = matMul(x, wk);
    r.v = matMul(x, wv);
    const std::size_t n = x.size(), dk = wq.front().size();
    r.scale = std::sqrt(Real(dk));
    r.raw.assign(n, Vec(n, 0));
    r.scaled.assign(n, Vec(n, 0));
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < n; ++j) {
            r.raw[i][j] = dot(r.q[i], r.k[j]);
            r.scaled[i][j] = r.raw[i][j] / r.scale;
        }
    for (std::size_t i = 0; i < n; ++i) {
        attn::Mask mask(n, false);
        for (std::size_t j = 0; j < n; ++j)
            mask[j] = causal && j > i;
        r.weights.push_back(softmax(r.scaled[i], tau, mask).weights);
    }
    r.output = matMul(r.weights, r.v);
    return r;
}

// --- comparisons ---------------------------------------------------------------------------

/// A double result holds at best the correctly rounded long-double value, and the core saturates
/// at ±DBL_MAX instead of overflowing.
inline Real saturate(Real x)
{
    return std::clamp<Real>(x, -Real(DBL_MAX), Real(DBL_MAX));
}

/// |actual − expected| ≤ tol · max(1, |expected|).
inline bool close(long double actual, long double expected, long double tol)
{
    if (std::isnan(actual) || std::isnan(expected))
        return false;
    return std::fabs(actual - expected) <= tol * std::max<long double>(1, std::fabs(expected));
}

inline std::string format(long double x)
{
    std::ostringstream s;
    s.precision(19);
    s << x;
    return s.str();
}

inline bool check(double actual, Real expected, Real tol, std::string &why)
{
    if (close(actual, expected, tol))
        return true;
    why = "actual " + format(actual) + ", expected " + format(expected);
    return false;
}

inline bool check(const attn::Vector &actual, const Vec &expected, Real tol, std::string &why)
{
    if (std::size_t(actual.size()) != expected.size()) {
        why = "size " + std::to_string(actual.size()) + ", expected " +
              std::to_string(expected.size());
        return false;
    }
    for (std::size_t i = 0; i < expected.size(); ++i)
        if (!close(actual(Eigen::Index(i)), expected[i], tol)) {
            why = "[" + std::to_string(i) + "] actual " + format(actual(Eigen::Index(i))) +
                  ", expected " + format(expected[i]);
            return false;
        }
    return true;
}

inline bool check(const attn::Matrix &actual, const Mat &expected, Real tol, std::string &why)
{
    const std::size_t cols = expected.empty() ? 0 : expected.front().size();
    if (std::size_t(actual.rows()) != expected.size() || std::size_t(actual.cols()) != cols) {
        why = "shape " + std::to_string(actual.rows()) + "x" + std::to_string(actual.cols()) +
              ", expected " + std::to_string(expected.size()) + "x" + std::to_string(cols);
        return false;
    }
    for (std::size_t i = 0; i < expected.size(); ++i)
        for (std::size_t j = 0; j < cols; ++j)
            if (!close(actual(Eigen::Index(i), Eigen::Index(j)), expected[i][j], tol)) {
                why = "(" + std::to_string(i) + "," + std::to_string(j) + ") actual " +
                      format(actual(Eigen::Index(i), Eigen::Index(j))) + ", expected " +
                      format(expected[i][j]);
                return false;
            }
    return true;
}

inline Vec saturate(const Vec &v)
{
    Vec out;
    for (Real x : v)
        out.push_back(saturate(x));
    return out;
}

inline bool allFinite(const attn::Vector &v)
{
    for (Eigen::Index i = 0; i < v.size(); ++i)
        if (!std::isfinite(v(i)))
            return false;
    return true;
}

inline bool allFinite(const attn::Matrix &m)
{
    for (Eigen::Index i = 0; i < m.rows(); ++i)
        for (Eigen::Index j = 0; j < m.cols(); ++j)
            if (!std::isfinite(m(i, j)))
                return false;
    return true;
}

/// A probability distribution: every weight ≥ 0, the sum 1 within 1e-12 (summed in long double).
inline void checkDistribution(const attn::Vector &w)
{
    long double sum = 0;
    for (Eigen::Index i = 0; i < w.size(); ++i) {
        QVERIFY2(w(i) >= 0, qPrintable(QString("weight %1 = %2").arg(i).arg(w(i))));
        sum += w(i);
    }
    QVERIFY2(std::fabs(double(sum) - 1.0) <= 1e-12,
             qPrintable(QString::number(double(sum), 'g', 17)));
}

} // namespace naive

/// Compares a double, vector or matrix result with a naive long-double reference.
#define NAIVE_COMPARE(actual, expected, tol)                                                       \
    do {                                                                                           \
        std::string why_;                                                                          \
        if (!naive::check((actual), (expected), (tol), why_))                                      \
            QFAIL((std::string(#actual) + ": " + why_).c_str());                                   \
    } while (false)

/// Fails with the error's fields when a Result is not ok.
#define NAIVE_REQUIRE_OK(result)                                                                   \
    do {                                                                                           \
        if (!(result).ok())                                                                        \
            QFAIL(                                                                                 \
                (std::string(#result) + " failed: " + attn::describe((result).error())).c_str());  \
    } while (false)
