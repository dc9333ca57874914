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
    struct Job
    {
        int kind = Finish;
        Maker make;      ///< the frame (none for Finish)
        QString failure; ///< when make() gives a null image
    };
    std::deque<Job> jobs;
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
    post(Palette, [frame] { return frame; });
}

void AnimationEncoder::addFrame(const QImage &frame)
{
    post(Frame, [frame] { return frame; });
}

bool AnimationEncoder::collect(QByteArray *bytes)
{
    if (!std::exchange(m_finishPosted, true))
        finish();
    if (!isFinished())
        return false;
    *bytes = this->bytes();
    return true;
}

void AnimationEncoder::addToPalette(Maker make, const QString &failure)
{
    post(Palette, std::move(make), failure);
}

void AnimationEncoder::addFrame(Maker make, const QString &failure)
{
    post(Frame, std::move(make), failure);
}

void AnimationEncoder::finish()
{
    post(Finish, {});
}

void AnimationEncoder::post(int kind, Maker make, const QString &failure)
{
    const std::shared_ptr<Shared> s = m_shared;
    {
        const std::lock_guard lock(s->mutex);
        s->jobs.push_back({kind, std::move(make), failure});
        ++s->queued;
        if (s->draining)
            return;
        s->draining = true;
    }
    // One worker at a time takes the jobs in order; it stops when none are left and the next
    // post() starts another.
    QThreadPool::globalInstance()->start([s] {
        for (;;) {
            Shared::Job job;
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
            if (job.kind == Finish) {
                ok = !(bytes = s->writer->finish(&why)).isEmpty();
            } else {
                const QImage frame = job.make();
                job.make = nullptr; // its share of the frame goes now, `frame` with this block
                if (frame.isNull()) {
                    ok = false;
                    why = job.failure;
                } else if (job.kind == Palette) {
                    ok = s->writer->addToPalette(frame, &why);
                } else {
                    ok = s->writer->addFrame(frame, &why);
                }
            }
            const std::lock_guard lock(s->mutex);
            --s->queued;
            ++s->completed;
            if (!ok)
                s->error = why;
            else if (job.kind == Finish) {
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
