#include "random.h"

#include <cmath>

namespace attn {

namespace {
std::uint64_t splitmix64(std::uint64_t &x)
{
    std::uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

std::uint64_t rotl(std::uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}
} // namespace

Random::Random(std::uint64_t seed)
{
    for (auto &s : m_s)
        s = splitmix64(seed);
}

std::uint64_t Random::next()
{
    const std::uint64_t result = rotl(m_s[1] * 5, 7) * 9;
    const std::uint64_t t = m_s[1] << 17;
    m_s[2] ^= m_s[0];
    m_s[3] ^= m_s[1];
    m_s[1] ^= m_s[2];
    m_s[0] ^= m_s[3];
    m_s[2] ^= t;
    m_s[3] = rotl(m_s[3], 45);
    return result;
}

double Random::uniform()
{
    // The top 53 bits give every double in [0, 1) that is a multiple of 2⁻⁵³.
    return double(next() >> 11) * 0x1.0p-53;
}

namespace {
constexpr int kLayers = 128;
constexpr double kTailStart = 3.442619855899;      // R: where the tail begins
constexpr double kLayerArea = 9.91256303526217e-3; // V: the area of every layer

// x[i] are the layers' right edges (x[0] is the base layer's equivalent width, x[128] = 0);
// ratio[i] = x[i+1] / x[i] is the part of layer i that lies wholly under the curve.
struct ZigguratTables
{
    double x[kLayers + 1];
    double ratio[kLayers];
    ZigguratTables()
    {
        double f = std::exp(-0.5 * kTailStart * kTailStart);
        x[0] = kLayerArea / f;
        x[1] = kTailStart;
        x[kLayers] = 0;
        for (int i = 2; i < kLayers; ++i) {
            x[i] = std::sqrt(-2 * std::log(kLayerArea / x[i - 1] + f));
            f = std::exp(-0.5 * x[i] * x[i]);
        }
        for (int i = 0; i < kLayers; ++i)
            ratio[i] = x[i + 1] / x[i];
    }
};

const ZigguratTables &tables()
{
    static const ZigguratTables t;
    return t;
}
} // namespace

double Random::normalTail(bool negative)
{
    double x, y;
    do {
        // 1 − uniform() lies in (0, 1], so the logarithms are finite.
        x = std::log(1.0 - uniform()) / kTailStart;
        y = std::log(1.0 - uniform());
    } while (-2 * y < x * x);
    return negative ? x - kTailStart : kTailStart - x;
}

double Random::normal()
{
    const ZigguratTables &t = tables();
    for (;;) {
        const std::uint64_t bits = next();
        // The top 53 bits give u in [−1, 1); the low 7 bits, independent of them, pick the layer.
        const double u = 2.0 * (double(bits >> 11) * 0x1.0p-53) - 1.0;
        const int i = int(bits & 0x7F);
        if (std::fabs(u) < t.ratio[i])
            return u * t.x[i];
        if (i == 0)
            return normalTail(u < 0);
        const double x = u * t.x[i];
        const double f0 = std::exp(-0.5 * (t.x[i] * t.x[i] - x * x));
        const double f1 = std::exp(-0.5 * (t.x[i + 1] * t.x[i + 1] - x * x));
        if (f1 + uniform() * (f0 - f1) < 1.0)
            return x;
    }
}

} // namespace attn
