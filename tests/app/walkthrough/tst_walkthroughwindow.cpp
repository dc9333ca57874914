// The predict-then-reveal walkthrough inside the whole window, as a class sees it: nothing on
// screen may give away what the current step holds back, the scene stays in full view at every
// step of presentation mode, and the status bar's description of a preset never outlives the
// scene it describes.

#include "canvas/canvaswidget.h"
#include "mainwindow.h"
#include "model/scenemodel.h"
#include "panels/explanationpanel.h"
#include "panels/weightchart.h"
#include "walkthrough/walkthrough.h"
#include "walkthrough/walkthroughbar.h"

#include <QAction>
#include <QDockWidget>
#include <QLabel>
#include <QSettings>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QToolBar>

namespace {
Walkthrough *walkthroughOf(MainWindow &w)
{
    return w.findChild<WalkthroughBar *>()->walkthrough();
}

/// Every arrow tip (query, keys, values) in the canvas's pixels.
QList<QPointF> tips(MainWindow &w, const SceneModel &m)
{
    QList<QPointF> out;
    const ViewTransform &view = w.canvas()->view();
    out << view.toScreen(QPointF(m.scene().query[0], m.scene().query[1]));
    for (int i = 0; i < m.keyCount(); ++i) {
        out << view.toScreen(QPointF(m.scene().keys(i, 0), m.scene().keys(i, 1)));
        out << view.toScreen(QPointF(m.scene().values(i, 0), m.scene().values(i, 1)));
    }
    return out;
}
} // namespace

class TestWalkthroughWindow : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(m_settings.isValid());
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_settings.path());
    }

    void firstQuestionHidesThePresetsScores()
    {
        SceneModel model;
        MainWindow window(&model);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.loadPreset(QStringLiteral("article")));
        // The preset's description quotes the scores the first step asks the class to predict.
        QVERIFY(window.statusBar()->currentMessage().contains(QStringLiteral("2.2")));
        QTest::keyClick(window.canvas(), Qt::Key_F5);
        QVERIFY(walkthroughOf(window)->isActive());
        QVERIFY(!walkthroughOf(window)->isRevealed());
        QCOMPARE(window.statusBar()->currentMessage(), QString());
        // The explanation's page about this scene names the largest logit and the weights: it
        // waits, and says so, until the last step is revealed.
        QTest::keyClick(window.canvas(), Qt::Key_F1);
        auto *dock = window.findChild<QDockWidget *>(QStringLiteral("dockExplanation"));
        QTRY_VERIFY(dock->isVisible());
        QVERIFY(!window.explanationPanel()->isVisible());
        auto *note = dock->findChild<QLabel *>(QStringLiteral("heldBackLabel"));
        QVERIFY(note && note->isVisible());
        for (int i = 0; i < 2 * Walkthrough::kStepCount - 1; ++i)
            walkthroughOf(window)->forward();
        QVERIFY(walkthroughOf(window)->isShown(Walkthrough::WeightedSum));
        QVERIFY(window.explanationPanel()->isVisible());
        QVERIFY(!note->isVisible());
        walkthroughOf(window)->start();
        // Nor may a preset loaded during the walkthrough put its answer there.
        QVERIFY(window.loadPreset(QStringLiteral("length-beats-angle")));
        QCOMPARE(window.statusBar()->currentMessage(), QString());
    }

    void presentationWalkthroughKeepsTheSceneInView_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::newRow("1920x1080") << QSize(1920, 1080);
        QTest::newRow("1280x800") << QSize(1280, 800);
    }
    void presentationWalkthroughKeepsTheSceneInView()
    {
        QFETCH(QSize, size);
        SceneModel model;
        MainWindow window(&model);
        window.resize(size);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.loadPreset(QStringLiteral("length-beats-angle")));
        QTest::keyClick(window.canvas(), Qt::Key_F11);
        QVERIFY(window.isPresenting());
        QTRY_VERIFY(window.isFullScreen());
        QTest::qWait(100);
        // The offscreen screen is small: give the full-screen window the projector's size.
        window.setGeometry(QRect(QPoint(0, 0), size));
        QTRY_COMPARE(window.size(), size);
        QTest::qWait(100);
        QTest::keyClick(window.canvas(), Qt::Key_F5);
        auto *bar = window.findChild<WalkthroughBar *>();
        auto *chartDock = window.findChild<QDockWidget *>(QStringLiteral("dockChart"));
        // Every state from step 1 held back to step 5 revealed.
        for (int state = 0; state < 2 * Walkthrough::kStepCount; ++state) {
            QTest::qWait(150);
            const QByteArray where = QByteArray::number(state);
            // A compact bar: the canvas keeps the room.
            QVERIFY2(bar->isVisible(), where);
            QVERIFY2(bar->height() < size.height() / 5,
                     where + " bar " + QByteArray::number(bar->height()));
            QVERIFY2(window.canvas()->height() > size.height() / 2, where);
            // Every tip inside the canvas, the long key of the lesson among them.
            const QRectF inside = QRectF(window.canvas()->rect()).adjusted(2, 2, -2, -2);
            for (const QPointF &tip : tips(window, model))
                QVERIFY2(inside.contains(tip), where + " tip " + QByteArray::number(tip.x()) + "," +
                                                   QByteArray::number(tip.y()));
            // The chart's dock never stands there as a blank box: held back, it says so.
            const bool weightsShown = walkthroughOf(window)->isShown(Walkthrough::Normalisation);
            QCOMPARE(window.weightChart()->isVisible(), weightsShown);
            auto *note = chartDock->findChild<QLabel *>(QStringLiteral("heldBackLabel"));
            QVERIFY2(note, where);
            QCOMPARE(note->isVisible(), !weightsShown);
            if (!weightsShown)
                QVERIFY2(note->text().contains(QStringLiteral("4")), where);
            QTest::keyClick(window.canvas(), Qt::Key_Space);
        }
        QTest::keyClick(window.canvas(), Qt::Key_Escape);
        QTest::keyClick(window.canvas(), Qt::Key_F11);
    }

    void presetDescriptionGoesWhenItIsNoLongerTrue()
    {
        SceneModel model;
        MainWindow window(&model);
        window.resize(1280, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.loadPreset(QStringLiteral("article")));
        QVERIFY(window.statusBar()->currentMessage().contains(QStringLiteral("1.92")));

        // Drag k₂'s tip from (1.5, 0.5) to (0.4, 1.6): the scores 1.4, 2.2, 1.92 are gone.
        CanvasWidget *canvas = window.canvas();
        const QPoint from = canvas->view().toScreen(QPointF(1.5, 0.5)).toPoint();
        const QPoint to = canvas->view().toScreen(QPointF(0.4, 1.6)).toPoint();
        QTest::mousePress(canvas, Qt::LeftButton, {}, from);
        QTest::mouseMove(canvas, (from + to) / 2);
        QTest::mouseMove(canvas, to);
        QTest::mouseRelease(canvas, Qt::LeftButton, {}, to);
        QVERIFY(std::abs(model.scene().keys(1, 0) - 1.5) > 0.5);
        QCOMPARE(window.statusBar()->currentMessage(), QString());

        // "A long key wins" is false in the normalised view, where the short key wins.
        QVERIFY(window.loadPreset(QStringLiteral("length-beats-angle")));
        QVERIFY(!window.statusBar()->currentMessage().isEmpty());
        auto *toolBar = window.findChild<QToolBar *>(QStringLiteral("mainToolBar"));
        QWidget *normalise = toolBar->widgetForAction(
            window.findChild<QAction *>(QStringLiteral("actionNormalise")));
        QTest::mouseClick(normalise, Qt::LeftButton);
        QVERIFY(model.normalised());
        QCOMPARE(window.statusBar()->currentMessage(), QString());
    }

private:
    QTemporaryDir m_settings;
};

QTEST_MAIN(TestWalkthroughWindow)
#include "tst_walkthroughwindow.moc"
