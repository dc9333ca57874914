#pragma once

// The dimension experiment's parameters in one call, for the tests of the experiment, the lab's
// summaries, its model and its page.

#include "core/dimensionexperiment.h"

#include <cstdint>

namespace labparams {

inline attn::DimensionExperimentParams params(int d, double sigma, int samples, int keys = 8,
                                              std::uint64_t seed = 1)
{
    return {.dimension = d, .sigma = sigma, .samples = samples, .keys = keys, .seed = seed};
}

} // namespace labparams
