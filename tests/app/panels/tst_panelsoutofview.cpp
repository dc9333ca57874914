// The step panel and the explanation skip their rich text while nobody can see them, their dock
// closed or behind another dock's tab (where Qt keeps it "visible" outside the window), and show
// the current scene as soon as they come into view. "Current" is what a panel made afresh on the
// same scene shows; "skipped" is the old text still in the browser.

#include "canvas/selection.h"
#include "common/windowrun.h"
#include "mainwindow.h"
#include "model/scenemodel.h"
#include "panels/explanationpanel.h"
#include "panels/steppanel.h"

#include <QDockWidget>
#include <QTest>
#include <QTextBrowser>

namespace {
QDockWidget *dockOf(MainWindow &window, const char *name)
{
    return window.findChild<QDockWidget *>(QLatin1String(name));
}

QString shownFormula(MainWindow &window)
{
    return window.stepPanel()->findChild<QTextBrowser *>()->toPlainText();
}

QString shownExplanation(MainWindow &window)
{
    return window.explanationPanel()->browser()->toPlainText();
}

// What a step panel made now shows for the scene, with nothing stale about it.
QString freshFormula(SceneModel &model, Selection &selection)
{
    StepPanel fresh(&model, &selection);
    fresh.resize(600, 400);
    fresh.show();
    return fresh.findChild<QTextBrowser *>()->toPlainText();
}

QString freshExplanation(SceneModel &model, ExplanationPanel::Page page)
{
    ExplanationPanel fresh(&model);
    fresh.setPage(page);
    fresh.resize(600, 400);
    fresh.show();
    return fresh.browser()->toPlainText();
}

// Past the panels' 50 ms throttles: whatever they were going to do, they have done.
void settle()
{
    QTest::qWait(120);
}
} // namespace

class TestPanelsOutOfView : public QObject
{
    Q_OBJECT

private slots:
    void stepPanelBehindItsTab()
    {
        SceneModel model;
        MainWindow window(&model);
        QVERIFY(showAndWait(window, QSize(1280, 800)));
        QDockWidget *steps = dockOf(window, "dockSteps");
        QDockWidget *heads = dockOf(window, "dockHeads");
        steps->raise();
        settle();
        QVERIFY(!steps->visibleRegion().isEmpty());
        const QString before = shownFormula(window);
        QVERIFY(before.contains(QLatin1String("k")));

        // Behind the heads' tab Qt leaves the dock visible, outside the window.
        heads->raise();
        settle();
        QVERIFY(steps->visibleRegion().isEmpty());
        QVERIFY(window.stepPanel()->isVisible());
        model.setQuery((attn::Vector(2) << 0.3, -1.7).finished());
        settle();
        QCOMPARE(shownFormula(window), before);

        // Brought to the front, it shows the scene as it is now.
        steps->raise();
        settle();
        Selection selection;
        const QString now = freshFormula(model, selection);
        QVERIFY(now != before);
        QCOMPARE(shownFormula(window), now);
    }

    void stepPanelInAClosedDock()
    {
        SceneModel model;
        MainWindow window(&model);
        QVERIFY(showAndWait(window, QSize(1280, 800)));
        QDockWidget *steps = dockOf(window, "dockSteps");
        steps->raise();
        settle();
        const QString before = shownFormula(window);
        steps->close();
        model.setTemperature(0.37);
        settle();
        QCOMPARE(shownFormula(window), before);
        steps->show();
        steps->raise();
        settle();
        Selection selection;
        const QString now = freshFormula(model, selection);
        QVERIFY(now != before);
        QCOMPARE(shownFormula(window), now);
    }

    void explanationBehindItsTab()
    {
        SceneModel model;
        MainWindow window(&model);
        QVERIFY(showAndWait(window, QSize(1280, 800)));
        QDockWidget *explanation = dockOf(window, "dockExplanation");
        QDockWidget *method = dockOf(window, "dockMethod");
        window.explanationPanel()->setPage(ExplanationPanel::Page::Method);
        explanation->raise();
        settle();
        QVERIFY(!explanation->visibleRegion().isEmpty());
        const QString before = shownExplanation(window);

        method->raise();
        settle();
        QVERIFY(explanation->visibleRegion().isEmpty());
        QVERIFY(window.explanationPanel()->isVisible());
        model.setQuery((attn::Vector(2) << -1.1, 0.4).finished());
        settle();
        QCOMPARE(shownExplanation(window), before);

        explanation->raise();
        settle();
        const QString now = freshExplanation(model, ExplanationPanel::Page::Method);
        QVERIFY(now != before);
        QCOMPARE(shownExplanation(window), now);
    }

    void explanationInAClosedDock()
    {
        SceneModel model;
        MainWindow window(&model);
        QVERIFY(showAndWait(window, QSize(1280, 800)));
        QDockWidget *explanation = dockOf(window, "dockExplanation");
        window.explanationPanel()->setPage(ExplanationPanel::Page::Softmax);
        explanation->raise();
        settle();
        const QString before = shownExplanation(window);
        explanation->close();
        model.setTemperature(2.5);
        settle();
        QCOMPARE(shownExplanation(window), before);
        explanation->show();
        explanation->raise();
        settle();
        const QString now = freshExplanation(model, ExplanationPanel::Page::Softmax);
        QVERIFY(now != before);
        QCOMPARE(shownExplanation(window), now);
    }

    void panelsInViewFollowAtOnce()
    {
        // In front, the panels follow the scene without being asked (the throttle's last run).
        SceneModel model;
        MainWindow window(&model);
        QVERIFY(showAndWait(window, QSize(1920, 1080)));
        dockOf(window, "dockSteps")->raise();
        dockOf(window, "dockExplanation")->raise();
        window.explanationPanel()->setPage(ExplanationPanel::Page::Method);
        settle();
        model.setQuery((attn::Vector(2) << 0.9, 0.8).finished());
        settle();
        Selection selection;
        QCOMPARE(shownFormula(window), freshFormula(model, selection));
        QCOMPARE(shownExplanation(window), freshExplanation(model, ExplanationPanel::Page::Method));
    }
};

QTEST_MAIN(TestPanelsOutOfView)
#include "tst_panelsoutofview.moc"
