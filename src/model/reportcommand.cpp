#include "reportcommand.h"

#include "commandline.h"
#include "errortext.h"
#include "reportwriter.h"
#include "scenemodel.h"
#include "scenestorage.h"

#include <QFile>

#include <cstdio>

bool ReportCommand::prepareModel(SceneModel &model, const CommandLineOptions &options,
                                 QString *error)
{
    if (!options.scenePath.isEmpty()) {
        QString why;
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
    if (options.temperature)
        model.setTemperature(*options.temperature);
    return true;
}

int ReportCommand::run(const CommandLineOptions &options, QString *error)
{
    SceneModel model;
    if (!prepareModel(model, options, error))
        return CommandLine::kInputError;
    if (!model.hasResult()) {
        *error = tr("Cannot compute the attention: %1").arg(model.errorText());
        return CommandLine::kInputError;
    }

    const QByteArray report = ReportWriter::write(model);
    if (options.reportPath == QLatin1String("-")) {
        std::fwrite(report.constData(), 1, std::size_t(report.size()), stdout);
        std::fflush(stdout);
        return 0;
    }
    // All or nothing: a report that fails halfway (a full disk) leaves no partial file behind
    // and an earlier report as it was.
    QString reason;
    if (!SceneStorage::writeAtomically(options.reportPath, report, &reason)) {
        *error = tr("%1: cannot write the report: %2").arg(options.reportPath, reason);
        return CommandLine::kInputError;
    }
    return 0;
}
