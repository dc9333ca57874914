#pragma once

#include "core/dimensionexperiment.h"
#include "export/forwardanimation.h"
#include "export/gifwriter.h"

#include <QCoreApplication>
#include <QImage>
#include <QSize>
#include <QString>

#include <functional>
#include <memory>

class DimensionLabModel;
class DimensionLabPage;

/// The dimension lab as d grows from 1 to 4096, as the frames of an animated GIF (the page's
/// Export animation…): frame k of N at dimensionAt(k) = round(4096^(k/(N−1))), geometric as the
/// temperature sweep, so that each doubling of d gets as many frames. Each frame is the page with
/// its histograms, figures and curves at that d. A never-shown page with a model of its own
/// draws them, with the lab's σ, n and seed but only kSamples dot products per point: the
/// learner's lab keeps its own runs, and 48 frames take seconds rather than minutes (the curves
/// over d are computed once, in the first frame).
class DimensionSweep
{
    Q_DECLARE_TR_FUNCTIONS(DimensionSweep)

public:
    /// N per frame: the lab's smallest, enough for the histogram's shape.
    static constexpr int kSamples = 1000;

    struct Options
    {
        int frames = 48;
        QSize size{1280, 800}; ///< the page's size in logical pixels
        GifWriter::Options gif;
    };

    /// d in frame `frame` of `frames`: 1 in the first, 4096 in the last.
    static int dimensionAt(int frame, int frames);

    DimensionSweep(const attn::DimensionExperimentParams &params, const Options &options);
    ~DimensionSweep();
    DimensionSweep(const DimensionSweep &) = delete;
    DimensionSweep &operator=(const DimensionSweep &) = delete;

    /// Why the sweep cannot be drawn (a size too small for the page); empty when it can.
    QString problem() const { return m_problem; }
    DimensionLabPage *page() const { return m_page.get(); }
    DimensionLabModel *model() const { return m_model.get(); }
    /// Asked while a frame computes: true stops it (the frame then fails).
    void setCancelCheck(std::function<bool()> cancelled) { m_cancelled = std::move(cancelled); }

    /// Computes frame `frame`'s d and returns the page's picture, to be drawn (band by band)
    /// before the next frame. Null with a translated reason in *error when the run failed or was
    /// cancelled.
    std::unique_ptr<PictureInBands> startFrame(int frame, QString *error);
    /// startFrame() drawn whole; a null image on failure.
    QImage drawFrame(int frame, QString *error);
    /// The GIF of every frame, drawn by this sweep (which must outlive it).
    std::unique_ptr<ForwardAnimation> animation();

private:
    Options m_options;
    std::unique_ptr<DimensionLabModel> m_model; // declared before the page, which reads it
    std::unique_ptr<DimensionLabPage> m_page;
    std::function<bool()> m_cancelled;
    QString m_problem;
};
