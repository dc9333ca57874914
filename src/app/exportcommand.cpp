#include "exportcommand.h"

#include "canvas/canvaswidget.h"
#include "export/exporter.h"
#include "mainwindow.h"
#include "model/commandline.h"
#include "model/reportcommand.h"
#include "model/scenemodel.h"

int ExportCommand::run(const CommandLineOptions &options, QString *error)
{
    const auto format = Exporter::formatFromPath(options.exportPath);
    const auto part = Exporter::partFromId(options.exportPart);
    if (!format || !part) { // CommandLine has checked both; keep a clear line all the same
        *error = tr("%1: unknown picture format or part.").arg(options.exportPath);
        return CommandLine::kUsageError;
    }

    SceneModel model;
    if (!ReportCommand::prepareModel(model, options, error))
        return CommandLine::kInputError;

    // Laid out as on screen but never shown, on whatever platform (offscreen by default).
    MainWindow window(&model);
    window.setAttribute(Qt::WA_DontShowOnScreen);
    const QSize windowSize = *part == Exporter::Part::Window && options.exportSize.isValid()
                                 ? options.exportSize
                                 : Exporter::kDefaultWindowSize;
    window.resize(windowSize);
    window.show();
    Exporter::settle();
    Exporter exporter(window.exportSource());
    if (window.size() != windowSize) {
        const QSize least = exporter.minimumSize(Exporter::Part::Window);
        *error = tr("The window needs at least %1 × %2 pixels; %3 × %4 is too small.")
                     .arg(least.width())
                     .arg(least.height())
                     .arg(windowSize.width())
                     .arg(windowSize.height());
        return CommandLine::kUsageError;
    }
    // A scene from a file is shown whole, as the window does when it opens one.
    if (!options.scenePath.isEmpty())
        window.canvas()->fitAll();

    Exporter::Options o;
    o.part = *part;
    o.size = options.exportSize;
    o.scale = options.exportScale;
    o.transparent = options.transparent;
    o.caption = options.caption;
    if (!exporter.write(options.exportPath, *format, o, error))
        return CommandLine::kInputError;
    return 0;
}
