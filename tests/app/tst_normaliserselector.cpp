// The normaliser chosen from the keyboard and the toolbar, as a user does: the model, the chart's
// bars, sparsemax's threshold line, the toolbar's label and one undo step.

#include "common/windowrun.h"
#include "mainwindow.h"
#include "model/scenemodel.h"
#include "panels/weightchart.h"

#include <QTest>
#include <QToolButton>

#include <cmath>

namespace {
// The article's dot scores (the default scene): 1.4, 2.2, 1.92.
constexpr double kScores[] = {1.4, 2.2, 1.92};

void compareBars(const WeightChart *chart, const double (&expected)[3])
{
    const QList<double> bars = chart->displayedWeights();
    QCOMPARE(bars.size(), 3);
    for (int i = 0; i < 3; ++i)
        QVERIFY2(std::abs(bars[i] - expected[i]) < 1e-12,
                 qPrintable(QStringLiteral("bar %1: %2, expected %3")
                                .arg(i)
                                .arg(bars[i], 0, 'g', 17)
                                .arg(expected[i], 0, 'g', 17)));
}
} // namespace

class TestNormaliserSelector : public QObject
{
    Q_OBJECT

private slots:
    void shortcutsSwitchTheBarsAndUndoInOneStep()
    {
        SceneModel model;
        MainWindow window(&model);
        QVERIFY(showAndWait(window));
        QCOMPARE(model.scene().method, attn::Method::Dot);
        auto *button = window.findChild<QToolButton *>(QStringLiteral("normaliserButton"));
        QVERIFY(button);
        QVERIFY(button->text().contains(QStringLiteral("softmax")));

        // Ctrl+Shift+2: sparsemax. Sorted 2.2, 1.92, 1.4 with running sums 2.2, 4.12, 5.52;
        // 1 + 2·1.92 > 4.12 but 1 + 3·1.4 ≤ 5.52, so two keys stay and τ* = (4.12 − 1)/2 = 1.56.
        QTest::keyClick(&window, Qt::Key_2, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(model.scene().normaliser, attn::Normaliser::Sparsemax);
        compareBars(window.weightChart(), {0.0, 0.64, 0.36});
        QCOMPARE(window.weightChart()->displayedWeights().at(0), 0.0); // exactly
        QVERIFY(window.weightChart()->thresholdShown());
        QVERIFY(std::abs(window.weightChart()->thresholdScore() - 1.56) < 1e-12);
        QVERIFY(button->text().contains(QStringLiteral("sparsemax")));

        // Ctrl+Shift+4: sigmoid with b = −ln 3, wᵢ = 1/(1 + 3e^{−sᵢ}); no threshold line.
        QTest::keyClick(&window, Qt::Key_4, Qt::ControlModifier | Qt::ShiftModifier);
        double sigmoid[3];
        for (int i = 0; i < 3; ++i)
            sigmoid[i] = 1 / (1 + 3 * std::exp(-kScores[i]));
        compareBars(window.weightChart(), sigmoid);
        QVERIFY(!window.weightChart()->thresholdShown());

        // One undo step per choice: back to sparsemax, then to softmax.
        QTest::keyClick(&window, Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(model.scene().normaliser, attn::Normaliser::Sparsemax);
        QTest::keyClick(&window, Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(model.scene().normaliser, attn::Normaliser::Softmax);
        double softmax[3], sum = 0;
        for (int i = 0; i < 3; ++i)
            sum += (softmax[i] = std::exp(kScores[i] - 2.2));
        for (double &w : softmax)
            w /= sum;
        compareBars(window.weightChart(), softmax);
        QVERIFY(button->text().contains(QStringLiteral("softmax")));
    }

    void softmax1LeavesWeightForNothing()
    {
        SceneModel model;
        MainWindow window(&model);
        QVERIFY(showAndWait(window));
        // Ctrl+Shift+3: softmax₁, wᵢ = e^{sᵢ} / (1 + Σⱼ e^{sⱼ}); the rest, 1/(1 + Σ e^{sⱼ}), is
        // the weight of "nothing", shown in the chart's title.
        QTest::keyClick(&window, Qt::Key_3, Qt::ControlModifier | Qt::ShiftModifier);
        const double denominator = 1 + std::exp(1.4) + std::exp(2.2) + std::exp(1.92);
        compareBars(window.weightChart(), {std::exp(1.4) / denominator, std::exp(2.2) / denominator,
                                           std::exp(1.92) / denominator});
        QVERIFY2(window.weightChart()->weightTitle().contains(QStringLiteral("0.0")) ||
                     window.weightChart()->weightTitle().contains(QStringLiteral("nothing")),
                 qPrintable(window.weightChart()->weightTitle()));
    }
};

QTEST_MAIN(TestNormaliserSelector)
#include "tst_normaliserselector.moc"
