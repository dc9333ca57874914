#include "errortext.h"

#include "core/methods.h"
#include "core/normaliser.h"
#include "core/scenefile.h"

#include <QStringList>

#include <cstddef>

namespace {
QString subjectOf(const attn::Error &e)
{
    return e.subject.empty() ? ErrorText::tr("the file") : QString::fromStdString(e.subject);
}
} // namespace

namespace {
// A token the core puts in an error and the words a message uses for it, translated in
// ErrorText's context.
struct TokenWords
{
    const char *token;
    const char *words;
};

// What the core's type tokens are called in "expected …".
const TokenWords kTypeNames[] = {
    {"number", QT_TRANSLATE_NOOP("ErrorText", "a number")},
    {"integer", QT_TRANSLATE_NOOP("ErrorText", "a whole number")},
    {"boolean", QT_TRANSLATE_NOOP("ErrorText", "true or false")},
    {"string", QT_TRANSLATE_NOOP("ErrorText", "a text string")},
    {"array", QT_TRANSLATE_NOOP("ErrorText", "a list")},
    {"object", QT_TRANSLATE_NOOP("ErrorText", "an object")},
    {"vector", QT_TRANSLATE_NOOP("ErrorText", "a vector of 2 numbers")},
    {"matrix", QT_TRANSLATE_NOOP("ErrorText", "a matrix (a list of rows)")},
    {"name-or-null", QT_TRANSLATE_NOOP("ErrorText", "a name or null")},
};

// Why the JSON reader stopped, by its reason token.
const TokenWords kMalformedReasons[] = {
    {"unexpected-end", QT_TRANSLATE_NOOP("ErrorText", "the text ends too early")},
    {"trailing-content", QT_TRANSLATE_NOOP("ErrorText", "there is more text after the end")},
    {"bad-escape", QT_TRANSLATE_NOOP("ErrorText", "a bad escape sequence in a string")},
    {"bad-number", QT_TRANSLATE_NOOP("ErrorText", "a badly written number")},
    {"number-out-of-range", QT_TRANSLATE_NOOP("ErrorText", "a number too large for a double")},
    {"control-character", QT_TRANSLATE_NOOP("ErrorText", "a control character inside a string")},
    {"lone-surrogate",
     QT_TRANSLATE_NOOP("ErrorText", "a \\u escape that is half of a surrogate pair")},
    {"empty", QT_TRANSLATE_NOOP("ErrorText", "the file is empty")},
};

// The words for `token` in `table`, or nullptr when the table does not know it.
template <std::size_t N>
const char *wordsFor(const TokenWords (&table)[N], const std::string &token)
{
    for (const TokenWords &t : table)
        if (token == t.token)
            return t.words;
    return nullptr;
}

QString malformedReason(const std::string &token)
{
    if (const char *words = wordsFor(kMalformedReasons, token))
        return ErrorText::tr(words);
    return ErrorText::tr("an unexpected character");
}
} // namespace

QString ErrorText::typeName(const std::string &token)
{
    if (const char *words = wordsFor(kTypeNames, token))
        return tr(words);
    return QString::fromStdString(token);
}

QString ErrorText::describe(const attn::Error &e, FileKind kind)
{
    using attn::ErrorCode;
    if (kind == FileKind::Lesson) {
        if (QString text = describeLesson(e); !text.isEmpty())
            return text;
        // Inside a step's sequence or scene the words of that kind of file apply.
        kind =
            e.subject.find(".sequence") != std::string::npos ? FileKind::Sequence : FileKind::Scene;
    }
    const QString s = subjectOf(e);
    switch (e.code) {
    case ErrorCode::NoKeys:
        return tr("%1: there must be at least one key.").arg(s);
    case ErrorCode::TooManyKeys:
        return tr("%1: %2 keys, but at most %3 are allowed.").arg(s).arg(e.actual).arg(e.expected);
    case ErrorCode::CountMismatch:
        return tr("%1: %2 entries, but there are %3 keys; there must be one per key.")
            .arg(s)
            .arg(e.actual)
            .arg(e.expected);
    case ErrorCode::DimensionMismatch:
        if (e.detail == "too-short")
            return tr("%1: the table has %2 rows, but the longest example needs %3.")
                .arg(s)
                .arg(e.actual)
                .arg(e.expected);
        return tr("%1: wrong size, expected %2 but found %3.").arg(s).arg(e.expected).arg(e.actual);
    case ErrorCode::NonFinite:
        if (e.detail == "overflow")
            return tr("%1: the numbers grow beyond double precision (overflow); use smaller "
                      "parameters.")
                .arg(s);
        return tr("%1: not a finite number (NaN or infinity).").arg(s);
    case ErrorCode::BadTemperature:
        return tr("%1: the temperature must be a number greater than 0.").arg(s);
    case ErrorCode::BadScaleDim:
        return tr("%1: the scale dimension must be a number greater than 0.").arg(s);
    case ErrorCode::AllMasked:
        return tr("%1: every key is masked; at least one key must stay.").arg(s);
    case ErrorCode::NoHeads:
        return tr("%1: there must be at least one head.").arg(s);
    case ErrorCode::HeadsDoNotFit:
        if (e.subject.size() >= 3 && e.subject.compare(e.subject.size() - 3, 3, ".wv") == 0)
            return tr("%1: every head must have the same output size d_v (%2), but this head has "
                      "%3.")
                .arg(s)
                .arg(e.expected)
                .arg(e.actual);
        return tr("%1: %2 heads do not divide the dimension %3.")
            .arg(s)
            .arg(e.actual)
            .arg(e.expected);
    case ErrorCode::BadArgument:
        if (e.detail == "hidden-size")
            return tr("%1: the hidden size H must be from 1 to %2, not %3.")
                .arg(s)
                .arg(attn::kMaxAdditiveHidden)
                .arg(e.actual);
        if (e.detail == "head-count")
            return tr("%1: there must be from 1 to %2 heads, not %3.")
                .arg(s)
                .arg(attn::kMaxHeads)
                .arg(e.actual);
        if (e.detail == "base")
            return tr("%1: the base must be a number greater than 0.").arg(s);
        if (e.detail == "learning-rate")
            return tr("%1: the learning rate must be a number greater than 0.").arg(s);
        if (e.detail == "beta")
            return tr("%1: Adam's β must be at least 0 and less than 1.").arg(s);
        if (e.detail == "epsilon")
            return tr("%1: ε must be a number greater than 0.").arg(s);
        if (e.detail == "positions-not-learned")
            return tr("%1: \"positions\" can be trained only with a learned position table.")
                .arg(s);
        if (e.expected >= 0)
            return tr("%1: %2 is out of range (the limit is %3).")
                .arg(s)
                .arg(e.actual)
                .arg(e.expected);
        return tr("%1: value out of range.").arg(s);
    case ErrorCode::FileTooLarge:
        if (kind == FileKind::Sequence)
            return tr("The file is %1 bytes; sequence files may be at most %2 bytes.")
                .arg(e.actual)
                .arg(e.expected);
        return tr("The file is %1 bytes; scene files may be at most %2 bytes.")
            .arg(e.actual)
            .arg(e.expected);
    case ErrorCode::Malformed:
        return tr("Not valid JSON at line %1, column %2: %3.")
            .arg(e.expected)
            .arg(e.actual)
            .arg(malformedReason(e.detail));
    case ErrorCode::TooDeep:
        return tr("%1: lists and objects are nested more than %2 levels deep.")
            .arg(s)
            .arg(e.expected);
    case ErrorCode::InvalidUtf8:
        return tr("The file is not valid UTF-8 text (byte %1).").arg(e.actual);
    case ErrorCode::DuplicateField:
        return tr("%1: this field appears more than once.").arg(s);
    case ErrorCode::WrongFormat:
        if (kind == FileKind::Sequence)
            return tr("%1: this is not an Attention Canvas sequence file.").arg(s);
        return tr("%1: this is not an Attention Canvas scene file.").arg(s);
    case ErrorCode::UnsupportedVersion:
        if (e.detail == "missing" && kind == FileKind::Sequence)
            return tr("%1: the sequence file has no version; this program reads version 1.").arg(s);
        if (e.detail == "missing")
            return tr("%1: the scene file has no version; this program reads version 1.").arg(s);
        if (e.detail == "not-integer")
            return tr("%1: the version must be a whole number; this program reads version 1.")
                .arg(s);
        return tr("%1: version %2 is not supported; this program reads version 1.")
            .arg(s)
            .arg(e.actual);
    case ErrorCode::WrongType:
        return tr("%1: expected %2.").arg(s, typeName(e.detail));
    case ErrorCode::MissingField:
        return tr("%1: this required field is missing.").arg(s);
    case ErrorCode::UnknownMethod:
        return tr("%1: unknown method \"%2\" (expected %3).")
            .arg(s, QString::fromStdString(e.detail), methodIds());
    case ErrorCode::UnknownNormaliser:
        return tr("%1: unknown normaliser \"%2\" (expected %3).")
            .arg(s, QString::fromStdString(e.detail), normaliserIds());
    case ErrorCode::UnknownField:
        return tr("%1: unknown field \"%2\".").arg(s, QString::fromStdString(e.detail));
    case ErrorCode::OutOfRange:
        if (e.detail == "report-numbers")
            return tr("The report would hold %1 numbers; the limit is %2. Use fewer or shorter "
                      "examples.")
                .arg(e.actual)
                .arg(e.expected);
        return tr("%1: %2 is not allowed; it must be from 1 to %3.")
            .arg(s)
            .arg(e.actual)
            .arg(e.expected);
    case ErrorCode::BadName:
        if (e.detail == "empty")
            return tr("%1: a name must not be empty.").arg(s);
        if (e.detail == "too-long")
            return tr("%1: the name is %2 bytes long; names may be at most %3 bytes.")
                .arg(s)
                .arg(e.actual)
                .arg(e.expected);
        return tr("%1: a name must not contain control characters.").arg(s);
    case ErrorCode::DuplicateName:
        return tr("%1: the name \"%2\" appears twice; names must be unique.")
            .arg(s, QString::fromStdString(e.detail));
    case ErrorCode::UnknownName:
        if (e.subject.find(".targets") != std::string::npos)
            return tr("%1: \"%2\" is not one of the output tokens.")
                .arg(s, QString::fromStdString(e.detail));
        return tr("%1: \"%2\" is not in the vocabulary.").arg(s, QString::fromStdString(e.detail));
    case ErrorCode::UnknownKind:
        return tr("%1: unknown kind of positions \"%2\" (expected none, sinusoidal, learned or "
                  "rotary).")
            .arg(s, QString::fromStdString(e.detail));
    case ErrorCode::OddDimension:
        return tr("%1: the size %2 is odd, but sinusoidal and rotary positions work on pairs of "
                  "components, so it must be even.")
            .arg(s)
            .arg(e.actual);
    case ErrorCode::UnknownOptimizer:
        return tr("%1: unknown optimizer \"%2\" (expected adam or sgd).")
            .arg(s, QString::fromStdString(e.detail));
    case ErrorCode::UnknownGroup:
        return tr("%1: unknown parameter group \"%2\" (expected embedding, positions, wq, wk, "
                  "wv, wo or unembedding).")
            .arg(s, QString::fromStdString(e.detail));
    case ErrorCode::Diverged:
        if (e.subject == "gradient")
            return tr("Training diverged at step %1: the gradient is no longer a finite number. "
                      "The parameters are those of the last finite step; try a smaller learning "
                      "rate.")
                .arg(e.actual);
        if (e.subject == "parameters")
            return tr("Training diverged at step %1: the update would make a parameter "
                      "infinite. The parameters are those of the last finite step; try a smaller "
                      "learning rate.")
                .arg(e.actual);
        return tr("Training diverged at step %1: the loss is no longer a finite number. The "
                  "parameters are those of the last finite step; try a smaller learning rate.")
            .arg(e.actual);
    }
    return tr("%1: invalid.").arg(s);
}

QString ErrorText::describeLesson(const attn::Error &e)
{
    using attn::ErrorCode;
    const QString s = subjectOf(e);
    const auto endsWith = [&e](std::string_view tail) {
        return e.subject.size() >= tail.size() &&
               e.subject.compare(e.subject.size() - tail.size(), tail.size(), tail) == 0;
    };
    const bool inPanels = e.subject.find(".panels") != std::string::npos;
    switch (e.code) {
    case ErrorCode::FileTooLarge:
        return tr("The file is %1 bytes; lesson files may be at most %2 bytes.")
            .arg(e.actual)
            .arg(e.expected);
    case ErrorCode::WrongFormat:
        if (e.subject == "format")
            return tr("%1: this is not an Attention Canvas lesson file.").arg(s);
        break;
    case ErrorCode::UnsupportedVersion:
        if (e.subject == "version" && e.detail == "missing")
            return tr("%1: the lesson file has no version; this program reads version 1.").arg(s);
        break;
    case ErrorCode::OutOfRange:
        if (e.detail == "text-bytes")
            return tr("%1: the text is %2 bytes long; it must be from 1 to %3 bytes.")
                .arg(s)
                .arg(e.actual)
                .arg(e.expected);
        if (e.detail == "steps")
            return tr("%1: a lesson has from 1 to %2 steps, not %3.")
                .arg(s)
                .arg(e.expected)
                .arg(e.actual);
        if (e.detail == "key")
            return tr("%1: there is no key %2; the scene has keys 1 to %3.")
                .arg(s)
                .arg(e.actual)
                .arg(e.expected);
        if (e.detail == "key-count")
            return tr("%1: name at least one key whose number the class predicts.").arg(s);
        break;
    case ErrorCode::BadName:
        if (e.subject.find(".scene") == std::string::npos &&
            e.subject.find(".sequence") == std::string::npos)
            return tr("%1: a text must not contain a null character.").arg(s);
        break;
    case ErrorCode::BadArgument:
        if (e.detail == "scene-and-sequence")
            return tr("%1: a step holds a scene or a sequence, not both.").arg(s);
        if (e.detail == "scene-only")
            return tr("%1: only a scene step has this; a sequence step shows its sequence as "
                      "the file gives it.")
                .arg(s);
        if (e.detail == "output-keys")
            return tr("%1: the output is one vector; a question about it names no keys.").arg(s);
        if (e.detail == "zoom-scale")
            return tr("%1: the zoom must be a number greater than 0.").arg(s);
        break;
    case ErrorCode::UnknownKind:
        if (endsWith(".asks"))
            return tr("%1: unknown kind of question \"%2\" (expected scores, weights or output).")
                .arg(s, QString::fromStdString(e.detail));
        if (endsWith(".walkthrough.step"))
            return tr("%1: unknown walkthrough step \"%2\" (expected scores, scaling, "
                      "exponentials, normalisation or weighted_sum).")
                .arg(s, QString::fromStdString(e.detail));
        break;
    case ErrorCode::UnknownName:
        if (inPanels)
            return tr("%1: unknown panel \"%2\" (expected method, explanation, chart, steps or "
                      "heads).")
                .arg(s, QString::fromStdString(e.detail));
        break;
    case ErrorCode::DuplicateName:
        if (inPanels)
            return tr("%1: the panel \"%2\" is listed twice.")
                .arg(s, QString::fromStdString(e.detail));
        if (e.subject.find(".question.keys") != std::string::npos)
            return tr("%1: key %2 is asked twice.").arg(s, QString::fromStdString(e.detail));
        break;
    default:
        break;
    }
    return {};
}

QString ErrorText::methodIds()
{
    QStringList ids;
    for (const attn::MethodInfo &info : attn::kMethods)
        ids << QString::fromLatin1(info.id);
    return listOf(ids);
}

QString ErrorText::normaliserIds()
{
    QStringList ids;
    for (const attn::NormaliserInfo &info : attn::kNormalisers)
        ids << QString::fromLatin1(info.id);
    return listOf(ids);
}

QString ErrorText::listOf(QStringList ids)
{
    const QString last = ids.takeLast();
    return tr("%1 or %2", "the last two items of a list")
        .arg(ids.join(tr(", ", "list separator")), last);
}
