// Themes and the colour-blind palette in the running window: the keys a teacher presses
// (Ctrl+T, then D, H, L or C) repaint the canvas and the chart at once, the widgets follow, and
// the choice is there again at the next start.

#include "canvas/canvaswidget.h"
#include "common/datacolumns.h"
#include "common/shownwindow.h"
#include "common/windowrun.h"
#include "mainwindow.h"
#include "model/scenemodel.h"
#include "panels/weightchart.h"
#include "theme/appearance.h"

#include <QAction>
#include <QApplication>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

namespace {
// The canvas's background at an empty spot: inside a grid cell, away from the unit circle, the
// axes and every vector of the default scene.
QColor canvasBackground(MainWindow &w)
{
    CanvasWidget *canvas = w.canvas();
    const QPoint p = canvas->view().toScreen(QPointF(-0.93, -0.87)).toPoint();
    return canvas->grab().toImage().pixelColor(p);
}

// Halfway along the query's shaft, from the origin to the default q = (1.2, 0.8).
QColor queryShaft(MainWindow &w)
{
    CanvasWidget *canvas = w.canvas();
    const QPoint p = canvas->view().toScreen(QPointF(0.6, 0.4)).toPoint();
    return canvas->grab().toImage().pixelColor(p);
}

bool near(const QColor &a, const QColor &b, int tolerance = 6)
{
    return std::abs(a.red() - b.red()) <= tolerance &&
           std::abs(a.green() - b.green()) <= tolerance &&
           std::abs(a.blue() - b.blue()) <= tolerance;
}

QString describe(const QColor &a, const QColor &b)
{
    return QStringLiteral("%1, expected %2").arg(a.name(), b.name());
}
} // namespace

class TestAppearance : public QObject
{
    Q_OBJECT

private slots:
    void cleanup()
    {
        QSettings().clear();
        Appearance::instance()->setTheme(ColorScheme::Theme::Light);
        Appearance::instance()->setPalette(ColorScheme::Palette::Standard);
    }

    void themeKeysRepaintAndPersist_data()
    {
        dataColumns<QString, QString, QString, QColor>("keys", "action", "saved", "background");
        // The backgrounds as designed: white, a dark slate, black.
        QTest::newRow("dark") << "Ctrl+T, D"
                              << "actionThemeDark"
                              << "dark" << QColor(0x1b, 0x1e, 0x24);
        QTest::newRow("high contrast") << "Ctrl+T, H"
                                       << "actionThemeHighContrast"
                                       << "high-contrast" << QColor(0, 0, 0);
        QTest::newRow("light again") << "Ctrl+T, L"
                                     << "actionThemeLight"
                                     << "light" << QColor(0xff, 0xff, 0xff);
    }
    void themeKeysRepaintAndPersist()
    {
        QFETCH(QString, keys);
        QFETCH(QString, action);
        QFETCH(QString, saved);
        QFETCH(QColor, background);
        {
            SceneModel model;
            MainWindow window(&model);
            QVERIFY(shownwindow::show(window, shownwindow::Wait::Active));
            QVERIFY(near(canvasBackground(window), Qt::white));
            // From dark, so that "light" is a change too.
            if (saved == QLatin1String("light")) {
                QTest::keySequence(&window, QKeySequence(QStringLiteral("Ctrl+T, D")));
                QVERIFY(!near(canvasBackground(window), Qt::white));
            }

            QTest::keySequence(&window, QKeySequence(keys));
            QVERIFY(window.findChild<QAction *>(action)->isChecked());
            const QColor canvas = canvasBackground(window);
            QVERIFY2(near(canvas, background), qPrintable(describe(canvas, background)));
            // The chart's own background follows (Qt Charts paints it white by itself).
            const QColor chart = window.weightChart()->grab().toImage().pixelColor(3, 3);
            QVERIFY2(near(chart, background), qPrintable(describe(chart, background)));
            // The controls too: a dark window behind dark themes.
            const bool darkWidgets =
                QApplication::palette().color(QPalette::Window).lightness() < 80;
            QCOMPARE(darkWidgets, saved != QLatin1String("light"));
            QCOMPARE(QSettings().value(QStringLiteral("appearance/theme")).toString(), saved);
        }
        // The next start: the same look before anything is shown.
        Appearance::instance()->setTheme(ColorScheme::Theme::Light);
        SceneModel model;
        MainWindow window(&model);
        QVERIFY(shownwindow::show(window));
        QVERIFY(window.findChild<QAction *>(action)->isChecked());
        QVERIFY(near(canvasBackground(window), background));
    }

    void colourBlindPaletteRepaintsAndPersists()
    {
        {
            SceneModel model;
            MainWindow window(&model);
            QVERIFY(shownwindow::show(window, shownwindow::Wait::Active));
            // The article's red; then Okabe–Ito's vermilion.
            const QColor red(0xd6, 0x27, 0x28), vermilion(213, 94, 0);
            QVERIFY2(near(queryShaft(window), red), qPrintable(describe(queryShaft(window), red)));
            QTest::keySequence(&window, QKeySequence(QStringLiteral("Ctrl+T, C")));
            QVERIFY(window.findChild<QAction *>(QStringLiteral("actionColourBlind"))->isChecked());
            QVERIFY2(near(queryShaft(window), vermilion),
                     qPrintable(describe(queryShaft(window), vermilion)));
            QCOMPARE(QSettings().value(QStringLiteral("appearance/palette")).toString(),
                     QStringLiteral("colour-blind"));
        }
        Appearance::instance()->setPalette(ColorScheme::Palette::Standard);
        SceneModel model;
        MainWindow window(&model);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QCOMPARE(ColorScheme::palette(), ColorScheme::Palette::ColourBlind);
        QVERIFY(window.findChild<QAction *>(QStringLiteral("actionColourBlind"))->isChecked());
    }

private:
    TemporarySettings m_settings;
};

QTEST_MAIN(TestAppearance)
#include "tst_appearance.moc"
