#pragma once

#include "canvas/viewtransform.h"
#include "export/animationencoder.h"
#include "export/exporter.h"
#include "export/gifwriter.h"
#include "export/sweepanimation.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QImage>
#include <QList>
#include <QString>

#include <memory>
#include <optional>

class PictureInBands;
class SceneModel;

/// Draws a sweep (SweepAnimation) of a window's scene frame by frame with an Exporter and
/// writes the frames as an animated GIF (GifWriter). The work comes in small steps, one band of a
/// frame drawn (PictureInBands) or one frame encoded at a time, so that a window can stay
/// responsive and offer Cancel between them; the command line runs all of them at once. Before the
/// first frame the canvas's view is widened, if needed, to show every tip of every frame, so that
/// nothing leaves the picture; the view, the window's size and the scene are put back afterwards.
class AnimationExport
{
    Q_DECLARE_TR_FUNCTIONS(AnimationExport)

public:
    struct Options
    {
        SweepAnimation::Kind kind = SweepAnimation::Kind::RotateQuery;
        int frames = 48;
        Exporter::Options picture; ///< part, size, scale, caption (never transparent)
        GifWriter::Options gif;
    };

    /// Frames kept between the palette pass and the writing pass up to this many bytes; beyond
    /// it they are drawn again for the second pass rather than held in memory.
    static constexpr qint64 kKeptBytes = 512ll << 20;

    AnimationExport(const ExportSource &source, SceneModel *model, const Options &options);
    ~AnimationExport();
    AnimationExport(const AnimationExport &) = delete;
    AnimationExport &operator=(const AnimationExport &) = delete;

    /// Why this animation cannot be made of this scene (translated); empty when it can.
    QString problem() const;

    /// From the first step on, quantise and write the frames in a worker thread
    /// (AnimationEncoder): step() then only draws a frame and hands it over, or waits (see
    /// waiting()) while the worker is behind. The window's way; the command line does all here.
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
    /// The GIF's bytes once finished.
    const QByteArray &bytes() const { return m_bytes; }

    /// All steps, then `path` replaced atomically (QSaveFile): on failure or an empty result
    /// an existing file is left as it was. *error holds one translated line.
    bool run(const QString &path, QString *error);
    /// Replaces `path` with the finished bytes.
    bool write(const QString &path, QString *error) const;

    /// Puts the view, the window and the scene back (also done by the destructor).
    void restore();

    /// Frame `index` as the GIF's frames are drawn, before any quantisation (the benchmark hands
    /// the same frames to another encoder). The view is prepared as for step(); restore() after.
    QImage drawFrame(int index);

private:
    void prepare();
    /// Shows frame `index` and starts its picture (m_picture); false when it cannot be drawn.
    bool startFrame(int index);
    /// Frame `index` drawn whole.
    QImage frame(int index);
    bool fail(const QString &why);
    bool stepInWorker();

    ExportSource m_source;
    SceneModel *m_model;
    Options m_options;
    SweepAnimation m_sweep;
    Exporter m_exporter;
    std::unique_ptr<GifWriter> m_writer;
    std::unique_ptr<AnimationEncoder> m_encoder;
    std::unique_ptr<PictureInBands> m_picture; ///< the frame being drawn band by band
    bool m_inWorker = false;
    bool m_waiting = false;
    QList<QImage> m_kept;
    bool m_keep = true;
    bool m_prepared = false;
    bool m_finished = false;
    int m_done = 0;
    QString m_error;
    QByteArray m_bytes;
    std::optional<ViewTransform> m_savedView;
    QSize m_savedWindowSize;
    bool m_frozeWindow = false; ///< the window's updates are off until restore()
    QByteArray m_savedDocks;
};
