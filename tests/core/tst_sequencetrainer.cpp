// Full-batch training: Adam and SGD against steps computed by hand in this file on a model small
// enough to differentiate on paper, frozen groups, bit-identical reruns, and divergence.

#include "core/sequencefile.h"
#include "core/sequencetrainer.h"
#include "naivesequence.h"

#include <QTest>

#include <cmath>
#include <cstring>

using attn::Matrix;
using attn::OptimizerKind;
using attn::ParameterGroup;
using attn::PositionKind;
using attn::SequenceExample;
using attn::SequenceModel;
using attn::SequenceTrainer;
using attn::TrainingSettings;

namespace {

using Real = long double;

// Two tokens, D = 1, one head whose W_v and W_O are 0: the layer adds nothing, and its own
// gradients are 0 (v = 0 gives the scores no gradient; W_O sees only o = 0 and W_v only
// W_O = 0), so the model is logits = U E[token] and only E (2 × 1) and U (2 × 1) learn.
SequenceModel paperModel()
{
    SequenceModel m;
    m.vocabulary = {"a", "b"};
    m.outputs = m.vocabulary;
    m.dModel = 1;
    m.weights.embedding = Matrix{{0.5}, {-1.25}};
    m.weights.positionTable = Matrix(0, 1);
    attn::SequenceLayerWeights layer;
    layer.heads.push_back({Matrix{{0.75}}, Matrix{{-0.5}}, Matrix{{0.0}}});
    layer.wo = Matrix{{0.0}};
    m.weights.layers.push_back(layer);
    m.weights.unembedding = Matrix{{1.5}, {0.25}};
    return m;
}

// Token a should predict b and b should predict a; the second example scores only its first
// position.
std::vector<SequenceExample> paperExamples()
{
    return {{{0, 1}, {1, 0}}, {{1, 1}, {0, -1}}};
}

// The gradient of the mean cross-entropy of logits_o = u_o e_a over the three scored positions:
// ∂/∂u_o = Σ (p_o − [o = t]) e_a / 3, ∂/∂e_a = Σ_o (p_o − [o = t]) u_o / 3.
void paperGradient(const Real e[2], const Real u[2], Real de[2], Real du[2], Real &loss)
{
    const int scored[3][2] = {{0, 1}, {1, 0}, {1, 0}}; // (token, target)
    de[0] = de[1] = du[0] = du[1] = loss = 0;
    for (const auto &st : scored) {
        const int a = st[0], t = st[1];
        const Real l0 = u[0] * e[a], l1 = u[1] * e[a];
        const Real z = std::exp(l0) + std::exp(l1);
        const Real p[2] = {std::exp(l0) / z, std::exp(l1) / z};
        loss += (std::log(z) - (t == 0 ? l0 : l1)) / 3;
        for (int o = 0; o < 2; ++o) {
            const Real r = (p[o] - (o == t ? 1 : 0)) / 3;
            du[o] += r * e[a];
            de[a] += r * u[o];
        }
    }
}

bool near(double a, Real b)
{
    return std::abs(Real(a) - b) <= 1e-14L * (1 + std::abs(b));
}

// One step of the trainer from the weights (e, u): true when it succeeds and reports the loss
// computed by hand; `de` and `du` get the hand-computed gradient.
bool stepReportsHandLoss(SequenceTrainer &trainer, const Real e[2], const Real u[2], Real de[2],
                         Real du[2])
{
    Real loss;
    paperGradient(e, u, de, du, loss);
    const auto before = trainer.step();
    return before.ok() && near(*before->loss(), loss);
}

// Two layers of two heads with rotary positions, and six examples of four tokens whose targets
// are a shuffle of the inputs: a model that a few dozen steps visibly improve.
SequenceModel rotaryModel()
{
    return naiveseq::randomModel(9, 6, 4, 2, 2, 2, 2, PositionKind::Rotary, true);
}

std::vector<SequenceExample> shuffledExamples()
{
    std::vector<SequenceExample> examples;
    for (int i = 0; i < 6; ++i)
        examples.push_back({{i % 6, (i + 1) % 6, (i + 3) % 6, (i + 2) % 6},
                            {(i + 1) % 6, (i + 3) % 6, (i + 2) % 6, i % 6}});
    return examples;
}

TrainingSettings settings(OptimizerKind kind, double lr)
{
    TrainingSettings s;
    s.optimizer = kind;
    s.learningRate = lr;
    return s;
}

} // namespace

class TestSequenceTrainer : public QObject
{
    Q_OBJECT

private slots:
    void adamMatchesHandComputedSteps()
    {
        const double lr = 0.1;
        SequenceTrainer trainer(paperModel(), paperExamples(), settings(OptimizerKind::Adam, lr));
        Real e[2] = {0.5L, -1.25L}, u[2] = {1.5L, 0.25L};
        Real me[2] = {}, ve[2] = {}, mu[2] = {}, vu[2] = {};
        const Real b1 = 0.9L, b2 = 0.999L, eps = 1e-8L;
        for (int t = 1; t <= 5; ++t) {
            Real de[2], du[2];
            QVERIFY2(stepReportsHandLoss(trainer, e, u, de, du), qPrintable(QString::number(t)));
            // m = β₁m + (1−β₁)g; v = β₂v + (1−β₂)g²; p −= lr·m̂/(√v̂ + ε).
            auto adam = [&](Real &p, Real &m, Real &v, Real g) {
                m = b1 * m + (1 - b1) * g;
                v = b2 * v + (1 - b2) * g * g;
                const Real mHat = m / (1 - std::pow(b1, Real(t)));
                const Real vHat = v / (1 - std::pow(b2, Real(t)));
                p -= Real(lr) * mHat / (std::sqrt(vHat) + eps);
            };
            for (int i = 0; i < 2; ++i) {
                adam(e[i], me[i], ve[i], de[i]);
                adam(u[i], mu[i], vu[i], du[i]);
            }
            const attn::SequenceWeights &w = trainer.model().weights;
            for (int i = 0; i < 2; ++i) {
                QVERIFY2(near(w.embedding(i, 0), e[i]), qPrintable(QString::number(t)));
                QVERIFY2(near(w.unembedding(i, 0), u[i]), qPrintable(QString::number(t)));
            }
            QCOMPARE(w.layers[0].wo(0, 0), 0.0);
            QCOMPARE(w.layers[0].heads[0].wv(0, 0), 0.0);
            QCOMPARE(w.layers[0].heads[0].wq(0, 0), 0.75);
            QCOMPARE(trainer.stepCount(), t);
        }
    }

    void sgdMatchesHandComputedSteps()
    {
        const double lr = 0.5;
        SequenceTrainer trainer(paperModel(), paperExamples(), settings(OptimizerKind::Sgd, lr));
        Real e[2] = {0.5L, -1.25L}, u[2] = {1.5L, 0.25L};
        for (int t = 1; t <= 5; ++t) {
            Real de[2], du[2];
            QVERIFY2(stepReportsHandLoss(trainer, e, u, de, du), qPrintable(QString::number(t)));
            for (int i = 0; i < 2; ++i) {
                e[i] -= Real(lr) * de[i];
                u[i] -= Real(lr) * du[i];
            }
            const attn::SequenceWeights &w = trainer.model().weights;
            for (int i = 0; i < 2; ++i) {
                QVERIFY(near(w.embedding(i, 0), e[i]));
                QVERIFY(near(w.unembedding(i, 0), u[i]));
            }
        }
        // The loss after the last update, by hand.
        Real de[2], du[2], loss;
        paperGradient(e, u, de, du, loss);
        auto after = trainer.evaluate();
        QVERIFY(after.ok());
        QVERIFY(near(*after->loss(), loss));
    }

    // torch semantics: a new learning rate (param_group['lr']) keeps Adam's moments and step
    // count. Two runs of 2N steps with the rate changed at N, by hand in long double: one
    // keeping the moments (what the trainer must do), one restarting them (what it did before).
    void learningRateChangeKeepsAdamMoments()
    {
        constexpr int kN = 4;
        const double lr1 = 0.1, lr2 = 0.03;
        SequenceTrainer trainer(paperModel(), paperExamples(), settings(OptimizerKind::Adam, lr1));
        const Real b1 = 0.9L, b2 = 0.999L, eps = 1e-8L;
        struct Hand
        {
            Real e[2] = {0.5L, -1.25L}, u[2] = {1.5L, 0.25L};
            Real me[2] = {}, ve[2] = {}, mu[2] = {}, vu[2] = {};
            int t = 0;
        };
        Hand kept, restarted;
        auto adamStep = [&](Hand &h, Real lr) {
            Real de[2], du[2], loss;
            paperGradient(h.e, h.u, de, du, loss);
            ++h.t;
            auto adam = [&](Real &p, Real &m, Real &v, Real g) {
                m = b1 * m + (1 - b1) * g;
                v = b2 * v + (1 - b2) * g * g;
                const Real mHat = m / (1 - std::pow(b1, Real(h.t)));
                const Real vHat = v / (1 - std::pow(b2, Real(h.t)));
                p -= lr * mHat / (std::sqrt(vHat) + eps);
            };
            for (int i = 0; i < 2; ++i) {
                adam(h.e[i], h.me[i], h.ve[i], de[i]);
                adam(h.u[i], h.mu[i], h.vu[i], du[i]);
            }
        };
        for (int t = 1; t <= 2 * kN; ++t) {
            if (t == kN + 1) {
                TrainingSettings s = trainer.settings();
                s.learningRate = lr2;
                trainer.setSettings(s);
                QCOMPARE(trainer.optimizerState().steps, kN);
                restarted = Hand{};
                for (int i = 0; i < 2; ++i) {
                    restarted.e[i] = kept.e[i];
                    restarted.u[i] = kept.u[i];
                }
            }
            const Real lr = t <= kN ? lr1 : lr2;
            adamStep(kept, lr);
            if (t > kN)
                adamStep(restarted, lr);
            QVERIFY(trainer.step().ok());
        }
        QCOMPARE(trainer.optimizerState().steps, 2 * kN);
        const attn::SequenceWeights &w = trainer.model().weights;
        bool differs = false;
        for (int i = 0; i < 2; ++i) {
            QVERIFY(std::abs(Real(w.embedding(i, 0)) - kept.e[i]) <= 1e-13L);
            QVERIFY(std::abs(Real(w.unembedding(i, 0)) - kept.u[i]) <= 1e-13L);
            differs = differs || std::abs(kept.e[i] - restarted.e[i]) > 1e-3L ||
                      std::abs(kept.u[i] - restarted.u[i]) > 1e-3L;
        }
        QVERIFY2(differs,
                 "restarted moments must give other parameters, or the test shows nothing");
    }

    // Switching the optimiser starts it fresh: Adam after SGD steps is Adam's first step.
    void optimizerSwitchStartsFresh()
    {
        SequenceTrainer trainer(paperModel(), paperExamples(), settings(OptimizerKind::Sgd, 0.1));
        QVERIFY(trainer.step().ok());
        QVERIFY(trainer.step().ok());
        TrainingSettings s = trainer.settings();
        s.optimizer = OptimizerKind::Adam;
        trainer.setSettings(s);
        QCOMPARE(trainer.optimizerState().steps, 0);
        SequenceTrainer fresh(trainer.model(), paperExamples(), s);
        QVERIFY(trainer.step().ok());
        QVERIFY(fresh.step().ok());
        for (std::size_t i = 0; i < fresh.model().weights.matrices().size(); ++i)
            QVERIFY(*trainer.model().weights.matrices()[i] == *fresh.model().weights.matrices()[i]);
    }

    // A trainer built from another's parameters and optimiser state after k steps, then n steps,
    // is bit for bit the straight run of k + n steps; without the state it is not.
    void forkFromStateEqualsStraightRun()
    {
        // Learned positions, two layers, examples of two lengths with an unscored position.
        const SequenceModel start =
            naiveseq::randomModel(11, 6, 4, 2, 2, 2, 2, PositionKind::Learned, true);
        const std::vector<SequenceExample> examples = {
            {{0, 2, 1, 4}, {2, 1, -1, 0}}, {{3, 5, 5}, {5, 0, 1}}, {{1, 1, 2, 3}, {4, -1, 3, 2}}};
        const TrainingSettings s = settings(OptimizerKind::Adam, 0.03);
        constexpr int kK = 7, kSteps = 9;
        SequenceTrainer straight(start, examples, s);
        for (int i = 0; i < kK + kSteps; ++i)
            QVERIFY(straight.step().ok());
        SequenceTrainer first(start, examples, s);
        for (int i = 0; i < kK; ++i)
            QVERIFY(first.step().ok());
        SequenceTrainer fork(first.model(), examples, s, first.optimizerState());
        SequenceTrainer fresh(first.model(), examples, s);
        for (int i = 0; i < kSteps; ++i) {
            QVERIFY(fork.step().ok());
            QVERIFY(fresh.step().ok());
        }
        QCOMPARE(fork.optimizerState().steps, kK + kSteps);
        const auto a = straight.model().weights.matrices(), b = fork.model().weights.matrices(),
                   c = fresh.model().weights.matrices();
        bool freshDiffers = false;
        for (std::size_t i = 0; i < a.size(); ++i) {
            QVERIFY(*a[i] == *b[i]); // bit for bit
            freshDiffers = freshDiffers || *a[i] != *c[i];
        }
        QVERIFY(freshDiffers);
        QVERIFY(*straight.evaluate()->loss() == *fork.evaluate()->loss());
    }

    void frozenGroupsStayExactly_data()
    {
        QTest::addColumn<int>("optimizer");
        QTest::newRow("adam") << int(OptimizerKind::Adam);
        QTest::newRow("sgd") << int(OptimizerKind::Sgd);
    }

    void frozenGroupsStayExactly()
    {
        QFETCH(int, optimizer);
        const SequenceModel start =
            naiveseq::randomModel(4, 5, 4, 2, 2, 2, 3, PositionKind::Learned, true);
        std::vector<SequenceExample> examples = {{{0, 1, 2, 3}, {1, 2, 3, 4}},
                                                 {{4, 4, 1}, {0, -1, 2}}};
        TrainingSettings s = settings(OptimizerKind(optimizer), 0.05);
        s.trainable.fill(false);
        s.trainable[std::size_t(ParameterGroup::Wq)] = true;
        s.trainable[std::size_t(ParameterGroup::Positions)] = true;
        SequenceTrainer trainer(start, examples, s);
        for (int i = 0; i < 10; ++i)
            QVERIFY(trainer.step().ok());
        const auto groups = attn::parameterGroups(start.weights);
        const auto before = start.weights.matrices();
        const auto after = trainer.model().weights.matrices();
        for (std::size_t i = 0; i < groups.size(); ++i) {
            const bool trains =
                groups[i] == ParameterGroup::Wq || groups[i] == ParameterGroup::Positions;
            if (trains)
                QVERIFY(*before[i] != *after[i]);
            else
                QVERIFY(*before[i] == *after[i]); // bit for bit
        }
        auto loss0 = SequenceTrainer(start, examples, s).evaluate();
        auto loss10 = trainer.evaluate();
        QVERIFY(*loss10->loss() < *loss0->loss());
    }

    void bitIdenticalRuns()
    {
        const SequenceModel start = rotaryModel();
        const std::vector<SequenceExample> examples = shuffledExamples();
        auto losses = [&] {
            SequenceTrainer trainer(start, examples, settings(OptimizerKind::Adam, 0.02));
            std::vector<double> out;
            for (int i = 0; i < 60; ++i)
                out.push_back(*trainer.step()->loss());
            out.push_back(*trainer.evaluate()->loss());
            return out;
        };
        const std::vector<double> a = losses(), b = losses();
        QCOMPARE(a.size(), b.size());
        QVERIFY(std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0);
        QVERIFY(a.back() < a.front());
    }

    void cancelledStepChangesNothing()
    {
        // A step or an evaluation whose flag is set ends with an error; the parameters, the
        // optimiser and the step count are as before, and the next step is the one an
        // uncancelled run makes.
        const SequenceModel start = rotaryModel();
        const std::vector<SequenceExample> examples = shuffledExamples();
        SequenceTrainer plain(start, examples, settings(OptimizerKind::Adam, 0.02));
        SequenceTrainer cancelled(start, examples, settings(OptimizerKind::Adam, 0.02));
        QVERIFY(plain.step());
        QVERIFY(cancelled.step());
        attn::CancelFlag stop{true};
        QVERIFY(!cancelled.step(&stop));
        QVERIFY(!cancelled.evaluate(&stop));
        QCOMPARE(cancelled.stepCount(), 1);
        QCOMPARE(cancelled.optimizerState().steps, 1);
        const auto a = plain.step(), b = cancelled.step();
        QVERIFY(a && b);
        QCOMPARE(*a->loss(), *b->loss());
        QVERIFY(plain.model().weights.embedding == cancelled.model().weights.embedding);
        QCOMPARE(*plain.evaluate()->loss(), *cancelled.evaluate()->loss());
    }

    void divergenceStopsAndKeepsTheLastFiniteParameters()
    {
        const SequenceModel start =
            naiveseq::randomModel(2, 4, 4, 1, 1, 2, 2, PositionKind::None, false);
        std::vector<SequenceExample> examples = {{{0, 1, 2, 3}, {1, 2, 3, 0}}};
        SequenceTrainer trainer(start, examples, settings(OptimizerKind::Sgd, 1e150));
        SequenceModel last = start;
        int step = 0;
        for (; step < 100; ++step) {
            auto r = trainer.step();
            if (!r) {
                QCOMPARE(r.error().code, attn::ErrorCode::Diverged);
                QCOMPARE(r.error().actual, step + 1);
                QVERIFY(r.error().subject == "loss" || r.error().subject == "gradient" ||
                        r.error().subject == "parameters");
                break;
            }
            last = trainer.model();
        }
        QVERIFY2(step < 100, "a learning rate of 1e150 must diverge");
        QCOMPARE(trainer.stepCount(), step);
        const auto kept = trainer.model().weights.matrices();
        const auto expected = last.weights.matrices();
        for (std::size_t i = 0; i < kept.size(); ++i) {
            QVERIFY(kept[i]->allFinite());
            QVERIFY(*kept[i] == *expected[i]);
        }
        // Stepping again fails the same way and changes nothing.
        auto again = trainer.step();
        QVERIFY(!again.ok());
        QCOMPARE(trainer.stepCount(), step);
    }
};

QTEST_APPLESS_MAIN(TestSequenceTrainer)
#include "tst_sequencetrainer.moc"
