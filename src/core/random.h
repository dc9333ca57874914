#pragma once

#include <cstdint>

namespace attn {

/// xoshiro256** seeded through splitmix64, with its own uniform and normal conversions, so that
/// a seed gives the same numbers with every standard library (std:: distributions do not).
class Random
{
public:
    explicit Random(std::uint64_t seed);

    std::uint64_t next();
    /// Uniform in [0, 1).
    double uniform();
    /// Uniform in [lo, hi).
    double uniform(double lo, double hi) { return lo + (hi - lo) * uniform(); }
    /// Standard normal (Marsaglia's polar method; the second value of a pair is kept).
    double normal();

private:
    std::uint64_t m_s[4];
    double m_spare = 0;
    bool m_hasSpare = false;
};

} // namespace attn
