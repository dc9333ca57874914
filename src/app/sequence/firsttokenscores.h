#pragma once

#include "core/sequencedocument.h"

#include <QObject>

#include <array>
#include <memory>
#include <optional>
#include <vector>

/// Every head's mean attention weight on the first token (attn::TrainingTask::firstTokenScore)
/// for the captions over the Training view's two runs, computed in Qt's thread pool: over every
/// training example this takes tens of milliseconds on the larger tasks, too long for each frame
/// of a live run. One computation per run at a time; a request made meanwhile replaces the one
/// waiting, so that the captions follow the newest snapshot at the pace the machine allows.
class FirstTokenScores : public QObject
{
    Q_OBJECT

public:
    /// [layer][head]; nullopt where no position has a first token to look at.
    using Table = std::vector<std::vector<std::optional<double>>>;
    using Examples = std::shared_ptr<const std::vector<attn::SequenceExample>>;

    explicit FirstTokenScores(QObject *parent = nullptr);

    /// Measures `model` (the snapshot of `step`) of run `run` (0 or 1) on `examples`; `tag`
    /// comes back with the result, for the caller to tell an outdated one.
    void request(int run, const attn::SequenceModel &model, Examples examples, int step,
                 quint64 tag);
    /// Forgets the request waiting for run `run` (a computation under way still reports).
    void drop(int run);

    /// The table of `model` on `examples`, computed here (the thread pool's work).
    static Table measure(const attn::SequenceModel &model,
                         const std::vector<attn::SequenceExample> &examples);

signals:
    void ready(int run, int step, quint64 tag, const FirstTokenScores::Table &table);

private:
    struct Job
    {
        attn::SequenceModel model;
        Examples examples;
        int step = 0;
        quint64 tag = 0;
    };
    struct Done
    {
        int step = 0;
        quint64 tag = 0;
        Table table;
    };
    void start(int run, Job job);
    void finish(int run, const Done &done);

    // Whether a computation of the run is under way, kept here rather than read from a
    // watcher: a future that has finished but whose finished() has not been delivered yet is
    // neither running nor done for the watcher, and a request in that gap must still wait.
    std::array<bool, 2> m_busy{};
    std::array<std::optional<Job>, 2> m_waiting;
};
