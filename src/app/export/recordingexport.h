#pragma once

#include "export/animationencoder.h"
#include "export/gifwriter.h"

#include <QByteArray>
#include <QColor>
#include <QCoreApplication>
#include <QImage>
#include <QList>
#include <QSize>
#include <QString>

#include <memory>

class CanvasRecording;

/// A stretch of a CanvasRecording as an animated GIF, a step at a time (for a progress bar with
/// Cancel). The GIF has one delay for every frame (GifWriter), so the recording is sampled at the
/// chosen rate: frame k shows what the canvas showed at start + k·d, d being the frame delay
/// GifWriter writes for the rate, and there are as many frames as it takes to cover start to end
/// (at least one). A still stretch repeats its picture, which GifWriter writes as a one-pixel
/// frame. Pictures of another size than the GIF's are scaled to fit in it, centred.
class RecordingExport
{
    Q_DECLARE_TR_FUNCTIONS(RecordingExport)

public:
    struct Options
    {
        qint64 start = 0; ///< ms after the recording's start
        qint64 end = 0;   ///< ms; at least start
        QSize size;       ///< the GIF's pixels
        GifWriter::Options gif;
    };

    /// The number of frames for `start` to `end` at `fps`: ⌈(end − start) / d⌉, at least 1,
    /// d = GifWriter::delayFor(fps) hundredths of a second.
    static int frameCount(qint64 start, qint64 end, int fps);
    /// For each frame, the recording's picture it shows.
    static QList<int> plan(const CanvasRecording &recording, const Options &options);
    /// `image` scaled to fit in `size` (kept proportions), centred on `background`.
    static QImage fitted(const QImage &image, QSize size, QColor background);

    RecordingExport(const CanvasRecording &recording, const Options &options);
    ~RecordingExport();

    /// Steps in all (each frame once or twice, then the end of the file).
    int total() const { return m_total; }
    /// Steps done (by the worker, when it encodes).
    int done() const;
    /// From the first step on, unpack, scale, quantise and write the pictures in a worker thread
    /// (AnimationEncoder): step() then only hands a picture over, or waits (see waiting()) while
    /// the worker is behind. The window's way.
    void encodeInWorker() { m_inWorker = true; }
    /// Does the next step; false when there is none left (finished or failed).
    bool step();
    /// The last step() only found the worker busy: wait a little before the next.
    bool waiting() const { return m_waiting; }
    bool finished() const { return m_finished; }
    QString error() const { return m_error; }
    int frames() const { return int(m_plan.size()); }
    /// Writes the finished file atomically (QSaveFile): on failure an existing file is untouched.
    bool write(const QString &path, QString *error) const;

private:
    QImage frame(int k);
    bool fail(const QString &why);
    bool stepInWorker();
    /// Frame k made by whoever calls it (the worker): the picture unpacked and fitted.
    AnimationEncoder::Maker maker(int k);
    QString unreadable(int k) const;

    const CanvasRecording &m_recording;
    Options m_options;
    QList<int> m_plan;
    std::unique_ptr<GifWriter> m_writer;
    std::unique_ptr<AnimationEncoder> m_encoder;
    struct Made
    {
        int index = -1; ///< the recording's picture
        QImage fitted;  ///< fitted to the GIF
    };
    std::shared_ptr<Made> m_lastMade; ///< touched by the worker only, once it encodes
    bool m_inWorker = false;
    bool m_waiting = false;
    QColor m_background;
    int m_total = 0;
    int m_done = 0;
    int m_cachedIndex = -1; // the picture last decoded, kept for the frames that repeat it
    QImage m_cached;
    QByteArray m_bytes;
    bool m_finished = false;
    QString m_error;
};
