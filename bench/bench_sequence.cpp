// The sequence model's forward pass (SequenceForward: Eigen products per head over all tokens of
// an example) beside the same arithmetic written as plain scalar loops, on a 2-layer, 4-head
// model with D = 32, d_k = d_v = 8, rotary positions and the causal mask, over 256 examples of
// 32 tokens. Prints the times of run() (a new SequenceForward per example), of runInto() (one
// SequenceForward reused, so no allocation after the first example) and of the naive loop, and
// the speed-ups; the results are checked to agree.

#include "benchclock.h"
#include "core/random.h"
#include "core/sequenceforward.h"

#include <cmath>
#include <cstdio>
#include <limits>
#include <vector>

namespace {

constexpr int kVocabulary = 64, kD = 32, kLayers = 2, kHeads = 4, kDk = 8, kDv = 8;
constexpr int kExamples = 256, kTokens = 32;

attn::Matrix randomMatrix(attn::Random &rng, int rows, int cols)
{
    attn::Matrix m(rows, cols);
    const double a = 1 / std::sqrt(double(cols));
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c)
            m(r, c) = rng.uniform(-a, a);
    return m;
}

attn::SequenceModel makeModel()
{
    attn::Random rng(2024);
    attn::SequenceModel m;
    for (int i = 0; i < kVocabulary; ++i)
        m.vocabulary.push_back("t" + std::to_string(i));
    m.outputs = m.vocabulary;
    m.dModel = kD;
    m.positions = attn::PositionKind::Rotary;
    m.causal = true;
    m.weights.embedding = randomMatrix(rng, kVocabulary, kD) * std::sqrt(double(kD));
    m.weights.positionTable.resize(0, kD);
    for (int l = 0; l < kLayers; ++l) {
        attn::SequenceLayerWeights layer;
        for (int h = 0; h < kHeads; ++h)
            layer.heads.push_back({randomMatrix(rng, kDk, kD), randomMatrix(rng, kDk, kD),
                                   randomMatrix(rng, kDv, kD)});
        layer.wo = randomMatrix(rng, kD, kHeads * kDv);
        m.weights.layers.push_back(std::move(layer));
    }
    m.weights.unembedding = randomMatrix(rng, kVocabulary, kD);
    return m;
}

// The naive single loop: every number by scalar loops, nothing vectorised by hand, the same
// formulas (docs/sequence-format.md). Returns the sum of the logits as a checksum.
double naiveForward(const attn::SequenceModel &m, const std::vector<int> &tokens)
{
    const int n = int(tokens.size());
    std::vector<double> r(std::size_t(n * kD)), next(r.size());
    for (int i = 0; i < n; ++i)
        for (int c = 0; c < kD; ++c)
            r[std::size_t(i * kD + c)] = m.weights.embedding(tokens[std::size_t(i)], c);
    std::vector<double> q(std::size_t(n * kDk)), k(q.size()), v(std::size_t(n * kDv));
    std::vector<double> w(static_cast<std::size_t>(n));
    std::vector<double> o(std::size_t(n * kDv));
    for (const auto &layer : m.weights.layers) {
        next = r;
        for (int h = 0; h < kHeads; ++h) {
            const auto &hw = layer.heads[std::size_t(h)];
            for (int i = 0; i < n; ++i) {
                for (int a = 0; a < kDk; ++a) {
                    double sq = 0, sk = 0;
                    for (int c = 0; c < kD; ++c) {
                        sq += hw.wq(a, c) * r[std::size_t(i * kD + c)];
                        sk += hw.wk(a, c) * r[std::size_t(i * kD + c)];
                    }
                    q[std::size_t(i * kDk + a)] = sq;
                    k[std::size_t(i * kDk + a)] = sk;
                }
                for (int a = 0; a < kDv; ++a) {
                    double sv = 0;
                    for (int c = 0; c < kD; ++c)
                        sv += hw.wv(a, c) * r[std::size_t(i * kD + c)];
                    v[std::size_t(i * kDv + a)] = sv;
                }
                for (int j = 0; 2 * j < kDk; ++j) {
                    const double angle = i * std::pow(m.base, -2.0 * j / kDk);
                    const double cs = std::cos(angle), sn = std::sin(angle);
                    for (double *x : {&q[std::size_t(i * kDk)], &k[std::size_t(i * kDk)]}) {
                        const double x0 = x[2 * j], x1 = x[2 * j + 1];
                        x[2 * j] = x0 * cs - x1 * sn;
                        x[2 * j + 1] = x0 * sn + x1 * cs;
                    }
                }
            }
            for (int i = 0; i < n; ++i) {
                double best = -std::numeric_limits<double>::infinity();
                for (int j = 0; j <= i; ++j) {
                    double s = 0;
                    for (int a = 0; a < kDk; ++a)
                        s += q[std::size_t(i * kDk + a)] * k[std::size_t(j * kDk + a)];
                    w[std::size_t(j)] = s / std::sqrt(double(kDk)) / m.temperature;
                    best = std::max(best, w[std::size_t(j)]);
                }
                double sum = 0;
                for (int j = 0; j <= i; ++j)
                    sum += (w[std::size_t(j)] = std::exp(w[std::size_t(j)] - best));
                for (int a = 0; a < kDv; ++a) {
                    double s = 0;
                    for (int j = 0; j <= i; ++j)
                        s += w[std::size_t(j)] / sum * v[std::size_t(j * kDv + a)];
                    o[std::size_t(i * kDv + a)] = s;
                }
                for (int c = 0; c < kD; ++c) {
                    double s = 0;
                    for (int a = 0; a < kDv; ++a)
                        s += layer.wo(c, h * kDv + a) * o[std::size_t(i * kDv + a)];
                    next[std::size_t(i * kD + c)] += s;
                }
            }
        }
        r = next;
    }
    double checksum = 0;
    for (int i = 0; i < n; ++i)
        for (int t = 0; t < kVocabulary; ++t) {
            double s = 0;
            for (int c = 0; c < kD; ++c)
                s += m.weights.unembedding(t, c) * r[std::size_t(i * kD + c)];
            checksum += s;
        }
    return checksum;
}

volatile double g_sink;

} // namespace

int main()
{
    const attn::SequenceModel model = makeModel();
    attn::Random rng(7);
    std::vector<std::vector<int>> examples(kExamples, std::vector<int>(kTokens));
    for (auto &ex : examples)
        for (int &t : ex)
            t = int(rng.next() % kVocabulary);

    // The two must compute the same numbers before their times mean anything.
    double fastSum = 0, naiveSum = 0;
    for (const auto &ex : examples) {
        fastSum += attn::SequenceForward::run(model, ex).value().logits.sum();
        naiveSum += naiveForward(model, ex);
    }
    std::printf("checksum: forward %.12g, naive %.12g (difference %.3g)\n", fastSum, naiveSum,
                std::abs(fastSum - naiveSum));

    std::printf("forward pass: %d layers x %d heads, D = %d, d_k = d_v = %d, rotary, causal; "
                "%d examples x %d tokens (median of 21 runs)\n",
                kLayers, kHeads, kD, kDk, kExamples, kTokens);
    std::vector<double> fast, fastCpu, reused, reusedCpu, naive, naiveCpu;
    attn::SequenceForward pass;
    for (int run = 0; run < 21; ++run) {
        auto start = bench::Clock::now();
        double c0 = bench::threadCpuSeconds();
        for (const auto &ex : examples)
            g_sink = attn::SequenceForward::run(model, ex).value().logits(0, 0);
        fastCpu.push_back((bench::threadCpuSeconds() - c0) * 1e3);
        fast.push_back(bench::secondsSince(start) * 1e3);

        start = bench::Clock::now();
        c0 = bench::threadCpuSeconds();
        for (const auto &ex : examples) {
            if (attn::SequenceForward::runInto(pass, model, ex))
                return 1;
            g_sink = pass.logits(0, 0);
        }
        reusedCpu.push_back((bench::threadCpuSeconds() - c0) * 1e3);
        reused.push_back(bench::secondsSince(start) * 1e3);

        start = bench::Clock::now();
        c0 = bench::threadCpuSeconds();
        for (const auto &ex : examples)
            g_sink = naiveForward(model, ex);
        naiveCpu.push_back((bench::threadCpuSeconds() - c0) * 1e3);
        naive.push_back(bench::secondsSince(start) * 1e3);
    }
    const auto f = bench::stats(fast), r = bench::stats(reused), n = bench::stats(naive);
    const auto fc = bench::stats(fastCpu), rc = bench::stats(reusedCpu),
               nc = bench::stats(naiveCpu);
    std::printf("%-32s %10s %10s %12s\n", "", "median ms", "p95 ms", "cpu med ms");
    std::printf("%-32s %10.2f %10.2f %12.2f\n", "SequenceForward::run (Eigen)", f.median, f.p95,
                fc.median);
    std::printf("%-32s %10.2f %10.2f %12.2f\n", "SequenceForward::runInto, reused", r.median, r.p95,
                rc.median);
    std::printf("%-32s %10.2f %10.2f %12.2f\n", "naive single loop", n.median, n.p95, nc.median);
    std::printf("speed-up of run: %.2fx wall, %.2fx cpu\n", n.median / f.median,
                nc.median / fc.median);
    std::printf("speed-up of runInto: %.2fx wall, %.2fx cpu\n", n.median / r.median,
                nc.median / rc.median);
    return 0;
}
