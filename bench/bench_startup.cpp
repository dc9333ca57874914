// --report on the default scene as a whole process, against a bare Qt program that starts and
// quits: the report should cost no more than starting Qt. Median of 101 runs of each, alternated;
// wall time and the child's CPU time (user + system, which other processes on the machine
// disturb less).

#include "benchclock.h"

#include <QCoreApplication>
#include <QProcess>

#include <cstdio>
#include <sys/resource.h>

namespace {
double childCpuSeconds()
{
    rusage u{};
    getrusage(RUSAGE_CHILDREN, &u);
    return double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
           double(u.ru_utime.tv_usec + u.ru_stime.tv_usec) * 1e-6;
}

struct Run
{
    double wallMs, cpuMs;
};

Run runOnce(const QString &program, const QStringList &args)
{
    QProcess p;
    p.setStandardOutputFile(QProcess::nullDevice());
    const double cpu0 = childCpuSeconds();
    const auto start = bench::Clock::now();
    p.start(program, args);
    p.waitForFinished(60000); // reaps the child, so its CPU time is now counted
    const Run r{bench::secondsSince(start) * 1e3, (childCpuSeconds() - cpu0) * 1e3};
    if (p.exitCode() != 0)
        std::fprintf(stderr, "%s failed with exit code %d\n", qPrintable(program), p.exitCode());
    return r;
}
} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    std::vector<double> reportWall, reportCpu, bareWall, bareCpu;
    const QStringList reportArgs{QStringLiteral("--report"), QStringLiteral("-")};
    for (int i = 0; i < 101; ++i) {
        const Run r = runOnce(QStringLiteral(AC_APP_PATH), reportArgs);
        const Run b = runOnce(QStringLiteral(AC_BARE_PATH), {});
        reportWall.push_back(r.wallMs);
        reportCpu.push_back(r.cpuMs);
        bareWall.push_back(b.wallMs);
        bareCpu.push_back(b.cpuMs);
    }
    const auto rw = bench::stats(reportWall), rc = bench::stats(reportCpu);
    const auto bw = bench::stats(bareWall), bc = bench::stats(bareCpu);
    std::printf("whole process, median of 101 runs (ms)      wall (p95)      cpu\n");
    std::printf("%-34s %8.1f (%5.1f) %8.1f\n", "attention-canvas --report -", rw.median, rw.p95,
                rc.median);
    std::printf("%-34s %8.1f (%5.1f) %8.1f\n", "bare QCoreApplication", bw.median, bw.p95,
                bc.median);
    std::printf("ratio: wall %.2f, cpu %.2f\n", rw.median / bw.median, rc.median / bc.median);
    return 0;
}
