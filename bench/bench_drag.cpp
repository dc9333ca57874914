// Replays 500 synthetic drag moves of the query, offscreen, on scenes with 3, 16 and 64 keys.
// Each move is a real mouse-move event on the canvas followed by painting everything visible
// (canvas, chart, heat map, table): the window is repainted synchronously. Prints the median
// and 95th percentile per move, beside a floor: a bare window with one bar chart and a widget
// drawing n lines, updated and repainted the same way.
//
// Run: QT_QPA_PLATFORM=offscreen ./bench/bench_drag

#include "app/canvaswidget.h"
#include "app/mainwindow.h"
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

#include <cmath>
#include <cstdio>

namespace {
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

bench::Stats measureApp(int keys, QSize size)
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
    std::vector<double> samples;
    for (int step = 0; step < 500; ++step) {
        const QPoint p = canvas->view().toScreen(dragPoint(step)).toPoint();
        const auto t0 = bench::Clock::now();
        QTest::mouseMove(canvas, p);
        QApplication::processEvents(); // deferred chart and table updates
        window.repaint();
        samples.push_back(bench::secondsSince(t0) * 1e3);
    }
    QTest::mouseRelease(canvas, Qt::LeftButton, {},
                        canvas->view().toScreen(dragPoint(499)).toPoint());
    return bench::stats(samples);
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

bench::Stats measureFloor(int keys, QSize size)
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

    std::vector<double> samples;
    for (int step = 0; step < 500; ++step) {
        const auto t0 = bench::Clock::now();
        lines->query = dragPoint(step);
        for (int i = 0; i < keys; ++i)
            set->replace(i, 0.5 + 0.5 * std::sin(step * 0.01 + i));
        QApplication::processEvents();
        window.repaint();
        samples.push_back(bench::secondsSince(t0) * 1e3);
    }
    return bench::stats(samples);
}
} // namespace

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    std::printf("500 drag moves of the query, offscreen; ms per move (mouse event + repaint)\n");
    std::printf("%-10s %5s %10s %10s %12s %12s %7s\n", "size", "keys", "median", "p95", "floor med",
                "floor p95", "ratio");
    for (QSize size : {QSize(1280, 800), QSize(1920, 1080)}) {
        for (int keys : {3, 16, 64}) {
            const auto a = measureApp(keys, size);
            const auto f = measureFloor(keys, size);
            std::printf("%4dx%-5d %5d %10.2f %10.2f %12.2f %12.2f %7.2f\n", size.width(),
                        size.height(), keys, a.median, a.p95, f.median, f.p95, a.median / f.median);
        }
    }
    return 0;
}
