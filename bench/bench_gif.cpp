// A 48-frame 640 × 400 GIF of the rotating query (the default scene, the canvas) as a whole
// process, `attention-canvas --animate rotate-query --part canvas --size 640x400 --export`,
// beside ImageMagick's convert assembling the same frames from PNG files,
// `convert -delay 4 -loop 0 f*.png out.gif`. Target: ours no slower and no larger.
//
// The PNG frames are drawn here exactly as the program draws its frames (AnimationExport's
// drawFrame, before any quantisation), so both encoders start from the same pixels; writing the
// PNGs is not timed, reading them is part of convert's time. Median of 5 runs of each,
// alternated so that both see the same machine, wall time and the child's CPU time (user +
// system). convert is the one on PATH unless --convert PATH names another; without one only
// ours is timed. ImageMagick is for this benchmark only, never for the tests.

#include "benchclock.h"
#include "export/animationexport.h"
#include "export/exporter.h"
#include "mainwindow.h"
#include "model/scenemodel.h"

#include <QApplication>
#include <QDir>
#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <cstdio>
#include <sys/resource.h>
#include <vector>

namespace {
constexpr int kFrames = 48;
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
    bool ok = false;
};

Run runOnce(const QString &program, const QStringList &args, const QString &dir)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    // As on a machine without a display.
    env.remove(QStringLiteral("DISPLAY"));
    env.remove(QStringLiteral("WAYLAND_DISPLAY"));
    env.remove(QStringLiteral("QT_QPA_PLATFORM"));
    p.setProcessEnvironment(env);
    p.setWorkingDirectory(dir);
    p.setStandardOutputFile(QProcess::nullDevice());
    p.setStandardErrorFile(QProcess::nullDevice());
    const double cpu0 = childCpuSeconds();
    const auto start = bench::Clock::now();
    p.start(program, args);
    p.waitForFinished(300000);
    Run r;
    r.wallMs = bench::secondsSince(start) * 1e3;
    r.cpuMs = (childCpuSeconds() - cpu0) * 1e3;
    r.ok = p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
    if (!r.ok)
        std::fprintf(stderr, "%s failed with exit code %d\n", qPrintable(program), p.exitCode());
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
    std::printf("%-40s wall %7.0f ms (min %6.0f)  CPU %7.0f ms (min %6.0f)  %8lld bytes\n", name,
                w.median, w.min, c.median, c.min, bytes);
}

double median(const std::vector<Run> &runs, bool cpu)
{
    std::vector<double> v;
    for (const Run &r : runs)
        v.push_back(cpu ? r.cpuMs : r.wallMs);
    return bench::stats(v).median;
}
} // namespace

int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QString convert = QStandardPaths::findExecutable(QStringLiteral("convert"));
    const QStringList args = QApplication::arguments();
    if (const qsizetype i = args.indexOf(QStringLiteral("--convert")); i > 0 && i + 1 < args.size())
        convert = args[i + 1];

    QTemporaryDir dir;
    // The frames, drawn as the program draws them: the default scene in a 1280 × 800 window,
    // the canvas at 640 × 400.
    {
        SceneModel model;
        MainWindow window(&model);
        window.setAttribute(Qt::WA_DontShowOnScreen);
        window.resize(Exporter::kDefaultWindowSize);
        window.show();
        Exporter::settle();
        AnimationExport::Options o;
        o.kind = SweepAnimation::Kind::RotateQuery;
        o.frames = kFrames;
        o.picture.part = Exporter::Part::Canvas;
        o.picture.size = QSize(640, 400);
        AnimationExport animation(window.exportSource(), &model, o);
        for (int k = 0; k < kFrames; ++k) {
            const QString name = QStringLiteral("f%1.png").arg(k, 2, 10, QLatin1Char('0'));
            if (!animation.drawFrame(k).save(dir.filePath(name))) {
                std::fprintf(stderr, "cannot write %s\n", qPrintable(name));
                return 1;
            }
        }
    }
    QStringList pngs =
        QDir(dir.path()).entryList({QStringLiteral("f*.png")}, QDir::Files, QDir::Name);
    const QStringList ours{QStringLiteral("--animate"), QStringLiteral("rotate-query"),
                           QStringLiteral("--frames"),  QString::number(kFrames),
                           QStringLiteral("--fps"),     QStringLiteral("25"),
                           QStringLiteral("--part"),    QStringLiteral("canvas"),
                           QStringLiteral("--size"),    QStringLiteral("640x400"),
                           QStringLiteral("--export"),  dir.filePath(QStringLiteral("ours.gif"))};
    QStringList theirs{QStringLiteral("-delay"), QStringLiteral("4"), QStringLiteral("-loop"),
                       QStringLiteral("0")};
    theirs << pngs << QStringLiteral("convert.gif");

    const bool haveConvert = !convert.isEmpty() && QFileInfo(convert).isExecutable();
    std::vector<Run> a, b;
    // One untimed run of each warms the file cache and fontconfig's cache.
    runOnce(QStringLiteral(AC_APP_PATH), ours, dir.path());
    if (haveConvert)
        runOnce(convert, theirs, dir.path());
    for (int i = 0; i < kRuns; ++i) {
        a.push_back(runOnce(QStringLiteral(AC_APP_PATH), ours, dir.path()));
        if (haveConvert)
            b.push_back(runOnce(convert, theirs, dir.path()));
    }
    double load[3] = {};
    getloadavg(load, 3);
    std::printf("%d frames, 640 x 400, the query turning; median of %d runs; load average %.2f\n",
                kFrames, kRuns, load[0]);
    const qint64 ourBytes = QFileInfo(dir.filePath(QStringLiteral("ours.gif"))).size();
    print("attention-canvas --animate rotate-query", a, ourBytes);
    if (!haveConvert) {
        std::printf("convert not found: ImageMagick's side skipped\n");
        return 0;
    }
    const qint64 theirBytes = QFileInfo(dir.filePath(QStringLiteral("convert.gif"))).size();
    print(qPrintable(QStringLiteral("convert (%1)").arg(convert)), b, theirBytes);
    std::printf("ours / convert: wall %.2f, CPU %.2f, size %.2f (target: each <= 1)\n",
                median(a, false) / median(b, false), median(a, true) / median(b, true),
                double(ourBytes) / double(theirBytes));
    return 0;
}
