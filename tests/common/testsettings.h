#pragma once

// Where a GUI test keeps its settings, recent files and autosaves: Qt's test mode puts them under
// ~/.qttest, and the names below keep each test apart, so that no test reads or writes the user's.
// (To point QSettings at a temporary folder instead, see useSettingsIn() in windowrun.h.)

#include <QCoreApplication>
#include <QStandardPaths>
#include <QString>

namespace testsettings {

/// Test mode, the organisation "AttentionCanvasTests" and the application `application` (the
/// test's name). Call from initTestCase().
inline void isolate(const char *application)
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("AttentionCanvasTests"));
    QCoreApplication::setApplicationName(QString::fromLatin1(application));
}

/// isolate() from the test object's construction on: a member of the test class (declared before
/// the members that use settings), instead of an initTestCase() that only calls isolate().
struct Isolated
{
    explicit Isolated(const char *application) { isolate(application); }
};

} // namespace testsettings
