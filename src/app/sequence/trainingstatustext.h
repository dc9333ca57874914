#pragma once

#include "core/headablation.h"
#include "core/sequencedocument.h"
#include "model/trainingsnapshot.h"

#include <QCoreApplication>
#include <QString>

#include <optional>

class AblatedNumbers;
class SequenceSession;
class TrainingSession;

/// The Training view's lines of text about the snapshot on show: the status ("Step 3: loss …,
/// accuracy …", with the unticked heads switched off when some are) and what the model predicts
/// on the chosen example. The numbers come from the session's snapshot, or from AblatedNumbers
/// when heads are off.
class TrainingStatusText
{
    Q_DECLARE_TR_FUNCTIONS(TrainingStatusText)

public:
    /// Three significant digits (a loss near the end of a run is 0.00012, not 0.000); "–" for
    /// nothing.
    static QString number(std::optional<double> x);
    /// One decimal and a per cent sign; "–" for nothing.
    static QString percent(std::optional<double> x);
    /// A number of one head (0-based `layer` and `head`) in a list of them: "layer 2 head 1:
    /// 0.93", or "head 1: 0.93" when the model has one layer (`layers`).
    static QString headScore(int layers, int layer, int head, const QString &score);

    /// The status of `snapshot` of `session`, whose shown `model` has the heads `off` switched
    /// off (measured again through `measured`).
    static QString status(const TrainingSession *session, const TrainingSnapshot &snapshot,
                          const attn::SequenceModel &model, const attn::HeadMask &off,
                          AblatedNumbers *measured);
    /// What `view` (running `model`) predicts at each position of example `example` (0-based)
    /// of `examples`, wrong ones marked; empty when there is nothing to show.
    static QString predictions(const SequenceSession *view, const attn::SequenceModel &model,
                               const std::vector<attn::SequenceExample> &examples, int example);
};
