// One frame of the Sequence window while the learner drags: an edit of the model (an embedding
// row moves a little, as a drag of an embedding does) and the paint that follows, offscreen at
// 1280 × 800, with the two-layer preset on sentences of 16 and 64 tokens. Two figures per size:
// - "frame": what the event loop does after the edit: the layout passes the edit asks for, then
//   the paint of every widget the edit marked for repainting (the views that show the model:
//   heat maps, head view, q/k planes, embedding plane, offset plot). The benchmark counts the
//   paint events of those views and says if one of them was not repainted in a frame, so a view
//   that stops following the model cannot make the figure look better.
// - "whole window": the same edit followed by a repaint of every widget of the window, controls
//   and tab bars included: an upper bound, not what a drag costs.
// Prints medians and 95th percentiles (wall and this thread's CPU time), how often per frame the
// painting thread waited (for the raster engine's thread pool), the edit alone (CPU and
// wall: under load the wall time of even the single-threaded edit grows, which tells waiting
// for other processes from waiting for the raster engine's thread pool), and each view
// repainted alone (CPU and wall).
//
// Run: QT_QPA_PLATFORM=offscreen ./bench/bench_sequencewindow

#include "benchclock.h"
#include "model/sequencesession.h"
#include "sequence/sequenceembeddingcanvas.h"
#include "sequence/sequenceheadview.h"
#include "sequence/sequenceheatmapgrid.h"
#include "sequence/sequenceoffsetplot.h"
#include "sequence/sequenceqkcanvas.h"
#include "sequence/sequencetokenstrip.h"
#include "sequence/sequencewindow.h"

#include <QApplication>
#include <QTest>

#include <cmath>
#include <cstdio>
#include <map>
#include <sys/resource.h>

namespace {

constexpr int kFrames = 200;

// Row 0 of the embedding moved along a small circle: each frame a new model.
attn::Vector movedRow(const attn::Vector &start, int frame)
{
    attn::Vector row = start;
    const double a = 2 * M_PI * frame / kFrames;
    row(0) += 0.3 * std::cos(a);
    if (row.size() > 1)
        row(1) += 0.3 * std::sin(a);
    return row;
}

// How many times this thread has waited so far (voluntary context switches): a frame that waits
// for the raster engine's thread pool counts some; one that is only pushed off its core by
// other processes counts none.
long threadWaits()
{
    rusage usage{};
    getrusage(RUSAGE_THREAD, &usage);
    return usage.ru_nvcsw;
}

// Counts the paint events each watched widget receives.
class PaintCounter : public QObject
{
public:
    std::map<QObject *, int> counts;
    void watch(QWidget *w)
    {
        counts[w] = 0;
        w->installEventFilter(this);
    }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() == QEvent::Paint)
            ++counts[watched];
        return false;
    }
};

} // namespace

int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);

    std::printf("Sequence window, 1280 x 800, two-layer preset; an embedding row moved, then "
                "the paint (%d frames, medians)\n",
                kFrames);
    std::printf("%-8s %-13s %10s %10s %10s %12s %12s %8s\n", "tokens", "paint", "wall ms", "p95 ms",
                "cpu ms", "edit cpu ms", "edit wall ms", "waits");
    for (int tokens : {16, 64}) {
        SequenceWindow window;
        SequenceSession *session = window.session();
        const QString preset = QStringLiteral(":/sequences/two-layer-induction.json");
        if (!window.loadPreset(preset)) {
            std::fprintf(stderr, "cannot load %s: %s\n", qPrintable(preset),
                         qPrintable(session->message()));
            return 1;
        }
        std::vector<int> sentence;
        const int vocabulary = int(session->model().vocabulary.size());
        for (int i = 0; i < tokens; ++i)
            sentence.push_back((i * 3 + i / vocabulary) % vocabulary);
        if (!session->setTokens(sentence)) {
            std::fprintf(stderr, "%s\n", qPrintable(session->message()));
            return 1;
        }
        window.resize(1280, 800);
        window.show();
        if (!QTest::qWaitForWindowExposed(&window))
            std::fprintf(stderr, "the window was not exposed; figures may be off\n");
        QApplication::processEvents();

        const attn::Vector start = session->model().weights.embedding.row(0).transpose();
        const std::pair<const char *, QWidget *> views[] = {
            {"heat maps", window.heatmaps()},         {"head view", window.headView()},
            {"q/k planes", window.qkCanvas()},        {"token strip", window.tokenStrip()},
            {"embeddings", window.embeddingCanvas()}, {"offset plot", window.offsetPlot()}};
        for (const bool whole : {false, true}) {
            PaintCounter painted;
            for (const auto &[name, view] : views)
                if (view != window.tokenStrip() && view->isVisible())
                    painted.watch(view);
            std::vector<double> wall, cpu, edit, editWall;
            const long waits = threadWaits();
            for (int frame = 0; frame < kFrames; ++frame) {
                const auto t0 = bench::Clock::now();
                const double c0 = bench::threadCpuSeconds();
                session->setEmbeddingRow(0, movedRow(start, frame + (whole ? kFrames / 2 : 0)));
                const double c1 = bench::threadCpuSeconds();
                editWall.push_back(bench::secondsSince(t0) * 1e3);
                // Layout passes asked for by the edit (a view whose size hint changed) come
                // first, as the event loop runs them before painting.
                QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
                if (whole)
                    window.repaint();
                else // what the edit marked for repainting, as the event loop would paint it
                    QCoreApplication::sendPostedEvents(nullptr, QEvent::UpdateRequest);
                cpu.push_back((bench::threadCpuSeconds() - c0) * 1e3);
                wall.push_back(bench::secondsSince(t0) * 1e3);
                edit.push_back((c1 - c0) * 1e3);
            }
            const auto w = bench::stats(wall), c = bench::stats(cpu), e = bench::stats(edit);
            std::printf("%-8d %-13s %10.2f %10.2f %10.2f %12.3f %12.3f %8.2f\n", tokens,
                        whole ? "whole window" : "frame", w.median, w.p95, c.median, e.median,
                        bench::stats(editWall).median, double(threadWaits() - waits) / kFrames);
            for (const auto &[view, count] : painted.counts)
                if (count < kFrames)
                    std::printf("    warning: %s painted in %d of %d frames\n",
                                qPrintable(view->metaObject()->className()), count, kFrames);
        }
        // Where the time goes: each view repainted alone.
        for (const auto &[name, view] : views) {
            std::vector<double> t, wall;
            for (int i = 0; i < 50; ++i) {
                const auto t0 = bench::Clock::now();
                const double c0 = bench::threadCpuSeconds();
                view->repaint();
                t.push_back((bench::threadCpuSeconds() - c0) * 1e3);
                wall.push_back(bench::secondsSince(t0) * 1e3);
            }
            std::printf("    repaint %-12s %8.2f ms cpu %8.2f ms wall\n", name,
                        bench::stats(t).median, bench::stats(wall).median);
        }
    }
    std::printf("before the views kept their still parts as pictures (2026-12-02, load 7.2-8.3, "
                "alternating runs): frame 5.0-5.3 / 9.8-18.1 ms cpu at 16 / 64 tokens,\n"
                "  wall 5.8-15 / 21-51 ms; at 64: head view 2.6-4.0, offset plot 1.7-1.9, q/k "
                "planes 1.5-1.7, heat maps 0.9-1.3, embeddings 0.6-0.7 ms cpu\n");
    std::printf("target: under 8 ms per frame at 64 tokens\n");
    return 0;
}
