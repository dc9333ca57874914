// Switching the language live: a sample of every kind of visible text follows at once, and
// switching back restores the English exactly.

#include "common/windowrun.h"
#include "mainwindow.h"
#include "model/language.h"
#include "model/scenemodel.h"
#include "panels/explanationpanel.h"
#include "panels/steppanel.h"
#include "panels/steptablemodel.h"
#include "panels/weightchart.h"

#include <QAction>
#include <QBarCategoryAxis>
#include <QChart>
#include <QDockWidget>
#include <QMenu>
#include <QMenuBar>
#include <QSettings>
#include <QStandardPaths>
#include <QTest>
#include <QValueAxis>

namespace {
// What a learner reads: each entry is one visible text of the window.
struct Sample
{
    QString windowTitle, fileMenu, stepsDock, explanationDock, chartTitle, axisTitle, tableHeader,
        explanationHtml;
    /// Every dock's title, in the order of the window's dock table.
    QStringList dockTitles;

    /// All of it, to compare two samples text by text.
    QStringList all() const
    {
        return QStringList{windowTitle, fileMenu,    chartTitle,
                           axisTitle,   tableHeader, explanationHtml}
               << dockTitles;
    }
};

Sample sample(MainWindow &w)
{
    Sample s;
    s.windowTitle = w.windowTitle();
    s.fileMenu = w.findChild<QMenu *>(QStringLiteral("menuFile"))->title();
    s.stepsDock = w.findChild<QDockWidget *>(QStringLiteral("dockSteps"))->windowTitle();
    s.explanationDock =
        w.findChild<QDockWidget *>(QStringLiteral("dockExplanation"))->windowTitle();
    QChart *chart = w.weightChart()->chart();
    s.chartTitle = chart->title();
    const auto axes = chart->axes(Qt::Vertical);
    s.axisTitle = axes.isEmpty() ? QString() : axes.first()->titleText();
    s.tableHeader = w.stepPanel()
                        ->tableModel()
                        ->headerData(StepTableModel::WeightColumn, Qt::Horizontal)
                        .toString();
    s.explanationHtml = w.explanationPanel()->html();
    for (const DockSpec &spec : MainWindow::dockTable())
        s.dockTitles << w.findChild<QDockWidget *>(QLatin1String(spec.objectName))->windowTitle();
    return s;
}
} // namespace

class TestLanguageSwitch : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
        Language::install(QStringLiteral("en"));
    }
    void cleanupTestCase() { Language::install(QStringLiteral("en")); }

    void switchesEverythingAndBack()
    {
        SceneModel model;
        MainWindow window(&model);
        QVERIFY(showAndWait(window, QSize(1280, 800)));
        const Sample en = sample(window);
        QVERIFY(en.fileMenu.contains(QStringLiteral("File")));
        QCOMPARE(en.stepsDock, QStringLiteral("Step by step"));
        QCOMPARE(en.tableHeader, QStringLiteral("Weight"));
        QVERIFY(!en.chartTitle.isEmpty());
        QVERIFY(!en.axisTitle.isEmpty());

        // The Language menu, as a user would pick it.
        QAction *chinese = window.findChild<QAction *>(QStringLiteral("actionLanguageChinese"));
        QVERIFY(chinese);
        chinese->trigger();
        // Qt posts the LanguageChange events; the event loop delivers them, as in the app.
        QCoreApplication::processEvents();
        QCOMPARE(Language::current(), QStringLiteral("zh_CN"));
        const Sample zh = sample(window);
        QVERIFY2(zh.windowTitle.contains(QStringLiteral("注意力画布")), qPrintable(zh.windowTitle));
        QCOMPARE(zh.fileMenu, QStringLiteral("文件(&F)"));
        QCOMPARE(zh.stepsDock, QStringLiteral("逐步计算"));
        QCOMPARE(zh.explanationDock, QStringLiteral("说明"));
        QCOMPARE(zh.tableHeader, QStringLiteral("权重"));
        QVERIFY2(zh.chartTitle.contains(QStringLiteral("注意力权重")), qPrintable(zh.chartTitle));
        QCOMPARE(zh.axisTitle, QStringLiteral("权重"));
        QVERIFY(zh.explanationHtml != en.explanationHtml);
        QVERIFY(zh.explanationHtml.contains(QStringLiteral("点积")));
        // Every dock of the table has its title in Chinese, as its toggle in the View menu.
        for (qsizetype i = 0; i < zh.dockTitles.size(); ++i) {
            QVERIFY2(!zh.dockTitles[i].isEmpty() && zh.dockTitles[i] != en.dockTitles[i],
                     qPrintable(en.dockTitles[i]));
            QVERIFY2(zh.dockTitles[i].front().unicode() >= 0x4e00, qPrintable(zh.dockTitles[i]));
        }
        QVERIFY(chinese->isChecked());
        // The choice is remembered for the next start.
        QCOMPARE(QSettings().value(QStringLiteral("language")).toString(), QStringLiteral("zh_CN"));

        window.findChild<QAction *>(QStringLiteral("actionLanguageEnglish"))->trigger();
        QCoreApplication::processEvents();
        QCOMPARE(sample(window).all(), en.all());
    }

    void qtsOwnStringsAreChineseToo()
    {
        QVERIFY(Language::install(QStringLiteral("zh_CN")));
        // A standard button text comes from Qt's own qtbase_zh_CN catalogue.
        QCOMPARE(QCoreApplication::translate("QPlatformTheme", "Cancel"), QStringLiteral("取消"));
        Language::install(QStringLiteral("en"));
    }
};

QTEST_MAIN(TestLanguageSwitch)
#include "tst_languageswitch.moc"
