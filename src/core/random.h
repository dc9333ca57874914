#pragma once

#include <cstdint>

namespace attn {

/// xoshiro256** seeded through splitmix64, with its own uniform and normal conversions. Kept
/// hand-written on purpose: a seed must give the same numbers on every platform, compiler and
/// standard library, so that a lesson's sampled keys and the dimension lab's figures are the
/// same on every classroom machine and in the tests. std::mt19937_64 is portable, but
/// std::uniform_real_distribution and std::normal_distribution are not (libstdc++, libc++ and
/// MSVC turn the same bits into different numbers).
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
