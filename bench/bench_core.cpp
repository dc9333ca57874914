// Times attend() for every method over n keys and dimension d, and the dimension experiment.
// Prints a table; targets: 64 keys at d = 2 under 2 µs for every method but multi-head, and the
// experiment at d = 512, N = 10,000 under 100 ms.

#include "benchclock.h"
#include "core/attention.h"
#include "core/dimensionexperiment.h"
#include "core/random.h"

#include <cstdio>

namespace {
attn::Matrix randomMatrix(attn::Random &rng, int rows, int cols)
{
    attn::Matrix m(rows, cols);
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c)
            m(r, c) = rng.uniform(-1, 1);
    return m;
}

attn::AttentionParams paramsFor(attn::Random &rng, int d)
{
    attn::AttentionParams p;
    p.general = randomMatrix(rng, d, d);
    // H = 4 is the scene default on the canvas; the lab-sized case uses a wider network.
    const int hidden = d == 2 ? 4 : 16;
    p.additive.wq = randomMatrix(rng, hidden, d);
    p.additive.wk = randomMatrix(rng, hidden, d);
    p.additive.b = randomMatrix(rng, hidden, 1).col(0);
    p.additive.v = randomMatrix(rng, hidden, 1).col(0);
    const int heads = d == 2 ? 2 : 8;
    p.multiHead = attn::splitHeads(randomMatrix(rng, d, d), randomMatrix(rng, d, d),
                                   randomMatrix(rng, d, d), randomMatrix(rng, d, d), heads)
                      .value();
    return p;
}

volatile double g_sink;

void benchAttend()
{
    std::printf("attend(): 1 query x n keys, dimension d (median of 31 batches, ns per call)\n");
    std::printf("%-10s %6s %4s %12s %12s %12s\n", "method", "n", "d", "median ns", "p95 ns",
                "cpu med ns");
    attn::Random rng(42);
    for (int d : {2, 64}) {
        const attn::AttentionParams params = paramsFor(rng, d);
        for (int n : {3, 64, 1024}) {
            const attn::Vector q = randomMatrix(rng, d, 1).col(0);
            const attn::Matrix k = randomMatrix(rng, n, d);
            const attn::Matrix v = randomMatrix(rng, n, d);
            for (int m = 0; m < attn::kMethodCount; ++m) {
                const auto method = attn::Method(m);
                // Enough calls per batch that a batch lasts about a millisecond.
                const int calls = std::max(1, 200000 / (n * d + 50));
                std::vector<double> samples, cpu;
                for (int batch = 0; batch < 31; ++batch) {
                    const auto start = bench::Clock::now();
                    const double c0 = bench::threadCpuSeconds();
                    for (int c = 0; c < calls; ++c) {
                        auto r = attn::attend(q, k, v, method, params);
                        g_sink = r.value().output[0];
                    }
                    cpu.push_back((bench::threadCpuSeconds() - c0) * 1e9 / calls);
                    samples.push_back(bench::secondsSince(start) * 1e9 / calls);
                }
                const auto s = bench::stats(samples);
                std::printf("%-10s %6d %4d %12.0f %12.0f %12.0f\n", attn::methodId(method), n, d,
                            s.median, s.p95, bench::stats(cpu).median);
            }
        }
    }
}

void benchExperiment()
{
    std::printf("\ndimension experiment: N = 10,000 samples, n = 8 keys (median of 5 runs)\n");
    std::printf("%6s %12s %12s %14s %14s\n", "d", "median ms", "cpu med ms", "variance",
                "theory d*s^4");
    for (int d : {64, 512, 4096}) {
        attn::DimensionExperimentParams p;
        p.dimension = d;
        p.samples = 10000;
        p.keys = 8;
        std::vector<double> samples, cpu;
        double variance = 0;
        for (int run = 0; run < 5; ++run) {
            p.seed = std::uint64_t(run + 1);
            const auto start = bench::Clock::now();
            const double c0 = bench::threadCpuSeconds();
            auto r = attn::runDimensionExperiment(p);
            cpu.push_back((bench::threadCpuSeconds() - c0) * 1e3);
            samples.push_back(bench::secondsSince(start) * 1e3);
            variance = r.value().rawVariance;
        }
        std::printf("%6d %12.2f %12.2f %14.1f %14.1f\n", d, bench::stats(samples).median,
                    bench::stats(cpu).median, variance, double(d));
    }
}
} // namespace

int main()
{
    benchAttend();
    benchExperiment();
    return 0;
}
