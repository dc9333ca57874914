#include "sequence/trainingstatustext.h"

#include "model/ablatednumbers.h"
#include "model/sequencesession.h"
#include "model/trainingsession.h"
#include "theme/colorscheme.h"

#include <QLocale>
#include <QStringList>

QString TrainingStatusText::number(std::optional<double> x)
{
    return x ? QLocale().toString(*x, 'g', 3) : QStringLiteral("–");
}

QString TrainingStatusText::percent(std::optional<double> x)
{
    return x ? QLocale().toString(*x * 100, 'f', 1) + QLatin1Char('%') : QStringLiteral("–");
}

QString TrainingStatusText::headScore(int layers, int layer, int head, const QString &score)
{
    return layers > 1 ? tr("layer %1 head %2: %3").arg(layer + 1).arg(head + 1).arg(score)
                      : tr("head %1: %2").arg(head + 1).arg(score);
}

QString TrainingStatusText::status(const TrainingSession *session, const TrainingSnapshot &s,
                                   const attn::SequenceModel &model, const attn::HeadMask &off,
                                   AblatedNumbers *measured)
{
    const bool ablated = attn::anyHeadOff(s.model, off);
    // A large document's starting numbers come from the worker a moment after a restart
    // (TrainingSession::setDocument).
    if (!s.loss && s.step == 0 && session->canTrain() && !ablated && session->points().empty())
        return tr("Step 0: measuring the loss and accuracy over every example…");
    std::optional<double> loss = s.loss, accuracy = s.accuracy, heldLoss = s.heldOutLoss,
                          heldAccuracy = s.heldOutAccuracy;
    bool measuring = false;
    if (ablated) {
        // The snapshot's numbers are for every head on; with heads off they are measured again
        // (a large document's in a worker: "–" until they come).
        loss = accuracy = heldLoss = heldAccuracy = std::nullopt;
        if (const auto n = measured->numbers(session, s.step, off, model)) {
            loss = n->loss;
            accuracy = n->accuracy;
            heldLoss = n->heldOutLoss;
            heldAccuracy = n->heldOutAccuracy;
        } else {
            measuring = true;
        }
    }
    QString status =
        tr("Step %1: loss %2, accuracy %3").arg(s.step).arg(number(loss), percent(accuracy));
    if (!session->document().heldOut.empty())
        status +=
            tr("; held-out loss %1, accuracy %2").arg(number(heldLoss), percent(heldAccuracy));
    if (ablated)
        status += QLatin1Char(' ') + (measuring ? tr("(with the unticked heads switched off: "
                                                     "measuring…)")
                                                : tr("(with the unticked heads switched off)"));
    return status;
}

QString TrainingStatusText::predictions(const SequenceSession *view,
                                        const attn::SequenceModel &model,
                                        const std::vector<attn::SequenceExample> &examples, int e)
{
    if (!view->hasResult() || e < 0 || e >= int(examples.size()))
        return {};
    const auto &targets = examples[std::size_t(e)].targets;
    const auto &predictions = view->forward().predictions;
    QStringList cells;
    int scored = 0, right = 0;
    for (std::size_t i = 0; i < predictions.size(); ++i) {
        const QString name =
            QString::fromStdString(model.outputs[std::size_t(predictions[i])]).toHtmlEscaped();
        const int target = i < targets.size() ? targets[i] : -1;
        if (target < 0) {
            cells << QStringLiteral("<span style='color:%1'>%2</span>")
                         .arg(ColorScheme::axis().name(), name);
        } else if (target == predictions[i]) {
            ++scored;
            ++right;
            cells << name;
        } else {
            ++scored;
            cells << QStringLiteral("<b><span style='color:%1'>%2✗</span></b>")
                         .arg(ColorScheme::error().name(), name);
        }
    }
    return tr("Predictions for example %1: %2 — %3 of %4 right")
        .arg(e + 1)
        .arg(cells.join(QLatin1Char(' ')))
        .arg(right)
        .arg(scored);
}
