#include "sequence/trainingcurves.h"

#include "model/trainingsession.h"
#include "sequence/trainingchart.h"
#include "sequence/trainingcomparisonrun.h"
#include "theme/colorscheme.h"

#include <QPointF>

namespace {
// The colour of line `index` of `count` (each head's induction score).
QColor lineColour(int index, int count)
{
    return ColorScheme::keyColor(index, count);
}

// The training curve's colour, and the second run's beside it: vermilion and blue stay apart
// for every kind of colour blindness; held-out curves are the same colours dashed.
const QColor kFirstRun(0xd5, 0x5e, 0x00);
QColor secondRun()
{
    return ColorScheme::key();
}

int headCount(const attn::SequenceModel &model)
{
    int heads = 0;
    for (int l = 0; l < model.layerCount(); ++l)
        heads += model.headCount(l);
    return heads;
}

// Whether the held-out curves are drawn: for one run, when its document has held-out examples.
bool drawsHeldOut(const QList<TrainingSession *> &runs)
{
    return !runs.front()->document().heldOut.empty() && runs.size() == 1;
}
} // namespace

TrainingCurves::TrainingCurves(QWidget *parent)
    : QSplitter(Qt::Vertical, parent), m_loss(new TrainingChart(this)),
      m_accuracy(new TrainingChart(this)), m_induction(new TrainingChart(this))
{
    m_accuracy->setFixedRange(0, 100);
    m_induction->setFixedRange(0, 1);
    addWidget(m_loss);
    addWidget(m_accuracy);
    addWidget(m_induction);
    setChildrenCollapsible(false);
}

bool TrainingCurves::makeLines(const QList<TrainingSession *> &runs)
{
    const int lines = int(runs.size()) * (drawsHeldOut(runs) ? 2 : 1);
    const int heads = headCount(runs.front()->document().model);
    if (m_loss->lineCount() == lines && m_induction->lineCount() == heads * int(runs.size()))
        return false;
    m_loss->setLineCount(lines);
    m_accuracy->setLineCount(lines);
    m_induction->setLineCount(heads * int(runs.size()));
    return true;
}

void TrainingCurves::draw(const QList<TrainingSession *> &runs)
{
    const bool held = drawsHeldOut(runs);
    const attn::SequenceModel &model = runs.front()->document().model;
    const int heads = headCount(model);
    for (int r = 0; r < int(runs.size()); ++r) {
        const TrainingSession *run = runs[r];
        QList<QPointF> loss, accuracy, heldLoss, heldAccuracy;
        for (const TrainingPoint &p : run->points()) {
            if (p.loss)
                loss << QPointF(p.step, *p.loss);
            if (p.accuracy)
                accuracy << QPointF(p.step, *p.accuracy * 100);
        }
        for (const TrainingSnapshot &s : run->snapshots()) {
            if (s.heldOutLoss)
                heldLoss << QPointF(s.step, *s.heldOutLoss);
            if (s.heldOutAccuracy)
                heldAccuracy << QPointF(s.step, *s.heldOutAccuracy * 100);
        }
        m_loss->setPoints(r, loss);
        m_accuracy->setPoints(r, accuracy);
        if (held) {
            m_loss->setPoints(1, heldLoss);
            m_accuracy->setPoints(1, heldAccuracy);
        }
        int line = r * heads;
        for (int l = 0; l < model.layerCount(); ++l)
            for (int h = 0; h < model.headCount(l); ++h, ++line) {
                QList<QPointF> scores;
                for (const TrainingSnapshot &s : run->snapshots())
                    if (auto score = s.induction.score(l, h))
                        scores << QPointF(s.step, *score);
                m_induction->setPoints(line, scores);
            }
    }
}

void TrainingCurves::retranslate(const QList<TrainingSession *> &runs)
{
    // The y axes are named by the titles; the x axis is the step everywhere.
    m_loss->setTitles(tr("Loss (cross-entropy)"), tr("step"), QString());
    m_accuracy->setTitles(tr("Accuracy (% right)"), tr("step"), QString());
    m_induction->setTitles(tr("Induction score per head"), tr("step"), QString());
    m_induction->setToolTip(tr("Mean attention weight from each repeated token to the token "
                               "that followed its previous occurrence"));
    const attn::SequenceModel &model = runs.front()->document().model;
    const TrainingSession *second = runs.size() > 1 ? runs[1] : nullptr;
    if (!second) {
        if (m_loss->lineCount() > 0) {
            m_loss->setLine(0, tr("training"), kFirstRun);
            m_accuracy->setLine(0, tr("training"), kFirstRun);
        }
        if (m_loss->lineCount() > 1) {
            m_loss->setLine(1, tr("held-out"), ColorScheme::key(), true);
            m_accuracy->setLine(1, tr("held-out"), ColorScheme::key(), true);
        }
    } else if (m_loss->lineCount() >= 2) {
        // Two runs: a colour per run, the second dashed too.
        const QString names[] = {TrainingComparisonRun::runName(runs.front()),
                                 TrainingComparisonRun::runName(second)};
        const QColor colours[] = {kFirstRun, secondRun()};
        for (int r = 0; r < 2; ++r) {
            m_loss->setLine(r, names[r], colours[r], r == 1);
            m_accuracy->setLine(r, names[r], colours[r], r == 1);
        }
    }
    // Each head a colour; the second run's heads dashed, named with their run (by the run alone
    // when there is one head).
    const int heads = headCount(model);
    const int runCount = second ? 2 : 1;
    for (int r = 0; r < runCount && heads > 0; ++r) {
        int line = 0;
        for (int l = 0; l < model.layerCount(); ++l)
            for (int h = 0; h < model.headCount(l); ++h, ++line) {
                if (r * heads + line >= m_induction->lineCount())
                    continue;
                QString name = model.layerCount() > 1 ? tr("layer %1 head %2").arg(l + 1).arg(h + 1)
                                                      : tr("head %1").arg(h + 1);
                const QString run = TrainingComparisonRun::runName(runs[r]);
                if (second)
                    name = heads == 1 ? run : tr("%1, %2").arg(run, name);
                m_induction->setLine(r * heads + line, name, lineColour(line, heads), r == 1);
            }
    }
}

void TrainingCurves::setMarker(int step)
{
    for (TrainingChart *chart : {m_loss, m_accuracy, m_induction})
        chart->setMarker(step);
}

void TrainingCurves::setLeastStep(int step)
{
    for (TrainingChart *chart : {m_loss, m_accuracy, m_induction})
        chart->setLeastStep(step);
}
