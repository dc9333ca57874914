#pragma once

// A second copy of the running test as a child process, for what a test cannot do to itself:
// kill it (SIGKILL, SIGTERM) at a moment it chose and look at what it left on disk. The test's
// main() runs the child's part when it finds `variable` in its environment.

#include <QByteArray>
#include <QCoreApplication>
#include <QProcess>
#include <QProcessEnvironment>
#include <QString>

namespace childprocess {

/// Starts this executable with `variable`=1 and reads its standard output until it ends with
/// `marker` ("ready\n", say); *before gets what the child printed ahead of it. False, with *why,
/// when the child does not start or stays silent for a minute.
inline bool startUntil(QProcess &child, const QString &variable, const QByteArray &marker,
                       QByteArray *before, QString *why)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(variable, QStringLiteral("1"));
    child.setProcessEnvironment(env);
    child.start(QCoreApplication::applicationFilePath(), {});
    if (!child.waitForStarted()) {
        *why = QStringLiteral("the child did not start: %1").arg(child.errorString());
        return false;
    }
    QByteArray out;
    while (!out.endsWith(marker)) {
        if (!child.waitForReadyRead(60000)) {
            *why = QStringLiteral("the child said nothing for a minute; its errors: %1")
                       .arg(QString::fromLocal8Bit(child.readAllStandardError()));
            return false;
        }
        out += child.readAllStandardOutput();
    }
    *before = out.left(out.size() - marker.size());
    return true;
}

} // namespace childprocess
