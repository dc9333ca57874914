// The explanation pages about sequences, reached as a learner reaches them: through the
// explanation panel's page chooser (keys on the real combo box) and through the Sequence
// window's Explain menu; in English and in Chinese; and the glossary's terms for sequences,
// written here as TEACHING.md lists them.

#include "common/datacolumns.h"
#include "common/explanationpages.h"
#include "common/windowrun.h"
#include "model/language.h"
#include "model/scenemodel.h"
#include "panels/explanationpanel.h"
#include "panels/explanationtext.h"
#include "sequence/sequencewindow.h"

#include <QComboBox>
#include <QMenu>
#include <QTest>
#include <QTextBrowser>
#include <QToolButton>

using explanationpages::shown;

class TestSequencePages : public QObject
{
    Q_OBJECT

private slots:
    void panelChooserReachesThePages_data()
    {
        dataColumns<int, ExplanationPanel::Page, QStringList>("downPresses", "page", "expected");
        QTest::newRow("positions")
            << 4 << ExplanationPanel::Page::Positions
            << QStringList{QStringLiteral("Positional encodings"),
                           QStringLiteral("permuting the tokens permutes the outputs"),
                           QStringLiteral("R(iθ)T R(jθ) k = qT R((j − i)θ) k"),
                           QStringLiteral("Su et al. 2021")};
        QTest::newRow("residual stream")
            << 5 << ExplanationPanel::Page::Residual
            << QStringList{QStringLiteral("The residual stream"),
                           QStringLiteral("Elhage et al. 2021"),
                           QStringLiteral("no MLP and no normalisation layer")};
    }
    void panelChooserReachesThePages()
    {
        QFETCH(int, downPresses);
        QFETCH(ExplanationPanel::Page, page);
        QFETCH(QStringList, expected);
        SceneModel model;
        ExplanationPanel panel(&model);
        QComboBox *combo = explanationpages::choose(panel, downPresses);
        QVERIFY(combo);
        QCOMPARE(combo->count(), int(ExplanationPanel::Page::Sink) + 1);
        QCOMPARE(panel.page(), page);
        const QString text = shown(panel.browser());
        for (const QString &part : expected)
            QVERIFY2(text.contains(part), qPrintable(part + QStringLiteral("\n") + text));
        // A change of the scene leaves the page as it is.
        model.setTemperature(2.0);
        QCOMPARE(shown(panel.browser()), text);
    }

    void sequenceWindowExplainsInBothLanguages()
    {
        SequenceWindow window;
        QVERIFY(showAndWait(window, QSize(1280, 800)));
        QToolButton *explain = window.explainButton();
        QVERIFY(explain && explain->isVisible());
        QVERIFY(!window.explanationBrowser());
        const QList<QAction *> pages = explain->menu()->actions();
        QCOMPARE(pages.size(), 2);
        QCOMPARE(pages[0]->text(), QStringLiteral("Positional encodings"));
        pages[1]->trigger();
        QTextBrowser *browser = window.explanationBrowser();
        QVERIFY(browser && browser->isVisible());
        QCOMPARE(browser->windowTitle(), QStringLiteral("The residual stream"));
        QVERIFY(shown(browser).contains(QStringLiteral("attention layers and nothing else")));

        QVERIFY(Language::install(QStringLiteral("zh_CN")));
        QCoreApplication::processEvents();
        QCOMPARE(explain->text(), QStringLiteral("讲解"));
        QCOMPARE(explain->menu()->actions()[0]->text(), QStringLiteral("位置编码"));
        // The open page follows the language.
        QCOMPARE(browser->windowTitle(), QStringLiteral("残差流"));
        QVERIFY(shown(browser).contains(QStringLiteral("归纳头")));
        explain->menu()->actions()[0]->trigger();
        QVERIFY(shown(browser).contains(QStringLiteral("旋转位置编码")));
        QVERIFY(Language::install(QStringLiteral("en")));
        QCoreApplication::processEvents();
        QCOMPARE(browser->windowTitle(), QStringLiteral("Positional encodings"));
    }

    void glossaryHasTheSequenceTerms()
    {
        const QList<QPair<QString, QString>> terms = {
            {QStringLiteral("token"), QStringLiteral("词元")},
            {QStringLiteral("position"), QStringLiteral("位置")},
            {QStringLiteral("positional encoding"), QStringLiteral("位置编码")},
            {QStringLiteral("rotary position embedding (RoPE)"),
             QStringLiteral("旋转位置编码（RoPE）")},
            {QStringLiteral("residual stream"), QStringLiteral("残差流")},
            {QStringLiteral("layer"), QStringLiteral("层")},
            {QStringLiteral("causal mask"), QStringLiteral("因果掩码")},
            {QStringLiteral("vocabulary"), QStringLiteral("词表")}};
        for (const auto &[english, chinese] : terms)
            QVERIFY2(explanationpages::glossaryRows(english, chinese) == 1, qPrintable(english));
    }
};

QTEST_MAIN(TestSequencePages)
#include "tst_sequencepages.moc"
