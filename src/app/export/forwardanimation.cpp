#include "export/forwardanimation.h"

#include <QSaveFile>

#include <utility>

namespace {
GifWriter::Options withPalette(GifWriter::Options gif, int frames, QSize pixels)
{
    // Frames that do not fit in memory get a palette each: a second pass would draw them again.
    if (qint64(pixels.width()) * pixels.height() * 4 * frames > ForwardAnimation::kKeptBytes)
        gif.palette = GifWriter::Palette::PerFrame;
    return gif;
}
} // namespace

ForwardAnimation::ForwardAnimation(int frames, QSize pixels, const GifWriter::Options &gif,
                                   Draw draw)
    : m_frames(std::max(frames, 1)), m_pixels(pixels), m_draw(std::move(draw)),
      m_gif(withPalette(gif, std::max(frames, 1), pixels)), m_writer(pixels, m_gif),
      m_twoPasses(m_writer.needsPalettePass())
{}

ForwardAnimation::~ForwardAnimation() = default;

int ForwardAnimation::total() const
{
    return (m_twoPasses ? 2 : 1) * m_frames + 1;
}

bool ForwardAnimation::fail(const QString &why)
{
    m_error = why;
    m_kept.clear();
    m_picture.reset();
    m_encoder.reset(); // the worker drops the rest of its jobs
    return false;
}

bool ForwardAnimation::drawBand(QImage *image)
{
    QString why;
    if (!m_picture) {
        m_picture = m_draw(m_drawn, &why);
        if (!m_picture || m_picture->isNull())
            return fail(why.isEmpty() ? tr("Frame %1 could not be drawn.").arg(m_drawn + 1) : why);
    }
    if (m_picture->drawBand())
        return true;
    *image = m_picture->take();
    m_picture.reset();
    if (image->isNull())
        return fail(tr("Frame %1 could not be drawn.").arg(m_drawn + 1));
    if (image->size() != m_pixels)
        *image = image->scaled(m_pixels); // never expected: the writer refuses other sizes
    ++m_drawn;
    return true;
}

bool ForwardAnimation::step()
{
    if (m_finished || !m_error.isEmpty())
        return false;
    if (m_inWorker)
        return stepInWorker();
    QString why;
    const int drawn = m_twoPasses ? m_frames : 0; // the palette pass's frames
    if (m_done < m_frames) {
        QImage image;
        while (image.isNull()) {
            if (!drawBand(&image))
                return false;
        }
        if (m_twoPasses) {
            if (!m_writer.addToPalette(image, &why))
                return fail(why);
            m_kept.append(image);
        } else if (!m_writer.addFrame(image, &why)) {
            return fail(why);
        }
    } else if (m_done < drawn + m_frames) {
        const QImage image = std::exchange(m_kept[m_done - m_frames], QImage());
        if (!m_writer.addFrame(image, &why))
            return fail(why);
    } else {
        m_bytes = m_writer.finish(&why);
        if (m_bytes.isEmpty())
            return fail(why);
        m_finished = true;
        ++m_done;
        return false;
    }
    ++m_done;
    return true;
}

bool ForwardAnimation::stepInWorker()
{
    m_waiting = false;
    if (!m_encoder)
        m_encoder = std::make_unique<AnimationEncoder>(m_pixels, m_gif);
    if (m_encoder->failed())
        return fail(m_encoder->error());
    const int drawn = m_twoPasses ? m_frames : 0; // the palette pass's frames
    if (m_done < drawn + m_frames) {
        // One frame with the worker and the next drawn here (beyond the kept ones).
        if (!m_picture && m_encoder->queued() > 1) {
            m_waiting = true;
            return true;
        }
        if (m_done < m_frames) {
            // A band per step, the events between them.
            QImage image;
            if (!drawBand(&image))
                return false;
            if (image.isNull())
                return true;
            if (m_twoPasses) {
                m_encoder->addToPalette(image);
                m_kept.append(image);
            } else {
                m_encoder->addFrame(image);
            }
        } else {
            m_encoder->addFrame(std::exchange(m_kept[m_done - m_frames], QImage()));
        }
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

bool ForwardAnimation::run(const QString &path, QString *error)
{
    while (step()) {
    }
    if (!m_finished) {
        *error = tr("%1: %2").arg(path, m_error);
        return false;
    }
    return write(path, error);
}

bool ForwardAnimation::write(const QString &path, QString *error) const
{
    QSaveFile file(path);
    if (!m_finished || !file.open(QIODevice::WriteOnly) || file.write(m_bytes) != m_bytes.size() ||
        !file.commit()) {
        *error = tr("%1: cannot write the animation: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}
