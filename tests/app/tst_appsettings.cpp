// What the window remembers between runs (theme, palette, snapping, geometry, dock layout), and
// what it does with a settings file that is corrupt, from another program or from another
// version: start as on a first run, without a crash.

#include "appsettings.h"
#include "canvas/canvaswidget.h"
#include "common/windowrun.h"
#include "mainwindow.h"
#include "model/scenemodel.h"
#include "theme/appearance.h"

#include <QAction>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QMainWindow>
#include <QMenu>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

namespace {
struct Look
{
    QByteArray state;
    QSize size;
    ColorScheme::Theme theme;
    ColorScheme::Palette palette;
    bool snap;
    bool snapChecked;
    int recentEntries;
};

// The window as a user finds it after starting: the session restored, then shown.
Look start()
{
    SceneModel model;
    MainWindow window(&model);
    window.restoreSession();
    window.show();
    if (!QTest::qWaitForWindowExposed(&window))
        return {};
    QTest::qWait(20);
    Look look;
    look.state = window.saveState(AppSettings::kLayoutVersion);
    look.size = window.size();
    look.theme = ColorScheme::theme();
    look.palette = ColorScheme::palette();
    look.snap = window.canvas()->snapToGrid();
    look.snapChecked = window.findChild<QAction *>(QStringLiteral("actionSnap"))->isChecked();
    int entries = 0;
    const auto actions = window.findChild<QMenu *>(QStringLiteral("menuRecent"))->actions();
    for (const QAction *a : actions)
        entries +=
            a->isSeparator() || a->objectName() == QLatin1String("actionClearRecent") ? 0 : 1;
    look.recentEntries = entries;
    return look;
}
} // namespace

class TestAppSettings : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(useSettingsIn(m_dir));
        m_file = QSettings().fileName();
        QVERIFY(m_file.startsWith(m_dir.path()));
        QSettings().clear();
        m_defaults = start();
        // A first start: light, the article's colours, snapping on, the designed size.
        QCOMPARE(m_defaults.theme, ColorScheme::Theme::Light);
        QCOMPARE(m_defaults.palette, ColorScheme::Palette::Standard);
        QVERIFY(m_defaults.snap);
        QCOMPARE(m_defaults.size, QSize(1280, 800));
    }
    void cleanup()
    {
        QSettings().clear();
        QSettings().sync();
        Appearance::instance()->setTheme(ColorScheme::Theme::Light);
        Appearance::instance()->setPalette(ColorScheme::Palette::Standard);
    }

    void roundTrip()
    {
        QByteArray state;
        {
            SceneModel model;
            MainWindow window(&model);
            window.show();
            QVERIFY(QTest::qWaitForWindowActive(&window));
            QTest::keySequence(&window, QKeySequence(QStringLiteral("Ctrl+T, D")));
            QTest::keySequence(&window, QKeySequence(QStringLiteral("Ctrl+T, C")));
            window.findChild<QAction *>(QStringLiteral("actionSnap"))->trigger();
            window.findChild<QDockWidget *>(QStringLiteral("dockSteps"))->close();
            window.resize(1000, 700);
            QTest::qWait(20);
            state = window.saveState(AppSettings::kLayoutVersion);
            QVERIFY(window.close());
        }
        Appearance::instance()->setTheme(ColorScheme::Theme::Light);
        Appearance::instance()->setPalette(ColorScheme::Palette::Standard);
        const Look look = start();
        QCOMPARE(look.theme, ColorScheme::Theme::Dark);
        QCOMPARE(look.palette, ColorScheme::Palette::ColourBlind);
        QVERIFY(!look.snap);
        QVERIFY(!look.snapChecked);
        QCOMPARE(look.size, QSize(1000, 700));
        QCOMPARE(look.state, state);
    }

    void badFileStartsWithDefaults_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::newRow("empty") << QByteArray();
        QByteArray noise;
        for (int i = 0; i < 4096; ++i)
            noise.append(char((i * 7919 + 13) % 256));
        QTest::newRow("binary noise") << noise;
        QTest::newRow("wrong types") << QByteArray(
            "[appearance]\ntheme=42\npalette=@Variant(\\0\\0\\0\\x7f\\0\\0\\0\\x10)\n"
            "[canvas]\nsnapToGrid=banana\n"
            "[window]\ngeometry=hello\nstate=@ByteArray(not a layout)\n"
            "[General]\nrecentFiles=5\nlastFolder=@Rect(1 2 3 4)\nlanguage=@Invalid()\n");
        QTest::newRow("lists and rectangles")
            << QByteArray("[appearance]\ntheme=dark, light\npalette=@Rect(0 0 10 10)\n"
                          "[canvas]\nsnapToGrid=@Point(1 1)\n"
                          "[window]\ngeometry=@Size(10 10)\nstate=@Point(3 4)\n");
        QTest::newRow("unknown names") << QByteArray(
            "[appearance]\ntheme=Dark\npalette=deuteranopia\n[window]\ngeometry=@ByteArray()\n");
        QTest::newRow("truncated geometry")
            << QByteArray("[window]\ngeometry=@ByteArray(\\x1\\xd9\\xd0\\xcb\\0\\x3)\n"
                          "state=@ByteArray(\\0\\0\\0\\xff\\0\\0\\0\\x1\\xfd\\0\\0)\n");
        QTest::newRow("broken syntax") << QByteArray(
            "[appearance\ntheme=\"dark\n=====\n[[[]]]\n\\\\\\\n[window]\nstate=@ByteArray(\n");
        QTest::newRow("huge value")
            << QByteArray("[appearance]\ntheme=") + QByteArray(200000, 'x') + QByteArray("\n");
    }
    void badFileStartsWithDefaults()
    {
        QFETCH(QByteArray, content);
        QDir().mkpath(QFileInfo(m_file).absolutePath());
        QFile file(m_file);
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write(content);
        file.close();

        const Look look = start();
        QCOMPARE(look.theme, m_defaults.theme);
        QCOMPARE(look.palette, m_defaults.palette);
        QCOMPARE(look.snap, m_defaults.snap);
        QCOMPARE(look.snapChecked, m_defaults.snapChecked);
        QCOMPARE(look.size, m_defaults.size);
        QCOMPARE(look.state, m_defaults.state);
        QCOMPARE(look.recentEntries, 0);
    }

    void layoutOfAnotherVersionIsIgnored()
    {
        // A real dock layout, but of a window with other docks and another layout version.
        QMainWindow other;
        auto *dock = new QDockWidget(QStringLiteral("Other"), &other);
        dock->setObjectName(QStringLiteral("dockSomethingElse"));
        other.addDockWidget(Qt::LeftDockWidgetArea, dock);
        other.resize(500, 400);
        AppSettings::setWindowLayout(QByteArray(), other.saveState(7));
        QSettings().sync();
        const Look look = start();
        QCOMPARE(look.state, m_defaults.state);
    }

private:
    QTemporaryDir m_dir;
    QString m_file;
    Look m_defaults;
};

QTEST_MAIN(TestAppSettings)
#include "tst_appsettings.moc"
