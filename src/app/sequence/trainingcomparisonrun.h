#pragma once

#include "core/headablation.h"
#include "core/normaliser.h"
#include "core/sequencedocument.h"
#include "sequence/firsttokenscores.h"

#include <QObject>
#include <QString>

#include <array>
#include <optional>

class QComboBox;
class QLabel;
class QWidget;
class SequenceSession;
class TrainingSession;
struct TrainingSnapshot;

/// The second run of the Training tab's "Compare with": the first run's document (model, seed,
/// examples) with another normaliser, trained in a TrainingSession of its own (its own worker
/// thread), which a TrainingPace shared with the first keeps within a step of it while both run.
/// It also holds what the comparison adds to the tab: the box that chooses the normaliser, the
/// session the second run's maps read, and the captions over both runs' maps, each naming its
/// run, the step it shows and its heads' mean weight on the first token (FirstTokenScores). The
/// TrainingView lays these out, drives both runs and shows both.
class TrainingComparisonRun : public QObject
{
    Q_OBJECT

public:
    /// Compares with `first` once a normaliser is chosen; the box, its label and the captions
    /// (hidden) are children of `view`.
    TrainingComparisonRun(TrainingSession *first, QWidget *view);

    /// The second run's normaliser; none when training one run.
    std::optional<attn::Normaliser> normaliser() const { return m_normaliser; }
    /// Trains a second run with `normaliser` beside the first, both from step 0 (a run under
    /// way goes on running); none, or the first run's own normaliser, goes back to one run and
    /// keeps the first run's record. The box shows the choice.
    void setNormaliser(std::optional<attn::Normaliser> normaliser);
    /// The first run has a new document: the box offers the normalisers other than its own and
    /// the second run starts again on it. False when the first run now has the second's
    /// normaliser, which is no comparison: the caller goes back to one run.
    bool followFirst();

    /// The second run, null when not comparing.
    TrainingSession *session() const { return m_run; }
    /// The session the second run's maps read.
    SequenceSession *viewSession() const { return m_view; }
    /// Picks the second run's snapshot to show beside the first run's of `step`: its last at or
    /// before `step`, or its newest when `newest`. Null when not comparing or before its first
    /// snapshot.
    const TrainingSnapshot *pickShown(int step, bool newest);
    /// The second run's snapshot picked last (an index into session()->snapshots()).
    int shownIndex() const { return m_index; }

    QLabel *boxLabel() const { return m_label; }
    QComboBox *box() const { return m_box; }
    /// The caption over run `run`'s maps (0 the first, 1 the second).
    QLabel *caption(int run) const { return m_captions[std::size_t(run)].label; }
    /// Asks for the first-token weights of run `run`'s shown `model`, made from `snapshot` with
    /// the heads `off` switched off (computed off the window's thread).
    void requestCaption(int run, const TrainingSnapshot &snapshot, const attn::SequenceModel &model,
                        const attn::HeadMask &off);
    /// Run `run` started again: its examples, and no result of before.
    void restartCaption(int run);

    void retranslate();

    /// The name of run `session` (its normaliser) for legends, captions and the status.
    static QString runName(const TrainingSession *session);

signals:
    /// "Compare with" chose `normaliser`, none for one run.
    void chosen(std::optional<attn::Normaliser> normaliser);
    /// The second run's TrainingSession::restarted, progressed and runningChanged.
    void restarted();
    void progressed();
    void runningChanged();
    /// The second run stopped for `message`, which names the run.
    void stopped(const QString &message);
    /// The caption over run `run`'s maps now reads `text`.
    void captionShown(int run, const QString &text);

private:
    /// The second run's document: the first run's with `normaliser`.
    attn::SequenceDocument comparedDocument(attn::Normaliser normaliser) const;
    /// "(none)" and the normalisers other than the first run's.
    void fillBox();
    /// "softmax, step 12 — mean weight on the first token: 0.42" over run `run`'s maps.
    void showCaption(int run, int step, quint64 tag, const FirstTokenScores::Table &table);

    TrainingSession *m_first;
    TrainingSession *m_run = nullptr;
    SequenceSession *m_view;
    std::optional<attn::Normaliser> m_normaliser;
    int m_index = 0;
    QLabel *m_label;
    QComboBox *m_box;
    FirstTokenScores *m_firstToken;
    /// Per run: its caption, what it was last asked for and which answers are still of use.
    struct Caption
    {
        QLabel *label = nullptr;
        FirstTokenScores::Examples examples;
        QString key;
        quint64 requested = 0, validFrom = 0;
    };
    std::array<Caption, 2> m_captions;
};
