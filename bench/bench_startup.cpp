// --report on the default scene as a whole process, against a bare Qt program that starts and
// quits: the report should cost no more than starting Qt. Median of 21 runs of each, alternated.

#include "benchclock.h"

#include <QCoreApplication>
#include <QProcess>

#include <cstdio>

namespace {
double runOnce(const QString &program, const QStringList &args)
{
    QProcess p;
    p.setStandardOutputFile(QProcess::nullDevice());
    const auto start = bench::Clock::now();
    p.start(program, args);
    p.waitForFinished(60000);
    const double ms = bench::secondsSince(start) * 1e3;
    if (p.exitCode() != 0)
        std::fprintf(stderr, "%s failed with exit code %d\n", qPrintable(program), p.exitCode());
    return ms;
}
} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    std::vector<double> report, bare;
    const QStringList reportArgs{QStringLiteral("--report"), QStringLiteral("-")};
    for (int i = 0; i < 21; ++i) {
        report.push_back(runOnce(QStringLiteral(AC_APP_PATH), reportArgs));
        bare.push_back(runOnce(QStringLiteral(AC_BARE_PATH), {}));
    }
    const auto r = bench::stats(report), b = bench::stats(bare);
    std::printf("whole process, median of 21 runs (ms)\n");
    std::printf("%-34s %8.1f (p95 %.1f)\n", "attention-canvas --report -", r.median, r.p95);
    std::printf("%-34s %8.1f (p95 %.1f)\n", "bare QCoreApplication", b.median, b.p95);
    std::printf("ratio %.2f\n", r.median / b.median);
    return 0;
}
