// The dimension lab as the interface drives it, through DimensionLabModel and its worker threads.
// Prints:
//   - a recompute after the d slider moves to 512 at N = 10,000 (target: under 100 ms), from the
//     edit to the new point with its histograms back on the calling thread;
//   - a full recompute after σ moves (the point and the 13 curves over d) at N = 10,000;
//   - the longest stall of the calling thread's event loop while a heavy run (N = 100,000)
//     computes: the interface must never freeze.

#include "benchclock.h"
#include "core/dimensionexperiment.h"
#include "model/dimensionlabmodel.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QTimer>

#include <algorithm>
#include <cstdio>

namespace {
volatile double g_sink;

// Blocks in an event loop until `signal` comes. (processEvents() with a time limit drops
// WaitForMoreEvents and would spin, taking a core from the workers.)
template <typename Signal> void waitFor(DimensionLabModel &model, Signal signal)
{
    QEventLoop loop;
    QObject::connect(&model, signal, &loop, &QEventLoop::quit);
    loop.exec();
}

void waitIdle(DimensionLabModel &model)
{
    QEventLoop loop;
    QObject::connect(&model, &DimensionLabModel::busyChanged, &loop, [&loop](bool busy) {
        if (!busy)
            loop.quit();
    });
    if (model.isBusy())
        loop.exec();
}

attn::DimensionExperimentParams params(int d, double sigma, int samples, std::uint64_t seed)
{
    attn::DimensionExperimentParams p;
    p.dimension = d;
    p.sigma = sigma;
    p.samples = samples;
    p.keys = 8;
    p.seed = seed;
    return p;
}

void benchDimensionMove()
{
    // Interleaved with the core's own run on the calling thread, so that a busy machine slows
    // both alike and the difference is the lab's (worker hand-off, histograms, summary).
    DimensionLabModel model;
    std::vector<double> lab, core;
    for (int run = 0; run < 11; ++run) {
        const auto seed = std::uint64_t(run + 1);
        model.setParams(params(256, 1.0, 10000, seed));
        waitIdle(model);
        auto start = bench::Clock::now();
        const auto direct = attn::runDimensionExperiment(params(512, 1.0, 10000, seed));
        core.push_back(bench::secondsSince(start) * 1e3);
        g_sink = direct->rawVariance;

        start = bench::Clock::now();
        model.setDimension(512);
        waitFor(model, &DimensionLabModel::pointChanged);
        lab.push_back(bench::secondsSince(start) * 1e3);
    }
    const auto l = bench::stats(lab);
    const auto c = bench::stats(core);
    std::printf("d slider to 512, N = 10,000, n = 8 (11 runs, target < 100 ms):\n"
                "  lab recompute (edit to new point with histograms): median %.1f ms, "
                "p95 %.1f ms, min %.1f ms\n"
                "  core run alone, same seeds, interleaved:           median %.1f ms, "
                "p95 %.1f ms, min %.1f ms\n",
                l.median, l.p95, l.min, c.median, c.p95, c.min);
}

void benchFullRecompute()
{
    DimensionLabModel model;
    model.setParams(params(512, 1.0, 10000, 1));
    waitIdle(model);
    std::vector<double> samples;
    for (int run = 0; run < 5; ++run) {
        const auto start = bench::Clock::now();
        model.setSigma(run % 2 ? 1.0 : 1.5);
        waitIdle(model);
        samples.push_back(bench::secondsSince(start) * 1e3);
    }
    const auto s = bench::stats(samples);
    std::printf("sigma slider, N = 10,000: point and 13 curve points (d = 1 ... 4096): median "
                "%.0f ms (5 runs)\n",
                s.median);
}

// The longest gap between the ticks of a 1 ms timer on the calling thread while `work` runs.
template <typename Work> double worstStall(Work work)
{
    QElapsedTimer clock;
    qint64 last = 0, worst = 0;
    QTimer tick;
    QObject::connect(&tick, &QTimer::timeout, [&] {
        const qint64 now = clock.nsecsElapsed();
        worst = std::max(worst, now - last);
        last = now;
    });
    tick.start(1);
    clock.start();
    work();
    return worst / 1e6;
}

void benchEventLoopStall()
{
    DimensionLabModel model;
    model.setParams(params(4, 1.0, 1000, 1));
    waitIdle(model);
    double seconds = 0;
    const double busy = worstStall([&] {
        const auto start = bench::Clock::now();
        model.setParams(params(1024, 1.0, 100000, 2));
        waitIdle(model);
        seconds = bench::secondsSince(start);
    });
    // The same wait with nothing computing: what the machine's other load alone costs.
    const double idle = worstStall([seconds] {
        QEventLoop loop;
        QTimer::singleShot(int(std::min(seconds, 5.0) * 1000), &loop, &QEventLoop::quit);
        loop.exec();
    });
    std::printf("heavy run (d = 1024, N = 100,000, with the curves): %.1f s in the workers;\n"
                "  longest event-loop stall %.1f ms (with nothing computing: %.1f ms)\n",
                seconds, busy, idle);
}
} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    benchDimensionMove();
    benchFullRecompute();
    benchEventLoopStall();
    return 0;
}
