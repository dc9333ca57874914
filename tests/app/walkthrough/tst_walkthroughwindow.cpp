// The predict-then-reveal walkthrough inside the whole window, as a class sees it: nothing on
// screen may give away what the current step holds back, the scene stays in full view at every
// step of presentation mode, and the status bar's description of a preset never outlives the
// scene it describes.

#include "canvas/canvaswidget.h"
#include "common/windowrun.h"
#include "mainwindow.h"
#include "model/scenemodel.h"
#include "panels/explanationpanel.h"
#include "panels/weightchart.h"
#include "walkthrough/walkthrough.h"
#include "walkthrough/walkthroughbar.h"
#include "widgets/elidedlabel.h"

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
    void firstQuestionHidesThePresetsScores()
    {
        SceneModel model;
        MainWindow window(&model);
        QVERIFY(showAndWait(window));
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

    void everyHeldBackDockSaysSoUntilItsStep()
    {
        // Each dock the table holds back: at every state of the walkthrough, brought to the
        // front, it shows either its panel or a note naming the step that will reveal it.
        SceneModel model;
        MainWindow window(&model);
        QVERIFY(showAndWait(window, QSize(1280, 800)));
        Walkthrough *walkthrough = walkthroughOf(window);
        walkthrough->start();
        QVERIFY(walkthrough->holdsBack());
        int heldBack = 0;
        for (int state = 0; state < 2 * Walkthrough::kStepCount; ++state) {
            // The walkthrough's states in order: step `state / 2`, held back, then revealed.
            QCOMPARE(walkthrough->step(), state / 2);
            QCOMPARE(walkthrough->isRevealed(), state % 2 == 1);
            for (const DockSpec &spec : MainWindow::dockTable()) {
                if (spec.heldBackUntil < 0)
                    continue;
                heldBack += state == 0;
                auto *dock = window.findChild<QDockWidget *>(QLatin1String(spec.objectName));
                dock->raise();
                QCoreApplication::processEvents();
                auto *note = dock->findChild<QLabel *>(QStringLiteral("heldBackLabel"));
                QVERIFY2(note, spec.objectName);
                // Shown once its step is passed, or is the current one and revealed.
                const bool shown = state / 2 > spec.heldBackUntil ||
                                   (state / 2 == spec.heldBackUntil && state % 2 == 1);
                const QByteArray where =
                    QByteArray(spec.objectName) + " state " + QByteArray::number(state);
                QVERIFY2(note->isVisible() == !shown, where);
                if (!shown)
                    QVERIFY2(note->text().contains(QString::number(spec.heldBackUntil + 1)) &&
                                 note->text().contains(Walkthrough::title(spec.heldBackUntil)),
                             where);
                // The dock shows something either way: its panel or the note.
                const auto children =
                    dock->widget()->findChildren<QWidget *>(QString(), Qt::FindDirectChildrenOnly);
                int visible = 0;
                for (QWidget *child : children)
                    visible += child->isVisible();
                QVERIFY2(visible == 1, where);
            }
            walkthrough->forward();
        }
        QVERIFY(heldBack > 0);
        // Once the walkthrough ends, nothing stays held back.
        walkthrough->leave();
        for (QLabel *note : window.findChildren<QLabel *>(QStringLiteral("heldBackLabel")))
            QVERIFY(note->isHidden());
    }

    void presentationWalkthroughKeepsTheSceneInView_data() { addScreenSizeRows(); }
    void presentationWalkthroughKeepsTheSceneInView()
    {
        QFETCH(QSize, size);
        SceneModel model;
        MainWindow window(&model);
        QVERIFY(showAndWait(window, size));
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
            // The chart is held back until normalisation, step 4, is revealed.
            const bool weightsShown = walkthroughOf(window)->isShown(Walkthrough::Normalisation);
            QCOMPARE(window.weightChart()->isVisible(), weightsShown);
            // A dock kept for presenting never stands there as a blank box: held back, it says
            // so.
            for (const DockSpec &spec : MainWindow::dockTable()) {
                if (!spec.presenting || spec.heldBackUntil < 0)
                    continue;
                auto *dock = window.findChild<QDockWidget *>(QLatin1String(spec.objectName));
                auto *note = dock->findChild<QLabel *>(QStringLiteral("heldBackLabel"));
                QVERIFY2(note, where);
                const bool shown = walkthroughOf(window)->isShown(spec.heldBackUntil);
                QCOMPARE(note->isVisible(), !shown);
                if (!shown)
                    QVERIFY2(note->text().contains(QString::number(spec.heldBackUntil + 1)), where);
            }
            QTest::keyClick(window.canvas(), Qt::Key_Space);
        }
        QTest::keyClick(window.canvas(), Qt::Key_Escape);
        QTest::keyClick(window.canvas(), Qt::Key_F11);
    }

    // The bar's title gives way at a narrow width (presentation type on a 1280-pixel screen)
    // instead of wrapping into a row too low for it; the whole title stays in reach.
    void narrowTitleEndsInAnEllipsis()
    {
        const QString full = QStringLiteral("Normalise (divide by the sum)");
        ElidedLabel label;
        label.setText(full);
        label.resize(label.sizeHint());
        label.show();
        QVERIFY(QTest::qWaitForWindowExposed(&label));
        QVERIFY(!label.isElided());
        QCOMPARE(label.text(), full);
        QVERIFY(label.toolTip().isEmpty());
        QVERIFY(label.minimumSizeHint().width() < label.sizeHint().width() / 2);
        label.resize(label.minimumSizeHint());
        QVERIFY(label.isElided());
        QVERIFY(label.text().endsWith(QChar(0x2026)));
        QVERIFY(full.startsWith(label.text().chopped(1)));
        QCOMPARE(label.toolTip(), full);
        QCOMPARE(label.fullText(), full);
        label.resize(label.sizeHint());
        QCOMPARE(label.text(), full); // wide again, whole again
    }

    void presetDescriptionGoesWhenItIsNoLongerTrue()
    {
        SceneModel model;
        MainWindow window(&model);
        QVERIFY(showAndWait(window, QSize(1280, 800)));
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
    TemporarySettings m_settings;
};

QTEST_MAIN(TestWalkthroughWindow)
#include "tst_walkthroughwindow.moc"
