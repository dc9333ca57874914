#pragma once

#include <QCoreApplication>
#include <QString>

class SceneModel;
struct CommandLineOptions;
namespace attn {
struct SequenceDocument;
}

/// `--report`: load the scene, apply the overrides through the model, write the JSON report.
/// A sequence file (told by its "format") gets the sequence report instead. Nothing is written
/// when anything fails.
class ReportCommand
{
    Q_DECLARE_TR_FUNCTIONS(ReportCommand)

public:
    /// Returns the process exit code; on failure *error holds one translated line.
    static int run(const CommandLineOptions &options, QString *error);
    /// Loads --scene (if any) into the model and applies --method and --temperature; shared by
    /// --report and --export. On failure *error holds one translated line.
    static bool prepareModel(SceneModel &model, const CommandLineOptions &options, QString *error);
    /// Reads `path` as a sequence file when its "format" says it is one (*isSequence true, the
    /// document in *out). A file that is not a sequence gives *isSequence false: load it as a
    /// scene. False when it is a sequence file that cannot be used (*error holds one translated
    /// line, without the file name).
    static bool readIfSequence(const QString &path, attn::SequenceDocument *out, bool *isSequence,
                               QString *error);

private:
    static int runSequence(const CommandLineOptions &options, attn::SequenceDocument document,
                           QString *error);
};
