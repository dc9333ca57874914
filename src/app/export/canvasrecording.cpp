#include "export/canvasrecording.h"

#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <cstring>

CanvasRecording::~CanvasRecording()
{
    for (Frame &f : m_frames)
        f.data.waitForFinished();
}

void CanvasRecording::add(qint64 ms, const QImage &image)
{
    Frame f;
    f.ms = m_frames.isEmpty() ? ms : std::max(ms, m_frames.constLast().ms);
    f.size = image.size();
    f.bytesPerLine = image.bytesPerLine();
    f.format = image.format();
    f.rawBytes = image.sizeInBytes();
    // The image is shared with the worker (implicitly shared, read only): no copy is made here.
    f.data = QtConcurrent::run(
        [image] { return qCompress(image.constBits(), qsizetype(image.sizeInBytes()), 1); });
    m_frames.append(std::move(f));
    m_duration = std::max(m_duration, m_frames.constLast().ms);
}

QImage CanvasRecording::frame(int index) const
{
    return unpacker(index)();
}

std::function<QImage()> CanvasRecording::unpacker(int index) const
{
    // A QFuture shares its result, thread-safely, with its copies.
    return [f = m_frames.at(index)] {
        const QByteArray raw = qUncompress(f.data.result());
        QImage image(f.size, f.format);
        if (image.isNull() || raw.size() != f.rawBytes || image.bytesPerLine() != f.bytesPerLine)
            return QImage();
        std::memcpy(image.bits(), raw.constData(), size_t(raw.size()));
        return image;
    };
}

int CanvasRecording::indexAt(qint64 ms) const
{
    if (m_frames.isEmpty())
        return -1;
    const auto after = std::upper_bound(m_frames.cbegin(), m_frames.cend(), ms,
                                        [](qint64 t, const Frame &f) { return t < f.ms; });
    return std::max(0, int(after - m_frames.cbegin()) - 1);
}

qsizetype CanvasRecording::bytes() const
{
    qsizetype total = 0;
    for (const Frame &f : m_frames) {
        // Ask for the result, not for isFinished(): a waiter's result() returns as soon as the
        // result is reported, a moment before the future is marked finished.
        total += f.data.isResultReadyAt(0) ? f.data.resultAt(0).size() : f.rawBytes;
    }
    return total;
}
