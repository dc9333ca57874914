#pragma once

// Where a GUI test keeps its settings, recent files and autosaves: Qt's test mode puts them under
// ~/.qttest, and the names below keep each test apart, so that no test reads or writes the user's.

#include <QCoreApplication>
#include <QSettings>
#include <QStandardPaths>
#include <QString>
#include <QTemporaryDir>

namespace testsettings {

/// Test mode, the organisation "AttentionCanvasTests" and the application `application` (the
/// test's name). Call from initTestCase().
inline void isolate(const char *application)
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("AttentionCanvasTests"));
    QCoreApplication::setApplicationName(QString::fromLatin1(application));
}

/// Every QSettings() of the test reads and writes a fresh file in `folder` (a QTemporaryDir member
/// of the test, so that it is gone afterwards); false when the folder could not be made.
inline bool useFolder(const QTemporaryDir &folder)
{
    if (!folder.isValid())
        return false;
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, folder.path());
    return true;
}

} // namespace testsettings
