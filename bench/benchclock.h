#pragma once

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <ctime>
#include <vector>

/// Timing helpers shared by the benchmarks: run a body many times, report median and p95.
namespace bench {

using Clock = std::chrono::steady_clock;

struct Stats
{
    double median = 0, p95 = 0, min = 0; ///< in the unit the samples were taken in
};

inline Stats stats(std::vector<double> samples)
{
    std::sort(samples.begin(), samples.end());
    Stats s;
    if (samples.empty())
        return s;
    s.min = samples.front();
    s.median = samples[samples.size() / 2];
    s.p95 = samples[std::min(samples.size() - 1, samples.size() * 95 / 100)];
    return s;
}

inline double secondsSince(Clock::time_point start)
{
    return std::chrono::duration<double>(Clock::now() - start).count();
}

/// CPU seconds used by the calling thread so far. On a shared machine the wall clock also counts
/// time spent waiting for a core; thread CPU time does not, so both are printed.
inline double threadCpuSeconds()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

/// CPU seconds used by the whole process so far: the calling thread and every other, such as the
/// threads Qt's raster engine hands large fills to.
inline double processCpuSeconds()
{
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

} // namespace bench
