#include "sequenceopening.h"

#include "sequencesession.h"
#include "trainingsession.h"

std::optional<SequenceOpening> SequenceOpening::prepare(attn::SequenceDocument document,
                                                        const attn::CancelFlag *cancel)
{
    // The measure first: it is the longer part and the one that can stop half-way.
    std::optional<TrainingSnapshot> start =
        TrainingSession::measureModel(document, document.model, 0, cancel);
    if (!start || attn::isCancelled(cancel))
        return std::nullopt;
    QByteArray bytes = SequenceSession::bytesOf(document, SequenceSession::openingTokens(document));
    if (attn::isCancelled(cancel))
        return std::nullopt;
    return SequenceOpening{std::move(document), std::move(bytes), std::move(*start)};
}
