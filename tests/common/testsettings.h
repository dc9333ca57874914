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

} // namespace testsettings
