// A 6-step handout (the built-in multi-head lesson: six scene steps, two with questions) as a
// whole process, `attention-canvas --scene 04-multi-head.json --export out.pdf`, and the same
// lesson as a worksheet (`--worksheet`: an answer-key page more). Target: under 2 s of wall
// time. Median of 5 runs of each after one untimed run (the file cache and fontconfig's cache),
// alternated; wall time and the child's CPU time (user + system); the PDF's size.

#include "benchclock.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QProcess>
#include <QProcessEnvironment>
#include <QTemporaryDir>

#include <cstdio>
#include <sys/resource.h>
#include <vector>

namespace {
constexpr int kRuns = 5;

double childCpuSeconds()
{
    rusage u{};
    getrusage(RUSAGE_CHILDREN, &u);
    return double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
           double(u.ru_utime.tv_usec + u.ru_stime.tv_usec) * 1e-6;
}

struct Run
{
    double wallMs = 0, cpuMs = 0;
};

Run runOnce(const QStringList &args)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    // As on a machine without a display.
    env.remove(QStringLiteral("DISPLAY"));
    env.remove(QStringLiteral("WAYLAND_DISPLAY"));
    env.remove(QStringLiteral("QT_QPA_PLATFORM"));
    p.setProcessEnvironment(env);
    p.setStandardOutputFile(QProcess::nullDevice());
    p.setStandardErrorFile(QProcess::nullDevice());
    const double cpu0 = childCpuSeconds();
    const auto start = bench::Clock::now();
    p.start(QStringLiteral(AC_APP_PATH), args);
    p.waitForFinished(300000);
    Run r;
    r.wallMs = bench::secondsSince(start) * 1e3;
    r.cpuMs = (childCpuSeconds() - cpu0) * 1e3;
    if (p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0)
        std::fprintf(stderr, "the export failed with exit code %d\n", p.exitCode());
    return r;
}

void print(const char *name, const std::vector<Run> &runs, qint64 bytes)
{
    std::vector<double> wall, cpu;
    for (const Run &r : runs) {
        wall.push_back(r.wallMs);
        cpu.push_back(r.cpuMs);
    }
    const auto w = bench::stats(wall), c = bench::stats(cpu);
    std::printf("%-34s wall %6.0f ms (min %6.0f)  CPU %6.0f ms (min %6.0f)  %8lld bytes\n", name,
                w.median, w.min, c.median, c.min, bytes);
}
} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QTemporaryDir dir;
    const QString lesson = QStringLiteral(AC_LESSON_PATH);
    const QString handout = dir.filePath(QStringLiteral("handout.pdf"));
    const QString worksheet = dir.filePath(QStringLiteral("worksheet.pdf"));
    const QStringList a{QStringLiteral("--scene"), lesson, QStringLiteral("--export"), handout};
    const QStringList b = QStringList{QStringLiteral("--scene"), lesson, QStringLiteral("--export"),
                                      worksheet, QStringLiteral("--worksheet")};
    runOnce(a);
    runOnce(b);
    std::vector<Run> ra, rb;
    for (int i = 0; i < kRuns; ++i) {
        ra.push_back(runOnce(a));
        rb.push_back(runOnce(b));
    }
    std::printf("6-step lesson %s\n", qPrintable(QFileInfo(lesson).fileName()));
    print("handout (6 pages)", ra, QFileInfo(handout).size());
    print("worksheet (6 pages + answer key)", rb, QFileInfo(worksheet).size());
    return 0;
}
