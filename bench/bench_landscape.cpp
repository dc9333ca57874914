// The score landscape's cost per frame at 1280 × 800, for every method, at the quality used
// while dragging (coarse cells) and when the picture stands still (fine cells).
//
// 1. The layer alone: the query moves to a new point (the model recomputes), then the field is
//    sampled, coloured and drawn with its iso-lines and legend into a 1280 × 800 image.
// 2. The whole canvas during a real drag: mouse-move events on the query's tip, each followed by
//    a synchronous repaint, with the landscape on and off (the difference is its share).
// Target: under 8 ms per frame while dragging.
//
// Run: QT_QPA_PLATFORM=offscreen ./bench/bench_landscape

#include "benchclock.h"
#include "canvas/canvaswidget.h"
#include "canvas/landscapelayer.h"
#include "canvas/selection.h"
#include "canvas/viewtransform.h"
#include "core/scene.h"
#include "document/sceneeditor.h"
#include "model/scenemodel.h"

#include <QApplication>
#include <QImage>
#include <QPainter>
#include <QTest>

#include <cmath>
#include <cstdio>
#include <sys/resource.h>

namespace {

constexpr int kFrames = 300;

// Process CPU time (every thread: Qt scales images on a thread pool) in ms. On a shared machine
// the wall clock also counts the time spent waiting for a core; CPU time does not.
double cpuMs()
{
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return (u.ru_utime.tv_sec + u.ru_stime.tv_sec) * 1e3 +
           (u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e3;
}

struct Figures
{
    bench::Stats wall;
    double cpu = 0; ///< mean CPU ms per frame
};
const QSize kSize(1280, 800);

// The drag's path: a circle of radius 1.2 around the origin.
QPointF dragPoint(int step)
{
    const double a = 2 * M_PI * step / kFrames;
    return {1.2 * std::cos(a), 1.2 * std::sin(a)};
}

attn::Vector vec(QPointF p)
{
    attn::Vector v(2);
    v << p.x(), p.y();
    return v;
}

Figures measureLayer(attn::Method method, bool draft)
{
    SceneModel model;
    model.setMethod(method);
    LandscapeLayer layer(&model);
    ViewTransform view;
    view.fit(QRectF(QPointF(-1.25, -1.25), QPointF(1.95, 1.45)), kSize, 24);
    QImage image(kSize, QImage::Format_ARGB32_Premultiplied);
    QFont font;
    font.setPixelSize(15);
    std::vector<double> samples;
    double cpu = 0;
    for (int step = 0; step < kFrames; ++step) {
        model.setQuery(vec(dragPoint(step)));
        layer.invalidate();
        const double c0 = cpuMs();
        const auto t0 = bench::Clock::now();
        QPainter p(&image);
        p.fillRect(image.rect(), Qt::white);
        if (layer.prepare(view, draft)) {
            layer.paintField(p);
            layer.paintIsoLines(p, view, font);
            layer.paintLegend(p, QSizeF(kSize), font);
        }
        p.end();
        samples.push_back(bench::secondsSince(t0) * 1e3);
        cpu += cpuMs() - c0;
    }
    return {bench::stats(samples), cpu / kFrames};
}

Figures measureCanvas(attn::Method method, bool landscape)
{
    SceneModel model;
    model.setMethod(method);
    Selection selection;
    SceneEditor editor(&model);
    CanvasWidget canvas(&editor, &selection);
    canvas.resize(kSize);
    canvas.setSnapToGrid(false); // every move changes the query, so every frame recomputes
    canvas.setLandscapeVisible(landscape);
    canvas.show();
    if (!QTest::qWaitForWindowExposed(&canvas))
        std::fprintf(stderr, "the canvas was not exposed; figures may be off\n");
    canvas.resetView();
    QApplication::processEvents();
    const QPoint start = canvas.view().toScreen(QPointF(1.2, 0.8)).toPoint();
    QTest::mousePress(&canvas, Qt::LeftButton, {}, start);
    std::vector<double> samples;
    double cpu = 0;
    for (int step = 0; step < kFrames; ++step) {
        const QPoint p = canvas.view().toScreen(dragPoint(step)).toPoint();
        const double c0 = cpuMs();
        const auto t0 = bench::Clock::now();
        QTest::mouseMove(&canvas, p);
        canvas.repaint();
        samples.push_back(bench::secondsSince(t0) * 1e3);
        cpu += cpuMs() - c0;
    }
    QTest::mouseRelease(&canvas, Qt::LeftButton, {},
                        canvas.view().toScreen(dragPoint(kFrames - 1)).toPoint());
    return {bench::stats(samples), cpu / kFrames};
}

} // namespace

void print(const char *name, const Figures &a, const Figures &b)
{
    std::printf("%-10s %8.2f %8.2f %8.2f %8.2f   %8.2f %8.2f %8.2f %8.2f\n", name, a.wall.median,
                a.wall.min, a.wall.p95, a.cpu, b.wall.median, b.wall.min, b.wall.p95, b.cpu);
}

// One table: a row per method, `measure(method, true)` in the left columns and
// `measure(method, false)` in the right ones.
void table(const char *title, const char *left, const char *right,
           Figures (*measure)(attn::Method, bool))
{
    std::printf("%s\n", title);
    std::printf("%-10s %35s   %35s\n", "", left, right);
    std::printf("%-10s %8s %8s %8s %8s   %8s %8s %8s %8s\n", "method", "median", "min", "p95",
                "cpu", "median", "min", "p95", "cpu");
    for (int m = 0; m < attn::kMethodCount; ++m) {
        const auto method = attn::Method(m);
        print(attn::methodId(method), measure(method, true), measure(method, false));
    }
}

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    std::printf("Score landscape at %dx%d, %d frames, the query moving; ms per frame.\n"
                "wall = median / min / p95 of the wall clock; cpu = mean process CPU time (all "
                "threads).\n\n",
                kSize.width(), kSize.height(), kFrames);
    table("1. The layer alone: sample, colour and draw the field, iso-lines and legend",
          "while dragging (coarse)", "still (fine)", measureLayer);
    table("\n2. The canvas during a drag of the query (mouse move + repaint), 3 keys",
          "landscape on", "landscape off", measureCanvas);
    return 0;
}
