#include "sequencesession.h"

#include "core/offsetscores.h"
#include "core/sequencefile.h"
#include "errortext.h"
#include "scenestorage.h"
#include "sequenceopening.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>

namespace {

// The model the session holds before any file: three words, D = 2, one rotary head, so that a
// session made without the application's resources (the model tests) still has a sentence.
constexpr const char *kFallback = R"({
  "format": "attention-canvas-sequence", "version": 1,
  "vocabulary": ["a", "b", "c"], "d_model": 2,
  "positions": {"kind": "rotary"},
  "layers": [{"heads": [{}]}],
  "examples": [{"tokens": ["a", "b", "c"]}]
})";

constexpr int kMaxShift = 100000;
constexpr std::size_t kMaxUndo = 200;

} // namespace

SequenceSession::SequenceSession(QObject *parent) : QObject(parent)
{
    const QString english = QStringLiteral(":/sequences/sentence-english.json");
    if (!(QFile::exists(english) && loadFile(english)))
        loadText(QByteArray(kFallback));
    m_message.clear();
}

QStringList SequenceSession::presetPaths()
{
    QStringList paths;
    const QDir dir(QStringLiteral(":/sequences"));
    for (const QString &name : dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name))
        paths << dir.filePath(name);
    return paths;
}

QString SequenceSession::tokenName(int index) const
{
    const auto &vocabulary = m_document.model.vocabulary;
    if (index < 0 || index >= int(vocabulary.size()))
        return QString();
    return QString::fromStdString(vocabulary[std::size_t(index)]);
}

QString SequenceSession::text() const
{
    QStringList names;
    for (int token : m_tokens)
        names << tokenName(token);
    return names.join(m_split == Split::Space ? QStringLiteral(" ") : QString());
}

bool SequenceSession::shiftKeepsScores() const
{
    double largest = 0;
    if (m_forward) {
        for (const auto &layer : unshifted().layers)
            for (const auto &head : layer.heads)
                for (Eigen::Index i = 0; i < head.scores.size(); ++i)
                    if (std::isfinite(head.scores.data()[i]))
                        largest = std::max(largest, std::abs(head.scores.data()[i]));
    }
    return m_shiftChange <= 1e-9 * std::max(1.0, largest);
}

bool SequenceSession::refuse(const QString &why)
{
    m_message = why;
    emit refused(why);
    return false;
}

bool SequenceSession::commit(attn::SequenceDocument document, std::vector<int> tokens, int shift,
                             bool sameDocument)
{
    if (auto valid = attn::validateSequence(document); !valid)
        return refuse(ErrorText::describe(valid.error()));
    if (tokens.empty())
        return refuse(tr("Type at least one token."));
    if (int(tokens.size()) > attn::kMaxExampleTokens)
        return refuse(tr("At most %1 tokens fit in a sentence; this one has %2.")
                          .arg(attn::kMaxExampleTokens)
                          .arg(tokens.size()));
    auto shifted = attn::SequenceForward::run(document.model, tokens, shift);
    if (!shifted) {
        if (shifted.error().code == attn::ErrorCode::DimensionMismatch)
            return refuse(tr("The learned position table has %1 rows; positions %2 to %3 do not "
                             "all have one.")
                              .arg(document.model.weights.positionTable.rows())
                              .arg(shift)
                              .arg(shift + int(tokens.size()) - 1));
        return refuse(ErrorText::describe(shifted.error()));
    }
    // At shift 0 (while dragging, nearly always) the unshifted pass is the same pass: it is not
    // run twice.
    std::optional<attn::SequenceForward> unshifted;
    double change = 0;
    if (shift != 0) {
        auto run = attn::SequenceForward::run(document.model, tokens, 0);
        if (!run)
            return refuse(ErrorText::describe(run.error()));
        unshifted = std::move(run).value();
        for (std::size_t l = 0; l < shifted->layers.size(); ++l)
            for (std::size_t h = 0; h < shifted->layers[l].heads.size(); ++h) {
                const attn::Matrix &a = shifted->layers[l].heads[h].scores;
                const attn::Matrix &b = unshifted->layers[l].heads[h].scores;
                for (Eigen::Index i = 0; i < a.size(); ++i)
                    if (std::isfinite(a.data()[i]) && std::isfinite(b.data()[i]))
                        change = std::max(change, std::abs(a.data()[i] - b.data()[i]));
            }
    }

    m_document = std::move(document);
    m_tokens = std::move(tokens);
    m_shift = shift;
    if (!sameDocument)
        ++m_revision;
    if (!m_keepPrepared)
        m_prepared.reset();
    m_forward = std::move(shifted).value();
    m_unshifted = std::move(unshifted);
    m_shiftChange = change;
    m_message.clear();
    emit changed();
    return true;
}

bool SequenceSession::setModel(attn::SequenceModel model)
{
    attn::SequenceDocument document = m_document;
    document.model = std::move(model);
    return commit(std::move(document), m_tokens, m_shift);
}

bool SequenceSession::loadFile(const QString &path)
{
    // SceneStorage checks the file (exists, regular, its real size against the limit) before
    // reading it, in the words it uses for sequence files everywhere.
    QString error;
    std::optional<attn::SequenceDocument> document = SceneStorage::loadSequence(path, &error);
    if (!document)
        return refuse(error);
    return openDocument(std::move(*document));
}

bool SequenceSession::loadText(const QByteArray &json)
{
    auto parsed = attn::parseSequence(std::string_view(json.constData(), std::size_t(json.size())));
    if (!parsed)
        return refuse(ErrorText::describe(parsed.error(), ErrorText::FileKind::Sequence));
    return openDocument(std::move(parsed).value());
}

std::vector<int> SequenceSession::openingTokens(const attn::SequenceDocument &document)
{
    return document.examples.empty() ? std::vector<int>{0} : document.examples.front().tokens;
}

bool SequenceSession::openPrepared(SequenceOpening opening)
{
    // Kept through the commit, so that the views answering its changed() find it.
    m_prepared = Prepared{std::move(opening.fileBytes), std::move(opening.trainingStart)};
    m_keepPrepared = true;
    const bool opened = openDocument(std::move(opening.document));
    m_keepPrepared = false;
    if (!opened)
        m_prepared.reset();
    return opened;
}

bool SequenceSession::openDocument(attn::SequenceDocument document)
{
    std::vector<int> tokens = openingTokens(document);
    // Names longer than one character can only be typed with spaces between them.
    Split split = Split::Character;
    for (const auto &name : document.model.vocabulary)
        if (QString::fromStdString(name).size() != 1)
            split = Split::Space;
    // Loading another file loses nothing: undo brings the previous model and sentence back.
    const bool hadModel = hasResult();
    const Split previousSplit = m_split;
    if (hadModel)
        m_undo.push_back(UndoStep{m_document, true, m_tokens, m_shift, m_split});
    m_split = split;
    if (!commit(std::move(document), std::move(tokens), 0)) {
        m_split = previousSplit;
        if (hadModel)
            m_undo.pop_back();
        return false;
    }
    trimUndo();
    emit opened();
    return true;
}

bool SequenceSession::setText(const QString &text, Split split)
{
    QStringList pieces;
    if (split == Split::Space) {
        pieces = text.split(QRegularExpression(QStringLiteral("\\s+")), Qt::SkipEmptyParts);
    } else {
        // By character: by user-perceived character would split combining marks apart, so
        // count code points (a surrogate pair is one token), and skip white space.
        for (int i = 0; i < text.size(); ++i) {
            int length = text.at(i).isHighSurrogate() && i + 1 < text.size() ? 2 : 1;
            const QString piece = text.mid(i, length);
            i += length - 1;
            if (!piece.trimmed().isEmpty())
                pieces << piece;
        }
    }
    std::vector<int> tokens;
    for (const QString &piece : pieces) {
        const int index = m_document.model.tokenIndex(piece.toStdString());
        if (index < 0)
            return refuse(
                tr("\"%1\" is not in the vocabulary; the sentence is unchanged.").arg(piece));
        tokens.push_back(index);
    }
    const Split before = m_split;
    m_split = split;
    if (!commit(m_document, std::move(tokens), m_shift, true)) {
        m_split = before;
        return false;
    }
    return true;
}

bool SequenceSession::setSplit(Split split)
{
    if (split == m_split)
        return true;
    // The same tokens, only written the other way in text().
    m_split = split;
    m_message.clear();
    emit changed();
    return true;
}

bool SequenceSession::setTokens(const std::vector<int> &tokens)
{
    for (int token : tokens)
        if (token < 0 || token >= int(m_document.model.vocabulary.size()))
            return refuse(tr("A token outside the vocabulary; the sentence is unchanged."));
    return commit(m_document, tokens, m_shift, true);
}

bool SequenceSession::setPositionKind(attn::PositionKind kind)
{
    attn::SequenceDocument document = m_document;
    attn::SequenceModel &model = document.model;
    if (model.positions == kind)
        return true;
    if (kind == attn::PositionKind::Sinusoidal && model.dModel % 2 != 0)
        return refuse(tr("Sinusoidal positions need an even width D; this model has D = %1.")
                          .arg(model.dModel));
    if (kind == attn::PositionKind::Rotary)
        for (int l = 0; l < model.layerCount(); ++l)
            if (model.keyDim(l) % 2 != 0)
                return refuse(tr("Rotary position embedding turns pairs of components; layer %1 "
                                 "has an odd d_k = %2.")
                                  .arg(l + 1)
                                  .arg(model.keyDim(l)));
    model.positions = kind;
    // A learned table exists only for learned positions: the file's own default when switching
    // to them (as if the file had left it out), with a row for every position a sentence can use.
    if (kind == attn::PositionKind::Learned)
        model.weights.positionTable =
            attn::sequenceDefaultMatrix("positions.table", attn::kMaxExampleTokens, model.dModel);
    else
        model.weights.positionTable = attn::Matrix(0, model.dModel);
    // A shift the new table cannot reach goes back to 0 rather than refusing the switch.
    const int shift = model.positionCapacity() < m_shift + int(m_tokens.size()) ? 0 : m_shift;
    return commitUndoable(std::move(document), false, shift);
}

bool SequenceSession::setCausal(bool on)
{
    attn::SequenceDocument document = m_document;
    document.model.causal = on;
    return commitUndoable(std::move(document));
}

bool SequenceSession::setTemperature(double temperature)
{
    if (!std::isfinite(temperature) || temperature <= 0)
        return refuse(tr("The temperature must be a number greater than 0."));
    attn::SequenceDocument document = m_document;
    document.model.temperature = temperature;
    return commitUndoable(std::move(document));
}

bool SequenceSession::setShift(int m)
{
    if (m < 0 || m > kMaxShift)
        return refuse(tr("The shift must lie between 0 and %1.").arg(kMaxShift));
    return commit(m_document, m_tokens, m, true);
}

bool SequenceSession::setEmbeddingRow(int token, const attn::Vector &row, bool continuing)
{
    const attn::SequenceModel &model = m_document.model;
    if (token < 0 || token >= int(model.vocabulary.size()))
        return refuse(tr("A token outside the vocabulary; the embedding is unchanged."));
    if (row.size() != model.dModel)
        return refuse(tr("An embedding row needs %1 numbers.").arg(model.dModel));
    if (!row.allFinite())
        return refuse(tr("The embedding accepts only finite numbers."));
    attn::SequenceDocument document = m_document;
    document.model.weights.embedding.row(token) = row.transpose();
    return commitUndoable(std::move(document), continuing);
}

bool SequenceSession::commitUndoable(attn::SequenceDocument document, bool continuing, int shift)
{
    // The step goes on the stack before the commit: the views answer its changed() by asking
    // canUndo(). It comes off again if the commit is refused.
    const bool push = !continuing || m_undo.empty();
    if (push)
        m_undo.push_back(UndoStep{m_document});
    if (!commit(std::move(document), m_tokens, shift < 0 ? m_shift : shift)) {
        if (push)
            m_undo.pop_back();
        return false;
    }
    trimUndo();
    return true;
}

void SequenceSession::trimUndo()
{
    if (m_undo.size() > kMaxUndo)
        m_undo.erase(m_undo.begin());
}

bool SequenceSession::undo()
{
    if (m_undo.empty())
        return false;
    UndoStep step = std::move(m_undo.back());
    m_undo.pop_back();
    if (!step.wholeState)
        return commit(std::move(step.document), m_tokens, m_shift);
    const Split split = m_split;
    m_split = step.split;
    if (!commit(std::move(step.document), std::move(step.tokens), step.shift)) {
        m_split = split;
        return false;
    }
    return true;
}

attn::Matrix SequenceSession::weight(int layer, int head, Part part) const
{
    const attn::SequenceModel &model = m_document.model;
    if (layer < 0 || layer >= model.layerCount())
        return {};
    const auto &l = model.weights.layers[std::size_t(layer)];
    if (part == Part::Output)
        return l.wo;
    if (head < 0 || head >= int(l.heads.size()))
        return {};
    const auto &h = l.heads[std::size_t(head)];
    return part == Part::Query ? h.wq : part == Part::Key ? h.wk : h.wv;
}

bool SequenceSession::setWeight(int layer, int head, Part part, const attn::Matrix &value,
                                bool continuing)
{
    const attn::Matrix current = weight(layer, head, part);
    if (current.size() == 0)
        return refuse(tr("There is no such layer or head; nothing changed."));
    if (value.rows() != current.rows() || value.cols() != current.cols())
        return refuse(tr("This matrix needs %1 × %2 numbers; nothing changed.")
                          .arg(current.rows())
                          .arg(current.cols()));
    if (!value.allFinite())
        return refuse(tr("The matrix accepts only finite numbers."));
    attn::SequenceDocument document = m_document;
    auto &l = document.model.weights.layers[std::size_t(layer)];
    if (part == Part::Output) {
        l.wo = value;
    } else {
        auto &h = l.heads[std::size_t(head)];
        (part == Part::Query ? h.wq : part == Part::Key ? h.wk : h.wv) = value;
    }
    return commitUndoable(std::move(document), continuing);
}

bool SequenceSession::setWeightEntry(int layer, int head, Part part, int row, int column,
                                     double value, bool continuing)
{
    attn::Matrix m = weight(layer, head, part);
    if (row < 0 || column < 0 || row >= m.rows() || column >= m.cols())
        return refuse(tr("There is no such entry; nothing changed."));
    m(row, column) = value;
    return setWeight(layer, head, part, m, continuing);
}

QByteArray SequenceSession::fileBytes() const
{
    // Opening the largest file would write its 32 MiB twice more on the GUI thread (the autosave
    // asks at once): the worker that read it wrote them already.
    if (m_prepared)
        return m_prepared->fileBytes;
    return bytesOf(m_document, m_tokens);
}

std::function<QByteArray()> SequenceSession::fileBytesLater() const
{
    if (m_prepared)
        return [bytes = m_prepared->fileBytes] { return bytes; };
    return [document = m_document, tokens = m_tokens] { return bytesOf(document, tokens); };
}

QByteArray SequenceSession::bytesOf(const attn::SequenceDocument &current,
                                    const std::vector<int> &tokens)
{
    // The sentence on screen becomes example 0 unless it already is; the others stay.
    if (!current.examples.empty() && current.examples.front().tokens == tokens)
        return QByteArray::fromStdString(attn::writeSequence(current));
    attn::SequenceDocument document = current;
    if (int(document.examples.size()) >= attn::kMaxExamples)
        document.examples.pop_back();
    document.examples.insert(document.examples.begin(), attn::SequenceExample{tokens, {}});
    return QByteArray::fromStdString(attn::writeSequence(document));
}

bool SequenceSession::saveFile(const QString &path)
{
    const QByteArray bytes = fileBytes();
    // All or nothing, with every write checked (SceneStorage::writeAtomically): a full disk or a
    // kill half-way leaves the earlier file whole.
    QString reason;
    const bool written = SceneStorage::writeAtomically(path, bytes, &reason);
    return takeSaveResult(path, bytes, written, reason);
}

bool SequenceSession::takeSaveResult(const QString &path, const QByteArray &bytes, bool written,
                                     const QString &reason)
{
    if (!written)
        return refuse(tr("Cannot write %1: %2").arg(QDir::toNativeSeparators(path), reason));
    m_message.clear();
    emit saved(bytes);
    return true;
}

attn::Result<std::vector<double>> SequenceSession::offsetScores(attn::PositionKind kind, int head,
                                                                int queryToken, int keyToken,
                                                                int maxOffset) const
{
    return attn::offsetScores(m_document.model, kind,
                              {head, queryToken, keyToken, m_shift + maxOffset, maxOffset});
}
