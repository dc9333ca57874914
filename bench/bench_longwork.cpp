// The window's worst frame while long work runs: the longest gap between two ticks of a 1 ms
// timer on the GUI thread (what the user sees as a frozen window) while each job runs with the
// largest inputs the documented limits allow, and how long a Cancel takes to be obeyed.
//   - opening a sequence file of every limit at once (4 layers of 8 heads, D = 64, 256 names,
//     1024 examples and 1024 held-out ones of 64 tokens with targets, as close to the 32 MiB
//     limit as whole names allow) in the Sequence window;
//   - the dimension lab at d = 4096, N = 1,000,000 samples, n = 512 keys, with the curves;
//   - File → Export Animation… of the canvas at SIZE × SIZE pixels (default 8192, the dialog's
//     largest), 2 frames.
// Usage: bench_longwork [--gif-size SIZE] [--skip-gif]
// Prints figures; never a timed test.

#include "common/largestsequence.h"
#include "core/sequencefile.h"
#include "export/animationdialog.h"
#include "lab/labwindow.h"
#include "mainwindow.h"
#include "model/dimensionlabmodel.h"
#include "model/scenemodel.h"
#include "model/sequencesession.h"
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
#include <QTemporaryDir>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <functional>

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
    bool opened = false;
    QObject::connect(window.session(), &SequenceSession::opened, [&] { opened = true; });
    const Gap g = measure([&] { window.openFile(path); }, [&] { return opened; });
    std::printf("open the largest sequence file (%.1f MB):  worst frame %7.1f ms, %7.0f ms in "
                "all\n",
                double(QFileInfo(path).size()) / 1e6, g.worstMs, g.totalMs);
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
}
} // namespace

int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const QStringList args = QApplication::arguments();
    int side = 8192;
    if (const qsizetype i = args.indexOf(QStringLiteral("--gif-size"));
        i > 0 && i + 1 < args.size())
        side = args[i + 1].toInt();

    QTemporaryDir dir;
    const QString sequencePath = QDir(dir.path()).filePath(QStringLiteral("largest.json"));
    {
        const std::string text = testfiles::largestSequenceText();
        QFile f(sequencePath);
        if (!f.open(QIODevice::WriteOnly) || f.write(text.data(), qint64(text.size())) < 0)
            return 1;
    }
    benchSequence(sequencePath);
    benchLab();
    if (!args.contains(QStringLiteral("--skip-gif")))
        benchGif(side, dir.path());
    return 0;
}
