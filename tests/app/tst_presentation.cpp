// Presentation mode as a teacher uses it: F11 on the window (or View → Presentation Mode) makes
// it full screen with larger text, thicker lines and only the canvas and the weights; F11 again
// gives back exactly the window that was there before — geometry, docks, font and view.

#include "canvas/canvaswidget.h"
#include "common/windowrun.h"
#include "mainwindow.h"
#include "model/scenemodel.h"
#include "panels/weightchart.h"
#include "theme/appearance.h"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QLabel>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>
#include <QToolBar>

namespace {
// The docks of the table by their names; with `presenting`, only those presentation mode keeps.
QStringList dockNames(bool presentingOnly = false)
{
    QStringList names;
    for (const DockSpec &spec : MainWindow::dockTable())
        if (spec.presenting || !presentingOnly)
            names << QString::fromLatin1(spec.objectName);
    return names;
}

double pointSize(const QFont &f)
{
    return f.pointSizeF() > 0 ? f.pointSizeF() : f.pixelSize() * 72.0 / 96.0;
}

struct Snapshot
{
    QByteArray state;
    QRect geometry;
    QFont font;
    QStringList visibleDocks;
    bool toolBar = false;
    bool fullScreen = false;
    QPointF viewOrigin;
    double viewScale = 0;
};

Snapshot snapshot(MainWindow &w)
{
    Snapshot s;
    s.state = w.saveState();
    s.geometry = w.geometry();
    s.font = QApplication::font();
    for (const QString &name : dockNames())
        if (w.findChild<QDockWidget *>(name)->isVisible())
            s.visibleDocks << name;
    s.toolBar = w.findChild<QToolBar *>(QStringLiteral("mainToolBar"))->isVisible();
    s.fullScreen = w.isFullScreen();
    s.viewOrigin = w.canvas()->view().toScreen(QPointF(0, 0));
    s.viewScale = w.canvas()->view().scale();
    return s;
}
} // namespace

class TestPresentation : public QObject
{
    Q_OBJECT

private slots:
    void f11EntersAndLeavesRestoringEverything_data()
    {
        QTest::addColumn<bool>("byMenu");
        QTest::newRow("F11") << false;
        QTest::newRow("View menu") << true;
    }
    void f11EntersAndLeavesRestoringEverything()
    {
        QFETCH(bool, byMenu);
        SceneModel model;
        MainWindow window(&model);
        QVERIFY(showAndWait(window, QSize(1280, 800)));
        // A layout of the user's own: one dock closed, the canvas zoomed.
        window.findChild<QDockWidget *>(QStringLiteral("dockSteps"))->hide();
        window.canvas()->zoomIn();
        QTest::qWait(50);
        const Snapshot before = snapshot(window);
        const double canvasFont = pointSize(window.canvas()->font());
        QVERIFY(!before.fullScreen);

        QAction *action = window.findChild<QAction *>(QStringLiteral("actionPresentation"));
        if (byMenu)
            action->trigger();
        else
            QTest::keyClick(&window, Qt::Key_F11);
        QTest::qWait(50);
        QVERIFY(window.isPresenting());
        QVERIFY(action->isChecked());
        QTRY_VERIFY(window.isFullScreen());
        const Snapshot during = snapshot(window);
        QCOMPARE(during.visibleDocks, dockNames(true));
        // The lesson is the canvas and its weights: the chart is among what stays.
        QVERIFY(window.weightChart()->isVisible());
        QVERIFY(!during.toolBar);
        QVERIFY(pointSize(during.font) >= 1.5 * pointSize(before.font) - 1e-9);
        QVERIFY(pointSize(window.canvas()->font()) >= 1.5 * canvasFont - 1e-9);
        for (const QString &name : dockNames(true))
            QVERIFY(pointSize(window.findChild<QDockWidget *>(name)->font()) >=
                    1.5 * pointSize(before.font) - 1e-9);
        QVERIFY(Appearance::instance()->lineScale() >= 1.5);

        if (byMenu)
            action->trigger();
        else
            QTest::keyClick(&window, Qt::Key_F11);
        QTest::qWait(100);
        QVERIFY(!window.isPresenting());
        QVERIFY(!action->isChecked());
        const Snapshot after = snapshot(window);
        QVERIFY(!after.fullScreen);
        QCOMPARE(after.geometry, before.geometry);
        QCOMPARE(after.visibleDocks, before.visibleDocks);
        QCOMPARE(after.toolBar, before.toolBar);
        QCOMPARE(after.font, before.font);
        // The layout settles through posted events (the smaller font, the window's old size),
        // later on a busy machine.
        QTRY_COMPARE(snapshot(window).state, before.state);
        QCOMPARE(after.viewScale, before.viewScale);
        QCOMPARE(after.viewOrigin, before.viewOrigin);
        QCOMPARE(pointSize(window.canvas()->font()), canvasFont);
        QCOMPARE(Appearance::instance()->lineScale(), 1.0);
    }

    // After leaving, the layout is put back a few times while it settles, but never while a
    // mouse button is held (a dock or a splitter may be in the middle of a drag).
    void noLayoutRestoreWhileAButtonIsHeld()
    {
        SceneModel model;
        MainWindow window(&model);
        QVERIFY(showAndWait(window, QSize(1280, 800)));
        QTest::keyClick(&window, Qt::Key_F11);
        QTRY_VERIFY(window.isFullScreen());
        QTest::keyClick(&window, Qt::Key_F11);
        QTRY_VERIFY(!window.isFullScreen());
        auto *dock = window.findChild<QDockWidget *>(QStringLiteral("dockSteps"));
        QVERIFY(dock->isVisible());
        QTest::mousePress(window.canvas(), Qt::LeftButton, {}, QPoint(5, 5));
        QCOMPARE(QApplication::mouseButtons(), Qt::LeftButton);
        dock->hide(); // the layout changes while the button is down
        QTest::qWait(500);
        QVERIFY(!dock->isVisible());
        QTest::mouseRelease(window.canvas(), Qt::LeftButton, {}, QPoint(5, 5));
    }

    void closingWhilePresentingSavesTheEarlierLayout()
    {
        QSettings().clear();
        QByteArray stateBefore;
        {
            SceneModel model;
            MainWindow window(&model);
            QVERIFY(showAndWait(window, QSize(1100, 700)));
            stateBefore = window.saveState(1);
            QTest::keyClick(&window, Qt::Key_F11);
            QTRY_VERIFY(window.isFullScreen());
            QVERIFY(window.close());
        }
        // The application's font came back with the window gone.
        QCOMPARE(Appearance::instance()->lineScale(), 1.0);
        SceneModel model;
        MainWindow window(&model);
        window.restoreSession();
        QVERIFY(showAndWait(window));
        QVERIFY(!window.isFullScreen());
        QCOMPARE(window.size(), QSize(1100, 700));
        QCOMPARE(window.saveState(1), stateBefore);
    }

    void methodAndTemperatureStayInView()
    {
        // The docks are away while presenting: the method and τ must still be on screen, in
        // type at least as large as the rest, and follow the scene.
        SceneModel model;
        model.setMethod(attn::Method::Scaled);
        model.setTemperature(0.5);
        MainWindow window(&model);
        QVERIFY(showAndWait(window, QSize(1280, 800)));
        QTest::keyClick(&window, Qt::Key_F11);
        QVERIFY(window.isPresenting());
        QTRY_VERIFY(window.isFullScreen());
        QTest::qWait(100);
        window.setGeometry(0, 0, 1920, 1080);
        QTRY_COMPARE(window.size(), QSize(1920, 1080));
        QLabel *label = nullptr;
        for (QLabel *l : window.findChildren<QLabel *>())
            if (l->isVisible() && l->text().contains(QStringLiteral("τ = 0.5")) &&
                l->text().contains(QStringLiteral("Scaled dot product")))
                label = l;
        QVERIFY(label);
        QVERIFY(pointSize(label->font()) >= 1.5 * pointSize(window.canvas()->font()) / 1.5);
        QVERIFY(label->width() >= label->sizeHint().width()); // not cut
        QVERIFY(QRect(QPoint(0, 0), window.size())
                    .contains(QRect(label->mapTo(&window, QPoint(0, 0)), label->size())));
        // Ctrl+3: cosine similarity, and the label says so.
        QTest::keyClick(&window, Qt::Key_3, Qt::ControlModifier);
        QVERIFY(label->text().contains(QStringLiteral("Cosine similarity")));
        QTest::keyClick(&window, Qt::Key_F11);
        QVERIFY(!label->isVisible());
    }

private:
    TemporarySettings m_settings;
};

QTEST_MAIN(TestPresentation)
#include "tst_presentation.moc"
