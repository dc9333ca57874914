#include "app/dimensionlabpage.h"
#include "app/labwindow.h"
#include "app/mainwindow.h"
#include "app/selfattentionpage.h"
#include "model/dimensionlabmodel.h"
#include "model/scenemodel.h"

#include <QApplication>
#include <QScrollArea>
#include <QScrollBar>

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
    void fitsA1280x800Screen_data();
    void fitsA1280x800Screen();
    void appShortcutsWorkFromTheLab();
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

void TestLabWindow::fitsA1280x800Screen_data()
{
    QTest::addColumn<double>("fontScale");
    QTest::newRow("normal") << 1.0;
    QTest::newRow("presentation") << MainWindow::kPresentationFontScale;
}

void TestLabWindow::fitsA1280x800Screen()
{
    // A 1280 × 800 laptop with a 40 px panel: the window, frame included, stays on the screen,
    // and its layout can be that small (nothing forces it larger), in either mode.
    QFETCH(double, fontScale);
    const QFont before = QApplication::font();
    QFont font = before;
    font.setPointSizeF(before.pointSizeF() * fontScale);
    QApplication::setFont(font);
    const QRect available(0, 0, 1280, 760);
    {
        LabWindow lab;
        lab.fitInto(available);
        lab.showTab(LabWindow::Tab::DimensionLab);
        QVERIFY(QTest::qWaitForWindowExposed(&lab));
        lab.fitInto(available);
        QVERIFY2(lab.width() <= 1280 && lab.height() <= 760 - 4,
                 qPrintable(QStringLiteral("%1 x %2").arg(lab.width()).arg(lab.height())));
        const QSize least = lab.minimumSizeHint();
        QVERIFY2(least.width() <= lab.width() && least.height() <= lab.height(),
                 qPrintable(QStringLiteral("minimum %1 x %2").arg(least.width()).arg(least.height())));
        QVERIFY(available.contains(lab.frameGeometry().topLeft()));
        QVERIFY(lab.frameGeometry().bottom() <= available.bottom() + 1);
        // And the pages fit in it whole: no scroll bar on either tab.
        for (const auto tab : {LabWindow::Tab::DimensionLab, LabWindow::Tab::SelfAttention}) {
            lab.showTab(tab);
            QWidget *page = tab == LabWindow::Tab::DimensionLab
                                ? static_cast<QWidget *>(lab.dimensionPage())
                                : static_cast<QWidget *>(lab.selfAttentionPage());
            auto *area = qobject_cast<QScrollArea *>(page->parentWidget()->parentWidget());
            QVERIFY(area);
            QTRY_COMPARE(page->size(), area->viewport()->size());
            QVERIFY2(!area->horizontalScrollBar()->isVisible() &&
                         !area->verticalScrollBar()->isVisible(),
                     qPrintable(QStringLiteral("page needs %1 x %2")
                                    .arg(page->minimumSizeHint().width())
                                    .arg(page->minimumSizeHint().height())));
        }
    }
    QApplication::setFont(before);
}

void TestLabWindow::appShortcutsWorkFromTheLab()
{
    SceneModel model;
    MainWindow window(&model);
    window.show();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QTest::keyClick(&window, Qt::Key_D, Qt::ControlModifier | Qt::ShiftModifier);
    auto *lab = window.findChild<LabWindow *>();
    QVERIFY(lab);
    QVERIFY(QTest::qWaitForWindowActive(lab));
    QCOMPARE(lab->currentTab(), LabWindow::Tab::DimensionLab);
    // With the focus in one of the lab's own boxes.
    auto *spin = lab->dimensionPage()->findChild<QWidget *>("dimensionSpin");
    spin->setFocus();
    QTRY_VERIFY(spin->hasFocus());
    QTest::keyClick(spin, Qt::Key_A, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(lab->currentTab(), LabWindow::Tab::SelfAttention);
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_D,
                    Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(lab->currentTab(), LabWindow::Tab::DimensionLab);
}

QTEST_MAIN(TestLabWindow)
#include "tst_labwindow.moc"
