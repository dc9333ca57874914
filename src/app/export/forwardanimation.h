#pragma once

#include "export/gifwriter.h"

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
/// The work comes in steps (one frame drawn or encoded at a time) for a progress dialog with
/// Cancel; the file is replaced only once every frame is done.
class ForwardAnimation
{
    Q_DECLARE_TR_FUNCTIONS(ForwardAnimation)

public:
    /// Draws frame `frame` (called for 0, 1, … once each); a null image and a translated reason
    /// in *error when it cannot.
    using Draw = std::function<QImage(int frame, QString *error)>;

    /// Frames kept between the two passes up to this many bytes (as AnimationExport).
    static constexpr qint64 kKeptBytes = 512ll << 20;

    /// `frames` frames of `pixels` pixels each.
    ForwardAnimation(int frames, QSize pixels, const GifWriter::Options &gif, Draw draw);
    ~ForwardAnimation();
    ForwardAnimation(const ForwardAnimation &) = delete;
    ForwardAnimation &operator=(const ForwardAnimation &) = delete;

    int frames() const { return m_frames; }
    /// Does the next piece of work; false once finished or failed (see error()).
    bool step();
    int done() const { return m_done; }
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

    int m_frames;
    QSize m_pixels;
    Draw m_draw;
    GifWriter m_writer;
    bool m_twoPasses;
    QList<QImage> m_kept;
    int m_done = 0;
    bool m_finished = false;
    QString m_error;
    QByteArray m_bytes;
};
