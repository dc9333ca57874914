#include "export/animationencoder.h"

#include <QThreadPool>

#include <atomic>
#include <deque>
#include <memory>
#include <mutex>
#include <utility>

namespace {
enum Kind
{
    Palette,
    Frame,
    Finish
};
} // namespace

struct AnimationEncoder::Shared
{
    Shared(QSize size, const GifWriter::Options &options) : size(size), options(options) {}

    const QSize size;
    const GifWriter::Options options;
    /// Made by the worker at its first job: it clears a buffer of 4 bytes a pixel, a quarter of a
    /// second at 8192 × 8192 pixels. Only the worker touches it.
    std::unique_ptr<GifWriter> writer;
    std::atomic<bool> cancelled = false;
    mutable std::mutex mutex; ///< guards everything below
    std::deque<std::pair<int, QImage>> jobs;
    bool draining = false; ///< a worker is taking jobs off `jobs`
    int queued = 0;
    int completed = 0;
    bool finished = false;
    QString error;
    QByteArray bytes;
};

AnimationEncoder::AnimationEncoder(QSize size, const GifWriter::Options &options)
    : m_options(options), m_shared(std::make_shared<Shared>(size, options))
{}

AnimationEncoder::~AnimationEncoder()
{
    // The worker keeps its own reference: it ends after the job under way. When it is idle, the
    // writer's buffers (256 MiB and more at the largest size) are freed in a worker too.
    m_shared->cancelled.store(true);
    QThreadPool::globalInstance()->start([s = std::move(m_shared)] {});
}

void AnimationEncoder::addToPalette(const QImage &frame)
{
    post(Palette, frame);
}

void AnimationEncoder::addFrame(const QImage &frame)
{
    post(Frame, frame);
}

void AnimationEncoder::finish()
{
    post(Finish, {});
}

void AnimationEncoder::post(int kind, const QImage &frame)
{
    const std::shared_ptr<Shared> s = m_shared;
    {
        const std::lock_guard lock(s->mutex);
        s->jobs.emplace_back(kind, frame);
        ++s->queued;
        if (s->draining)
            return;
        s->draining = true;
    }
    // One worker at a time takes the jobs in order; it stops when none are left and the next
    // post() starts another.
    QThreadPool::globalInstance()->start([s] {
        for (;;) {
            std::pair<int, QImage> job;
            {
                const std::lock_guard lock(s->mutex);
                if (s->jobs.empty() || s->cancelled.load() || !s->error.isEmpty()) {
                    s->jobs.clear();
                    s->draining = false;
                    return;
                }
                job = std::move(s->jobs.front());
                s->jobs.pop_front();
            }
            QString why;
            QByteArray bytes;
            bool ok = true;
            if (!s->writer)
                s->writer = std::make_unique<GifWriter>(s->size, s->options);
            if (job.first == Palette)
                ok = s->writer->addToPalette(job.second, &why);
            else if (job.first == Frame)
                ok = s->writer->addFrame(job.second, &why);
            else
                ok = !(bytes = s->writer->finish(&why)).isEmpty();
            job.second = QImage(); // freed before the next frame is taken
            const std::lock_guard lock(s->mutex);
            --s->queued;
            ++s->completed;
            if (!ok)
                s->error = why;
            else if (job.first == Finish) {
                s->bytes = std::move(bytes);
                s->finished = true;
            }
        }
    });
}

int AnimationEncoder::queued() const
{
    const std::lock_guard lock(m_shared->mutex);
    return m_shared->queued;
}

int AnimationEncoder::completed() const
{
    const std::lock_guard lock(m_shared->mutex);
    return m_shared->completed;
}

bool AnimationEncoder::isFinished() const
{
    const std::lock_guard lock(m_shared->mutex);
    return m_shared->finished;
}

bool AnimationEncoder::failed() const
{
    const std::lock_guard lock(m_shared->mutex);
    return !m_shared->error.isEmpty();
}

QString AnimationEncoder::error() const
{
    const std::lock_guard lock(m_shared->mutex);
    return m_shared->error;
}

QByteArray AnimationEncoder::bytes() const
{
    const std::lock_guard lock(m_shared->mutex);
    return m_shared->bytes;
}
