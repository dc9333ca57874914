// One frame of the Sequence window while the learner drags: an edit of the model (an embedding
// row moves a little, as a drag of an embedding does) and the repaint of the whole window that
// follows (token strip, every heat map, the head view, the q/k planes, the embedding plane, the
// offset plot and every control), offscreen at 1280 × 800, with the two-layer preset on sentences
// of 16 and 64 tokens. The layout passes the edit asks for are run inside the frame too. Prints
// the median and 95th percentile per frame (wall and this thread's CPU time), the edit alone,
// each view repainted alone, and the figures before the views measured once per paint.
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

} // namespace

int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);

    std::printf("Sequence window, 1280 x 800, two-layer preset; one frame = an embedding row "
                "moved + the whole window repainted (%d frames, medians)\n",
                kFrames);
    std::printf("%-8s %12s %10s %12s %14s\n", "tokens", "wall ms", "p95 ms", "cpu ms",
                "edit cpu ms");
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
        std::vector<double> wall, cpu, edit;
        for (int frame = 0; frame < kFrames; ++frame) {
            const auto t0 = bench::Clock::now();
            const double c0 = bench::threadCpuSeconds();
            session->setEmbeddingRow(0, movedRow(start, frame));
            const double c1 = bench::threadCpuSeconds();
            // Layout passes asked for by the edit (a view whose size hint changed) are part of
            // the frame, as the event loop would run them before painting.
            QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
            // Painted now rather than when the event loop gets to it, so that the frame is in
            // the figure whatever the platform defers.
            window.repaint();
            cpu.push_back((bench::threadCpuSeconds() - c0) * 1e3);
            wall.push_back(bench::secondsSince(t0) * 1e3);
            edit.push_back((c1 - c0) * 1e3);
        }
        const auto w = bench::stats(wall), c = bench::stats(cpu), e = bench::stats(edit);
        std::printf("%-8d %12.2f %10.2f %12.2f %14.3f\n", tokens, w.median, w.p95, c.median,
                    e.median);
        // Where the time goes: each view repainted alone.
        const std::pair<const char *, QWidget *> views[] = {
            {"heat maps", window.heatmaps()},         {"head view", window.headView()},
            {"q/k planes", window.qkCanvas()},        {"token strip", window.tokenStrip()},
            {"embeddings", window.embeddingCanvas()}, {"offset plot", window.offsetPlot()}};
        for (const auto &[name, view] : views) {
            std::vector<double> t;
            for (int i = 0; i < 50; ++i) {
                const double c0 = bench::threadCpuSeconds();
                view->repaint();
                t.push_back((bench::threadCpuSeconds() - c0) * 1e3);
            }
            std::printf("    repaint %-12s %8.2f ms cpu\n", name, bench::stats(t).median);
        }
    }
    std::printf("before (2026-12-02, load 14-19): 6.7-7.3 / 24.9-27.6 ms cpu at 16 / 64 tokens;\n"
                "  at 64: head view 7.0, token strip 5.4, q/k planes 2.1, heat maps 1.6, offset "
                "plot about 4 ms\n");
    std::printf("target: under 8 ms per frame at 64 tokens\n");
    return 0;
}
