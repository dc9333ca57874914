#include "sequence/trainingcomparisonrun.h"

#include "methods/normalisernames.h"
#include "model/sequencesession.h"
#include "model/trainingpace.h"
#include "model/trainingsession.h"
#include "sequence/trainingstatustext.h"

#include <QComboBox>
#include <QLabel>
#include <QSignalBlocker>
#include <QStringList>
#include <QWidget>

#include <algorithm>
#include <memory>

namespace {
// The last snapshot at or before `step` (the first one when none is).
int indexAtOrBefore(const std::vector<TrainingSnapshot> &snapshots, int step)
{
    const auto after =
        std::upper_bound(snapshots.begin(), snapshots.end(), step,
                         [](int s, const TrainingSnapshot &snapshot) { return s < snapshot.step; });
    return std::max(0, int(after - snapshots.begin()) - 1);
}
} // namespace

TrainingComparisonRun::TrainingComparisonRun(TrainingSession *first, QWidget *view)
    : QObject(view), m_first(first), m_view(new SequenceSession(this)),
      m_firstToken(new FirstTokenScores(this))
{
    m_label = new QLabel(view);
    m_box = new QComboBox(view);
    m_box->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_label->setBuddy(m_box);
    for (Caption &caption : m_captions) {
        caption.label = new QLabel(view);
        caption.label->setWordWrap(true);
        caption.label->setAlignment(Qt::AlignTop | Qt::AlignHCenter);
        caption.label->hide();
    }

    connect(m_box, &QComboBox::activated, this, [this](int index) {
        const int data = m_box->itemData(index).toInt();
        emit chosen(data < 0 ? std::nullopt : std::optional(attn::Normaliser(data)));
    });
    connect(m_firstToken, &FirstTokenScores::ready, this, &TrainingComparisonRun::showCaption);
}

QString TrainingComparisonRun::runName(const TrainingSession *session)
{
    return NormaliserNames::shortName(session->document().model.normaliser);
}

attn::SequenceDocument TrainingComparisonRun::comparedDocument(attn::Normaliser normaliser) const
{
    attn::SequenceDocument document = m_first->document();
    document.model.normaliser = normaliser;
    return document;
}

void TrainingComparisonRun::setNormaliser(std::optional<attn::Normaliser> normaliser)
{
    if (normaliser && *normaliser == m_first->document().model.normaliser)
        normaliser.reset();
    if (normaliser != m_normaliser) {
        m_normaliser = normaliser;
        if (!normaliser) {
            // Back to one run: the first goes on as it was.
            delete m_run;
            m_run = nullptr;
            m_index = 0;
            m_first->setPace(nullptr, 0);
        } else {
            const bool running = m_first->isRunning() || (m_run && m_run->isRunning());
            if (!m_run) {
                m_run = new TrainingSession(this);
                connect(m_run, &TrainingSession::restarted, this,
                        &TrainingComparisonRun::restarted);
                connect(m_run, &TrainingSession::progressed, this,
                        &TrainingComparisonRun::progressed);
                connect(m_run, &TrainingSession::runningChanged, this,
                        &TrainingComparisonRun::runningChanged);
                connect(m_run, &TrainingSession::stopped, this, [this](const QString &text) {
                    emit stopped(tr("%1: %2").arg(runName(m_run), text));
                });
                // In step with each other, so that both sides show the same step.
                auto pace = std::make_shared<TrainingPace>();
                m_first->setPace(pace, 0);
                m_run->setPace(pace, 1);
            }
            // Both from step 0, with the settings the first run has now.
            m_run->setDocument(comparedDocument(*normaliser));
            m_run->setLearningRate(m_first->settings().learningRate);
            m_run->setOptimizer(m_first->settings().optimizer);
            m_first->reset();
            if (running) {
                m_first->play();
                m_run->play();
            }
        }
    }
    const QSignalBlocker block(m_box);
    const int at = m_normaliser ? m_box->findData(int(*m_normaliser)) : 0;
    m_box->setCurrentIndex(std::max(0, at));
}

bool TrainingComparisonRun::followFirst()
{
    fillBox();
    if (m_normaliser && *m_normaliser == m_first->document().model.normaliser)
        return false;
    if (m_run)
        m_run->setDocument(comparedDocument(*m_normaliser));
    return true;
}

void TrainingComparisonRun::fillBox()
{
    const attn::Normaliser own = m_first->document().model.normaliser;
    const QSignalBlocker block(m_box);
    m_box->clear();
    m_box->addItem(tr("(none)"), -1);
    // Those that need no sink first, as in the New training task dialog; short names, so that
    // the status beside the box keeps each run's numbers on one line.
    for (attn::Normaliser n : {attn::Normaliser::Softmax1, attn::Normaliser::Sigmoid,
                               attn::Normaliser::Sparsemax, attn::Normaliser::Softmax})
        if (n != own) {
            m_box->addItem(NormaliserNames::shortName(n), int(n));
            m_box->setItemData(m_box->count() - 1, NormaliserNames::name(n), Qt::ToolTipRole);
        }
    const int at = m_normaliser ? m_box->findData(int(*m_normaliser)) : 0;
    m_box->setCurrentIndex(std::max(0, at));
}

const TrainingSnapshot *TrainingComparisonRun::pickShown(int step, bool newest)
{
    if (!m_run || m_run->snapshots().empty())
        return nullptr;
    // The second run at the same step when scrubbing back; at its newest step when following
    // (the pace keeps it within a step of the first's).
    const auto &snapshots = m_run->snapshots();
    m_index = newest ? int(snapshots.size()) - 1 : indexAtOrBefore(snapshots, step);
    return &snapshots[std::size_t(m_index)];
}

void TrainingComparisonRun::requestCaption(int run, const TrainingSnapshot &snapshot,
                                           const attn::SequenceModel &model,
                                           const attn::HeadMask &off)
{
    // A new request only when the step or the heads switched off changed: while paused, the
    // views are drawn again for many reasons that leave the numbers as they were.
    QString key = QString::number(snapshot.step);
    for (const auto &layer : off)
        for (bool headOff : layer)
            key += headOff ? QLatin1Char('0') : QLatin1Char('1');
    Caption &caption = m_captions[std::size_t(run)];
    if (key == caption.key)
        return;
    caption.key = key;
    m_firstToken->request(run, model, caption.examples, snapshot.step, ++caption.requested);
}

void TrainingComparisonRun::restartCaption(int run)
{
    const TrainingSession *session = run == 0 ? m_first : m_run;
    Caption &caption = m_captions[std::size_t(run)];
    caption.examples =
        std::make_shared<const std::vector<attn::SequenceExample>>(session->document().examples);
    caption.key.clear();
    caption.validFrom = caption.requested + 1; // results of the run before are of no use
    m_firstToken->drop(run);
    caption.label->clear();
}

void TrainingComparisonRun::showCaption(int run, int step, quint64 tag,
                                        const FirstTokenScores::Table &table)
{
    const Caption &caption = m_captions[std::size_t(run)];
    const TrainingSession *session = run == 0 ? m_first : m_run;
    if (!session || tag < caption.validFrom)
        return;
    // The attention sink in one number per head: the mean weight of every later position on
    // the first token, over the training examples.
    const bool one = table.size() == 1 && table.front().size() == 1;
    QStringList scores;
    for (std::size_t l = 0; l < table.size(); ++l)
        for (std::size_t h = 0; h < table[l].size(); ++h) {
            const QString score = TrainingStatusText::number(table[l][h]);
            scores << (one ? score
                           : TrainingStatusText::headScore(int(table.size()), int(l), int(h),
                                                           score));
        }
    caption.label->setText(tr("%1, step %2 — mean weight on the first token: %3")
                               .arg(runName(session))
                               .arg(step)
                               .arg(scores.join(QStringLiteral(", "))));
    emit captionShown(run, caption.label->text());
}

void TrainingComparisonRun::retranslate()
{
    m_label->setText(tr("Compare &with:"));
    fillBox();
    m_box->setToolTip(
        tr("Train a second run beside this one: the same model, seed and examples, with another "
           "normaliser. Both runs start again from step 0; the charts draw both, and their "
           "attention maps stand side by side with each head's mean weight on the first token."));
}
