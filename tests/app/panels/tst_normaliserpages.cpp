// The explanation pages about the normalisers, reached as a learner reaches them: through the
// explanation panel's page chooser (keys on the real combo box), in English and in Chinese. The
// worked numbers on the pages are computed again here with plain loops from the scores (sparsemax
// by bisection on its threshold), and every English sentence must be gone from the Chinese pages.

#include "common/datacolumns.h"
#include "common/explanationpages.h"
#include "common/normaliserbyhand.h"
#include "model/language.h"
#include "model/scenemodel.h"
#include "panels/explanationpanel.h"
#include "panels/normaliserpages.h"

#include <QComboBox>
#include <QRegularExpression>
#include <QTest>
#include <QTextBrowser>
#include <QTextDocument>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <numeric>
#include <vector>

using explanationpages::shown;
using namespace byhand;

namespace {

// The article's dot-product scores and the "Nothing Is Relevant" preset's, at τ = 1.
const Weights kArticle = {1.4, 2.2, 1.92};
const Weights kAway = {-3, -2.8, -3.2};

QString plain(NormaliserPages::Page page)
{
    QTextDocument doc;
    doc.setHtml(NormaliserPages::html(page, 12));
    return doc.toPlainText().replace(QChar::Nbsp, QLatin1Char(' '));
}

void expectAll(const QString &text, const QStringList &numbers)
{
    for (const QString &n : numbers)
        QVERIFY2(text.contains(n), qPrintable(n + QStringLiteral(" not in\n") + text));
}

// Every number the pages work out, from the loops above, per page.
QStringList numbersOf(NormaliserPages::Page page)
{
    QStringList n;
    double threshold = 0;
    const Weights sparse = sparsemax(kArticle, &threshold);
    switch (page) {
    case NormaliserPages::Page::SumToOne:
        for (const Weights &w : {softmax(kArticle, false), sparse, softmax(kArticle, true),
                                 sigmoid(kArticle), softmax(kAway, false)})
            for (double x : w)
                n << written(x);
        n << written(total(softmax(kArticle, true))) << written(total(sigmoid(kArticle)))
          << written(1 - total(softmax(kArticle, true)));
        n << QStringLiteral("Σw"); // the table's last column
        break;
    case NormaliserPages::Page::Sparsemax: {
        Weights sorted = kArticle;
        std::sort(sorted.rbegin(), sorted.rend());
        n << written(sorted[0] + sorted[1]) << written(sorted[0] + sorted[1] + sorted[2])
          << written(threshold);
        for (double x : sparse)
            n << written(x);
        n << written(softmax(kArticle, false)[0]);
        // The support: the two best keys; k = 2.
        n << QStringLiteral("k = 2");
        break;
    }
    case NormaliserPages::Page::SoftmaxOne:
        for (double x : softmax(kArticle, true))
            n << written(x);
        for (double x : softmax(kAway, true))
            n << written(x);
        for (double x : softmax(kAway, false))
            n << written(x);
        n << written(total(softmax(kArticle, true))) << written(1 - total(softmax(kArticle, true)))
          << written(total(softmax(kAway, true))) << written(1 - total(softmax(kAway, true)))
          << written(total(softmax({0, 0, 0}, true)));
        break;
    case NormaliserPages::Page::Sigmoid: {
        for (double x : sigmoid(kArticle))
            n << written(x);
        n << written(-std::log(3.0)) << written(total(sigmoid(kArticle)))
          << written(total(sigmoid(kAway))) << written(total(sigmoid({0, 0, 0})))
          << written(sigmoid({0, 0, 0})[0]);
        // "Sigmoid With Many Keys": 24 keys on a circle of radius 2, q = (2.5, 0).
        Weights circle;
        for (int i = 0; i < 24; ++i)
            circle.push_back(2.5 * 2 * std::cos(2 * std::numbers::pi * i / 24));
        const Weights w = sigmoid(circle);
        // The page's "seven keys": counted here.
        if (std::count_if(w.begin(), w.end(), [](double x) { return x > 0.5; }) == 7)
            n << (Language::current() == QLatin1String("en") ? QStringLiteral("seven")
                                                             : QStringLiteral("七个键"));
        else
            n << QStringLiteral("(not seven keys over 0.5)");
        const Weights s = softmax(circle, false);
        n << written(-std::log(24.0)) << written(total(w))
          << written(*std::max_element(s.begin(), s.end()));
        break;
    }
    case NormaliserPages::Page::Sink:
        break;
    }
    return n;
}

} // namespace

class TestNormaliserPages : public QObject
{
    Q_OBJECT

private slots:
    void cleanup() { QVERIFY(Language::install(QStringLiteral("en"))); }

    void chooserReachesEveryPage_data()
    {
        dataColumns<int, QString, QString>("page", "english", "chinese");
        // A phrase of each English page, and a glossary term in each Chinese one.
        const char *const phrases[NormaliserPages::kPageCount][2] = {
            {"weighted average", "加权平均"},
            {"Euclidean projection", "欧几里得投影"},
            {"Attention Is Off By One", "隐含键"},
            {"Ramapuram et al. 2024", "sigmoid 注意力"},
            {"StreamingLLM", "注意力汇聚点"}};
        for (int p = 0; p < NormaliserPages::kPageCount; ++p)
            QTest::newRow(phrases[p][0])
                << p << QString::fromUtf8(phrases[p][0]) << QString::fromUtf8(phrases[p][1]);
    }
    void chooserReachesEveryPage()
    {
        QFETCH(int, page);
        QFETCH(QString, english);
        QFETCH(QString, chinese);
        SceneModel model;
        ExplanationPanel panel(&model);
        // The normaliser pages follow the training pages: Down from the first page.
        const int index = int(ExplanationPanel::Page::SumToOne) + page;
        QComboBox *combo = explanationpages::choose(panel, index);
        QVERIFY(combo && combo->count() == int(ExplanationPanel::Page::Sink) + 1);
        QCOMPARE(int(panel.page()), index);
        for (const char *language : {"en", "zh_CN"}) {
            QVERIFY(Language::install(QString::fromLatin1(language)));
            QCoreApplication::processEvents();
            const QString title = NormaliserPages::title(NormaliserPages::Page(page));
            QVERIFY(!title.isEmpty());
            QCOMPARE(combo->currentText(), title);
            const QString text = shown(panel.browser());
            QVERIFY(text.startsWith(title));
            const QString &phrase = language == QLatin1String("en") ? english : chinese;
            QVERIFY2(text.contains(phrase), qPrintable(phrase + QLatin1Char('\n') + text));
            // The pages depend on no scene.
            model.setTemperature(model.scene().temperature * 2);
            QCOMPARE(shown(panel.browser()), text);
        }
    }

    // A learner follows the links: from the first page to the sink, and from there on.
    void linksLeadToTheOtherPages()
    {
        SceneModel model;
        ExplanationPanel panel(&model);
        QVERIFY(explanationpages::choose(panel, int(ExplanationPanel::Page::SumToOne)));
        QTextBrowser *browser = panel.browser();
        QVERIFY(explanationpages::clickLink(browser, QStringLiteral("ac:sink")));
        QCOMPARE(panel.page(), ExplanationPanel::Page::Sink);
        QVERIFY(shown(browser).startsWith(QStringLiteral("Attention sinks")));
        // The page's "See also" names the four others, in the chooser's order.
        const struct
        {
            const char *href;
            ExplanationPanel::Page page;
        } next[] = {{"ac:sparsemax", ExplanationPanel::Page::Sparsemax},
                    {"ac:softmax1", ExplanationPanel::Page::SoftmaxOne},
                    {"ac:sigmoid", ExplanationPanel::Page::Sigmoid},
                    {"ac:sum-to-one", ExplanationPanel::Page::SumToOne}};
        for (const auto &link : next) {
            QVERIFY2(explanationpages::clickLink(browser, QString::fromLatin1(link.href)),
                     link.href);
            QCOMPARE(panel.page(), link.page);
            QVERIFY(explanationpages::clickLink(browser, QStringLiteral("ac:sink")));
        }
    }

    void titlesInBothLanguages()
    {
        QStringList english;
        for (int p = 0; p < NormaliserPages::kPageCount; ++p) {
            english << NormaliserPages::title(NormaliserPages::Page(p));
            QVERIFY(!english.last().isEmpty());
        }
        QCOMPARE(QSet<QString>(english.begin(), english.end()).size(), NormaliserPages::kPageCount);
        QVERIFY(Language::install(QStringLiteral("zh_CN")));
        for (int p = 0; p < NormaliserPages::kPageCount; ++p) {
            const QString zh = NormaliserPages::title(NormaliserPages::Page(p));
            QVERIFY(!zh.isEmpty());
            QVERIFY2(!english.contains(zh), qPrintable(zh));
        }
    }

    void workedNumbersAreRight_data()
    {
        QTest::addColumn<int>("page");
        QTest::addColumn<QString>("language");
        for (const char *language : {"en", "zh_CN"})
            for (int p = 0; p < NormaliserPages::kPageCount; ++p)
                QTest::addRow("%s %d", language, p) << p << QString::fromLatin1(language);
    }
    void workedNumbersAreRight()
    {
        QFETCH(int, page);
        QFETCH(QString, language);
        QVERIFY(Language::install(language));
        const auto p = NormaliserPages::Page(page);
        expectAll(plain(p), numbersOf(p));
    }

    // Every English sentence of a page is gone from its Chinese version: nothing left
    // untranslated. Titles of papers stay in English and are short enough to pass.
    void chinesePagesAreTranslated()
    {
        for (int page = 0; page < NormaliserPages::kPageCount; ++page) {
            const auto p = NormaliserPages::Page(page);
            QVERIFY(Language::install(QStringLiteral("en")));
            const QString english = plain(p);
            QVERIFY(Language::install(QStringLiteral("zh_CN")));
            const QString chinese = plain(p);
            // Runs of six or more English words, as a sentence has and a formula does not.
            static const QRegularExpression words(
                QStringLiteral("[A-Za-z’'-]+(?:[ ,]+[A-Za-z’'-]+){5,}"));
            auto paperTitle = [](const QString &run) {
                return run.contains(QStringLiteral("Attention")) ||
                       run.contains(QStringLiteral("Language Models"));
            };
            for (auto it = words.globalMatch(english); it.hasNext();) {
                const QString run = it.next().captured();
                QVERIFY2(paperTitle(run) || !chinese.contains(run), qPrintable(run));
            }
            for (auto it = words.globalMatch(chinese); it.hasNext();) {
                const QString run = it.next().captured();
                QVERIFY2(paperTitle(run), qPrintable(run));
            }
        }
    }
};

QTEST_MAIN(TestNormaliserPages)
#include "tst_normaliserpages.moc"
