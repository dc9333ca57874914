#pragma once

// The four normalisers worked out by hand for the pages' and the presets' tests: plain loops
// over the scores at τ = 1, written from the papers' definitions, never from the app's code.
// Sparsemax is found by bisection on its threshold (Σ max(sᵢ − τ, 0) = 1), not by the sort the
// core uses, so that the two computations are independent.

#include <QString>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

namespace byhand {

using Weights = std::vector<double>;

/// Softmax; with `plusOne`, softmax₁: one more term exp(0) in the denominator.
inline Weights softmax(const Weights &s, bool plusOne)
{
    double sum = plusOne ? 1.0 : 0.0;
    for (double x : s)
        sum += std::exp(x);
    Weights w;
    for (double x : s)
        w.push_back(std::exp(x) / sum);
    return w;
}

/// The Euclidean projection onto the simplex; its threshold τ* in *threshold.
inline Weights sparsemax(const Weights &s, double *threshold)
{
    double lo = *std::min_element(s.begin(), s.end()) - 1; // mass ≥ 1 here
    double hi = *std::max_element(s.begin(), s.end());     // mass 0 here
    for (int i = 0; i < 200; ++i) {
        const double mid = (lo + hi) / 2;
        double mass = 0;
        for (double x : s)
            mass += std::max(x - mid, 0.0);
        (mass > 1 ? lo : hi) = mid;
    }
    *threshold = (lo + hi) / 2;
    Weights w;
    for (double x : s)
        w.push_back(std::max(x - *threshold, 0.0));
    return w;
}

/// σ(sᵢ + b) with the default bias b = −ln n.
inline Weights sigmoid(const Weights &s)
{
    const double b = -std::log(double(s.size()));
    Weights w;
    for (double x : s)
        w.push_back(1 / (1 + std::exp(-(x + b))));
    return w;
}

inline double total(const Weights &w)
{
    return std::accumulate(w.begin(), w.end(), 0.0);
}

/// A number as the pages write it: `decimals` places without trailing zeros, a real minus.
inline QString written(double x, int decimals = 3)
{
    QString s = QString::number(x, 'f', decimals);
    while (s.contains(QLatin1Char('.')) && (s.endsWith(QLatin1Char('0')) || s.endsWith('.')))
        s.chop(1);
    return s.replace(QLatin1Char('-'), QChar(0x2212));
}

} // namespace byhand
