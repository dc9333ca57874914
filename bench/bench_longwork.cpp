// The window's worst frame while long work runs: the longest gap between two ticks of a 1 ms
// timer on the GUI thread (what the user sees as a frozen window) while each job runs with the
// largest inputs the documented limits allow, and how long a Cancel takes to be obeyed.
//   - opening a sequence file of every limit at once (4 layers of 8 heads, D = 64, 256 names,
//     1024 examples and 1024 held-out ones of 64 tokens with targets, as close to the 32 MiB
//     limit as whole names allow) in the Sequence window, and closing that window;
//   - the dimension lab at d = 4096, N = 1,000,000 samples, n = 512 keys, with the curves;
//   - File → Export Animation… of the canvas at SIZE × SIZE pixels (default 8192, the dialog's
//     largest), 2 frames;
//   - the autosave of that largest sequence after an edit (SequenceAutosave with a short
//     interval, in QStandardPaths' test folder): from the edit (a new sentence) until the
//     autosave is written; beside it the same edit without autosave, which is the part that is
//     not the autosave's;
//   - an edit of that file's model (τ), which starts the Training tab's run again;
//   - Save as… of that file after an edit, and the question before quitting whether anything
//     is unsaved;
//   - the Training view's Export animation… at SIZE × SIZE, 2 frames of a short run;
//   - File → Export… of the canvas as a PNG of SIZE × SIZE pixels;
//   - Edit → Copy Picture of the whole window at 1920 × 1080 and 4×;
//   - File → Export Handout of a lesson of 200 steps (the limit), the built-in lessons' steps
//     repeated;
//   - File → Record's Save of a recording of 40 pictures of 1920 × 1080 (a 4K screen's canvas),
//     as a GIF twice that wide (the trim dialog's largest).
// Usage: bench_longwork [--gif-size SIZE] [--gif-old] [--gif-window] [--skip-sequence]
//                       [--skip-autosave] [--skip-model-edit] [--skip-save] [--skip-lab]
//                       [--skip-gif]
//                       [--skip-training-gif]
//                       [--skip-recording] [--skip-handout] [--skip-png] [--skip-copy]
// (--gif-window: the scene's GIF of the whole window rather than the canvas; --gif-old: also
// each export as its dialog ran it before: every frame drawn in one piece and, for the scene's,
// every step on the GUI thread; for the training run's, quantised and written there too)
// Prints figures; never a timed test.

#include "common/largestsequence.h"
#include "core/sequencefile.h"
#include "export/animationdialog.h"
#include "export/animationexport.h"
#include "export/canvasrecording.h"
#include "export/exportdialog.h"
#include "export/forwardanimation.h"
#include "export/handoutwriter.h"
#include "export/recordingexport.h"
#include "lab/labwindow.h"
#include "mainwindow.h"
#include "model/autosaver.h"
#include "model/dimensionlabmodel.h"
#include "model/lessonsession.h"
#include "model/scenemodel.h"
#include "model/sequencesession.h"
#include "model/trainingsession.h"
#include "sequence/sequenceautosave.h"
#include "sequence/sequencewindow.h"
#include "sequence/trainingsweep.h"
#include "sequence/trainingview.h"
#include "widgets/workerwait.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QMimeData>
#include <QPainter>
#include <QProgressDialog>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTimer>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <memory>
#include <vector>

namespace {

struct Gap
{
    double worstMs = 0;
    double totalMs = 0;
};

// The main window on a new scene at `size`, laid out but never on screen.
struct HiddenWindow
{
    explicit HiddenWindow(QSize size)
    {
        window.setAttribute(Qt::WA_DontShowOnScreen);
        window.resize(size);
        window.show();
        QCoreApplication::processEvents();
    }
    SceneModel model;
    MainWindow window{&model};
};

// Runs `start` from the event loop and keeps the loop running until `done` says so (or a
// minute passes); the worst gap between ticks of a 1 ms timer meanwhile.
Gap measure(const std::function<void()> &start, const std::function<bool()> &done)
{
    QElapsedTimer clock;
    qint64 last = 0, worst = 0;
    QTimer tick;
    QObject::connect(&tick, &QTimer::timeout, [&] {
        const qint64 now = clock.nsecsElapsed();
        worst = std::max(worst, now - last);
        last = now;
    });
    clock.start();
    tick.start(1);
    bool started = false;
    QTimer::singleShot(0, [&] {
        last = clock.nsecsElapsed();
        start();
        started = true;
        const qint64 now = clock.nsecsElapsed();
        worst = std::max(worst, now - last);
        last = now;
    });
    while (!(started && done()) && clock.elapsed() < 600'000)
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 50);
    return {double(worst) / 1e6, double(clock.nsecsElapsed()) / 1e6};
}

void benchSequence(const QString &path)
{
    auto window = std::make_unique<SequenceWindow>();
    window->setAttribute(Qt::WA_DontShowOnScreen);
    window->resize(1280, 800);
    window->show();
    QCoreApplication::processEvents();
    // Until the views have caught up: the file is open and a second has passed since (the
    // parameter editor makes its boxes from the event loop, the views repaint).
    QElapsedTimer sinceOpened;
    QObject::connect(window->session(), &SequenceSession::opened, [&] { sinceOpened.start(); });
    Gap g = measure([&] { window->openFile(path); },
                    [&] { return sinceOpened.isValid() && sinceOpened.elapsed() > 1000; });
    std::printf("open the largest sequence file (%.1f MB):  worst frame %7.1f ms, %7.0f ms in "
                "all (with a second after)\n",
                double(QFileInfo(path).size()) / 1e6, g.worstMs, g.totalMs);
    // Closed as the user closes it (nothing unsaved: the file was just opened), and destroyed
    // with everything it holds.
    bool closed = false;
    g = measure(
        [&] {
            closed = window->close();
            window.reset();
        },
        [] { return true; });
    std::printf("close that window:                         worst frame %7.1f ms, %7.0f ms in "
                "all (%s)\n",
                g.worstMs, g.totalMs, closed ? "closed" : "not closed");
}

// Keeps the event loop running for `ms` milliseconds (the views catch up after an open or an edit).
void settle(int ms)
{
    QElapsedTimer clock;
    clock.start();
    while (clock.elapsed() < ms)
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 20);
}

// Shows `window` off screen at 1280 × 800 and opens the file at `path` in it, then lets the views
// catch up for a second; false (and says so) when the file did not open.
bool openSettled(SequenceWindow &window, const QString &path)
{
    window.setAttribute(Qt::WA_DontShowOnScreen);
    window.resize(1280, 800);
    window.show();
    QCoreApplication::processEvents();
    if (!window.openFile(path)) {
        std::printf("the largest sequence file did not open\n");
        return false;
    }
    settle(1000);
    return true;
}

void benchAutosave(const QString &path)
{
    // The autosave's work is measured against the same edit in a window that does not autosave:
    // the edit's own cost (the views, the Training tab starting again) is not the autosave's.
    for (const bool autosave : {false, true}) {
        SequenceWindow window;
        if (!openSettled(window, path))
            return;
        Autosaver *autosaver = window.autosave()->autosaver();
        // A tick every second (the shortest a very coarse timer keeps): the edit's first tick
        // comes within the measured time.
        if (autosave && !window.autosave()->start(std::chrono::seconds(1))) {
            std::printf("the autosave did not start\n");
            return;
        }
        settle(500);
        bool written = false;
        QObject::connect(autosaver, &Autosaver::saved, [&] { written = true; });
        QElapsedTimer after;
        // A new sentence: the document to autosave changes (the sentence becomes its first
        // example) but the model does not, so the Training tab does not start again (a model
        // edit does, and on the largest file that is a long freeze of its own).
        std::vector<int> tokens = window.session()->tokens();
        std::reverse(tokens.begin(), tokens.end());
        const Gap g = measure(
            [&] {
                window.session()->setTokens(tokens);
                if (!autosave)
                    after.start();
            },
            [&] {
                if (written && !after.isValid())
                    after.start();
                return after.isValid() && after.elapsed() > 1000;
            });
        if (autosave)
            std::printf("autosave of the largest sequence file:     worst frame %7.1f ms, %7.0f ms "
                        "in all (until written, with a second after)\n",
                        g.worstMs, g.totalMs);
        else
            std::printf("the same edit without autosave:            worst frame %7.1f ms, %7.0f ms "
                        "in all (with a second after)\n",
                        g.worstMs, g.totalMs);
        autosaver->cleanExit();
    }
}

// Save as… of the largest file after an edit, and then (after another edit) the question before
// quitting whether anything is unsaved. With `old`, both as they ran before: the bytes made and
// written on the GUI thread.
void benchSave(const QString &path, const QString &dir, bool old)
{
    SequenceWindow window;
    if (!openSettled(window, path))
        return;
    const std::vector<int> opened = window.session()->tokens();
    std::vector<int> tokens = opened;
    std::reverse(tokens.begin(), tokens.end());
    window.session()->setTokens(tokens);
    settle(1000);
    const QString out = QDir(dir).filePath(QStringLiteral("saved.json"));
    bool ok = false;
    Gap g = measure([&] { ok = old ? window.session()->saveFile(out) : window.saveFile(out); },
                    [] { return true; });
    std::printf("Save as… of the largest sequence file%s:  worst frame %7.1f ms, %7.0f ms in "
                "all (%s)\n",
                old ? " (old)" : "      ", g.worstMs, g.totalMs, ok ? "saved" : "failed");
    window.session()->setTokens(opened);
    settle(1000);
    bool unsaved = false;
    g = measure(
        [&] {
            unsaved =
                old ? !window.autosave()->bytes().isEmpty() : window.autosave()->hasUnsavedWork();
        },
        [] { return true; });
    std::printf("is anything unsaved before quitting%s:   worst frame %7.1f ms, %7.0f ms in all "
                "(%s)\n",
                old ? " (old)" : "      ", g.worstMs, g.totalMs, unsaved ? "yes" : "no");
}

// An edit of the largest file's model (τ): the Training tab starts again from the edited model.
// Measured until the run's starting numbers are there (the worker's first batch) and a second
// after.
void benchModelEdit(const QString &path)
{
    SequenceWindow window;
    if (!openSettled(window, path))
        return;
    TrainingSession *run = window.trainingView()->session();
    QElapsedTimer after;
    const double tau = window.session()->document().model.temperature;
    const Gap g = measure([&] { window.session()->setTemperature(tau * 1.5); },
                          [&] {
                              if (!after.isValid() && run->snapshots().front().loss)
                                  after.start();
                              return after.isValid() && after.elapsed() > 1000;
                          });
    std::printf("a model edit (τ) of the largest file:      worst frame %7.1f ms, %7.0f ms in all "
                "(until the run's starting numbers, with a second after)\n",
                g.worstMs, g.totalMs);
    // A head unticked: the status's numbers are measured again with it off.
    QElapsedTimer since;
    const Gap off = measure(
        [&] {
            window.trainingView()->headBox(0, 0)->setChecked(false);
            since.start();
        },
        [&] { return since.elapsed() > 3000; });
    std::printf("a head switched off in the Training tab:   worst frame %7.1f ms (over 3 s)\n",
                off.worstMs);
}

void benchLab()
{
    LabWindow window;
    window.setAttribute(Qt::WA_DontShowOnScreen);
    window.showTab(LabWindow::Tab::DimensionLab);
    DimensionLabModel *model = window.dimensionModel();
    while (model->isBusy())
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 50);
    attn::DimensionExperimentParams p = model->params();
    p.dimension = DimensionLabModel::kMaxDimension;
    p.samples = DimensionLabModel::kMaxSamples;
    p.keys = DimensionLabModel::kMaxKeys;
    const Gap g = measure([&] { model->setParams(p); },
                          [&] { return !model->isBusy() && model->hasPoint(); });
    std::printf("dimension lab, d = 4096, N = 10^6, n = 512:  worst frame %7.1f ms, %7.0f ms in "
                "all\n",
                g.worstMs, g.totalMs);
}

void benchGif(int side, const QString &dir, int part)
{
    HiddenWindow hidden(QSize(1280, 800));
    SceneModel &model = hidden.model;
    MainWindow &window = hidden.window;
    AnimationDialog dialog(window.exportSource(), &model, &window);
    dialog.findChild<QComboBox *>(QStringLiteral("partCombo"))->setCurrentIndex(part);
    dialog.findChild<QSpinBox *>(QStringLiteral("widthSpin"))->setValue(side);
    dialog.findChild<QSpinBox *>(QStringLiteral("heightSpin"))->setValue(side);
    dialog.findChild<QSpinBox *>(QStringLiteral("framesSpin"))->setValue(2);
    const QString path = QDir(dir).filePath(QStringLiteral("big.gif"));
    dialog.setFilePath(path);
    bool finished = false;
    QObject::connect(&dialog, &QDialog::finished, [&] { finished = true; });
    const Gap g = measure([&] { dialog.accept(); },
                          [&] { return finished || (dialog.result() == QDialog::Accepted); });
    std::printf("GIF of the %s, %d x %d, 2 frames:      worst frame %7.1f ms, %7.0f ms in "
                "all (%s)\n",
                part == 0 ? "window" : "canvas", side, side, g.worstMs, g.totalMs,
                QFileInfo::exists(path) ? "written" : "not written");

    // What stays on the GUI thread: drawing one frame (a widget's render()).
    AnimationExport::Options o = dialog.options();
    AnimationExport draw(window.exportSource(), &model, o);
    draw.drawFrame(0);
    QElapsedTimer clock;
    clock.start();
    draw.drawFrame(1);
    std::printf("  of which drawing one frame on the GUI thread: %.1f ms\n",
                double(clock.nsecsElapsed()) / 1e6);
    draw.restore();

    if (!QCoreApplication::arguments().contains(QStringLiteral("--gif-old")))
        return;
    // The dialog's loop before the worker: every step (drawing, counting colours, quantising
    // and writing a frame) on the GUI thread, the events between steps.
    const QString oldPath = QDir(dir).filePath(QStringLiteral("old.gif"));
    AnimationExport animation(window.exportSource(), &model, o);
    bool done = false;
    const Gap old = measure(
        [&] {
            while (animation.step())
                QCoreApplication::processEvents();
            QString error;
            animation.write(oldPath, &error);
            done = true;
        },
        [&] { return done; });
    std::printf("  the same, all on the GUI thread (as before): worst frame %7.1f ms, %7.0f ms in "
                "all\n",
                old.worstMs, old.totalMs);
}
// The Training view's Export animation… as its dialog runs it: a band of a frame per pass of the
// event loop, the frames quantised and written in a worker (or, with `old`, as before: each frame
// drawn whole, quantised and written on the GUI thread, the events between frames).
void benchTrainingGif(int side, bool old)
{
    SequenceSession source;
    if (!source.loadFile(QStringLiteral(AC_SOURCE_DIR "/resources/sequences/task-induction.json")))
        return;
    TrainingSweep::Options o;
    o.steps = 20;
    o.frames = 2;
    o.size = QSize(side, side);
    TrainingSweep sweep(source.document(), o);
    if (!sweep.problem().isEmpty()) {
        std::printf("training GIF: %s\n", qPrintable(sweep.problem()));
        return;
    }
    // Without the worker, a step draws a whole frame and quantises and writes it, as the
    // command line does and the dialog did.
    const std::unique_ptr<ForwardAnimation> animation = sweep.animation();
    if (!old)
        animation->encodeInWorker();
    bool done = false;
    const Gap g = measure(
        [&] {
            while (animation->step()) {
                WorkerWait::letEventsIn(animation->waiting());
            }
            done = true;
        },
        [&] { return done; });
    std::printf("GIF of the Training view, %d x %d, 2 frames%s: worst frame %7.1f ms, %7.0f ms in "
                "all (%s)\n",
                side, side, old ? " (as before)" : "", g.worstMs, g.totalMs,
                animation->finished() ? "finished" : qPrintable(animation->error()));
}
// File → Export… of the canvas as a PNG, as the dialog runs it (drawn in bands, encoded and
// written in a worker) or, with `old`, as it did (Exporter::write, all at once).
void benchPng(int side, const QString &dir, bool old)
{
    HiddenWindow hidden(QSize(1280, 800));
    MainWindow &window = hidden.window;
    ExportDialog dialog(window.exportSource(), &window);
    dialog.findChild<QComboBox *>(QStringLiteral("partCombo"))->setCurrentIndex(1);  // the canvas
    dialog.findChild<QComboBox *>(QStringLiteral("scaleCombo"))->setCurrentIndex(0); // 1×
    dialog.findChild<QSpinBox *>(QStringLiteral("widthSpin"))->setValue(side);
    dialog.findChild<QSpinBox *>(QStringLiteral("heightSpin"))->setValue(side);
    const QString path = QDir(dir).filePath(QStringLiteral("big.png"));
    dialog.setFilePath(path);
    bool done = false, ok = false;
    const Gap g = measure(
        [&] {
            if (old) {
                QString error;
                ok = Exporter(window.exportSource())
                         .write(path, Exporter::Format::Png, dialog.options(), &error);
            } else {
                dialog.accept();
                ok = dialog.result() == QDialog::Accepted;
            }
            done = true;
        },
        [&] { return done; });
    std::printf("PNG of the canvas, %d x %d%s: worst frame %7.1f ms, %7.0f ms in all (%s)\n", side,
                side, old ? " (as before)" : "", g.worstMs, g.totalMs, ok ? "written" : "failed");
}

// Edit → Copy Picture of the whole window at 1920 × 1080 and 4× (the largest scale): 7680 × 4320
// pixels. With `old`, as it ran before: the picture drawn in one piece.
void benchCopy(bool old)
{
    QSettings settings;
    settings.setValue(QStringLiteral("export/part"), QStringLiteral("window"));
    settings.setValue(QStringLiteral("export/scale"), 4);
    HiddenWindow hidden(QSize(1920, 1080));
    MainWindow &window = hidden.window;
    auto *copy = window.findChild<QAction *>(QStringLiteral("actionCopyPicture"));
    bool done = false;
    const Gap g = measure(
        [&] {
            if (old) {
                const Exporter exporter(window.exportSource());
                auto *mime = new QMimeData;
                mime->setImageData(exporter.renderImage(ExportDialog::savedOptions()));
                QString error;
                mime->setData(
                    QStringLiteral("image/svg+xml"),
                    exporter.render(Exporter::Format::Svg, ExportDialog::savedOptions(), &error));
                QGuiApplication::clipboard()->setMimeData(mime);
            } else {
                copy->trigger();
            }
            done = true;
        },
        [&] { return done; });
    const QImage image =
        qvariant_cast<QImage>(QGuiApplication::clipboard()->mimeData()->imageData());
    std::printf("Copy Picture of the window, %d x %d%s: worst frame %7.1f ms, %7.0f ms in all\n",
                image.width(), image.height(), old ? " (as before)" : "", g.worstMs, g.totalMs);
}

// File → Export Handout as the window runs it (a page per pass of the event loop) or, with `old`,
// as it did (every page at once, on the window's thread).
void benchHandout(const QString &dir, bool old)
{
    attn::Lesson lesson;
    for (const QString &path : LessonSession::builtInPaths()) {
        LessonSession session;
        if (!session.load(path, nullptr))
            return;
        if (lesson.steps.empty())
            lesson = session.lesson();
        else
            for (const attn::LessonStep &step : session.lesson().steps)
                lesson.steps.push_back(step);
    }
    const std::vector<attn::LessonStep> steps = lesson.steps;
    while (int(lesson.steps.size()) < attn::kMaxLessonSteps)
        lesson.steps.push_back(steps[lesson.steps.size() % steps.size()]);
    QWidget parent;
    parent.setAttribute(Qt::WA_DontShowOnScreen);
    parent.show();
    const QString path = QDir(dir).filePath(QStringLiteral("handout.pdf"));
    bool done = false, ok = false;
    const Gap g = measure(
        [&] {
            HandoutWriter writer(lesson, {});
            QString error;
            bool cancelled = false;
            ok = old ? writer.write(path, &error)
                     : writer.writeWithProgress(path, &parent, &error, &cancelled);
            done = true;
        },
        [&] { return done; });
    std::printf("handout of %d steps%s: worst frame %7.1f ms, %7.0f ms in all (%s)\n",
                int(lesson.steps.size()), old ? " (as before)" : "", g.worstMs, g.totalMs,
                ok ? "written" : "failed");
}

// A recording's Save as the trim dialog runs it: the pictures unpacked, scaled, quantised and
// written in a worker (or, with `old`, as before: all of it on the GUI thread, the events between
// frames).
void benchRecordingGif(bool old)
{
    CanvasRecording recording;
    const QSize natural(1920, 1080);
    for (int k = 0; k < 40; ++k) {
        // Something like a canvas: a light background, a grid, and arrows that move.
        QImage picture(natural, QImage::Format_RGB32);
        picture.fill(QColor(250, 250, 247));
        QPainter p(&picture);
        p.setRenderHint(QPainter::Antialiasing);
        p.setPen(QColor(220, 220, 220));
        for (int x = 0; x < natural.width(); x += 60)
            p.drawLine(x, 0, x, natural.height());
        for (int y = 0; y < natural.height(); y += 60)
            p.drawLine(0, y, natural.width(), y);
        const QPointF centre(natural.width() / 2.0, natural.height() / 2.0);
        for (int a = 0; a < 5; ++a) {
            const double angle = 0.05 * k + a * 1.2566;
            p.setPen(QPen(QColor::fromHsv(a * 70, 200, 200), 6));
            p.drawLine(centre, centre + 400 * QPointF(std::cos(angle), std::sin(angle)));
        }
        p.end();
        recording.add(k * 50, picture);
    }
    recording.setDuration(40 * 50);
    RecordingExport::Options o;
    o.start = 0;
    o.end = recording.duration();
    o.size = natural * 2;
    o.gif.fps = 20;
    RecordingExport gif(recording, o);
    if (!old)
        gif.encodeInWorker();
    bool done = false;
    const Gap g = measure(
        [&] {
            while (gif.step()) {
                WorkerWait::letEventsIn(gif.waiting());
            }
            done = true;
        },
        [&] { return done; });
    std::printf("recording as a GIF, %d x %d, %d frames%s: worst frame %7.1f ms, %7.0f ms in all "
                "(%s)\n",
                o.size.width(), o.size.height(), gif.frames(), old ? " (as before)" : "", g.worstMs,
                g.totalMs, gif.finished() ? "finished" : qPrintable(gif.error()));
}
} // namespace

int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    // The autosaves go to the test folder (~/.qttest/...), never to the user's own.
    QCoreApplication::setOrganizationName(QStringLiteral("AttentionCanvasBench"));
    QStandardPaths::setTestModeEnabled(true);
    const QStringList args = QApplication::arguments();
    int side = 8192;
    if (const qsizetype i = args.indexOf(QStringLiteral("--gif-size"));
        i > 0 && i + 1 < args.size())
        side = args[i + 1].toInt();

    QTemporaryDir dir;
    if (!args.contains(QStringLiteral("--skip-sequence"))) {
        const QString sequencePath = QDir(dir.path()).filePath(QStringLiteral("largest.json"));
        const std::string text = testfiles::largestSequenceText();
        QFile f(sequencePath);
        if (!f.open(QIODevice::WriteOnly) || f.write(text.data(), qint64(text.size())) < 0)
            return 1;
        f.close();
        benchSequence(sequencePath);
        if (!args.contains(QStringLiteral("--skip-autosave")))
            benchAutosave(sequencePath);
        if (!args.contains(QStringLiteral("--skip-model-edit")))
            benchModelEdit(sequencePath);
        if (!args.contains(QStringLiteral("--skip-save"))) {
            benchSave(sequencePath, dir.path(), false);
            if (args.contains(QStringLiteral("--gif-old")))
                benchSave(sequencePath, dir.path(), true);
        }
    }
    if (!args.contains(QStringLiteral("--skip-lab")))
        benchLab();
    if (!args.contains(QStringLiteral("--skip-gif")))
        benchGif(side, dir.path(), args.contains(QStringLiteral("--gif-window")) ? 0 : 1);
    if (!args.contains(QStringLiteral("--skip-png"))) {
        benchPng(side, dir.path(), false);
        if (args.contains(QStringLiteral("--gif-old")))
            benchPng(side, dir.path(), true);
    }
    if (!args.contains(QStringLiteral("--skip-copy"))) {
        benchCopy(false);
        if (args.contains(QStringLiteral("--gif-old")))
            benchCopy(true);
    }
    if (!args.contains(QStringLiteral("--skip-handout"))) {
        benchHandout(dir.path(), false);
        if (args.contains(QStringLiteral("--gif-old")))
            benchHandout(dir.path(), true);
    }
    if (!args.contains(QStringLiteral("--skip-recording"))) {
        benchRecordingGif(false);
        if (args.contains(QStringLiteral("--gif-old")))
            benchRecordingGif(true);
    }
    if (!args.contains(QStringLiteral("--skip-training-gif"))) {
        benchTrainingGif(side, false);
        if (args.contains(QStringLiteral("--gif-old")))
            benchTrainingGif(side, true);
    }
    return 0;
}
