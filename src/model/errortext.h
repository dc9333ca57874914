#pragma once

#include "core/error.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

/// Turns the core's typed errors into one translated sentence that names the field and the
/// problem, for dialogs, the status bar and the command line.
class ErrorText
{
    Q_DECLARE_TR_FUNCTIONS(ErrorText)

public:
    /// The kind of file an error came from: the size limit, a wrong "format" and a missing
    /// version are told in its words.
    enum class FileKind
    {
        Scene,
        Sequence,
        Lesson ///< the lesson's own fields; a step's scene or sequence is told as such
    };

    static QString describe(const attn::Error &error, FileKind kind = FileKind::Scene);
    /// The JSON type or shape named by an Error's detail token ("number", "array", ...).
    static QString typeName(const std::string &token);
    /// Every method's identifier from the core's table, as a list a sentence can hold:
    /// "dot, scaled, cosine, general, additive or multihead".
    static QString methodIds();
    /// Likewise every normaliser's identifier: "softmax, sparsemax, softmax1 or sigmoid".
    static QString normaliserIds();

private:
    /// The sentences only a lesson file needs; empty for an error that is worded as in a scene or
    /// sequence file.
    static QString describeLesson(const attn::Error &error);
    /// "a, b or c".
    static QString listOf(QStringList ids);
};
