#pragma once

#include "export/forwardanimation.h"
#include "export/gifwriter.h"

#include <QCoreApplication>
#include <QImage>
#include <QSize>
#include <QString>

#include <functional>
#include <memory>

namespace attn {
struct SequenceDocument;
}
struct CommandLineOptions;
class SequenceSession;
class TrainingView;

/// A training run as the frames of an animated GIF (`--animate training` and the Training view's
/// Export animation…): a never-shown Training view of its own trains a copy of the document with
/// the document's settings, and frame k of N shows it after stepAt(k) = round(k·S/(N−1)) of the
/// S steps (frame 0 the untrained model, the last frame step S), the curves growing as they do
/// on screen but along step axes that reach S from the first frame, so that nothing jumps.
///
/// The run is made again rather than replayed from a window's timeline: the timeline keeps every
/// step only up to 200 and then ever fewer (attn::SnapshotPolicy), and a window's run may have
/// been paused, forked or re-tuned on the way. Training is sequential arithmetic, so the same
/// document (model, seed, examples, training block) gives the same frames and the same GIF bytes
/// every time; TrainingSession::runTo() stops the worker on exact steps whatever its speed.
/// The view is not the window's, so the learner's own run, timeline and autosave stay as they
/// are.
class TrainingSweep
{
    Q_DECLARE_TR_FUNCTIONS(TrainingSweep)

public:
    struct Options
    {
        int steps = 1000; ///< S: the last frame's step
        int frames = 48;
        QSize size{1280, 800}; ///< the Training view's size in logical pixels
        int scale = 1;         ///< pixels per logical pixel
        GifWriter::Options gif;
    };

    /// The step that frame `frame` of `frames` shows, of `steps` in all.
    static int stepAt(int frame, int frames, int steps);
    /// Why `document` cannot be made into a training animation (translated, one sentence), empty
    /// when it can: no "training" block (when `needsTrainingBlock`: a file names its settings),
    /// or no example with a target.
    static QString problem(const attn::SequenceDocument &document, bool needsTrainingBlock);

    TrainingSweep(const attn::SequenceDocument &document, const Options &options);
    ~TrainingSweep();
    TrainingSweep(const TrainingSweep &) = delete;
    TrainingSweep &operator=(const TrainingSweep &) = delete;

    /// Why this sweep cannot be made (the document's problem, or a size smaller than the view
    /// can be laid out at); empty when it can.
    QString problem() const { return m_problem; }
    const Options &options() const { return m_options; }
    TrainingView *view() const { return m_view.get(); }
    /// Asked while a frame's steps are trained: true stops the run (the frame then fails).
    void setCancelCheck(std::function<bool()> cancelled) { m_cancelled = std::move(cancelled); }

    /// Trains on to frame `frame`'s step and returns the view's picture, to be drawn (band by
    /// band) before the next frame; frames come in order. Null with a translated reason in
    /// *error when the run stopped (it diverged, or was cancelled).
    std::unique_ptr<PictureInBands> startFrame(int frame, QString *error);
    /// startFrame() drawn whole; a null image on failure.
    QImage drawFrame(int frame, QString *error);
    /// The GIF of every frame, drawn by this sweep (which must outlive it).
    std::unique_ptr<ForwardAnimation> animation();

    /// `--scene FILE --animate training --export OUT.gif`: reads FILE, refuses one without a
    /// training block, trains over --train N steps (default: the file's own) and writes OUT only
    /// once every frame is done. Returns the exit code; *error holds one translated line.
    static int runCommand(const CommandLineOptions &options, QString *error);

private:
    /// Processes events until the run has reached `step` (or stopped, or was cancelled).
    bool waitFor(int step);

    Options m_options;
    std::unique_ptr<SequenceSession> m_source; // declared before the view, which reads it
    std::unique_ptr<TrainingView> m_view;
    std::function<bool()> m_cancelled;
    QString m_problem;
    int m_batches = 0;  ///< batches received from the worker
    int m_expected = 1; ///< batches asked for: the restart of setDocument(), then one per frame
};
