// The window's worst frame while long work runs: the longest gap between two ticks of a 1 ms
// timer on the GUI thread (what the user sees as a frozen window) while each job runs with the
// largest inputs the documented limits allow, and how long a Cancel takes to be obeyed.
//   - opening a sequence file of every limit at once (4 layers of 8 heads, D = 64, 256 names,
//     1024 examples and 1024 held-out ones of 64 tokens with targets, as close to the 32 MiB
//     limit as whole names allow) in the Sequence window;
//   - the dimension lab at d = 4096, N = 1,000,000 samples, n = 512 keys, with the curves;
//   - File → Export Animation… of the canvas at SIZE × SIZE pixels (default 8192, the dialog's
//     largest), 2 frames.
//   - the autosave of that largest sequence after an edit (SequenceAutosave with a short
//     interval, in QStandardPaths' test folder): from the edit (a new sentence) until the
//     autosave is written;
//     beside it the same edit without autosave, which is the part that is not the autosave's.
// Usage: bench_longwork [--gif-size SIZE] [--gif-old] [--skip-sequence] [--skip-autosave]
//                       [--skip-lab] [--skip-gif]
// (--gif-old: also the export as the dialog ran it before, every step on the GUI thread)
// Prints figures; never a timed test.

#include "common/largestsequence.h"
#include "core/sequencefile.h"
#include "export/animationdialog.h"
#include "export/animationexport.h"
#include "lab/labwindow.h"
#include "mainwindow.h"
#include "model/dimensionlabmodel.h"
#include "model/scenemodel.h"
#include "model/autosaver.h"
#include "model/sequencesession.h"
#include "sequence/sequenceautosave.h"
#include "sequence/sequencewindow.h"

#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProgressDialog>
#include <QPushButton>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <vector>

namespace {

struct Gap
{
    double worstMs = 0;
    double totalMs = 0;
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
    SequenceWindow window;
    window.setAttribute(Qt::WA_DontShowOnScreen);
    window.resize(1280, 800);
    window.show();
    QCoreApplication::processEvents();
    // Until the views have caught up: the file is open and a second has passed since (the
    // parameter editor makes its boxes from the event loop, the views repaint).
    QElapsedTimer sinceOpened;
    QObject::connect(window.session(), &SequenceSession::opened, [&] { sinceOpened.start(); });
    const Gap g = measure([&] { window.openFile(path); },
                          [&] { return sinceOpened.isValid() && sinceOpened.elapsed() > 1000; });
    std::printf("open the largest sequence file (%.1f MB):  worst frame %7.1f ms, %7.0f ms in "
                "all (with a second after)\n",
                double(QFileInfo(path).size()) / 1e6, g.worstMs, g.totalMs);
}

// Keeps the event loop running for `ms` milliseconds (the views catch up after an open or an edit).
void settle(int ms)
{
    QElapsedTimer clock;
    clock.start();
    while (clock.elapsed() < ms)
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 20);
}

void benchAutosave(const QString &path)
{
    // The autosave's work is measured against the same edit in a window that does not autosave:
    // the edit's own cost (the views, the Training tab starting again) is not the autosave's.
    for (const bool autosave : {false, true}) {
        SequenceWindow window;
        window.setAttribute(Qt::WA_DontShowOnScreen);
        window.resize(1280, 800);
        window.show();
        QCoreApplication::processEvents();
        if (!window.openFile(path)) {
            std::printf("the largest sequence file did not open\n");
            return;
        }
        settle(1000);
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

void benchGif(int side, const QString &dir)
{
    SceneModel model;
    MainWindow window(&model);
    window.setAttribute(Qt::WA_DontShowOnScreen);
    window.resize(1280, 800);
    window.show();
    QCoreApplication::processEvents();
    AnimationDialog dialog(window.exportSource(), &model, &window);
    dialog.findChild<QComboBox *>(QStringLiteral("partCombo"))->setCurrentIndex(1); // the canvas
    dialog.findChild<QSpinBox *>(QStringLiteral("widthSpin"))->setValue(side);
    dialog.findChild<QSpinBox *>(QStringLiteral("heightSpin"))->setValue(side);
    dialog.findChild<QSpinBox *>(QStringLiteral("framesSpin"))->setValue(2);
    const QString path = QDir(dir).filePath(QStringLiteral("big.gif"));
    dialog.setFilePath(path);
    bool finished = false;
    QObject::connect(&dialog, &QDialog::finished, [&] { finished = true; });
    const Gap g = measure([&] { dialog.accept(); },
                          [&] { return finished || (dialog.result() == QDialog::Accepted); });
    std::printf("GIF of the canvas, %d x %d, 2 frames:      worst frame %7.1f ms, %7.0f ms in "
                "all (%s)\n",
                side, side, g.worstMs, g.totalMs,
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
    }
    if (!args.contains(QStringLiteral("--skip-lab")))
        benchLab();
    if (!args.contains(QStringLiteral("--skip-gif")))
        benchGif(side, dir.path());
    return 0;
}
