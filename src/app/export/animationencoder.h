#pragma once

#include "export/gifwriter.h"

#include <QByteArray>
#include <QImage>
#include <QSize>
#include <QString>

#include <functional>
#include <memory>

/// A GifWriter in a worker thread: the frames it is handed are counted, quantised, dithered and
/// written there, in the order given, while the window that drew them keeps repainting (at
/// 2048 × 2048 one frame's palette and dithering took several seconds on the GUI thread). The
/// caller polls: queued() says how far behind the worker is, so that it draws the next frame
/// only when the worker is nearly free and at most two frames are held at once. Everything the
/// worker uses is its own: destroying the encoder (a Cancel) returns at once, and the worker
/// drops what is left after the job under way.
class AnimationEncoder
{
public:
    AnimationEncoder(QSize size, const GifWriter::Options &options);
    ~AnimationEncoder();
    AnimationEncoder(const AnimationEncoder &) = delete;
    AnimationEncoder &operator=(const AnimationEncoder &) = delete;

    bool needsPalettePass() const { return m_options.palette != GifWriter::Palette::PerFrame; }
    /// GifWriter::addToPalette(), addFrame() and finish(), queued for the worker.
    void addToPalette(const QImage &frame);
    void addFrame(const QImage &frame);
    void finish();
    /// The end of an export's steps: posts finish() at the first call; true, with the file's
    /// bytes in *bytes, once the worker has written them (false meanwhile: ask again a little
    /// later).
    bool collect(QByteArray *bytes);
    /// A frame made by the worker itself (a recording's picture unpacked and scaled) when its
    /// turn comes; a null image fails the job with `failure` (translated).
    using Maker = std::function<QImage()>;
    void addToPalette(Maker make, const QString &failure);
    void addFrame(Maker make, const QString &failure);

    /// Jobs handed over and not yet done.
    int queued() const;
    /// Jobs done.
    int completed() const;
    /// finish() is done and bytes() holds the file.
    bool isFinished() const;
    /// A job failed: error() says why (translated) and the rest are skipped.
    bool failed() const;
    QString error() const;
    QByteArray bytes() const;

private:
    struct Shared;
    void post(int kind, Maker make, const QString &failure = {});

    GifWriter::Options m_options;
    std::shared_ptr<Shared> m_shared;
    bool m_finishPosted = false;
};
