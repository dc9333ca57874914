// The normaliser chosen from the keyboard and the toolbar, as a user does: the model, the chart's
// bars, sparsemax's threshold line, the toolbar's label and one undo step.

#include "common/windowrun.h"
#include "mainwindow.h"
#include "model/language.h"
#include "model/scenemodel.h"
#include "panels/weightchart.h"

#include <QAbstractBarSeries>
#include <QBarSet>
#include <QChart>
#include <QMenu>
#include <QTest>
#include <QToolBar>
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
// The action of the Method menu's Normaliser submenu whose text names `name`, as a user finds it.
QAction *normaliserAction(MainWindow &window, const QString &name)
{
    auto *method = window.findChild<QMenu *>(QStringLiteral("menuMethod"));
    if (!method)
        return nullptr;
    for (QAction *a : method->actions()) {
        if (!a->menu())
            continue;
        for (QAction *choice : a->menu()->actions())
            if (choice->text() == name || choice->text().startsWith(name + QLatin1Char(' ')))
                return choice;
    }
    return nullptr;
}

// The weight chart's bar sets (the top chart), read back from Qt Charts.
QList<QBarSet *> weightSets(MainWindow &window)
{
    const auto series = window.weightChart()->chart()->series();
    if (series.isEmpty())
        return {};
    return static_cast<QAbstractBarSeries *>(series.first())->barSets();
}

// The height of set `i`'s bar: the one value it has (many keys) or the one in its own category.
double barOf(const QBarSet *set, int i)
{
    return set->count() == 1 ? set->at(0) : set->at(i);
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

    void cleanupTestCase() { Language::install(QStringLiteral("en")); }

    void toolbarButtonStaysInView_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<QSize>("size");
        QTest::newRow("English 1280x800") << "en" << QSize(1280, 800);
        QTest::newRow("English 1920x1080") << "en" << QSize(1920, 1080);
        QTest::newRow("Chinese 1280x800") << "zh_CN" << QSize(1280, 800);
    }
    void toolbarButtonStaysInView()
    {
        // The normaliser's button is the toolbar's last: at 1280 × 800 in English it once went
        // behind the toolbar's "»" overflow button.
        QFETCH(QString, language);
        QFETCH(QSize, size);
        QVERIFY(Language::install(language));
        SceneModel model;
        MainWindow window(&model);
        QVERIFY(showAndWait(window, size));
        auto *bar = window.findChild<QToolBar *>(QStringLiteral("mainToolBar"));
        auto *button = window.findChild<QToolButton *>(QStringLiteral("normaliserButton"));
        QVERIFY(bar && button);
        for (int n = 1; n <= 4; ++n) {
            QTest::keyClick(&window, Qt::Key(Qt::Key_0 + n),
                            Qt::ControlModifier | Qt::ShiftModifier);
            QCoreApplication::processEvents();
            QVERIFY2(button->isVisible(), qPrintable(button->text()));
            QVERIFY2(bar->rect().contains(button->geometry()), qPrintable(button->text()));
            // Every other toolbar button is in view too, none under the overflow button.
            for (QAction *a : bar->actions())
                if (QWidget *w = bar->widgetForAction(a))
                    QVERIFY2(w->isVisible(), qPrintable(a->text()));
        }
        Language::install(QStringLiteral("en"));
    }

    void nothingBarHoldsWhatTheKeysLeave()
    {
        SceneModel model;
        MainWindow window(&model);
        QVERIFY(showAndWait(window, QSize(1280, 800)));
        QCOMPARE(weightSets(window).size(), 3);
        QVERIFY(!window.weightChart()->displayedNothing());

        // softmax₁ from the menu: one more, grey set after the three keys.
        QAction *softmax1 = normaliserAction(window, QStringLiteral("softmax₁"));
        QVERIFY(softmax1);
        softmax1->trigger();
        QCOMPARE(model.scene().normaliser, attn::Normaliser::Softmax1);
        QList<QBarSet *> sets = weightSets(window);
        QCOMPARE(sets.size(), 4);
        QCOMPARE(sets[3]->label(), QStringLiteral("nothing"));
        double keys = 0;
        for (int i = 0; i < 3; ++i)
            keys += barOf(sets[i], i);
        // By hand: the implicit key's share, e⁰ / (1 + Σ e^{sⱼ}), is also 1 − Σw.
        const double denominator = 1 + std::exp(1.4) + std::exp(2.2) + std::exp(1.92);
        QVERIFY(std::abs(barOf(sets[3], 3) - (1 - keys)) < 1e-12);
        QVERIFY(std::abs(barOf(sets[3], 3) - 1 / denominator) < 1e-12);
        // 1/20.901… = 0.0478…, written with three decimals on the bar.
        QCOMPARE(window.weightChart()->nothingLabel(), QStringLiteral("0.048"));
        // Grey, and neither a key's colour nor a masked key's.
        const QColor grey = sets[3]->color();
        // (the theme's text and background mixed: a grey with their slight tint of blue)
        QVERIFY(std::abs(grey.red() - grey.green()) <= 8);
        QVERIFY(std::abs(grey.green() - grey.blue()) <= 8);
        for (int i = 0; i < 3; ++i)
            QVERIFY(sets[i]->color() != grey);

        // A drag keeps it up to date: every score lower, more left for nothing.
        attn::Vector lower(2);
        lower << 0.3, -0.2;
        QVERIFY(model.setQuery(lower));
        sets = weightSets(window);
        QCOMPARE(sets.size(), 4);
        keys = 0;
        for (int i = 0; i < 3; ++i)
            keys += barOf(sets[i], i);
        QVERIFY(std::abs(barOf(sets[3], 3) - (1 - keys)) < 1e-12);

        // Multi-head: the bars are the means over the heads, and so is the bar for nothing.
        model.setMethod(attn::Method::MultiHead);
        sets = weightSets(window);
        QCOMPARE(sets.size(), 4);
        keys = 0;
        for (int i = 0; i < 3; ++i)
            keys += barOf(sets[i], i);
        QVERIFY(std::abs(barOf(sets[3], 3) - (1 - keys)) < 1e-12);
        model.setMethod(attn::Method::Dot);

        // Every other normaliser: the keys' bars only.
        for (const QString &name :
             {QStringLiteral("softmax"), QStringLiteral("sparsemax"), QStringLiteral("sigmoid")}) {
            QAction *action = normaliserAction(window, name);
            QVERIFY2(action, qPrintable(name));
            action->trigger();
            QVERIFY(model.scene().normaliser != attn::Normaliser::Softmax1);
            QCOMPARE(weightSets(window).size(), 3);
            QVERIFY(!window.weightChart()->displayedNothing());
            QVERIFY(window.weightChart()->nothingLabel().isEmpty());
        }
    }
};

QTEST_MAIN(TestNormaliserSelector)
#include "tst_normaliserselector.moc"
