#pragma once

// The dimension experiment's parameters in one call, for the tests of the experiment, the lab's
// summaries, its model and its page.

#include "core/dimensionexperiment.h"

#include <QTest>

#include <cstdint>

namespace labparams {

inline attn::DimensionExperimentParams params(int d, double sigma, int samples, int keys = 8,
                                              std::uint64_t seed = 1)
{
    return {.dimension = d, .sigma = sigma, .samples = samples, .keys = keys, .seed = seed};
}

/// The rows of the variance test that the experiment (core) and the lab's model share, so that
/// both check the same cases: columns "dimension" and "sigma". Var(q·k) = d σ⁴ by hand: 16, 1,
/// 256, 16 and 1296. At N = 10,000 the standard error of the sample variance is about 1.5–2%
/// (trials share a query), so the tests' 5% leaves room.
inline void addVarianceRows()
{
    QTest::addColumn<int>("dimension");
    QTest::addColumn<double>("sigma");
    QTest::newRow("d=16 sigma=1") << 16 << 1.0;
    QTest::newRow("d=16 sigma=0.5") << 16 << 0.5;
    QTest::newRow("d=256 sigma=1") << 256 << 1.0;
    QTest::newRow("d=256 sigma=0.5") << 256 << 0.5;
    QTest::newRow("d=256 sigma=1.5") << 256 << 1.5;
}

} // namespace labparams
