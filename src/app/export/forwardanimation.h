#pragma once

#include "export/animationencoder.h"
#include "export/gifwriter.h"
#include "export/pictureinbands.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QImage>
#include <QList>
#include <QSize>
#include <QString>

#include <functional>
#include <memory>

/// An animated GIF of something that only goes forward: a training run, the dimension lab as d
/// grows. Unlike a scene's sweep (AnimationExport), its frames cannot be drawn again cheaply or
/// out of order, so each is drawn once, in order, by the caller's function: while all of them fit
/// in kKeptBytes they are kept for GifWriter's second pass (one palette for the animation), and
/// beyond that each frame gets its own palette in a single pass, so that nothing is drawn twice.
/// The work comes in steps for a progress dialog with Cancel: in a window, each step draws one band
/// of a frame (PictureInBands) while a worker thread quantises and writes the frames drawn before
/// (AnimationEncoder), as AnimationExport does; the command line does it all in turn. The file is
/// replaced only once every frame is done.
class ForwardAnimation
{
    Q_DECLARE_TR_FUNCTIONS(ForwardAnimation)

public:
    /// Makes frame `frame` ready (called for 0, 1, … once each: trains to its step, computes its
    /// point) and returns its picture, not yet drawn: the caller draws it band by band and keeps
    /// what it shows unchanged until it is done. Null, with a translated reason in *error, when
    /// the frame cannot be made.
    using Draw = std::function<std::unique_ptr<PictureInBands>(int frame, QString *error)>;

    /// Frames kept between the two passes up to this many bytes (as AnimationExport).
    static constexpr qint64 kKeptBytes = 512ll << 20;

    /// `frames` frames of `pixels` pixels each.
    ForwardAnimation(int frames, QSize pixels, const GifWriter::Options &gif, Draw draw);

    /// The animation of a sweep (TrainingSweep, DimensionSweep: problem(), setCancelCheck(),
    /// startFrame()), which it keeps alive; null with the sweep's problem in *why when it has one.
    template <class Sweep>
    static std::unique_ptr<ForwardAnimation>
    ofSweep(std::shared_ptr<Sweep> sweep, int frames, QSize pixels, const GifWriter::Options &gif,
            const std::function<bool()> &cancelled, QString *why)
    {
        if (!sweep->problem().isEmpty()) {
            *why = sweep->problem();
            return nullptr;
        }
        sweep->setCancelCheck(cancelled);
        return std::make_unique<ForwardAnimation>(
            frames, pixels, gif,
            [sweep](int frame, QString *error) { return sweep->startFrame(frame, error); });
    }
    ~ForwardAnimation();
    ForwardAnimation(const ForwardAnimation &) = delete;
    ForwardAnimation &operator=(const ForwardAnimation &) = delete;

    int frames() const { return m_frames; }
    /// From the first step on, quantise and write the frames in a worker thread: step() then
    /// draws a band of a frame, hands a finished frame over, or waits (see waiting()) while the
    /// worker is behind. The window's way; the command line does all here.
    void encodeInWorker() { m_inWorker = true; }
    /// Does the next piece of work; false once finished or failed (see error()).
    bool step();
    /// The last step() only found the worker busy: wait a little before the next.
    bool waiting() const { return m_waiting; }
    /// Pieces of total() done (by the worker, when it encodes).
    int done() const { return m_encoder ? m_encoder->completed() : m_done; }
    int total() const;
    bool finished() const { return m_finished; }
    QString error() const { return m_error; }
    const QByteArray &bytes() const { return m_bytes; }
    /// Whether one palette serves every frame (the frames fit in kKeptBytes).
    bool twoPasses() const { return m_twoPasses; }

    /// All steps, then `path` replaced atomically (QSaveFile): on failure an existing file is
    /// left as it was. *error holds one translated line naming the file.
    bool run(const QString &path, QString *error);
    /// Replaces `path` with the finished bytes.
    bool write(const QString &path, QString *error) const;

private:
    bool fail(const QString &why);
    /// Draws a band of frame m_drawn; the finished frame in *image once the last band is drawn.
    /// False on failure.
    bool drawBand(QImage *image);
    bool stepInWorker();

    int m_frames;
    QSize m_pixels;
    Draw m_draw;
    GifWriter::Options m_gif;
    GifWriter m_writer;
    bool m_twoPasses;
    bool m_inWorker = false;
    bool m_waiting = false;
    std::unique_ptr<AnimationEncoder> m_encoder;
    std::unique_ptr<PictureInBands> m_picture; ///< the frame being drawn
    int m_drawn = 0;                           ///< frames drawn (and handed over)
    QList<QImage> m_kept;
    int m_done = 0;
    bool m_finished = false;
    QString m_error;
    QByteArray m_bytes;
};
