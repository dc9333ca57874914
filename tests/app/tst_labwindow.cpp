#include "app/dimensionlabpage.h"
#include "app/labwindow.h"
#include "app/selfattentionpage.h"
#include "model/dimensionlabmodel.h"

#include <QTabBar>
#include <QTabWidget>
#include <QTest>

class TestLabWindow : public QObject
{
    Q_OBJECT

private slots:
    void showTabSelectsAndShows();
    void tabsThroughClicks();
    void closesWhileComputing();
};

void TestLabWindow::showTabSelectsAndShows()
{
    QWidget mainWindow;
    auto *lab = new LabWindow(&mainWindow);
    QVERIFY(lab->isWindow());
    QVERIFY(!lab->isVisible());
    lab->showTab(LabWindow::Tab::SelfAttention);
    QVERIFY(QTest::qWaitForWindowExposed(lab));
    QCOMPARE(lab->currentTab(), LabWindow::Tab::SelfAttention);
    QVERIFY(lab->selfAttentionPage()->isVisible());
    QVERIFY(!lab->dimensionPage()->isVisible());
    lab->showTab(LabWindow::Tab::DimensionLab);
    QCOMPARE(lab->currentTab(), LabWindow::Tab::DimensionLab);
    QVERIFY(lab->dimensionPage()->isVisible());
    QCOMPARE(lab->windowTitle(), QString("Attention Lab"));
    // The parent owns it: deleting the main window deletes the lab.
}

void TestLabWindow::tabsThroughClicks()
{
    LabWindow lab;
    lab.showTab(LabWindow::Tab::DimensionLab);
    QVERIFY(QTest::qWaitForWindowExposed(&lab));
    auto *tabs = lab.findChild<QTabWidget *>("tabs");
    QVERIFY(tabs);
    QCOMPARE(tabs->count(), 2);
    QCOMPARE(tabs->tabText(0), QString("Dimension lab"));
    QCOMPARE(tabs->tabText(1), QString("Self-attention"));
    QTabBar *bar = tabs->tabBar();
    QTest::mouseClick(bar, Qt::LeftButton, {}, bar->tabRect(1).center());
    QCOMPARE(lab.currentTab(), LabWindow::Tab::SelfAttention);
}

void TestLabWindow::closesWhileComputing()
{
    // Destroying the window in the middle of a heavy run must neither hang nor crash: the run is
    // cancelled and its thread joined.
    auto *lab = new LabWindow;
    attn::DimensionExperimentParams p;
    p.dimension = 4096;
    p.samples = 1000000;
    QVERIFY(lab->dimensionModel()->setParams(p));
    lab->showTab(LabWindow::Tab::DimensionLab);
    QTRY_VERIFY(lab->dimensionModel()->progress() > 0);
    QVERIFY(lab->dimensionModel()->isBusy());
    delete lab;
}

QTEST_MAIN(TestLabWindow)
#include "tst_labwindow.moc"
