// Training steps per second (full-batch forward, exact backward and Adam update), single thread,
// for every built-in task at its default size and seed: the steps it trains (its training
// block), the step at which it first reaches 95% accuracy, its final training and held-out
// accuracy; for the induction task also the second layer's induction score over training and
// the seconds until it passes 0.5. Then a model of the forward benchmark's size (2 layers,
// 4 heads, D = 32, d_k = d_v = 8, rotary, causal) on 256 examples of 32 tokens.
//
//   bench_training                 every task, then the large model
//   bench_training TASK [STEPS]    one task ("induction", "two-heads", …), optionally other steps
//   bench_training TASK STEPS HEADS   … with another number of heads per layer
//   bench_training --file FILE STEPS  a sequence file: steps/s and the losses, for
//                                     bench/torch_compare.py
//   bench_training --window TASK SECONDS [ROUNDS [bsw]]
//                                  the same task for SECONDS from its first step, three ways in
//                                  turn: the bare trainer in this thread; a TrainingSession (its
//                                  worker thread, slices, snapshots) with no window; and the
//                                  Sequence window shown at 1280 × 800 on its Training tab,
//                                  drawing every batch. Steps per second, the process's and the
//                                  GUI thread's CPU time, and the worker's CPU time per step.
//                                  Run with QT_QPA_PLATFORM=offscreen.

#include "benchclock.h"
#include "core/random.h"
#include "model/sequencesession.h"
#include "model/trainingsession.h"
#include "sequence/sequencewindow.h"
#include "sequence/trainingview.h"
#include "core/sequenceevaluation.h"
#include "core/sequencefile.h"
#include "core/sequencetrainer.h"
#include "core/trainingtask.h"

#include <QApplication>
#include <QTabWidget>
#include <QTest>

#include <cmath>
#include <cstdio>
#include <ctime>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

namespace {

double seconds(bench::Clock::time_point since)
{
    return std::chrono::duration<double>(bench::Clock::now() - since).count();
}

attn::Matrix randomMatrix(attn::Random &rng, int rows, int cols, double a)
{
    attn::Matrix m(rows, cols);
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c)
            m(r, c) = rng.uniform(-a, a);
    return m;
}

attn::SequenceDocument largeDocument()
{
    constexpr int kVocabulary = 64, kD = 32, kLayers = 2, kHeads = 4, kDk = 8, kDv = 8;
    constexpr int kExamples = 256, kTokens = 32;
    attn::Random rng(7);
    attn::SequenceDocument d;
    attn::SequenceModel &m = d.model;
    for (int i = 0; i < kVocabulary; ++i)
        m.vocabulary.push_back("t" + std::to_string(i));
    m.outputs = m.vocabulary;
    m.dModel = kD;
    m.positions = attn::PositionKind::Rotary;
    m.causal = true;
    const double a = 1 / std::sqrt(double(kD));
    m.weights.embedding = randomMatrix(rng, kVocabulary, kD, 1);
    m.weights.positionTable = attn::Matrix(0, kD);
    for (int l = 0; l < kLayers; ++l) {
        attn::SequenceLayerWeights layer;
        for (int h = 0; h < kHeads; ++h)
            layer.heads.push_back({randomMatrix(rng, kDk, kD, a), randomMatrix(rng, kDk, kD, a),
                                   randomMatrix(rng, kDv, kD, a)});
        layer.wo = randomMatrix(rng, kD, kHeads * kDv, 1 / std::sqrt(double(kHeads * kDv)));
        m.weights.layers.push_back(std::move(layer));
    }
    m.weights.unembedding = randomMatrix(rng, kVocabulary, kD, a);
    // A random half, repeated: the second half's targets are the tokens that followed the same
    // token in the first half (induction).
    for (int e = 0; e < kExamples; ++e) {
        attn::SequenceExample ex;
        for (int i = 0; i < kTokens / 2; ++i)
            ex.tokens.push_back(int(rng.next() % kVocabulary));
        for (int i = 0; i < kTokens / 2; ++i)
            ex.tokens.push_back(ex.tokens[std::size_t(i)]);
        for (int i = 0; i < kTokens; ++i)
            ex.targets.push_back(i >= kTokens / 2 && i + 1 < kTokens ? ex.tokens[std::size_t(i) + 1]
                                                                     : -1);
        d.examples.push_back(std::move(ex));
    }
    return d;
}

void measure(const char *name, const attn::SequenceDocument &d, int steps)
{
    attn::SequenceTrainer trainer(d.model, d.examples, d.trainingSettings);
    double first = 0, last = 0;
    const auto start = bench::Clock::now();
    for (int i = 0; i < steps; ++i) {
        auto r = trainer.step();
        if (!r) {
            std::printf("%s: stopped at step %d\n", name, i + 1);
            return;
        }
        (i == 0 ? first : last) = *r->loss();
    }
    const double s = seconds(start);
    std::printf("%-44s %5d steps in %7.3f s: %9.1f steps/s (%8.3f ms a step), loss %.4f -> %.4f\n",
                name, steps, s, steps / s, 1e3 * s / steps, first, last);
}

// Trains a task with its own settings; the timing excludes the scoring done along the way.
void measureTask(attn::TrainingTaskKind kind, int steps, int heads)
{
    attn::TrainingTask::Options o = attn::TrainingTask::defaults(kind);
    if (heads > 0)
        o.heads = heads;
    if (const char *x = std::getenv("TASK_LR"))
        o.learningRate = std::atof(x);
    if (const char *x = std::getenv("TASK_EXAMPLES"))
        o.examples = std::atoi(x);
    if (const char *x = std::getenv("TASK_DK"))
        o.keyDim = std::atoi(x);
    if (const char *x = std::getenv("TASK_D"))
        o.dModel = std::atoi(x);
    if (const char *x = std::getenv("TASK_V"))
        o.vocabulary = std::atoi(x);
    if (const char *x = std::getenv("TASK_LEN"))
        o.length = std::atoi(x);
    if (const char *x = std::getenv("TASK_SEED"))
        o.seed = std::strtoull(x, nullptr, 10);
    const attn::SequenceDocument d = attn::TrainingTask::make(o);
    if (steps <= 0)
        steps = d.trainingSettings.steps;
    const bool induction = kind == attn::TrainingTaskKind::Induction;
    attn::SequenceTrainer trainer(d.model, d.examples, d.trainingSettings);
    double training = 0, formedAt = -1, firstLoss = 0;
    int reached = -1;
    for (int i = 0; i < steps; ++i) {
        const auto start = bench::Clock::now();
        auto r = trainer.step();
        training += seconds(start);
        if (!r) {
            std::printf("%s: stopped at step %d\n", attn::trainingTaskId(kind), i + 1);
            return;
        }
        if (i == 0)
            firstLoss = *r->loss();
        if (reached < 0 && *r->accuracy() >= 0.95)
            reached = i; // the accuracy before update i, i.e. after i updates
        if (induction && i % 10 == 9) {
            const auto score =
                attn::TrainingTask::inductionScore(trainer.model(), d.examples, 1, 0);
            if (i % 50 == 49)
                std::printf(
                    "  step %5d loss %.4f accuracy %.3f held-out %.3f induction score "
                    "%.3f previous-token score (layer 1) %.3f\n",
                    i + 1, *r->loss(), *r->accuracy(),
                    attn::SequenceEvaluation::evaluate(trainer.model(), d.heldOut)
                        ->accuracy()
                        .value_or(-1),
                    score.value_or(0),
                    attn::TrainingTask::previousTokenScore(trainer.model(), d.examples, 0, 0)
                        .value_or(-1));
            if (score && *score > 0.5 && formedAt < 0)
                formedAt = training;
        }
    }
    const auto end = trainer.evaluate();
    const auto held = attn::SequenceEvaluation::evaluate(trainer.model(), d.heldOut);
    std::printf("%-20s %5d steps %7.3f s %8.1f steps/s  loss %.4f -> %.4f  accuracy %.3f "
                "(95%% at step %d)  held-out %.3f",
                attn::trainingTaskId(kind), steps, training, steps / training, firstLoss,
                *end->loss(), *end->accuracy(), reached, held->accuracy().value_or(-1));
    if (induction)
        std::printf("  induction score > 0.5 after %.2f s", formedAt);
    for (int l = 0; l < d.model.layerCount(); ++l)
        for (int h = 0; h < d.model.headCount(l); ++h)
            std::printf(
                "\n    layer %d head %d: previous %.2f first %.2f induction %.2f", l + 1, h + 1,
                attn::TrainingTask::previousTokenScore(trainer.model(), d.examples, l, h)
                    .value_or(-1),
                attn::TrainingTask::firstTokenScore(trainer.model(), d.examples, l, h).value_or(-1),
                attn::TrainingTask::inductionScore(trainer.model(), d.examples, l, h).value_or(-1));
    std::printf("\n");
    std::fflush(stdout);
}

// One line a result, easy to parse: "steps/s X" (wall clock), "cpu-steps/s X" (this thread's
// CPU time), then "loss STEP VALUE" at 17 digits for the loss after 0, 1, 2 and the last number
// of updates.
int measureFile(const char *path, int steps)
{
    std::ifstream in(path, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    auto d = attn::parseSequence(text.str());
    if (!d) {
        std::fprintf(stderr, "%s: %s\n", path, attn::describe(d.error()).c_str());
        return 1;
    }
    attn::SequenceTrainer trainer(d->model, d->examples, d->trainingSettings);
    std::vector<double> losses;
    double training = 0, cpu = 0;
    for (int i = 0; i < steps; ++i) {
        const auto start = bench::Clock::now();
        const double cpuStart = bench::threadCpuSeconds();
        auto r = trainer.step();
        cpu += bench::threadCpuSeconds() - cpuStart;
        training += seconds(start);
        if (!r) {
            std::fprintf(stderr, "stopped at step %d\n", i + 1);
            return 1;
        }
        losses.push_back(*r->loss());
    }
    losses.push_back(*trainer.evaluate()->loss());
    std::printf("steps/s %.6g\n", steps / training);
    // On a loaded machine the wall clock counts waiting for a core too.
    std::printf("cpu-steps/s %.6g\n", steps / cpu);
    for (int i : {0, 1, 2, steps})
        if (i <= steps)
            std::printf("loss %d %.17g\n", i, losses[std::size_t(i)]);
    return 0;
}

double processCpuSeconds()
{
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

// Plays `session` for `seconds` of wall time from its first step and prints what it reached.
void measureSession(const char *name, TrainingSession &session, double seconds)
{
    int batches = 0;
    const auto connection =
        QObject::connect(&session, &TrainingSession::progressed, [&batches] { ++batches; });
    const double cpu0 = processCpuSeconds(), gui0 = bench::threadCpuSeconds();
    const auto start = bench::Clock::now();
    session.play();
    while (bench::secondsSince(start) < seconds)
        QTest::qWait(5);
    const int steps = session.step();
    const double wall = bench::secondsSince(start);
    const double cpu = processCpuSeconds() - cpu0, gui = bench::threadCpuSeconds() - gui0;
    session.pause();
    QTest::qWait(100);
    QObject::disconnect(connection);
    std::printf("%-22s %6d steps in %5.2f s: %8.1f steps/s; CPU: process %5.2f s, GUI thread "
                "%5.2f s, the rest (the worker) %7.1f us a step; %4d batches (%.0f a second); "
                "shown %.0f steps/s\n",
                name, steps, wall, steps / wall, cpu, gui, 1e6 * (cpu - gui) / std::max(steps, 1),
                batches, batches / wall, session.stepsPerSecond());
    std::fflush(stdout);
}

// The window-open slowdown (issue 16): the same task trained bare, through the session with no
// window, and through the session with the Sequence window drawing it, alternated.
int measureWindow(int argc, char **argv)
{
    attn::TrainingTaskKind kind;
    if (argc < 4 || !attn::trainingTaskFromId(argv[2], kind)) {
        std::fprintf(stderr, "usage: bench_training --window TASK SECONDS [ROUNDS]\n");
        return 2;
    }
    const double seconds = std::atof(argv[3]);
    const int rounds = argc > 4 ? std::atoi(argv[4]) : 2;
    // Which of the three: b(are), s(ession), w(indow); all by default.
    const std::string modes = argc > 5 ? argv[5] : "bsw";
    QApplication app(argc, argv);
    const attn::SequenceDocument d = attn::TrainingTask::make(attn::TrainingTask::defaults(kind));
    const QByteArray text = QByteArray::fromStdString(attn::writeSequence(d));
    for (int round = 0; round < rounds; ++round) {
        if (modes.find('b') != std::string::npos) {
            attn::SequenceTrainer trainer(d.model, d.examples, d.trainingSettings);
            const double cpu0 = bench::threadCpuSeconds();
            const auto start = bench::Clock::now();
            int steps = 0;
            while (bench::secondsSince(start) < seconds && trainer.step())
                ++steps;
            const double wall = bench::secondsSince(start);
            std::printf("%-22s %6d steps in %5.2f s: %8.1f steps/s; CPU %5.2f s, %7.1f us a "
                        "step\n",
                        "bare trainer", steps, wall, steps / wall,
                        bench::threadCpuSeconds() - cpu0,
                        1e6 * (bench::threadCpuSeconds() - cpu0) / steps);
        }
        if (modes.find('s') != std::string::npos) {
            TrainingSession session;
            session.setDocument(d);
            measureSession("session, no window", session, seconds);
        }
        if (modes.find('w') != std::string::npos) {
            SequenceWindow window;
            window.resize(1280, 800);
            window.show();
            if (!window.session()->loadText(text))
                return 1;
            window.tabs()->setCurrentIndex(1);
            QTest::qWait(200);
            measureSession("session + window", *window.trainingView()->session(), seconds);
        }
    }
    return 0;
}

} // namespace

int main(int argc, char **argv)
{
    if (argc > 3 && std::string(argv[1]) == "--file")
        return measureFile(argv[2], std::atoi(argv[3]));
    if (argc > 1 && std::string(argv[1]) == "--window")
        return measureWindow(argc, argv);
    if (argc > 1) {
        attn::TrainingTaskKind kind;
        if (!attn::trainingTaskFromId(argv[1], kind)) {
            std::fprintf(stderr, "unknown task %s\n", argv[1]);
            return 2;
        }
        measureTask(kind, argc > 2 ? std::atoi(argv[2]) : 0, argc > 3 ? std::atoi(argv[3]) : 0);
        return 0;
    }
    for (int k = 0; k < attn::kTrainingTaskCount; ++k)
        measureTask(attn::TrainingTaskKind(k), 0, 0);
    measure("2 layers x 4 heads, D 32, 256 x 32 tokens", largeDocument(), 20);
    return 0;
}
