// Replays 500 synthetic drag moves of the query, offscreen, on scenes with 3, 16 and 64 keys.
// Each move is a real mouse-move event on the canvas followed by painting everything visible
// (canvas, chart, heat map, table): the window is repainted synchronously. Prints the median
// and 95th percentile per move, beside a floor: a bare window with one bar chart and a widget
// drawing n lines, updated and repainted the same way.
//
// Both sides are measured under the same conditions, in alternating rounds of 50 moves:
// - each with its own window active. The canvas ends a drag when its window is deactivated (a
//   dialog opening mid-drag), so every round of the app activates its window and presses on the
//   query's tip, and releases it at the end; the floor's rounds activate the floor's window.
//   (Measured: whether the floor's window is active or not changes its figures by less than
//   their noise; the rule only takes the question away.)
// - every move a real change: snapping to the grid is off, as otherwise the query would change
//   only every fifth move or so and the app would redraw its chart on those alone, while the
//   floor changes its chart on every move.
// - nothing of one side charged to the other: between rounds the events that are still pending
//   (a throttled panel's last update, the step table's column fit) are handled untimed.
// The ratio is of the thread's CPU time, as the bar was set. Qt's raster engine hands a fill of
// more than 95 rows to its own threads, whose time that leaves out. The app's views fill in
// pieces that stay on the thread (waking those threads cost more than the fill), the floor's
// chart does not: its process time was about 1.6× its thread's on 6 December 2026, the app's
// about 1.1×. So the ratio of the whole process's CPU time is printed beside it. The thread's
// ratio also moves with the load of the machine: with another process busy on the other core,
// the floor's thread time dropped by about a third and the app's did not.
// The settings are the test settings (QStandardPaths' test mode), not the user's.
// The benchmark checks that the query followed every round's drag and says so when it did not.
//
// Run: QT_QPA_PLATFORM=offscreen ./bench/bench_drag
// Options: --quick [N] only N keys (16 unless given) at 1280 x 800, with a per-view breakdown;
//          --app-only [N] only the app's moves, 2000 of them, for a profiler;
//          --grab FILE [N] [WxH] a picture of the window in the middle of a drag.

#include "benchclock.h"
#include "canvas/canvaswidget.h"
#include "core/scene.h"
#include "mainwindow.h"
#include "model/scenemodel.h"
#include "panels/explanationpanel.h"
#include "panels/headcanvases.h"
#include "panels/headheatmap.h"
#include "panels/steppanel.h"
#include "panels/weightchart.h"

#include <QApplication>
#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QDockWidget>
#include <QHBoxLayout>
#include <QMetaEnum>
#include <QPainter>
#include <QStandardPaths>
#include <QTest>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <tuple>

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

struct Sample
{
    double wall, cpu, process; // ms; cpu is the thread's, process the whole process's
};

// Where a move's CPU time goes, event by event: the application's notify() charges each event's
// delivery, less the events delivered inside it, to "what": the event type and the receiver's
// class (a viewport counts as its scroll area). Paint events are sent to each widget on its own,
// so a paint's figure is that widget's. Only while recording; per move, so that the medians
// below are a typical move's, as the benchmark's own figure is.
class AttributingApplication : public QApplication
{
public:
    using QApplication::QApplication;

    bool notify(QObject *receiver, QEvent *event) override
    {
        if (!m_recording)
            return QApplication::notify(receiver, event);
        // Named before the event is handled: a DeferredDelete deletes the receiver.
        const QString name = what(receiver, event);
        const double start = bench::threadCpuSeconds();
        m_nested.push_back(0);
        const bool result = QApplication::notify(receiver, event);
        const double spent = bench::threadCpuSeconds() - start;
        const double inner = m_nested.back();
        m_nested.pop_back();
        if (!m_nested.empty())
            m_nested.back() += spent;
        m_move[name] += (spent - inner) * 1e3;
        return result;
    }
    void record(bool on) { m_recording = on; }
    /// Ends a move: its figures join the others.
    void endMove()
    {
        for (auto &[name, ms] : m_move)
            m_moves[name].push_back(ms);
        ++m_moveCount;
        m_move.clear();
    }
    /// Median and mean per move of each part (a part absent from a move counts 0 there), the
    /// largest mean first.
    void print(const char *title)
    {
        std::vector<std::tuple<double, double, QString>> rows;
        for (const auto &[name, samples] : m_moves) {
            std::vector<double> all = samples;
            all.resize(std::size_t(m_moveCount), 0.0);
            double sum = 0;
            for (double x : all)
                sum += x;
            rows.emplace_back(sum / m_moveCount, bench::stats(all).median, name);
        }
        std::sort(rows.begin(), rows.end(), std::greater<>());
        std::printf("    %s, per move, by event (cpu ms; median, mean over %d moves):\n", title,
                    m_moveCount);
        for (const auto &[mean, median, name] : rows)
            if (mean >= 0.005)
                std::printf("      %-44s %6.3f %6.3f\n", qPrintable(name), median, mean);
        m_moves.clear();
        m_moveCount = 0;
    }

private:
    static QString what(QObject *receiver, QEvent *event)
    {
        QObject *named = receiver;
        if (receiver->objectName() == QLatin1String("qt_scrollarea_viewport") && receiver->parent())
            named = receiver->parent();
        const char *type = QMetaEnum::fromType<QEvent::Type>().valueToKey(event->type());
        return QStringLiteral("%1 %2").arg(QLatin1String(type ? type : "?"),
                                           QLatin1String(named->metaObject()->className()));
    }

    bool m_recording = false;
    std::vector<double> m_nested;
    std::map<QString, double> m_move;
    std::map<QString, std::vector<double>> m_moves;
    int m_moveCount = 0;
};

AttributingApplication *attributing()
{
    return static_cast<AttributingApplication *>(QCoreApplication::instance());
}

// One move of the drag and the painting that follows; what both the app and the floor do.
class Scenario
{
public:
    virtual ~Scenario() = default;
    virtual void move(int step) = 0;

    Sample timedMove(int step)
    {
        const auto t0 = bench::Clock::now();
        const double c0 = bench::threadCpuSeconds(), p0 = bench::processCpuSeconds();
        move(step);
        // Every view that changed has asked for an update; processing the events paints them,
        // as the real event loop would.
        QApplication::processEvents();
        return {bench::secondsSince(t0) * 1e3, (bench::threadCpuSeconds() - c0) * 1e3,
                (bench::processCpuSeconds() - p0) * 1e3};
    }
};

void showAndWait(QWidget &window, QSize size)
{
    window.resize(size);
    window.show();
    if (!QTest::qWaitForWindowExposed(&window))
        std::fprintf(stderr, "the window was not exposed; figures may be off\n");
}

// The application: a real mouse drag of the query on the canvas, multi-head so that every dock
// (canvas, chart, heat map, head canvases, table, formula) has something to draw.
class AppScenario : public Scenario
{
public:
    AppScenario(int keys, QSize size) : m_window(&m_model)
    {
        m_model.setScene(sceneWithKeys(keys));
        m_model.setMethod(attn::Method::MultiHead);
        showAndWait(m_window, size);
        for (auto *dock : m_window.findChildren<QDockWidget *>())
            dock->show();
        canvas()->fitAll();
        // Every move changes the query (see the top of the file).
        canvas()->setSnapToGrid(false);
        QApplication::processEvents();
        const QPointF start = canvas()->view().toWorld(canvas()->view().toScreen(dragPoint(0)));
        m_model.setQuery((attn::Vector(2) << start.x(), start.y()).finished());
    }
    /// Activates the window (another window shown since took that), presses on the query's tip,
    /// which the last round left under `step`'s point, and moves to it past the canvas's drag
    /// threshold (untimed): from here on every move drags the query.
    void beginDrag(int step)
    {
        m_window.activateWindow();
        if (!QTest::qWaitForWindowActive(&m_window))
            std::fprintf(stderr, "the window was not activated; figures may be off\n");
        const QPoint at = canvas()->view().toScreen(dragPoint(step)).toPoint();
        QTest::mousePress(canvas(), Qt::LeftButton, {}, at);
        if (!dragging())
            std::fprintf(stderr, "the press did not grab the query; figures measure no drag\n");
        QTest::mouseMove(canvas(), at + QPoint(4, 0));
        QTest::mouseMove(canvas(), at);
        QApplication::processEvents();
    }
    void endDrag(int step)
    {
        QTest::mouseRelease(canvas(), Qt::LeftButton, {},
                            canvas()->view().toScreen(dragPoint(step)).toPoint());
    }
    /// Whether the query is still held and sits where the last move put the mouse (within a
    /// snapping step and a pixel).
    bool dragging(int lastStep = -1) const
    {
        if (canvas()->dragged().kind != VectorHandle::Kind::Query)
            return false;
        if (lastStep < 0)
            return true;
        const QPointF want =
            canvas()->view().toWorld(canvas()->view().toScreen(dragPoint(lastStep)).toPoint());
        const attn::Vector &q = m_model.scene().query;
        const double slack = CanvasWidget::kSnapStep + 1 / canvas()->view().scale();
        return std::abs(q[0] - want.x()) <= slack && std::abs(q[1] - want.y()) <= slack;
    }
    void move(int step) override
    {
        QTest::mouseMove(canvas(), canvas()->view().toScreen(dragPoint(step)).toPoint());
    }
    CanvasWidget *canvas() const { return m_window.canvas(); }

    // Where the time goes: a typical move by event, each view repainted alone, and the edit
    // itself. The drag goes on from `step`.
    void printBreakdown(int step)
    {
        for (int i = 1; i <= 200; ++i) {
            attributing()->record(true);
            timedMove(step + i);
            attributing()->record(false);
            attributing()->endMove();
        }
        attributing()->print("the app");
        const std::pair<const char *, QWidget *> views[] = {
            {"canvas", canvas()},
            {"chart", m_window.weightChart()->viewport()},
            {"steps", m_window.stepPanel()},
            {"heatmap", m_window.headHeatMap()},
            {"head canvases", m_window.findChild<HeadCanvases *>()},
            {"explanation", m_window.explanationPanel()},
            {"whole window", &m_window}};
        for (const auto &[name, widget] : views) {
            std::vector<double> t;
            for (int i = 0; i < 50; ++i) {
                const double c0 = bench::threadCpuSeconds();
                widget->repaint();
                t.push_back((bench::threadCpuSeconds() - c0) * 1e3);
            }
            std::printf("    repaint %-14s %6.2f ms cpu\n", name, bench::stats(t).median);
        }
        std::vector<double> t, p;
        for (int i = 0; i < 50; ++i) {
            const double c0 = bench::threadCpuSeconds();
            m_model.setQuery((attn::Vector(2) << 0.5 + 0.01 * i, 0.7).finished());
            const double c1 = bench::threadCpuSeconds();
            QApplication::processEvents();
            t.push_back((c1 - c0) * 1e3);
            p.push_back((bench::threadCpuSeconds() - c1) * 1e3);
        }
        std::printf("    setQuery + view slots  %6.2f ms cpu\n", bench::stats(t).median);
        std::printf("    then processEvents     %6.2f ms cpu\n", bench::stats(p).median);
    }

private:
    SceneModel m_model;
    MainWindow m_window;
};

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

class FloorScenario : public Scenario
{
public:
    FloorScenario(int keys, QSize size) : m_keys(keys)
    {
        auto *layout = new QHBoxLayout(&m_window);
        m_lines = new LinesWidget;
        m_lines->count = keys;
        auto *series = new QBarSeries;
        m_set = new QBarSet(QStringLiteral("w"));
        for (int i = 0; i < keys; ++i)
            *m_set << 1.0 / keys;
        series->append(m_set);
        auto *chart = new QChart;
        chart->addSeries(series);
        chart->setAnimationOptions(QChart::NoAnimation);
        auto *axis = new QValueAxis;
        axis->setRange(0, 1);
        chart->addAxis(axis, Qt::AlignLeft);
        series->attachAxis(axis);
        layout->addWidget(m_lines, 2);
        layout->addWidget(new QChartView(chart), 1);
        showAndWait(m_window, size);
    }
    void activate()
    {
        m_window.activateWindow();
        if (!QTest::qWaitForWindowActive(&m_window))
            std::fprintf(stderr, "the floor's window was not activated; figures may be off\n");
    }
    void move(int step) override
    {
        m_lines->query = dragPoint(step);
        for (int i = 0; i < m_keys; ++i)
            m_set->replace(i, 0.5 + 0.5 * std::sin(step * 0.01 + i));
        m_lines->update();
    }

private:
    int m_keys;
    QWidget m_window;
    LinesWidget *m_lines = nullptr;
    QBarSet *m_set = nullptr;
};

struct Figures
{
    bench::Stats wall, cpu, floorWall, floorCpu;
    double ratio;        // the median over rounds of app CPU / floor CPU (the thread's)
    double processRatio; // the same of the whole process's CPU
};

// Handles what is still pending (a throttled update's last run, the step table's column fit
// 150 ms after the last change, a deferred repaint), untimed.
void settle()
{
    QTest::qWait(200);
    QApplication::processEvents();
}

// 500 moves of each, in ten alternating rounds of 50, so that both see the same machine: on a
// shared virtual machine the speed of a core drifts by a third within seconds.
Figures measure(int keys, QSize size, bool breakdown)
{
    AppScenario app(keys, size);
    FloorScenario floor(keys, size);
    std::vector<double> wall, cpu, floorWall, floorCpu, ratios, processRatios;
    int step = 0;
    bool dragged = true;
    for (int round = 0; round < 10; ++round) {
        std::vector<double> roundApp, roundFloor, roundAppProcess, roundFloorProcess;
        app.beginDrag(step);
        ++step;
        for (int i = 0; i < 50; ++i, ++step) {
            const Sample a = app.timedMove(step);
            wall.push_back(a.wall);
            cpu.push_back(a.cpu);
            roundApp.push_back(a.cpu);
            roundAppProcess.push_back(a.process);
        }
        dragged = dragged && app.dragging(step - 1);
        app.endDrag(step - 1);
        --step;
        settle();
        floor.activate();
        for (int i = 0; i < 50; ++i) {
            const Sample f = floor.timedMove(step - 50 + i);
            floorWall.push_back(f.wall);
            floorCpu.push_back(f.cpu);
            roundFloor.push_back(f.cpu);
            roundFloorProcess.push_back(f.process);
        }
        settle();
        ratios.push_back(bench::stats(roundApp).median / bench::stats(roundFloor).median);
        processRatios.push_back(bench::stats(roundAppProcess).median /
                                bench::stats(roundFloorProcess).median);
    }
    if (!dragged)
        std::fprintf(stderr,
                     "%d keys: the drag ended or the query stopped following the mouse; "
                     "these figures are not a drag's\n",
                     keys);
    if (breakdown) {
        app.beginDrag(step);
        app.printBreakdown(step);
        app.endDrag(step + 200);
        settle();
        floor.activate();
        for (int i = 1; i <= 200; ++i) {
            attributing()->record(true);
            floor.timedMove(step + i);
            attributing()->record(false);
            attributing()->endMove();
        }
        attributing()->print("the floor");
    }
    return {bench::stats(wall),          bench::stats(cpu),
            bench::stats(floorWall),     bench::stats(floorCpu),
            bench::stats(ratios).median, bench::stats(processRatios).median};
}
} // namespace

// Only the app's moves, for perf: its profile without the floor's.
void appOnly(int keys)
{
    AppScenario app(keys, QSize(1280, 800));
    app.beginDrag(0);
    std::vector<double> cpu;
    for (int step = 1; step <= 2000; ++step)
        cpu.push_back(app.timedMove(step).cpu);
    if (!app.dragging(2000))
        std::fprintf(stderr, "the drag ended or the query stopped following the mouse\n");
    app.endDrag(2000);
    std::printf("%d keys, the app alone: %.2f ms cpu per move (median of 2000)\n", keys,
                bench::stats(cpu).median);
}

// The window in the middle of a drag, to look at (the readout beside the cursor, the rings).
void grabMidDrag(const QString &file, int keys, QSize size)
{
    AppScenario app(keys, size);
    app.beginDrag(0);
    for (int step = 1; step <= 20; ++step)
        app.timedMove(step);
    app.canvas()->window()->grab().save(file);
    app.endDrag(20);
}

int main(int argc, char **argv)
{
    QStandardPaths::setTestModeEnabled(true);
    AttributingApplication app(argc, argv);
    if (argc > 2 && QByteArray(argv[1]) == "--grab") {
        const QStringList size =
            QString::fromLatin1(argc > 4 ? argv[4] : "1280x800").split(QLatin1Char('x'));
        grabMidDrag(QString::fromLocal8Bit(argv[2]),
                    argc > 3 ? std::clamp(QByteArray(argv[3]).toInt(), 1, 64) : 16,
                    QSize(size.value(0).toInt(), size.value(1).toInt()));
        return 0;
    }
    if (argc > 1 && QByteArray(argv[1]) == "--app-only") {
        appOnly(argc > 2 ? std::clamp(QByteArray(argv[2]).toInt(), 1, 64) : 16);
        return 0;
    }
    std::printf("500 drag moves of the query, offscreen, multi-head (every dock drawing), in ten\n"
                "rounds of 50 alternating with the floor (a bar chart and n lines).\n"
                "ms per move = mouse event + painting what changed. wall = elapsed time,\n"
                "cpu = this thread's CPU time; cpu/fl = median over rounds of app / floor cpu\n"
                "(the bar); proc/fl = the same of the whole process's CPU time, which also\n"
                "counts the fills Qt hands to its own threads (the floor's large plot area)\n");
    std::printf("%-10s %4s | %8s %8s %8s %8s | %8s %8s | %6s %7s\n", "size", "keys", "wall med",
                "wall p95", "cpu med", "cpu p95", "floor wm", "floor cm", "cpu/fl", "proc/fl");
    // --quick [N]: only N keys (16 unless given) at 1280 × 800, with a per-view breakdown (for
    // profiling).
    const bool quick = argc > 1 && QByteArray(argv[1]) == "--quick";
    std::vector<int> counts{3, 16, 64};
    std::vector<QSize> sizes{QSize(1280, 800), QSize(1920, 1080)};
    if (quick) {
        counts = {argc > 2 ? std::clamp(QByteArray(argv[2]).toInt(), 1, 64) : 16};
        sizes = {QSize(1280, 800)};
    }
    for (QSize size : sizes) {
        for (int keys : counts) {
            const Figures f = measure(keys, size, quick);
            std::printf("%4dx%-5d %4d | %8.2f %8.2f %8.2f %8.2f | %8.2f %8.2f | %6.2f %7.2f\n",
                        size.width(), size.height(), keys, f.wall.median, f.wall.p95, f.cpu.median,
                        f.cpu.p95, f.floorWall.median, f.floorCpu.median, f.ratio, f.processRatio);
        }
    }
    return 0;
}
