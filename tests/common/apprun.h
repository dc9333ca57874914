#pragma once

// The real attention-canvas program as a user runs it from a terminal, through QProcess, with no
// display of any kind: the command-line tests use it to check exit codes, standard output and
// standard error. AC_APP_PATH comes from the test's CMake target.

#include <QByteArray>
#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

struct AppRun
{
    int exitCode = -1; ///< -1 when it did not finish in time, -2 when it crashed
    QByteArray out, err;
};

/// Runs the program with `args`. `configDir`, when given, becomes its settings folder
/// (XDG_CONFIG_HOME), so that nothing of the user's leaks in; `extraEnv` holds "NAME=value"
/// entries. A program still running after `timeoutMs` is killed.
inline AppRun runApp(const QStringList &args, const QString &configDir = {},
                     const QStringList &extraEnv = {}, int timeoutMs = 60000)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    // No display: the program must need none, or choose the offscreen platform itself.
    env.remove(QStringLiteral("DISPLAY"));
    env.remove(QStringLiteral("WAYLAND_DISPLAY"));
    env.remove(QStringLiteral("QT_QPA_PLATFORM"));
    env.insert(QStringLiteral("LC_ALL"), QStringLiteral("C.UTF-8"));
    if (!configDir.isEmpty())
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), configDir);
    for (const QString &e : extraEnv)
        env.insert(e.section(QLatin1Char('='), 0, 0), e.section(QLatin1Char('='), 1));
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(AC_APP_PATH), args);
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished();
        return {-1,
                {},
                QByteArray("the program did not finish within ") +
                    QByteArray::number(timeoutMs / 1000) + " s"};
    }
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2, p.readAllStandardOutput(),
            p.readAllStandardError()};
}

/// Why `r` is not a clean failure, or "" when it is one: exit code `exitCode`, nothing on
/// standard output and one line on standard error that contains `messagePart`.
inline QString notACleanFailure(const AppRun &r, int exitCode, const QString &messagePart)
{
    const QString err = QString::fromUtf8(r.err);
    if (r.exitCode != exitCode)
        return QStringLiteral("exit code %1 instead of %2: %3")
            .arg(r.exitCode)
            .arg(exitCode)
            .arg(err);
    if (!r.out.isEmpty())
        return QStringLiteral("standard output is not empty: ") + QString::fromUtf8(r.out);
    if (!err.contains(messagePart))
        return QStringLiteral("\"%1\" is not in: %2").arg(messagePart, err);
    if (err.count(QLatin1Char('\n')) != 1)
        return QStringLiteral("not one line: ") + err;
    return {};
}
