#include "reportcommand.h"

#include "commandline.h"
#include "core/json.h"
#include "core/scenefile.h"
#include "core/sequencefile.h"
#include "core/sequencereport.h"
#include "core/sequencetrainer.h"
#include "core/trainingrun.h"
#include "errortext.h"
#include "reportwriter.h"
#include "scenemodel.h"
#include "scenestorage.h"

#include <cstdio>
#include <optional>

namespace {
enum class Probe
{
    NotSequence, // a scene, or a file the scene loader refuses in its usual words
    Sequence,
    Failed
};

// --scene takes either kind of file; its "format" decides. Only a file that is JSON and says it
// is a sequence goes the sequence's way, so that everything else is refused exactly as before.
Probe probeSequence(const QString &path, attn::SequenceDocument &out, QString *error)
{
    const auto bytes = SceneStorage::probe(path);
    if (!bytes)
        return Probe::NotSequence;
    const QByteArray &text = *bytes;
    auto json = attn::parseJson(std::string_view(text.constData(), std::size_t(text.size())));
    if (!json) {
        // Too large for a scene: say what is wrong with the JSON rather than the size.
        if (text.size() <= qint64(attn::kMaxSceneBytes))
            return Probe::NotSequence;
        *error = ErrorText::describe(json.error());
        return Probe::Failed;
    }
    if (!attn::isSequenceJson(*json))
        return Probe::NotSequence;
    auto document = attn::readSequence(*json);
    if (!document) {
        *error = ErrorText::describe(document.error(), ErrorText::FileKind::Sequence);
        return Probe::Failed;
    }
    out = std::move(document).value();
    return Probe::Sequence;
}

// All or nothing: a report that fails halfway (a full disk) leaves no partial file behind and an
// earlier report as it was.
int writeReport(const QString &path, const QByteArray &report, QString *error)
{
    if (path == QLatin1String("-")) {
        std::fwrite(report.constData(), 1, std::size_t(report.size()), stdout);
        std::fflush(stdout);
        return 0;
    }
    QString reason;
    if (!SceneStorage::writeAtomically(path, report, &reason)) {
        *error = ReportCommand::tr("%1: cannot write the report: %2").arg(path, reason);
        return CommandLine::kInputError;
    }
    return 0;
}
} // namespace

bool ReportCommand::readIfSequence(const QString &path, attn::SequenceDocument *out,
                                   bool *isSequence, QString *error)
{
    const Probe probe = probeSequence(path, *out, error);
    *isSequence = probe == Probe::Sequence;
    return probe != Probe::Failed;
}

bool ReportCommand::prepareModel(SceneModel &model, const CommandLineOptions &options,
                                 QString *error)
{
    if (!options.scenePath.isEmpty()) {
        QString why;
        attn::SequenceDocument sequence;
        switch (probeSequence(options.scenePath, sequence, &why)) {
        case Probe::Failed:
            *error = tr("%1: %2").arg(options.scenePath, why);
            return false;
        case Probe::Sequence:
            *error = tr("%1: this is a sequence file; only scenes can be drawn in this version.")
                         .arg(options.scenePath);
            return false;
        case Probe::NotSequence:
            break;
        }
        auto scene = SceneStorage::load(options.scenePath, &why);
        if (!scene) {
            *error = tr("%1: %2").arg(options.scenePath, why);
            return false;
        }
        if (auto e = model.setScene(*scene)) {
            *error = tr("%1: %2").arg(options.scenePath, ErrorText::describe(*e));
            return false;
        }
    }
    if (options.method)
        model.setMethod(*options.method);
    if (options.normaliser)
        model.setNormaliser(*options.normaliser);
    if (options.temperature)
        model.setTemperature(*options.temperature);
    return true;
}

int ReportCommand::runSequence(const CommandLineOptions &options, attn::SequenceDocument document,
                               QString *error)
{
    if (options.method) {
        *error =
            tr("%1: --method applies to scenes, not to sequence files.").arg(options.scenePath);
        return CommandLine::kInputError;
    }
    if (options.temperature)
        document.model.temperature = *options.temperature;
    if (options.normaliser)
        document.model.normaliser = *options.normaliser;
    std::optional<attn::TrainingRun> training;
    if (options.trainSteps) {
        attn::SequenceTrainer trainer(document.model, document.examples, document.trainingSettings);
        auto run = attn::TrainingRun::run(trainer, *options.trainSteps, document.heldOut);
        if (!run) {
            // Nothing is written: a report or a model of a diverged run would mislead.
            *error = tr("%1: %2").arg(options.scenePath, ErrorText::describe(run.error()));
            return CommandLine::kInputError;
        }
        training = std::move(run).value();
        document.model = trainer.model();
    }
    // Everything is computed before anything is written, so that a failure leaves no file.
    std::optional<std::string> report;
    if (options.reporting()) {
        auto written = attn::writeSequenceReport(document, training ? &*training : nullptr);
        if (!written) {
            *error = tr("%1: %2").arg(options.scenePath, ErrorText::describe(written.error()));
            return CommandLine::kInputError;
        }
        report = std::move(written).value();
    }
    if (!options.saveTrainedPath.isEmpty()) {
        QString reason;
        const QByteArray bytes = QByteArray::fromStdString(attn::writeSequence(document));
        if (!SceneStorage::writeAtomically(options.saveTrainedPath, bytes, &reason)) {
            *error =
                tr("%1: cannot save the trained model: %2").arg(options.saveTrainedPath, reason);
            return CommandLine::kInputError;
        }
    }
    if (!report)
        return 0;
    return writeReport(options.reportPath, QByteArray::fromStdString(*report), error);
}

int ReportCommand::run(const CommandLineOptions &options, QString *error)
{
    if (!options.scenePath.isEmpty()) {
        attn::SequenceDocument sequence;
        QString why;
        switch (probeSequence(options.scenePath, sequence, &why)) {
        case Probe::Failed:
            *error = tr("%1: %2").arg(options.scenePath, why);
            return CommandLine::kInputError;
        case Probe::Sequence:
            return runSequence(options, std::move(sequence), error);
        case Probe::NotSequence:
            break;
        }
    }
    if (options.training()) {
        *error = tr("%1: --train applies to sequence files, not to scenes.").arg(options.scenePath);
        return CommandLine::kInputError;
    }
    SceneModel model;
    if (!prepareModel(model, options, error))
        return CommandLine::kInputError;
    if (!model.hasResult()) {
        *error = tr("Cannot compute the attention: %1").arg(model.errorText());
        return CommandLine::kInputError;
    }

    return writeReport(options.reportPath, ReportWriter::write(model), error);
}
