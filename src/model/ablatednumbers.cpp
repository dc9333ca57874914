#include "ablatednumbers.h"

#include "core/sequenceevaluation.h"
#include "trainingsession.h"

#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>

#include <vector>

namespace {
AblatedNumbers::Numbers measure(const attn::SequenceModel &model,
                                const std::vector<attn::SequenceExample> &examples,
                                const std::vector<attn::SequenceExample> &heldOut)
{
    AblatedNumbers::Numbers n;
    if (auto e = attn::SequenceEvaluation::evaluate(model, examples)) {
        n.loss = e->loss();
        n.accuracy = e->accuracy();
    }
    if (!heldOut.empty())
        if (auto e = attn::SequenceEvaluation::evaluate(model, heldOut)) {
            n.heldOutLoss = e->loss();
            n.heldOutAccuracy = e->accuracy();
        }
    return n;
}

QString keyOf(const TrainingSession *session, int step, const attn::HeadMask &off)
{
    QString key = QString::number(quintptr(session), 16) + QLatin1Char('/') +
                  QString::number(step) + QLatin1Char('/');
    for (const auto &layer : off) {
        for (const bool head : layer)
            key += head ? QLatin1Char('1') : QLatin1Char('0');
        key += QLatin1Char(',');
    }
    return key;
}
} // namespace

AblatedNumbers::AblatedNumbers(QObject *parent) : QObject(parent) {}

std::optional<AblatedNumbers::Numbers> AblatedNumbers::numbers(const TrainingSession *session,
                                                               int step, const attn::HeadMask &off,
                                                               const attn::SequenceModel &model)
{
    const attn::SequenceDocument &document = session->document();
    if (TrainingSession::measureWork(document) <= TrainingSession::kMeasureHereWork)
        return measure(model, document.examples, document.heldOut);
    const QString key = keyOf(session, step, off);
    if (const auto known = m_known.constFind(key); known != m_known.constEnd())
        return *known;
    if (!m_pending.contains(key)) {
        m_pending.insert(key);
        // The worker has copies of its own: the session may start again meanwhile.
        auto *watcher = new QFutureWatcher<Numbers>(this);
        connect(watcher, &QFutureWatcher<Numbers>::finished, this,
                [this, watcher, key, generation = m_generation] {
                    watcher->deleteLater();
                    if (generation != m_generation)
                        return;
                    m_pending.remove(key);
                    m_known.insert(key, watcher->result());
                    emit ready();
                });
        watcher->setFuture(QtConcurrent::run(measure, model, document.examples, document.heldOut));
    }
    return std::nullopt;
}

void AblatedNumbers::clear()
{
    ++m_generation;
    m_known.clear();
    m_pending.clear();
}
