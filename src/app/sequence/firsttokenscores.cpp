#include "sequence/firsttokenscores.h"

#include "core/trainingtask.h"

#include <QtConcurrent/QtConcurrentRun>

FirstTokenScores::FirstTokenScores(QObject *parent) : QObject(parent)
{
    for (int run = 0; run < 2; ++run)
        connect(&m_watchers[std::size_t(run)], &QFutureWatcher<Done>::finished, this, [this, run] {
            const Done done = m_watchers[std::size_t(run)].result();
            emit ready(run, done.step, done.tag, done.table);
            if (auto &waiting = m_waiting[std::size_t(run)]) {
                Job job = std::move(*waiting);
                waiting.reset();
                start(run, std::move(job));
            }
        });
}

void FirstTokenScores::request(int run, const attn::SequenceModel &model, Examples examples,
                               int step, quint64 tag)
{
    Job job{model, std::move(examples), step, tag};
    if (m_watchers[std::size_t(run)].isRunning())
        m_waiting[std::size_t(run)] = std::move(job);
    else
        start(run, std::move(job));
}

void FirstTokenScores::drop(int run)
{
    m_waiting[std::size_t(run)].reset();
}

FirstTokenScores::Table
FirstTokenScores::measure(const attn::SequenceModel &model,
                          const std::vector<attn::SequenceExample> &examples)
{
    Table table(std::size_t(model.layerCount()));
    for (int l = 0; l < model.layerCount(); ++l)
        for (int h = 0; h < model.headCount(l); ++h)
            table[std::size_t(l)].push_back(
                attn::TrainingTask::firstTokenScore(model, examples, l, h));
    return table;
}

void FirstTokenScores::start(int run, Job job)
{
    // The job owns copies of everything it reads: the view may change or go meanwhile.
    m_watchers[std::size_t(run)].setFuture(QtConcurrent::run([job = std::move(job)] {
        return Done{job.step, job.tag, measure(job.model, *job.examples)};
    }));
}
