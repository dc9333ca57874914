#pragma once

#include "core/headablation.h"
#include "core/sequencemodel.h"

#include <QHash>
#include <QObject>
#include <QSet>
#include <QString>

#include <optional>

class TrainingSession;

/// The loss and accuracy of a Training view snapshot with the unticked heads switched off (on
/// the training and the held-out examples), for the view's status line. A small document's are
/// measured at once; one beyond TrainingSession::kMeasureHereWork is measured in Qt's thread pool
/// (over the largest file, tens of seconds that froze the window at every frame while a head
/// was unticked), and ready() says when its numbers are there. Numbers are kept by run, step
/// and heads until clear() (a run started again reuses its steps).
class AblatedNumbers : public QObject
{
    Q_OBJECT

public:
    struct Numbers
    {
        std::optional<double> loss, accuracy, heldOutLoss, heldOutAccuracy;
    };

    explicit AblatedNumbers(QObject *parent = nullptr);

    /// The numbers of `model`, snapshot `step` of `session` with the heads `off` switched off;
    /// nothing yet while a worker measures them.
    std::optional<Numbers> numbers(const TrainingSession *session, int step,
                                   const attn::HeadMask &off, const attn::SequenceModel &model);
    /// Forgets every number, and the ones still being measured.
    void clear();

signals:
    void ready();

private:
    QHash<QString, Numbers> m_known;
    QSet<QString> m_pending;
    quint64 m_generation = 0; ///< results of before a clear() are dropped
};
