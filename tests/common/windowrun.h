#pragma once

// Set-up shared by the GUI tests that drive whole windows offscreen: settings kept out of the
// user's, the two screens and two languages the app is made for as test rows, and a window
// shown and on screen before the first event is sent to it.

#include <QSettings>
#include <QSize>
#include <QTemporaryDir>
#include <QTest>
#include <QWidget>

/// Points QSettings' user scope at `dir`, so that nothing of the user's is read or overwritten.
/// False when the folder could not be made.
[[nodiscard]] inline bool useSettingsIn(const QTemporaryDir &dir)
{
    if (!dir.isValid())
        return false;
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, dir.path());
    return true;
}

/// A temporary folder that QSettings' user scope points at for as long as the test object lives:
/// a member of the test class, so that the tests need no initTestCase() line for it. Stops the
/// test when no folder can be made, so that the user's settings are never touched.
class TemporarySettings
{
public:
    TemporarySettings()
    {
        if (!useSettingsIn(m_dir))
            qFatal("no temporary folder for the test's settings");
    }

private:
    QTemporaryDir m_dir;
};

/// Test rows for the two screens the layout is made for: a 1280 × 800 laptop and a
/// 1920 × 1080 projector, in a QSize column "size".
inline void addScreenSizeRows()
{
    QTest::addColumn<QSize>("size");
    QTest::newRow("1920x1080") << QSize(1920, 1080);
    QTest::newRow("1280x800") << QSize(1280, 800);
}

/// Test rows for the interface languages, in a QString column "language" ("en", "zh_CN").
inline void addLanguageRows()
{
    QTest::addColumn<QString>("language");
    QTest::newRow("English") << "en";
    QTest::newRow("Chinese") << "zh_CN";
}

/// Shows `window` (at `size`, when given) and waits until it is exposed. False if it never is.
[[nodiscard]] inline bool showAndWait(QWidget &window, QSize size = {})
{
    if (size.isValid())
        window.resize(size);
    window.show();
    return QTest::qWaitForWindowExposed(&window);
}
