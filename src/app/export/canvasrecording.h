#pragma once

#include <QByteArray>
#include <QFuture>
#include <QImage>
#include <QList>
#include <QSize>

#include <functional>

/// What a recording of the canvas holds: the pictures the canvas showed, each with the moment
/// (milliseconds after the start) from which it was on screen, and the recording's length. A
/// picture is added only when the canvas looked different, so a still stretch is one picture
/// however long it lasts; a GIF made from it repeats that picture (GifWriter writes a repeat as
/// one transparent pixel).
///
/// Memory: each picture is kept zlib-compressed (qCompress, level 1), compressed in Qt's thread
/// pool so that the drag being recorded does not wait for it. The flat colours and thin lines of
/// the canvas shrink 9 to 14 times (bench/bench_record, multi-head with 16 keys: a 610 × 426
/// canvas 1015 KB raw, 113 KB kept; 1064 × 606, 2519 KB and 179 KB). The recorder
/// (CanvasRecorder) stops at kMaxBytes of kept pictures, and it takes at most
/// CanvasRecorder::kCaptureFps pictures a second for at most a minute (1200 pictures): a
/// recording holds at most 256 MiB plus the few pictures still being compressed (one or two per
/// worker thread).
class CanvasRecording
{
public:
    static constexpr qsizetype kMaxBytes = qsizetype(256) * 1024 * 1024;

    CanvasRecording() = default;
    /// Waits for the compressions still running.
    ~CanvasRecording();
    CanvasRecording(const CanvasRecording &) = delete;
    CanvasRecording &operator=(const CanvasRecording &) = delete;

    /// Adds the picture on screen from `ms` on (not before the last one's time).
    void add(qint64 ms, const QImage &image);
    /// Sets the length: the recording ended at `ms`.
    void setDuration(qint64 ms) { m_duration = ms; }

    int count() const { return int(m_frames.size()); }
    qint64 duration() const { return m_duration; }
    qint64 timeAt(int index) const { return m_frames.at(index).ms; }
    QSize sizeAt(int index) const { return m_frames.at(index).size; }
    /// The picture `index` as it was added (waits for its compression if needed).
    QImage frame(int index) const;
    /// frame(index) to be called later, in any thread: it holds its own share of the compressed
    /// bytes, so it outlives the recording (a GIF's worker may still be at it after a Cancel).
    std::function<QImage()> unpacker(int index) const;
    /// The picture on screen at `ms`: the last one added at or before it (the first one before
    /// the first); -1 when there is none.
    int indexAt(qint64 ms) const;
    /// The bytes kept: compressed pictures, and the raw size of those still being compressed.
    qsizetype bytes() const;

private:
    struct Frame
    {
        qint64 ms = 0;
        QSize size;
        qsizetype bytesPerLine = 0;
        QImage::Format format = QImage::Format_Invalid;
        qsizetype rawBytes = 0;
        QFuture<QByteArray> data;
    };
    QList<Frame> m_frames;
    qint64 m_duration = 0;
};
