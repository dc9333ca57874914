#include "export/recordingexport.h"

#include "export/canvasrecording.h"
#include "theme/colorscheme.h"

#include <QPainter>
#include <QSaveFile>

#include <algorithm>

int RecordingExport::frameCount(qint64 start, qint64 end, int fps)
{
    const qint64 delay = qint64(GifWriter::delayFor(fps)) * 10;
    const qint64 span = std::max<qint64>(0, end - start);
    return int(std::max<qint64>(1, (span + delay - 1) / delay));
}

QList<int> RecordingExport::plan(const CanvasRecording &recording, const Options &options)
{
    QList<int> out;
    if (recording.count() == 0)
        return out;
    const qint64 delay = qint64(GifWriter::delayFor(options.gif.fps)) * 10;
    const int n = frameCount(options.start, options.end, options.gif.fps);
    out.reserve(n);
    for (int k = 0; k < n; ++k)
        out << recording.indexAt(options.start + k * delay);
    return out;
}

QImage RecordingExport::fitted(const QImage &image, QSize size, QColor background)
{
    if (image.size() == size)
        return image.convertToFormat(QImage::Format_RGB32);
    QImage out(size, QImage::Format_RGB32);
    out.fill(background);
    const QImage scaled = image.scaled(size, Qt::KeepAspectRatio, Qt::SmoothTransformation);
    QPainter painter(&out);
    painter.drawImage((size.width() - scaled.width()) / 2, (size.height() - scaled.height()) / 2,
                      scaled);
    return out;
}

RecordingExport::RecordingExport(const CanvasRecording &recording, const Options &options)
    : m_recording(recording), m_options(options), m_plan(plan(recording, options))
{
    if (m_plan.isEmpty() || m_options.size.isEmpty()) {
        m_error = tr("The recording holds no picture.");
        return;
    }
    m_writer = std::make_unique<GifWriter>(m_options.size, m_options.gif);
    m_total = int(m_plan.size()) * (m_writer->needsPalettePass() ? 2 : 1) + 1;
    m_background = ColorScheme::background(); // read here: the worker has no business with themes
}

int RecordingExport::done() const
{
    return m_encoder ? m_encoder->completed() : m_done;
}

QString RecordingExport::unreadable(int k) const
{
    return tr("Picture %1 of the recording could not be read.").arg(m_plan[k] + 1);
}

AnimationEncoder::Maker RecordingExport::maker(int k)
{
    // The frames that repeat a picture (a still stretch) reuse it: the makers run one after the
    // other in the worker and share the last one made.
    if (!m_lastMade)
        m_lastMade = std::make_shared<Made>();
    const int index = m_plan.at(k);
    return [last = m_lastMade, index, unpack = m_recording.unpacker(index), size = m_options.size,
            background = m_background] {
        if (last->index != index) {
            const QImage picture = unpack();
            last->fitted = picture.isNull() ? QImage() : fitted(picture, size, background);
            last->index = index;
        }
        return last->fitted;
    };
}

RecordingExport::~RecordingExport() = default;

bool RecordingExport::fail(const QString &why)
{
    m_error = why;
    return false;
}

QImage RecordingExport::frame(int k)
{
    const int index = m_plan.at(k);
    if (index != m_cachedIndex) {
        const QImage picture = m_recording.frame(index);
        m_cached = picture.isNull() ? QImage()
                                    : fitted(picture, m_options.size, ColorScheme::background());
        m_cachedIndex = index;
    }
    return m_cached;
}

bool RecordingExport::step()
{
    if (m_finished || !m_error.isEmpty())
        return false;
    if (m_inWorker)
        return stepInWorker();
    const int n = int(m_plan.size());
    const int palettePass = m_writer->needsPalettePass() ? n : 0;
    QString why;
    if (m_done < palettePass + n) {
        const bool palette = m_done < palettePass;
        const int k = palette ? m_done : m_done - palettePass;
        const QImage image = frame(k);
        if (image.isNull())
            return fail(unreadable(k));
        if (palette ? !m_writer->addToPalette(image, &why) : !m_writer->addFrame(image, &why))
            return fail(why);
    } else {
        m_bytes = m_writer->finish(&why);
        if (m_bytes.isEmpty())
            return fail(why);
        m_finished = true;
        m_cached = QImage();
    }
    ++m_done;
    return !m_finished;
}

bool RecordingExport::stepInWorker()
{
    m_waiting = false;
    if (!m_encoder) {
        m_writer.reset(); // the worker has its own
        m_encoder = std::make_unique<AnimationEncoder>(m_options.size, m_options.gif);
    }
    if (m_encoder->failed())
        return fail(m_encoder->error());
    const int n = int(m_plan.size());
    const int palettePass = m_encoder->needsPalettePass() ? n : 0;
    if (m_done < palettePass + n) {
        // A picture with the worker and the next queued: nothing piles up if Cancel comes.
        if (m_encoder->queued() > 1) {
            m_waiting = true;
            return true;
        }
        const bool palette = m_done < palettePass;
        const int k = palette ? m_done : m_done - palettePass;
        if (palette)
            m_encoder->addToPalette(maker(k), unreadable(k));
        else
            m_encoder->addFrame(maker(k), unreadable(k));
        ++m_done;
        return true;
    }
    if (!m_encoder->collect(&m_bytes)) {
        m_waiting = true;
        return true;
    }
    m_finished = true;
    return false;
}

bool RecordingExport::write(const QString &path, QString *error) const
{
    QSaveFile file(path);
    if (!m_finished || !file.open(QIODevice::WriteOnly) || file.write(m_bytes) != m_bytes.size() ||
        !file.commit()) {
        *error = tr("%1: cannot write the recording: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}
