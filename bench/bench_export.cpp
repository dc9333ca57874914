// --export of a 1920 × 1080 PNG of the whole window as a whole process, against a bare Qt Charts
// program that shows one bar chart at that size and grabs it to a PNG. Target: within 2.5× of
// the bare program. Median of 15 runs of each, alternated so that both see the same machine.

#include "benchclock.h"

#include <QCoreApplication>
#include <QDir>
#include <QProcess>
#include <QTemporaryDir>

#include <cstdio>

namespace {
double runOnce(const QString &program, const QStringList &args)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    // As on a machine without a display: both programs must manage on their own.
    env.remove(QStringLiteral("DISPLAY"));
    env.remove(QStringLiteral("WAYLAND_DISPLAY"));
    env.remove(QStringLiteral("QT_QPA_PLATFORM"));
    p.setProcessEnvironment(env);
    p.setStandardOutputFile(QProcess::nullDevice());
    p.setStandardErrorFile(QProcess::nullDevice());
    const auto start = bench::Clock::now();
    p.start(program, args);
    p.waitForFinished(60000);
    const double ms = bench::secondsSince(start) * 1e3;
    if (p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0)
        std::fprintf(stderr, "%s failed with exit code %d\n", qPrintable(program), p.exitCode());
    return ms;
}
} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QTemporaryDir dir;
    const QString appOut = dir.filePath(QStringLiteral("window.png"));
    const QString bareOut = dir.filePath(QStringLiteral("bare.png"));
    const QStringList exportArgs{QStringLiteral("--export"), appOut, QStringLiteral("--size"),
                                 QStringLiteral("1920x1080")};
    constexpr int kRuns = 15;
    std::vector<double> exports, bare;
    // One untimed run of each warms the file cache and fontconfig's cache.
    runOnce(QStringLiteral(AC_APP_PATH), exportArgs);
    runOnce(QStringLiteral(AC_BARE_CHART_PATH), {bareOut});
    for (int i = 0; i < kRuns; ++i) {
        exports.push_back(runOnce(QStringLiteral(AC_APP_PATH), exportArgs));
        bare.push_back(runOnce(QStringLiteral(AC_BARE_CHART_PATH), {bareOut}));
    }
    const auto e = bench::stats(exports), b = bench::stats(bare);
    std::printf("whole process, 1920 x 1080 PNG, median of %d runs (ms)\n", kRuns);
    std::printf("%-44s %8.1f (p95 %.1f)\n", "attention-canvas --export (whole window)", e.median,
                e.p95);
    std::printf("%-44s %8.1f (p95 %.1f)\n", "bare QChartView, one bar series, grab", b.median,
                b.p95);
    std::printf("ratio %.2f (target <= 2.5)\n", e.median / b.median);
    return 0;
}
