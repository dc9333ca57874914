// What recording (File → Record) costs a drag. The query is dragged round a circle with real
// mouse-move events on the canvas of the main window (multi-head, 16 keys, every dock showing),
// one move every 1/60 s as a mouse sends them, in rounds of 60 moves that alternate between
// recording and not (ten rounds each). Printed per size:
// - move: the mouse event and the repaint of everything that changed (as bench_drag measures a
//   move), median and 95th percentile, wall and this thread's CPU;
// - frame cpu: the GUI thread's CPU per 1/60 s over a whole round, waits included: with
//   recording on, this includes the pictures taken (timers that fire between moves);
// - capture: one picture as the recorder takes it (QWidget::grab of the canvas and the
//   comparison with the last one), and what a picture costs to keep (compressed in the thread
//   pool, off the GUI thread) and weighs kept.
//
// Run: QT_QPA_PLATFORM=offscreen ./bench/bench_record
// --grab DIR [LANG] [WxH]: instead, pictures to look at: the window while recording a drag
// (DIR/record-window-LANG-WxH.png), the trim dialog after it (record-trim-…png) and the GIF
// it saves with its defaults (record-…gif).

#include "benchclock.h"
#include "canvas/canvaswidget.h"
#include "core/scene.h"
#include "export/canvasrecorder.h"
#include "export/canvasrecording.h"
#include "export/recordingtrimdialog.h"
#include "mainwindow.h"
#include "model/language.h"
#include "model/scenemodel.h"

#include <QApplication>
#include <QDialogButtonBox>
#include <QDir>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QPushButton>
#include <QStandardPaths>
#include <QTest>
#include <QTimer>

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

QPointF dragPoint(int step)
{
    const double a = 2 * M_PI * step / 360.0;
    return {1.2 * std::cos(a), 1.2 * std::sin(a)};
}

void measure(QSize size)
{
    SceneModel model;
    MainWindow window(&model);
    model.setScene(sceneWithKeys(16));
    model.setMethod(attn::Method::MultiHead);
    window.resize(size);
    window.show();
    if (!QTest::qWaitForWindowExposed(&window))
        std::fprintf(stderr, "the window was not exposed; figures may be off\n");
    for (auto *dock : window.findChildren<QDockWidget *>())
        dock->show();
    CanvasWidget *canvas = window.canvas();
    canvas->fitAll();
    canvas->setSnapToGrid(false);
    QTest::qWait(200);
    const QPointF start = canvas->view().toWorld(canvas->view().toScreen(dragPoint(0)));
    model.setQuery((attn::Vector(2) << start.x(), start.y()).finished());
    auto *recorder = window.findChild<CanvasRecorder *>();

    std::vector<double> wall[2], cpu[2], frame[2];
    int step = 0;
    for (int round = 0; round < 20; ++round) {
        const int on = round % 2;
        window.activateWindow();
        if (!QTest::qWaitForWindowActive(&window))
            std::fprintf(stderr, "the window was not activated; figures may be off\n");
        if (on)
            recorder->start();
        QTest::mousePress(canvas, Qt::LeftButton, {},
                          canvas->view().toScreen(dragPoint(step)).toPoint());
        QElapsedTimer pace;
        pace.start();
        const double roundCpu = bench::threadCpuSeconds();
        for (int i = 1; i <= 60; ++i) {
            ++step;
            const auto t0 = bench::Clock::now();
            const double c0 = bench::threadCpuSeconds();
            QTest::mouseMove(canvas, canvas->view().toScreen(dragPoint(step)).toPoint());
            QApplication::processEvents();
            wall[on].push_back(bench::secondsSince(t0) * 1e3);
            cpu[on].push_back((bench::threadCpuSeconds() - c0) * 1e3);
            // The next move 1/60 s after this one was due; timers (the recorder's) fire here.
            // Waiting in the event loop (not spinning), as the application waits for input.
            const qint64 due = qint64(std::lround(i * 1000.0 / 60));
            if (pace.elapsed() < due) {
                QEventLoop wait;
                QTimer::singleShot(int(due - pace.elapsed()), Qt::PreciseTimer, &wait,
                                   &QEventLoop::quit);
                wait.exec();
            }
        }
        frame[on].push_back((bench::threadCpuSeconds() - roundCpu) * 1e3 / 60);
        QTest::mouseRelease(canvas, Qt::LeftButton, {},
                            canvas->view().toScreen(dragPoint(step)).toPoint());
        if (on) {
            recorder->stop();
            // The trim dialog opens after a recording: close it untimed.
            QTest::qWait(50);
            if (auto *dialog = QApplication::activeModalWidget())
                dialog->close();
        }
        QTest::qWait(200);
    }
    const char *names[] = {"off", "on"};
    for (int on = 0; on < 2; ++on) {
        const bench::Stats w = bench::stats(wall[on]), c = bench::stats(cpu[on]),
                           f = bench::stats(frame[on]);
        std::printf("%4dx%-5d %-3s | %8.2f %8.2f %8.2f %8.2f | %9.2f\n", size.width(),
                    size.height(), names[on], w.median, w.p95, c.median, c.p95, f.median);
    }

    // One picture as the recorder takes it, and what keeping it costs.
    std::vector<double> grab, keep;
    QImage last;
    CanvasRecording recording;
    for (int i = 0; i < 30; ++i) {
        model.setQuery((attn::Vector(2) << 0.5 + 0.02 * i, 0.7).finished());
        QApplication::processEvents();
        const double c0 = bench::threadCpuSeconds();
        const QImage image = canvas->grab().toImage();
        const bool same = image == last;
        grab.push_back((bench::threadCpuSeconds() - c0) * 1e3);
        last = image;
        const auto t0 = bench::Clock::now();
        recording.add(i * 50, image);
        recording.frame(i); // waits for its compression (on a worker thread)
        keep.push_back(bench::secondsSince(t0) * 1e3);
        (void)same;
    }
    std::printf("    capture: grab + compare %.2f ms cpu (median of 30), %d x %d pixels;\n"
                "    kept: compress + read back %.2f ms wall off the GUI thread, %.0f KB a "
                "picture (raw %.0f KB)\n",
                bench::stats(grab).median, last.width(), last.height(), bench::stats(keep).median,
                double(recording.bytes()) / 30 / 1024, double(last.sizeInBytes()) / 1024);
}
void grab(const QString &dir, const QString &lang, QSize size)
{
    Language::install(lang);
    SceneModel model;
    MainWindow window(&model);
    window.resize(size);
    window.show();
    if (!QTest::qWaitForWindowExposed(&window))
        std::fprintf(stderr, "the window was not exposed\n");
    window.activateWindow();
    if (!QTest::qWaitForWindowActive(&window))
        std::fprintf(stderr, "the window was not activated\n");
    QTest::qWait(300);
    CanvasWidget *canvas = window.canvas();
    canvas->setSnapToGrid(false);
    auto *recorder = window.findChild<CanvasRecorder *>();
    // A clock that runs 12 s in the first second, so the status bar shows a time of some length.
    QElapsedTimer real;
    real.start();
    recorder->setClock([&real] { return real.elapsed() * 12; });
    QTest::keyClick(&window, Qt::Key_R, Qt::ControlModifier);
    const attn::Vector q = model.scene().query;
    const double r = std::hypot(q[0], q[1]), a0 = std::atan2(q[1], q[0]);
    const auto at = [&](double a) {
        return canvas->view().toScreen(QPointF(r * std::cos(a), r * std::sin(a))).toPoint();
    };
    QTest::mousePress(canvas, Qt::LeftButton, {}, at(a0));
    for (int i = 1; i <= 24; ++i) {
        QTest::mouseMove(canvas, at(a0 + M_PI * i / 24));
        QTest::qWait(40);
        if (i == 12)
            window.grab().save(QStringLiteral("%1/record-window-%2-%3x%4.png")
                                   .arg(dir, lang)
                                   .arg(size.width())
                                   .arg(size.height()));
    }
    QTest::mouseRelease(canvas, Qt::LeftButton, {}, at(a0 + M_PI));
    QTest::qWait(200);
    QTest::keyClick(&window, Qt::Key_R, Qt::ControlModifier);
    QTest::qWait(200);
    auto *dialog = window.findChild<RecordingTrimDialog *>();
    if (!dialog) {
        std::fprintf(stderr, "no trim dialog\n");
        return;
    }
    if (!QTest::qWaitForWindowExposed(dialog))
        std::fprintf(stderr, "the dialog was not exposed\n");
    const QString name =
        QStringLiteral("%1/record-%2-%3x%4").arg(dir, lang).arg(size.width()).arg(size.height());
    dialog->grab().save(QStringLiteral("%1/record-trim-%2-%3x%4.png")
                            .arg(dir, lang)
                            .arg(size.width())
                            .arg(size.height()));
    dialog->setFilePath(name + QStringLiteral(".gif"));
    dialog->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Save)->click();
}
} // namespace

int main(int argc, char **argv)
{
    QStandardPaths::setTestModeEnabled(true);
    QApplication app(argc, argv);
    if (argc > 2 && QByteArray(argv[1]) == "--grab") {
        const QStringList size =
            QString::fromLatin1(argc > 4 ? argv[4] : "1280x800").split(QLatin1Char('x'));
        grab(QString::fromLocal8Bit(argv[2]), QString::fromLatin1(argc > 3 ? argv[3] : "en"),
             QSize(size.value(0).toInt(), size.value(1).toInt()));
        return 0;
    }
    std::printf("Dragging the query (multi-head, 16 keys, every dock), one move per 1/60 s, ten\n"
                "rounds of 60 moves with recording off and ten with it on, alternating.\n"
                "move = mouse event + repaint (ms); frame cpu = GUI-thread CPU per 1/60 s, "
                "pictures included\n");
    std::printf("%-10s %-3s | %8s %8s %8s %8s | %9s\n", "size", "rec", "wall med", "wall p95",
                "cpu med", "cpu p95", "frame cpu");
    for (QSize size : {QSize(1280, 800), QSize(1920, 1080)})
        measure(size);
    return 0;
}
