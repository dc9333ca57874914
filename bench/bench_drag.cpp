// Replays 500 synthetic drag moves of the query, offscreen, on scenes with 3, 16 and 64 keys.
// Each move is a real mouse-move event on the canvas followed by painting everything visible
// (canvas, chart, heat map, table): the window is repainted synchronously. Prints the median
// and 95th percentile per move, beside a floor: a bare window with one bar chart and a widget
// drawing n lines, updated and repainted the same way.
//
// Run: QT_QPA_PLATFORM=offscreen ./bench/bench_drag

#include "app/canvaswidget.h"
#include "app/explanationpanel.h"
#include "app/headcanvases.h"
#include "app/headheatmap.h"
#include "app/mainwindow.h"
#include "app/steppanel.h"
#include "app/weightchart.h"
#include "benchclock.h"
#include "core/scene.h"
#include "model/scenemodel.h"

#include <QApplication>
#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QDockWidget>
#include <QHBoxLayout>
#include <QPainter>
#include <QTest>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace {
bool g_breakdown = false;

attn::Scene sceneWithKeys(int n)
{
    attn::Scene s = attn::Scene::defaultScene();
    s.keys.resize(n, 2);
    s.values.resize(n, 2);
    for (int i = 0; i < n; ++i) {
        const double a = 2 * M_PI * i / n;
        s.keys.row(i) << 1.5 * std::cos(a), 1.5 * std::sin(a);
        s.values.row(i) << std::cos(a + 1), std::sin(a + 1);
    }
    s.mask.clear();
    return s;
}

// The path of the drag: a circle of radius 1.2 around the origin, 500 steps.
QPointF dragPoint(int step)
{
    const double a = 2 * M_PI * step / 500.0;
    return {1.2 * std::cos(a), 1.2 * std::sin(a)};
}

struct Figures
{
    bench::Stats wall, cpu;
};

Figures measureApp(int keys, QSize size)
{
    SceneModel model;
    model.setScene(sceneWithKeys(keys));
    model.setMethod(attn::Method::MultiHead); // every dock has something to draw
    MainWindow window(&model);
    window.resize(size);
    window.show();
    QTest::qWaitForWindowExposed(&window);
    for (auto *dock : window.findChildren<QDockWidget *>())
        dock->show();
    CanvasWidget *canvas = window.canvas();
    canvas->fitAll();
    QApplication::processEvents();

    const QPoint start = canvas->view().toScreen(QPointF(1.2, 0.8)).toPoint();
    model.setQuery((attn::Vector(2) << 1.2, 0.8).finished());
    QTest::mousePress(canvas, Qt::LeftButton, {}, start);
    std::vector<double> wall, cpu;
    for (int step = 0; step < 500; ++step) {
        const QPoint p = canvas->view().toScreen(dragPoint(step)).toPoint();
        const auto t0 = bench::Clock::now();
        const double c0 = bench::threadCpuSeconds();
        QTest::mouseMove(canvas, p);
        // Every view that changed has asked for an update; processing the events paints them
        // (canvas, chart, heat map, head canvases, table, formula), as the real event loop would.
        QApplication::processEvents();
        wall.push_back(bench::secondsSince(t0) * 1e3);
        cpu.push_back((bench::threadCpuSeconds() - c0) * 1e3);
    }
    QTest::mouseRelease(canvas, Qt::LeftButton, {},
                        canvas->view().toScreen(dragPoint(499)).toPoint());
    if (g_breakdown) {
        // Where the time goes: each view repainted alone, CPU ms per paint.
        const std::pair<const char *, QWidget *> views[] = {
            {"canvas", canvas},
            {"chart", window.weightChart()->viewport()},
            {"steps", window.stepPanel()},
            {"heatmap", window.headHeatMap()},
            {"head canvases", window.findChild<HeadCanvases *>()},
            {"explanation", window.explanationPanel()},
            {"whole window", &window}};
        for (const auto &[name, widget] : views) {
            std::vector<double> t;
            for (int i = 0; i < 50; ++i) {
                const double c0 = bench::threadCpuSeconds();
                widget->repaint();
                t.push_back((bench::threadCpuSeconds() - c0) * 1e3);
            }
            std::printf("    repaint %-12s %6.2f ms cpu\n", name, bench::stats(t).median);
        }
        // The edit itself: the model recomputes and every view's slot refreshes its state.
        std::vector<double> t, p;
        for (int i = 0; i < 50; ++i) {
            const double c0 = bench::threadCpuSeconds();
            model.setQuery((attn::Vector(2) << 0.5 + 0.01 * i, 0.7).finished());
            const double c1 = bench::threadCpuSeconds();
            QApplication::processEvents();
            t.push_back((c1 - c0) * 1e3);
            p.push_back((bench::threadCpuSeconds() - c1) * 1e3);
        }
        std::printf("    setQuery + view slots  %6.2f ms cpu\n", bench::stats(t).median);
        std::printf("    then processEvents     %6.2f ms cpu\n", bench::stats(p).median);
    }
    return {bench::stats(wall), bench::stats(cpu)};
}

// The floor: the least any app must do per move for n keys — a bar chart and n lines.
class LinesWidget : public QWidget
{
public:
    QPointF query;
    int count = 0;
    void paintEvent(QPaintEvent *) override
    {
        QPainter p(this);
        p.setRenderHint(QPainter::Antialiasing);
        p.fillRect(rect(), Qt::white);
        const QPointF c = rect().center();
        for (int i = 0; i < count; ++i) {
            const double a = 2 * M_PI * i / count;
            p.drawLine(c + query * 100, c + QPointF(std::cos(a), std::sin(a)) * 150);
        }
    }
};

Figures measureFloor(int keys, QSize size)
{
    QWidget window;
    window.resize(size);
    auto *layout = new QHBoxLayout(&window);
    auto *lines = new LinesWidget;
    lines->count = keys;
    auto *series = new QBarSeries;
    auto *set = new QBarSet(QStringLiteral("w"));
    for (int i = 0; i < keys; ++i)
        *set << 1.0 / keys;
    series->append(set);
    auto *chart = new QChart;
    chart->addSeries(series);
    chart->setAnimationOptions(QChart::NoAnimation);
    auto *axis = new QValueAxis;
    axis->setRange(0, 1);
    chart->addAxis(axis, Qt::AlignLeft);
    series->attachAxis(axis);
    auto *view = new QChartView(chart);
    layout->addWidget(lines, 2);
    layout->addWidget(view, 1);
    window.show();
    QTest::qWaitForWindowExposed(&window);

    std::vector<double> wall, cpu;
    for (int step = 0; step < 500; ++step) {
        const auto t0 = bench::Clock::now();
        const double c0 = bench::threadCpuSeconds();
        lines->query = dragPoint(step);
        for (int i = 0; i < keys; ++i)
            set->replace(i, 0.5 + 0.5 * std::sin(step * 0.01 + i));
        lines->update();
        QApplication::processEvents();
        wall.push_back(bench::secondsSince(t0) * 1e3);
        cpu.push_back((bench::threadCpuSeconds() - c0) * 1e3);
    }
    return {bench::stats(wall), bench::stats(cpu)};
}
} // namespace

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    std::printf("500 drag moves of the query, offscreen, multi-head (every dock drawing);\n"
                "ms per move = mouse event + painting what changed. wall = elapsed time,\n"
                "cpu = this thread's CPU time (unaffected by other processes on the machine)\n");
    std::printf("%-10s %4s | %8s %8s %8s %8s | %8s %8s | %6s\n", "size", "keys", "wall med",
                "wall p95", "cpu med", "cpu p95", "floor wm", "floor cm", "cpu/fl");
    // --quick [N]: only N keys (16 unless given) at 1280 × 800, with a per-view breakdown (for
    // profiling).
    const bool quick = argc > 1 && QByteArray(argv[1]) == "--quick";
    const int quickKeys = quick && argc > 2 ? std::clamp(QByteArray(argv[2]).toInt(), 1, 64) : 16;
    g_breakdown = quick;
    for (QSize size : {QSize(1280, 800), QSize(1920, 1080)}) {
        for (int keys : {3, 16, 64}) { // NOLINT: --quick replaces the count
            if (quick && (keys != 3 || size.width() != 1280))
                continue;
            if (quick)
                keys = quickKeys;
            const Figures a = measureApp(keys, size);
            const Figures f = measureFloor(keys, size);
            std::printf("%4dx%-5d %4d | %8.2f %8.2f %8.2f %8.2f | %8.2f %8.2f | %6.2f\n",
                        size.width(), size.height(), keys, a.wall.median, a.wall.p95, a.cpu.median,
                        a.cpu.p95, f.wall.median, f.cpu.median, a.cpu.median / f.cpu.median);
        }
    }
    return 0;
}
