// The panel of the four normalisers side by side, in the window as a user meets it: opened by its
// Alt+number key, followed through a drag on the canvas, a mask and multi-head attention, every
// bar compared with the normalisers worked out by hand in the test from the scene's vectors.

#include "canvas/canvaswidget.h"
#include "common/normaliserbyhand.h"
#include "common/windowrun.h"
#include "mainwindow.h"
#include "model/scenemodel.h"
#include "panels/normalisercomparison.h"

#include <QDockWidget>
#include <QTest>

#include <array>
#include <cmath>

namespace {

using attn::Normaliser;
constexpr std::array kAll{Normaliser::Softmax, Normaliser::Sparsemax, Normaliser::Softmax1,
                          Normaliser::Sigmoid};

// The dot scores q·kᵢ of the scene as stored, by a plain loop.
byhand::Weights dotScores(const SceneModel &model)
{
    const attn::Scene &s = model.scene();
    byhand::Weights scores;
    for (int i = 0; i < s.keyCount(); ++i)
        scores.push_back(s.query[0] * s.keys(i, 0) + s.query[1] * s.keys(i, 1));
    return scores;
}

// Each normaliser's weights by hand for one row of scores at τ = 1 (no mask).
std::array<byhand::Weights, 4> byHand(const byhand::Weights &s)
{
    double threshold = 0;
    return {byhand::softmax(s, false), byhand::sparsemax(s, &threshold), byhand::softmax(s, true),
            byhand::sigmoid(s)};
}

bool near(double a, double b)
{
    return std::abs(a - b) < 1e-9;
}

// Every bar of every group against `expected` (one row per normaliser, one weight per key), the
// "nothing" bar against `nothing`, and each group's sum as written.
void compareBars(const NormaliserComparison *panel, const std::array<byhand::Weights, 4> &expected,
                 double nothing)
{
    for (Normaliser n : kAll) {
        const byhand::Weights &w = expected[std::size_t(n)];
        QCOMPARE(panel->keyCount(), int(w.size()));
        for (int i = 0; i < int(w.size()); ++i)
            QVERIFY2(near(panel->displayedWeight(n, i), w[std::size_t(i)]),
                     qPrintable(QStringLiteral("normaliser %1, key %2: %3, by hand %4")
                                    .arg(int(n))
                                    .arg(i)
                                    .arg(panel->displayedWeight(n, i), 0, 'g', 17)
                                    .arg(w[std::size_t(i)], 0, 'g', 17)));
        QCOMPARE(panel->sumText(n),
                 QStringLiteral("Σw = %1").arg(QString::number(byhand::total(w), 'f', 3)));
    }
    QVERIFY(near(panel->displayedNothing(), nothing));
}

NormaliserComparison *openPanel(MainWindow &window)
{
    auto *dock = window.findChild<QDockWidget *>(QStringLiteral("dockNormalisers"));
    if (!dock)
        return nullptr;
    // Alt+6, as the View menu lists it.
    QTest::keyClick(&window, Qt::Key_6, Qt::AltModifier);
    QTest::qWait(20);
    return dock->isVisible() ? window.normaliserComparison() : nullptr;
}

} // namespace

class TestNormaliserComparison : public QObject
{
    Q_OBJECT

    TemporarySettings m_settings;

private slots:
    void theArticlesScores()
    {
        SceneModel model;
        MainWindow window(&model);
        QVERIFY(showAndWait(window, QSize(1280, 800)));
        NormaliserComparison *panel = openPanel(window);
        QVERIFY(panel);
        QVERIFY(!panel->visibleRegion().isEmpty());
        // The article's scores 1.4, 2.2, 1.92.
        const byhand::Weights s = dotScores(model);
        QVERIFY(near(s[0], 1.4) && near(s[1], 2.2) && near(s[2], 1.92));
        compareBars(panel, byHand(s), 1 / (1 + std::exp(1.4) + std::exp(2.2) + std::exp(1.92)));
        // Sparsemax keeps two keys: k₁ (1.4 below τ* = 1.56) is an empty bar labelled 0; no other
        // normaliser gives an exact 0.
        QVERIFY(panel->isEmptyBar(Normaliser::Sparsemax, 0));
        QCOMPARE(panel->barLabel(Normaliser::Sparsemax, 0), QStringLiteral("0"));
        for (Normaliser n : {Normaliser::Softmax, Normaliser::Softmax1, Normaliser::Sigmoid})
            for (int i = 0; i < 3; ++i)
                QVERIFY(!panel->isEmptyBar(n, i));
        // Softmax₁'s group has a fourth bar, "nothing", labelled with its weight.
        QVERIFY(panel->slotRect(Normaliser::Softmax1, 3).isValid());
        QVERIFY(!panel->slotRect(Normaliser::Softmax, 3).isValid());
        QCOMPARE(panel->barLabel(Normaliser::Softmax1, 3), QStringLiteral("0.048"));
        QCOMPARE(panel->caption(), QStringLiteral("The same scores through each normaliser"));
        QCOMPARE(panel->current(), Normaliser::Softmax);
        QVERIFY(!panel->accessibleName().isEmpty());
    }

    void followsADragAndTheChoice()
    {
        SceneModel model;
        MainWindow window(&model);
        QVERIFY(showAndWait(window, QSize(1280, 800)));
        NormaliserComparison *panel = openPanel(window);
        QVERIFY(panel);
        // Drag k₂ from its tip, (1.5, 0.5), to below the query with real mouse events.
        CanvasWidget *canvas = window.canvas();
        const QPoint from = canvas->view().toScreen(QPointF(1.5, 0.5)).toPoint();
        const QPoint to = canvas->view().toScreen(QPointF(0.4, -1.3)).toPoint();
        QTest::mousePress(canvas, Qt::LeftButton, {}, from);
        QTest::mouseMove(canvas, (from + to) / 2);
        QTest::mouseMove(canvas, to);
        QTest::mouseRelease(canvas, Qt::LeftButton, {}, to);
        QVERIFY(model.scene().keys(1, 1) < 0); // it moved
        const byhand::Weights s = dotScores(model);
        double denominator = 1;
        for (double x : s)
            denominator += std::exp(x);
        compareBars(panel, byHand(s), 1 / denominator);

        // The choice from the keyboard moves the frame, not the numbers.
        QTest::keyClick(&window, Qt::Key_4, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(panel->current(), Normaliser::Sigmoid);
        compareBars(panel, byHand(s), 1 / denominator);

        // τ = 0.5 divides the scores first: z = 2s.
        QVERIFY(model.setTemperature(0.5));
        byhand::Weights z;
        denominator = 1;
        for (double x : s) {
            z.push_back(2 * x);
            denominator += std::exp(2 * x);
        }
        compareBars(panel, byHand(z), 1 / denominator);
    }

    void aMaskedKeyGetsZeroEverywhere()
    {
        SceneModel model;
        MainWindow window(&model);
        QVERIFY(showAndWait(window, QSize(1280, 800)));
        NormaliserComparison *panel = openPanel(window);
        QVERIFY(panel);
        QVERIFY(model.setMasked(0, true));
        // By hand over k₂ and k₃ alone (sigmoid's b = −ln 2 for the two that are left).
        const byhand::Weights s = dotScores(model);
        std::array<byhand::Weights, 4> rest = byHand({s[1], s[2]});
        for (byhand::Weights &w : rest)
            w.insert(w.begin(), 0.0);
        compareBars(panel, rest, 1 / (1 + std::exp(s[1]) + std::exp(s[2])));
        for (Normaliser n : kAll) {
            QCOMPARE(panel->barLabel(n, 0), QStringLiteral("—"));
            QVERIFY(!panel->isEmptyBar(n, 0)); // masked, not a zero of the normaliser
        }
    }

    void multiHeadShowsTheMeanOverTheHeads()
    {
        SceneModel model;
        model.setMethod(attn::Method::MultiHead);
        MainWindow window(&model);
        QVERIFY(showAndWait(window, QSize(1280, 800)));
        NormaliserComparison *panel = openPanel(window);
        QVERIFY(panel);
        const attn::Scene &scene = model.scene();
        const auto &heads = scene.multiHead.heads;
        QVERIFY(heads.size() >= 2);
        QVERIFY(panel->caption().contains(QStringLiteral("mean")));
        QVERIFY(panel->caption().contains(QStringLiteral("%1 heads").arg(heads.size())));
        // Each head's scores (W_Q q)·(W_K kᵢ)/√d_k by plain loops, each normaliser by hand, then
        // the mean over the heads.
        std::array<byhand::Weights, 4> mean;
        for (auto &w : mean)
            w.assign(3, 0.0);
        double nothing = 0;
        for (const attn::Head &h : heads) {
            const int dk = int(h.wq.rows());
            byhand::Weights s;
            for (int i = 0; i < 3; ++i) {
                double dot = 0;
                for (int r = 0; r < dk; ++r) {
                    double qr = 0, kr = 0;
                    for (int c = 0; c < 2; ++c) {
                        qr += h.wq(r, c) * scene.query[c];
                        kr += h.wk(r, c) * scene.keys(i, c);
                    }
                    dot += qr * kr;
                }
                s.push_back(dot / std::sqrt(double(dk)));
            }
            const auto w = byHand(s);
            for (std::size_t n = 0; n < 4; ++n)
                for (std::size_t i = 0; i < 3; ++i)
                    mean[n][i] += w[n][i] / double(heads.size());
            nothing += (1 - byhand::total(w[2])) / double(heads.size());
        }
        compareBars(panel, mean, nothing);
    }

    void fitsBothScreens_data() { addScreenSizeRows(); }
    void fitsBothScreens()
    {
        QFETCH(QSize, size);
        SceneModel model;
        MainWindow window(&model);
        QVERIFY(showAndWait(window, size));
        NormaliserComparison *panel = openPanel(window);
        QVERIFY(panel);
        QTest::qWait(50);
        for (Normaliser n : kAll) {
            // Every group inside the panel, apart from the others, with its numbers and title.
            const QRect g = panel->groupRect(n);
            QVERIFY(panel->rect().contains(g));
            for (Normaliser m : kAll)
                QVERIFY(m == n || !g.intersects(panel->groupRect(m)));
            QVERIFY(!panel->titleText(n).isEmpty());
            QVERIFY(!panel->barLabel(n, 1).isEmpty());
            QVERIFY(panel->slotRect(n, 0).height() > 40);
        }
        // A bar's tooltip names the normaliser, the key and its weight.
        const QRect slot = panel->slotRect(Normaliser::Softmax, 1);
        const QString tip = panel->toolTipAt(slot.center());
        QVERIFY2(tip.contains(QStringLiteral("k₂")) && tip.contains(QStringLiteral("softmax")),
                 qPrintable(tip));
        QVERIFY(panel->toolTipAt(panel->slotRect(Normaliser::Softmax1, 3).center())
                    .contains(QStringLiteral("nothing")));
    }
};

QTEST_MAIN(TestNormaliserComparison)
#include "tst_normalisercomparison.moc"
