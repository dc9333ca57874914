#pragma once

#include "core/cancelflag.h"
#include "core/sequencedocument.h"
#include "trainingsnapshot.h"

#include <QByteArray>

#include <optional>

/// A sequence document together with what opening it in the Sequence window computes from the
/// whole of it, computed beforehand in a worker thread: the Training tab's starting snapshot (the
/// loss, accuracy and induction scores over every example and held-out example) and the file's
/// bytes as the session would write them (what the autosave compares with). For the largest file
/// the limits allow these took about twenty seconds on the GUI thread after the parse; handed
/// over finished, the open itself is a few copies. SequenceSession::openPrepared() takes it.
struct SequenceOpening
{
    attn::SequenceDocument document;
    QByteArray fileBytes;           ///< SequenceSession::fileBytes() once the document is open
    TrainingSnapshot trainingStart; ///< TrainingSession::measureModel(document, model, 0)

    /// Computes both from `document` (in any thread); nullopt once `cancel` is set, which is
    /// checked every few milliseconds while the examples are run.
    static std::optional<SequenceOpening> prepare(attn::SequenceDocument document,
                                                  const attn::CancelFlag *cancel = nullptr);
};
