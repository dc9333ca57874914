#include "normaliser.h"

#include "vectormath.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <limits>

namespace attn {

namespace {
constexpr double kMinusInf = -std::numeric_limits<double>::infinity();

// The largest entry that is not −∞, or −∞ when every key is masked.
double maxUnmasked(const RowIn &z)
{
    double m = kMinusInf;
    for (Eigen::Index i = 0; i < z.size(); ++i)
        m = z[i] > m ? z[i] : m;
    return m;
}

// Rows up to this long that are not contiguous (a row of a column-major matrix) go through a
// buffer on the stack, so that they too take the vectorised exp without allocating.
constexpr Eigen::Index kStackRow = 64;

// exp of each x[i] ≤ 0 into w (contiguous or not), a vector at a time where it can.
template <typename Fill> void expInto(RowOut &w, Fill fill)
{
    const Eigen::Index n = w.size();
    if (w.innerStride() == 1) {
        for (Eigen::Index i = 0; i < n; ++i)
            w[i] = fill(i);
        detail::expNonPositiveInto(w.data(), w.data(), std::size_t(n));
    } else if (n <= kStackRow) {
        double buffer[kStackRow];
        for (Eigen::Index i = 0; i < n; ++i)
            buffer[i] = fill(i);
        detail::expNonPositiveInto(buffer, buffer, std::size_t(n));
        for (Eigen::Index i = 0; i < n; ++i)
            w[i] = buffer[i];
    } else {
        for (Eigen::Index i = 0; i < n; ++i)
            w[i] = std::exp(fill(i));
    }
}

// exp(zᵢ − shift) into w with masked keys exactly 0, and their sum. Every argument is ≤ 0 when
// shift ≥ max z, so nothing overflows. A masked key's argument is 0 (no slow path for −∞) and
// its result is replaced by 0.
double shiftedExps(const RowIn &z, double shift, RowOut &w)
{
    const Eigen::Index n = z.size();
    expInto(w, [&](Eigen::Index i) { return z[i] == kMinusInf ? 0.0 : z[i] - shift; });
    for (Eigen::Index i = 0; i < n; ++i) {
        if (z[i] == kMinusInf)
            w[i] = 0.0;
    }
    if (w.innerStride() == 1)
        // Eigen's own (vectorised) order of summation, the same bits as a Vector's sum().
        return Eigen::Map<const Vector>(w.data(), n).sum();
    double sum = 0;
    for (Eigen::Index i = 0; i < n; ++i)
        sum += w[i];
    return sum;
}

// Sparsemax's threshold by Michelot's algorithm, in the shifted units y = z − max (max y = 0):
// start from every key with y > −1 (τ* ≥ max − 1, since no weight exceeds 1), take
// τ = (Σ_S y − 1)/|S| and keep only the keys above it, until the set stops shrinking. In exact
// arithmetic τ only rises and the set only shrinks, so this ends after at most n passes with the
// τ* of the sort-based definition (Martins & Astudillo 2016, Algorithm 1), without a sort or
// scratch space; rows of a few dozen keys need two or three passes.
double sparsemaxThreshold(const RowIn &z, double max)
{
    const Eigen::Index n = z.size();
    double tau = -1.0;
    Eigen::Index previous = -1;
    for (Eigen::Index pass = 0; pass <= n; ++pass) {
        double sum = 0;
        Eigen::Index k = 0;
        // Without branches, so that the compiler vectorises the pass.
        for (Eigen::Index i = 0; i < n; ++i) {
            const double y = z[i] - max;
            const bool in = y > tau;
            sum += in ? y : 0.0;
            k += in;
        }
        if (k == previous || k == 0)
            break;
        previous = k;
        tau = (sum - 1.0) / double(k);
    }
    return tau;
}

} // namespace

const char *normaliserId(Normaliser normaliser)
{
    return normaliserInfo(normaliser).id;
}

bool normaliserFromId(std::string_view id, Normaliser &out)
{
    for (const NormaliserInfo &info : kNormalisers) {
        if (id == info.id) {
            out = info.normaliser;
            return true;
        }
    }
    return false;
}

double defaultSigmoidBias(Eigen::Index unmaskedKeys)
{
    return -std::log(double(unmaskedKeys > 0 ? unmaskedKeys : 1));
}

RowFacts normaliseRow(Normaliser normaliser, RowIn z, RowOut w, std::optional<double> sigmoidBias)
{
    const Eigen::Index n = z.size();
    RowFacts f;
    const double max = maxUnmasked(z);
    if (max == kMinusInf) {
        w.setZero();
        return f;
    }
    switch (normaliser) {
    case Normaliser::Softmax:
        f.shift = max;
        f.denominator = shiftedExps(z, max, w);
        w /= f.denominator;
        break;
    case Normaliser::Softmax1:
        // The implicit key of score 0 takes part in the maximum, so that exp(−shift) ≤ 1 too.
        f.shift = max > 0 ? max : 0.0;
        f.denominator = std::exp(-f.shift) + shiftedExps(z, f.shift, w);
        w /= f.denominator;
        break;
    case Normaliser::Sparsemax: {
        f.shift = max;
        const double tau = sparsemaxThreshold(z, max);
        for (Eigen::Index i = 0; i < n; ++i) {
            const double y = z[i] - max; // −∞ for a masked key
            w[i] = y > tau ? y - tau : 0.0;
        }
        f.threshold = max + tau;
        break;
    }
    case Normaliser::Sigmoid: {
        Eigen::Index unmasked = 0;
        for (Eigen::Index i = 0; i < n; ++i)
            unmasked += z[i] != kMinusInf;
        f.bias = sigmoidBias ? *sigmoidBias : defaultSigmoidBias(unmasked);
        // σ(x) from e = exp(−|x|) ≤ 1, which never overflows: 1/(1 + e) for x ≥ 0, e/(1 + e)
        // below. A masked key's argument is 0 and its weight 0.
        const double b = f.bias;
        expInto(w, [&](Eigen::Index i) { return z[i] == kMinusInf ? 0.0 : -std::fabs(z[i] + b); });
        for (Eigen::Index i = 0; i < n; ++i) {
            const double e = w[i];
            w[i] = z[i] == kMinusInf ? 0.0 : (z[i] + b >= 0 ? 1.0 : e) / (1.0 + e);
        }
        break;
    }
    }
    for (Eigen::Index i = 0; i < n; ++i) {
        f.weightSum += w[i];
        f.support += w[i] > 0;
    }
    return f;
}

void normaliseRowBackward(Normaliser normaliser, RowIn w, RowIn dw, RowOut dz)
{
    const Eigen::Index n = w.size();
    switch (normaliser) {
    case Normaliser::Softmax:
    case Normaliser::Softmax1: {
        // ∂wᵢ/∂zⱼ = wᵢ(δᵢⱼ − wⱼ) for both: softmax₁'s implicit key only adds a constant to the
        // denominator, and its own weight is not an output.
        double dot = 0;
        for (Eigen::Index i = 0; i < n; ++i)
            dot += w[i] * dw[i];
        for (Eigen::Index i = 0; i < n; ++i)
            dz[i] = w[i] * (dw[i] - dot);
        break;
    }
    case Normaliser::Sparsemax: {
        // The Jacobian is diag(s) − s sᵀ/k with s the support's indicator (Martins & Astudillo
        // 2016, eq. 12).
        double sum = 0;
        Eigen::Index k = 0;
        for (Eigen::Index i = 0; i < n; ++i) {
            const bool in = w[i] > 0;
            sum += in ? dw[i] : 0.0;
            k += in;
        }
        const double mean = k > 0 ? sum / double(k) : 0.0;
        for (Eigen::Index i = 0; i < n; ++i)
            dz[i] = w[i] > 0 ? dw[i] - mean : 0.0;
        break;
    }
    case Normaliser::Sigmoid:
        for (Eigen::Index i = 0; i < n; ++i)
            dz[i] = dw[i] * w[i] * (1.0 - w[i]);
        break;
    }
}

EveryNormaliser normaliseEveryWay(const Matrix &scoreRows, double temperature, const Mask &mask,
                                  std::optional<double> sigmoidBias)
{
    const Eigen::Index rows = scoreRows.rows(), n = scoreRows.cols();
    EveryNormaliser out;
    out.weights = Matrix::Zero(kNormaliserCount, n);
    if (rows == 0)
        return out;
    Vector z(n), w(n);
    for (Eigen::Index r = 0; r < rows; ++r) {
        for (Eigen::Index i = 0; i < n; ++i) {
            const bool masked = !mask.empty() && mask[std::size_t(i)];
            z[i] =
                masked ? kMinusInf : std::clamp(scoreRows(r, i) / temperature, -DBL_MAX, DBL_MAX);
        }
        for (const NormaliserInfo &info : kNormalisers) {
            const auto k = static_cast<Eigen::Index>(info.normaliser);
            const RowFacts f = normaliseRow(info.normaliser, z, w, sigmoidBias);
            out.weights.row(k) += w.transpose();
            out.weightSum[std::size_t(k)] += f.weightSum;
            if (info.normaliser == Normaliser::Softmax1 && f.denominator > 0)
                out.nothing += std::exp(-f.shift) / f.denominator;
        }
    }
    out.weights /= double(rows);
    for (double &sum : out.weightSum)
        sum /= double(rows);
    out.nothing /= double(rows);
    return out;
}

} // namespace attn
