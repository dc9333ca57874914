#include "sequence/firsttokenscores.h"

#include "core/trainingtask.h"

#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>

FirstTokenScores::FirstTokenScores(QObject *parent) : QObject(parent) {}

void FirstTokenScores::request(int run, const attn::SequenceModel &model, Examples examples,
                               int step, quint64 tag)
{
    Job job{model, std::move(examples), step, tag};
    if (m_busy[std::size_t(run)])
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
    m_busy[std::size_t(run)] = true;
    // A watcher per computation: one watcher given a second future while the first one's
    // finished() is still on its way can lose a result.
    auto *watcher = new QFutureWatcher<Done>(this);
    connect(watcher, &QFutureWatcher<Done>::finished, this, [this, run, watcher] {
        watcher->deleteLater();
        finish(run, watcher->result());
    });
    // The job owns copies of everything it reads: the view may change or go meanwhile.
    watcher->setFuture(QtConcurrent::run([job = std::move(job)] {
        return Done{job.step, job.tag, measure(job.model, *job.examples)};
    }));
}

void FirstTokenScores::finish(int run, const Done &done)
{
    m_busy[std::size_t(run)] = false;
    emit ready(run, done.step, done.tag, done.table);
    if (auto &waiting = m_waiting[std::size_t(run)]) {
        Job job = std::move(*waiting);
        waiting.reset();
        start(run, std::move(job));
    }
}
