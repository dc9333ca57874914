// The explanation pages about training, reached as a learner reaches them: through the
// explanation panel's page chooser (keys on the real combo box) and through the Sequence
// window's Explain menu on its Training tab; in English and in Chinese. The gradient page's
// numbers are checked against central finite differences of log wⱼ computed here.

#include "common/explanationpages.h"
#include "common/windowrun.h"
#include "model/language.h"
#include "model/scenemodel.h"
#include "panels/explanationpanel.h"
#include "panels/explanationtext.h"
#include "panels/trainingpages.h"
#include "sequence/sequencewindow.h"
#include "sequence/trainingview.h"

#include <QComboBox>
#include <QMenu>
#include <QRegularExpression>
#include <QTabWidget>
#include <QTest>
#include <QTextBrowser>
#include <QToolButton>

#include <cmath>
#include <map>

using explanationpages::shown;

namespace {

// Key j's gradient as the page writes it: "∂ log wj/∂q = (a, b)", j counted from 1.
std::map<int, QPointF> gradientsOnPage(const QString &text)
{
    static const QRegularExpression line(
        QStringLiteral("∂ log w(\\d+)/∂q = \\(([^,]+), ([^)]+)\\)"));
    std::map<int, QPointF> found;
    auto number = [](QString s) { return s.replace(QChar(0x2212), QLatin1Char('-')).toDouble(); };
    for (auto it = line.globalMatch(text); it.hasNext();) {
        const auto m = it.next();
        found[m.captured(1).toInt()] = QPointF(number(m.captured(2)), number(m.captured(3)));
    }
    return found;
}

// log wⱼ of the scene's scores: scaled dot (√2) or, with `dot`, the plain dot product.
long double logWeight(long double qx, long double qy, const attn::Matrix &keys, int j,
                      long double tau, bool dot)
{
    const long double scale = dot ? 1.0L : std::sqrt(2.0L);
    long double best = -1e300L, sum = 0;
    std::vector<long double> s;
    for (Eigen::Index i = 0; i < keys.rows(); ++i) {
        s.push_back((qx * keys(i, 0) + qy * keys(i, 1)) / scale / tau);
        best = std::max(best, s.back());
    }
    for (long double x : s)
        sum += std::exp(x - best);
    return s[std::size_t(j)] - best - std::log(sum);
}

QPointF finiteDifference(const attn::Vector &q, const attn::Matrix &keys, int j, double tau,
                         bool dot)
{
    const long double h = 1e-6L;
    auto at = [&](long double dx, long double dy) {
        return logWeight(q[0] + dx, q[1] + dy, keys, j, tau, dot);
    };
    return QPointF(double((at(h, 0) - at(-h, 0)) / (2 * h)),
                   double((at(0, h) - at(0, -h)) / (2 * h)));
}

void checkNumbers(const QString &text, const SceneModel &model)
{
    const bool dot = model.scene().method == attn::Method::Dot;
    const auto found = gradientsOnPage(text);
    QCOMPARE(int(found.size()), model.keyCount());
    for (int j = 0; j < model.keyCount(); ++j) {
        const QPointF fd =
            finiteDifference(model.query(), model.keys(), j, model.scene().temperature, dot);
        const QPointF page = found.at(j + 1);
        // Three decimals on the page.
        QVERIFY2(std::abs(page.x() - fd.x()) <= 5.1e-4 && std::abs(page.y() - fd.y()) <= 5.1e-4,
                 qPrintable(QStringLiteral("k%1: page (%2, %3), finite difference (%4, %5)")
                                .arg(j + 1)
                                .arg(page.x())
                                .arg(page.y())
                                .arg(fd.x())
                                .arg(fd.y())));
    }
}

} // namespace

class TestTrainingPages : public QObject
{
    Q_OBJECT

private slots:
    void cleanup() { QVERIFY(Language::install(QStringLiteral("en"))); }

    void everyPageInBothLanguages_data()
    {
        QTest::addColumn<int>("downPresses");
        QTest::addColumn<ExplanationPanel::Page>("page");
        QTest::addColumn<QStringList>("english");
        QTest::addColumn<QStringList>("chinese");
        QTest::newRow("gradient")
            << 6 << ExplanationPanel::Page::Gradient
            << QStringList{QStringLiteral("What gradient descent does to q and k"),
                           QStringLiteral("(δij − wi) q/(√d τ)"), QStringLiteral("In your scene")}
            << QStringList{QStringLiteral("梯度下降"), QStringLiteral("缩放点积注意力"),
                           QStringLiteral("在你的场景中")};
        QTest::newRow("plateaus") << 7 << ExplanationPanel::Page::Plateaus
                                  << QStringList{QStringLiteral("Plateaus and sudden drops"),
                                                 QStringLiteral("Olsson et al. 2022")}
                                  << QStringList{QStringLiteral("归纳头"), QStringLiteral("损失")};
        QTest::newRow("previous token")
            << 8 << ExplanationPanel::Page::PreviousToken
            << QStringList{QStringLiteral("Why the previous token needs positions"),
                           QStringLiteral("permutation equivariant")}
            << QStringList{QStringLiteral("旋转位置编码"), QStringLiteral("因果掩码")};
        QTest::newRow("induction")
            << 9 << ExplanationPanel::Page::Induction
            << QStringList{QStringLiteral("What an induction head is"),
                           QStringLiteral("most recent earlier position p")}
            << QStringList{QStringLiteral("归纳头"), QStringLiteral("残差流")};
    }
    void everyPageInBothLanguages()
    {
        SceneModel model;
        ExplanationPanel panel(&model);
        QFETCH(int, downPresses);
        QFETCH(ExplanationPanel::Page, page);
        QFETCH(QStringList, english);
        QFETCH(QStringList, chinese);
        // Every page after the sequence pages, in Page's order.
        QComboBox *combo = explanationpages::choose(panel, downPresses);
        QVERIFY(combo && combo->count() == int(ExplanationPanel::Page::Sink) + 1 &&
                panel.page() == page);
        QString text = shown(panel.browser());
        for (const QString &part : english)
            QVERIFY2(text.contains(part), qPrintable(part + QStringLiteral("\n") + text));

        QVERIFY(Language::install(QStringLiteral("zh_CN")));
        QCoreApplication::processEvents();
        QCOMPARE(panel.page(), page);
        text = shown(panel.browser());
        QCOMPARE(combo->currentText(), TrainingPages::title(TrainingPages::Page(
                                           int(page) - int(ExplanationPanel::Page::Gradient))));
        QVERIFY(!text.contains(english.first()));
        for (const QString &part : chinese)
            QVERIFY2(text.contains(part), qPrintable(part + QStringLiteral("\n") + text));
    }

    // The numbers below the gradient page follow the scene, and each is ∂ log wⱼ/∂q.
    void gradientNumbersAreFiniteDifferences()
    {
        SceneModel model;
        model.setMethod(attn::Method::Scaled);
        ExplanationPanel panel(&model);
        QVERIFY(explanationpages::choose(panel, 6));
        QCOMPARE(panel.page(), ExplanationPanel::Page::Gradient);
        checkNumbers(shown(panel.browser()), model);

        attn::Vector q(2);
        q << -0.4, 1.7;
        QVERIFY(model.setQuery(q));
        QVERIFY(model.setTemperature(0.6));
        // A drag's numbers arrive through a throttle; html() brings the page up to date at once.
        QVERIFY(!panel.html().isEmpty());
        checkNumbers(shown(panel.browser()), model);

        model.setMethod(attn::Method::Dot);
        QVERIFY(!panel.html().isEmpty());
        checkNumbers(shown(panel.browser()), model);
    }

    void sequenceWindowTrainingTabExplainsTraining()
    {
        SequenceWindow window;
        QVERIFY(showAndWait(window, QSize(1280, 800)));
        QToolButton *explain = window.explainButton();
        QCOMPARE(explain->menu()->actions().size(), 2); // the Attention tab's pages
        // The Training tab, chosen by a click on its tab.
        QTabWidget *tabs = window.tabs();
        QTabBar *bar = tabs->tabBar();
        QTest::mouseClick(bar, Qt::LeftButton, {}, bar->tabRect(1).center());
        QCOMPARE(tabs->currentIndex(), SequenceWindow::kTrainingTab);
        const QList<QAction *> pages = explain->menu()->actions();
        QCOMPARE(pages.size(), TrainingPages::kPageCount);
        QCOMPARE(pages[0]->text(), QStringLiteral("What gradient descent does to q and k"));
        QCOMPARE(pages[3]->text(), QStringLiteral("What an induction head is"));
        pages[0]->trigger();
        QTextBrowser *browser = window.explanationBrowser();
        QVERIFY(browser && browser->isVisible());
        QVERIFY(shown(browser).contains(QStringLiteral("In the article's worked example")));
        // The article's example: q = (1.2, 0.8), keys (0.5, 1), (1.5, 0.5), (0.8, 1.2), under
        // scaled dot-product attention as on the page.
        SceneModel article;
        article.setMethod(attn::Method::Scaled);
        checkNumbers(shown(browser), article);

        QVERIFY(Language::install(QStringLiteral("zh_CN")));
        QCoreApplication::processEvents();
        QCOMPARE(explain->menu()->actions().size(), TrainingPages::kPageCount);
        QCOMPARE(browser->windowTitle(), TrainingPages::title(TrainingPages::Page::Gradient));
        QVERIFY(shown(browser).contains(QStringLiteral("梯度")));
        checkNumbers(shown(browser), article);

        // Back on the Attention tab, the sequence pages again.
        QTest::mouseClick(bar, Qt::LeftButton, {}, bar->tabRect(0).center());
        QCOMPARE(explain->menu()->actions().size(), 2);
    }

    void glossaryHasTheTrainingTerms()
    {
        // The training terms as ../shared/TEACHING.md's glossary lists them, written out here,
        // and the previous-token head as the pages call it.
        const std::pair<QString, QString> terms[] = {
            {QStringLiteral("training / loss / learning rate"),
             QStringLiteral("训练 / 损失 / 学习率")},
            {QStringLiteral("gradient"), QStringLiteral("梯度")},
            {QStringLiteral("gradient descent"), QStringLiteral("梯度下降")},
            {QStringLiteral("optimizer"), QStringLiteral("优化器")},
            {QStringLiteral("induction head"), QStringLiteral("归纳头")},
            {QStringLiteral("previous-token head"), QStringLiteral("前一个词元头")}};
        for (const auto &[english, chinese] : terms)
            QVERIFY2(explanationpages::glossaryRows(english, chinese) == 1, qPrintable(english));
        // The Chinese pages use the glossary's word for the previous-token head and no other.
        QVERIFY(Language::install(QStringLiteral("zh_CN")));
        QString all;
        for (int page = 0; page < TrainingPages::kPageCount; ++page)
            all += TrainingPages::html(TrainingPages::Page(page), 12);
        Language::install(QStringLiteral("en"));
        QVERIFY(!all.contains(QStringLiteral("前一词元头")));
        QVERIFY(all.contains(QStringLiteral("归纳头")));
    }
};

QTEST_MAIN(TestTrainingPages)
#include "tst_trainingpages.moc"
