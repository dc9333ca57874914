#pragma once

// "Write the file, run the program with --report, read the report back": the sequence the
// command-line report tests each start with, in one call, so that they differ only in the file
// and in what they check of the report.

#include "common/apprun.h"
#include "common/clifiles.h"

#include <QJsonObject>
#include <QTemporaryDir>

struct ReportRun
{
    AppRun app;
    QJsonObject report; ///< empty when no report was written or it is not a JSON object

    /// Why the run is not a clean success (exit code 0, nothing on standard error), or "".
    QString failure() const
    {
        if (app.exitCode != 0)
            return QStringLiteral("exit code %1: %2").arg(app.exitCode).arg(QString::fromUtf8(app.err));
        if (!app.err.isEmpty())
            return QStringLiteral("standard error is not empty: ") + QString::fromUtf8(app.err);
        return {};
    }
};

/// Writes `text` to `fileName` in `dir`, runs `--scene` on it with `--report` into the same folder
/// (settings in `configDir`), and reads the report.
inline ReportRun runReport(const QTemporaryDir &dir, const QString &fileName,
                           const QByteArray &text, const QString &configDir)
{
    const QString in = clifiles::write(dir, fileName, text);
    const QString out = dir.filePath(QStringLiteral("r.json"));
    ReportRun r;
    r.app = runApp({QStringLiteral("--scene"), in, QStringLiteral("--report"), out}, configDir, {},
                   30000);
    r.report = clifiles::readObject(out);
    return r;
}
