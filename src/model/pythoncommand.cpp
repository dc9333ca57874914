#include "pythoncommand.h"

#include "commandline.h"
#include "core/sequencedocument.h"
#include "core/sequenceforward.h"
#include "errortext.h"
#include "pythoncode.h"
#include "reportcommand.h"
#include "scenemodel.h"

#include <cstdio>

namespace {
int print(const QString &program)
{
    // UTF-8 whatever the locale: the comments may be Chinese, and Python reads UTF-8 source.
    const QByteArray bytes = program.toUtf8();
    std::fwrite(bytes.constData(), 1, std::size_t(bytes.size()), stdout);
    std::fflush(stdout);
    return 0;
}
} // namespace

int PythonCommand::run(const CommandLineOptions &options, QString *error)
{
    const auto flavour =
        options.pytorch ? PythonCode::Flavour::PyTorch : PythonCode::Flavour::NumPy;
    if (!options.scenePath.isEmpty()) {
        attn::SequenceDocument document;
        bool isSequence = false;
        QString why;
        if (!ReportCommand::readIfSequence(options.scenePath, &document, &isSequence, &why)) {
            *error = tr("%1: %2").arg(options.scenePath, why);
            return CommandLine::kInputError;
        }
        if (isSequence) {
            if (options.method) {
                *error = tr("%1: --method applies to scenes, not to sequence files.")
                             .arg(options.scenePath);
                return CommandLine::kInputError;
            }
            if (options.temperature)
                document.model.temperature = *options.temperature;
            if (options.normaliser)
                document.model.normaliser = *options.normaliser;
            // The file's first example, as --report and --export show it; a pass that fails
            // (learned positions too short for it) is refused here rather than in Python.
            const std::vector<int> &tokens = document.examples.front().tokens;
            auto pass = attn::SequenceForward::run(document.model, tokens);
            if (!pass) {
                *error = tr("%1: %2").arg(
                    options.scenePath,
                    ErrorText::describe(pass.error(), ErrorText::FileKind::Sequence));
                return CommandLine::kInputError;
            }
            return print(PythonCode::forSequence(document.model, tokens, 0, flavour));
        }
    }
    SceneModel model;
    if (!ReportCommand::prepareModel(model, options, error))
        return CommandLine::kInputError;
    if (!model.hasResult()) {
        *error = tr("Cannot compute the attention: %1").arg(model.errorText());
        return CommandLine::kInputError;
    }
    return print(PythonCode::forScene(model.scene(), false, flavour));
}
