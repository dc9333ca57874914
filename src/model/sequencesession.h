#pragma once

#include "core/error.h"
#include "core/sequencedocument.h"
#include "core/sequenceforward.h"
#include "trainingsnapshot.h"

#include <QByteArray>
#include <QObject>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>
#include <vector>

struct SequenceOpening;

/// The state of the Sequence window: a sequence document (model and examples), the sentence the
/// window runs it on, and a common shift m of every position. It runs attn::SequenceForward once
/// per change (twice: at positions 0… and at m…, so that the effect of the shift is measured, not
/// asserted) and emits changed(). Every edit is checked before it is kept: a refused edit returns
/// false, leaves everything as it was and sets message() to a translated sentence saying why.
class SequenceSession : public QObject
{
    Q_OBJECT

public:
    /// How typed text becomes tokens.
    enum class Split
    {
        Character, ///< every character a token (Chinese text, single letters)
        Space      ///< tokens separated by white space (English words)
    };

    /// One of a layer's projections: a head's W_q, W_k, W_v, or the layer's W_O.
    enum class Part
    {
        Query,
        Key,
        Value,
        Output
    };

    /// Starts with the English sentence preset when the resources hold it, else a tiny model.
    explicit SequenceSession(QObject *parent = nullptr);

    const attn::SequenceDocument &document() const { return m_document; }
    const attn::SequenceModel &model() const { return m_document.model; }
    /// The sentence as vocabulary indices.
    const std::vector<int> &tokens() const { return m_tokens; }
    QString tokenName(int index) const;
    /// The sentence written back as text with the current split.
    QString text() const;
    Split split() const { return m_split; }
    int shift() const { return m_shift; }

    bool hasResult() const { return m_forward.has_value(); }
    /// The pass with token i at position shift() + i; only valid while hasResult().
    const attn::SequenceForward &forward() const { return *m_forward; }
    /// The same sentence at positions 0, 1, …; only valid while hasResult().
    const attn::SequenceForward &unshifted() const
    {
        return m_unshifted ? *m_unshifted : *m_forward;
    }
    /// The largest |s_ij(shifted) − s_ij(unshifted)| over every layer, head and unmasked pair.
    double shiftScoreChange() const { return m_shiftChange; }
    /// True when shifting changed no score beyond rounding (1e-9 of the largest score).
    bool shiftKeepsScores() const;

    /// Why the last edit was refused (translated), empty after an accepted one.
    QString message() const { return m_message; }

    /// The presets shipped in the resources (":/sequences/*.json"), by file name.
    static QStringList presetPaths();

    // Edits: each returns false, keeps everything and sets message() when refused.
    /// Reads a sequence file (a preset path or a file on disk); the sentence becomes example 0.
    bool loadFile(const QString &path);
    bool loadText(const QByteArray &json);
    /// Makes `document` (a file read elsewhere, a generated training task) the document, its
    /// first example the sentence; undo brings back what was there.
    bool openDocument(attn::SequenceDocument document);
    /// openDocument() of a document whose costly parts were computed in a worker
    /// (SequenceOpening::prepare()): its bytes and its training start are taken as they are.
    bool openPrepared(SequenceOpening opening);
    /// The Training tab's starting snapshot of the document just opened with openPrepared(),
    /// until the next change; else null (the tab measures it itself).
    const TrainingSnapshot *preparedTrainingStart() const
    {
        return m_prepared ? &m_prepared->trainingStart : nullptr;
    }
    /// Counts the changes of the document (model, examples): an edit of the sentence or the
    /// shift leaves it as it is, so that the Training tab restarts only for a new model.
    quint64 documentRevision() const { return m_revision; }
    /// The sentence openDocument() shows of `document`: its first example (else token 0).
    static std::vector<int> openingTokens(const attn::SequenceDocument &document);
    /// What fileBytes() gives for `document` with `tokens` on show.
    static QByteArray bytesOf(const attn::SequenceDocument &document,
                              const std::vector<int> &tokens);
    /// Splits `text` with `split` and looks every piece up in the vocabulary.
    bool setText(const QString &text, Split split);
    bool setText(const QString &text) { return setText(text, m_split); }
    bool setSplit(Split split);
    bool setTokens(const std::vector<int> &tokens);
    bool setPositionKind(attn::PositionKind kind);
    bool setCausal(bool on);
    bool setTemperature(double temperature);
    bool setShift(int m);
    /// Replaces the parameters (same vocabulary and outputs), keeping the sentence: the Training
    /// view shows each snapshot of a run this way.
    bool setModel(attn::SequenceModel model);
    /// Row `token` of the embedding E (length D). `continuing` marks the later steps of one
    /// gesture (a drag): they join the undo step of the first.
    bool setEmbeddingRow(int token, const attn::Vector &row, bool continuing = false);
    /// The matrix `part` of head `head` of layer `layer` (Output: the layer's W_O, `head` unused);
    /// an empty matrix outside the model.
    attn::Matrix weight(int layer, int head, Part part) const;
    /// Replaces that matrix; refused unless its shape and the numbers are right. `continuing`
    /// joins the previous undo step (the keystrokes of one number).
    bool setWeight(int layer, int head, Part part, const attn::Matrix &value,
                   bool continuing = false);
    /// One entry of that matrix.
    bool setWeightEntry(int layer, int head, Part part, int row, int column, double value,
                        bool continuing = false);
    /// Writes the model with the sentence as its first example (the file's other examples kept);
    /// on failure the file on disk is left as it was.
    bool saveFile(const QString &path);
    /// A save made elsewhere (the window writes the largest file from a worker): `bytes`, made
    /// by fileBytesLater(), went to `path` (`written`), or did not for `reason` (the system's
    /// words). Reports it as saveFile() would; returns `written`.
    bool takeSaveResult(const QString &path, const QByteArray &bytes, bool written,
                        const QString &reason);
    /// The bytes saveFile() writes.
    QByteArray fileBytes() const;
    /// fileBytes() to be made later, on any thread: holds its own copy of the document and the
    /// sentence as they are now (cheap: the document is a value, and the bytes of a file just
    /// opened are shared, never changed), nothing of the session. The autosave's worker calls it.
    std::function<QByteArray()> fileBytesLater() const;

    /// Edits of the model (parameters, embeddings, positions, causal mask, temperature) and the
    /// loading of another file can be taken back, the last first: undoing a load brings back the
    /// model and the sentence that were there before it.
    bool canUndo() const { return !m_undo.empty(); }
    /// How many steps undo() can take back (changes with every undoable edit, until the limit).
    int undoDepth() const { return int(m_undo.size()); }
    bool undo();

    /// The score of head `head` of layer 1 for the query made from vocabulary token `queryToken`
    /// and the key from `keyToken`, against their offset δ = i − j = −maxOffset … maxOffset, under
    /// position kind `kind` (attn::offsetScores()); the key stands at position shift() +
    /// maxOffset, so that a shift moves every position of the curve.
    attn::Result<std::vector<double>> offsetScores(attn::PositionKind kind, int head,
                                                   int queryToken, int keyToken,
                                                   int maxOffset) const;

signals:
    void changed();
    /// Another document was opened (a file, a preset, a generated task): nothing is unsaved.
    void opened();
    /// saveFile() (or a save that takeSaveResult() reports) wrote `bytes`.
    void saved(const QByteArray &bytes);
    /// An edit was refused; the text is message().
    void refused(const QString &message);

private:
    bool refuse(const QString &why);
    /// Runs `document` on `tokens` at `shift`; on success keeps all three and notifies.
    /// `sameDocument`: the caller passes the current document back (a new sentence or shift).
    bool commit(attn::SequenceDocument document, std::vector<int> tokens, int shift,
                bool sameDocument = false);
    /// commit() of an edited model (at `shift`, or the current one when < 0) that undo() can
    /// take back; `continuing` joins the previous undo step.
    bool commitUndoable(attn::SequenceDocument document, bool continuing = false, int shift = -1);

    attn::SequenceDocument m_document;
    std::vector<int> m_tokens;
    Split m_split = Split::Space;
    int m_shift = 0;
    std::optional<attn::SequenceForward> m_forward;
    /// The pass at shift 0, kept only while the shift is not 0 (else it is m_forward).
    std::optional<attn::SequenceForward> m_unshifted;
    double m_shiftChange = 0;
    quint64 m_revision = 0;
    /// What openPrepared() was handed, kept until the next change (commit() drops it unless
    /// m_keepPrepared says that commit is the opening itself).
    struct Prepared
    {
        QByteArray fileBytes;
        TrainingSnapshot trainingStart;
    };
    std::optional<Prepared> m_prepared;
    bool m_keepPrepared = false;
    QString m_message;
    /// The state before an undoable edit. An edit of the model keeps the sentence (undo leaves
    /// today's); a load replaces it, so its step keeps the sentence, split and shift too.
    struct UndoStep
    {
        attn::SequenceDocument document;
        bool wholeState = false;
        std::vector<int> tokens;
        int shift = 0;
        Split split = Split::Space;
    };
    /// Drops the oldest undo step beyond kMaxUndo (after a successful commit, so that a refused
    /// one loses none).
    void trimUndo();
    std::vector<UndoStep> m_undo;
};
