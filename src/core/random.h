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
    /// Standard normal by the ziggurat method (Marsaglia and Tsang 2000, in Doornik's 2005
    /// form with 128 layers): one 64-bit draw and a multiply for 98.8% of the samples, which
    /// keeps the dimension lab's millions of draws interactive.
    double normal();

private:
    double normalTail(bool negative);

    std::uint64_t m_s[4];
};

} // namespace attn
