#include "exportcommand.h"

#include "canvas/canvaswidget.h"
#include "export/animationexport.h"
#include "export/exporter.h"
#include "export/handoutwriter.h"
#include "mainwindow.h"
#include "model/commandline.h"
#include "model/language.h"
#include "model/lessonsession.h"
#include "model/reportcommand.h"
#include "model/scenemodel.h"
#include "model/scenestorage.h"
#include "model/sequencesession.h"
#include "sequence/sequencewindow.h"
#include "sequence/trainingsweep.h"

#include <QFileInfo>

namespace {
// Shows `window` without putting it on a screen at `size` and lays it out; false with the
// translated reason when the window cannot be that small.
bool layOut(QWidget &window, QSize size, const Exporter &exporter, QString *error)
{
    window.setAttribute(Qt::WA_DontShowOnScreen);
    window.resize(size);
    window.show();
    Exporter::settle();
    if (window.size() == size)
        return true;
    const QSize least = exporter.minimumSize(Exporter::Part::Window);
    *error = ExportCommand::tr("The window needs at least %1 × %2 pixels; %3 × %4 is too small.")
                 .arg(least.width())
                 .arg(least.height())
                 .arg(size.width())
                 .arg(size.height());
    return false;
}

Exporter::Options exportOptions(const CommandLineOptions &options, Exporter::Part part)
{
    Exporter::Options o;
    o.part = part;
    o.size = options.exportSize;
    o.scale = options.exportScale;
    o.transparent = options.transparent;
    o.caption = options.caption;
    return o;
}
} // namespace

int ExportCommand::run(const CommandLineOptions &options, QString *error)
{
    if (!options.scenePath.isEmpty()) {
        const bool lesson = LessonSession::isLessonFile(options.scenePath);
        if (options.worksheet && !lesson && QFileInfo(options.scenePath).isFile()) {
            *error = tr("%1 is not a lesson file: --worksheet leaves blank what a lesson's "
                        "questions ask, and a scene or sequence file asks none.")
                         .arg(options.scenePath);
            return CommandLine::kUsageError;
        }
        // A file that is not there is refused by the lesson's reader, in its words.
        if (lesson || options.worksheet)
            return runHandout(options, error);
    }
    if (options.animating()) {
        const auto part = Exporter::partFromId(options.exportPart);
        if (!part) {
            *error = tr("%1: unknown picture format or part.").arg(options.exportPath);
            return CommandLine::kUsageError;
        }
        return runAnimation(options, *part, error);
    }
    const auto format = Exporter::formatFromPath(options.exportPath);
    const auto part = Exporter::partFromId(options.exportPart);
    if (!format || !part) { // CommandLine has checked both; keep a clear line all the same
        *error = tr("%1: unknown picture format or part.").arg(options.exportPath);
        return CommandLine::kUsageError;
    }
    if (!options.scenePath.isEmpty() &&
        SceneStorage::kindOf(options.scenePath) == SceneStorage::FileKind::Sequence)
        return runSequence(options, *format, *part, error);

    SceneModel model;
    if (!ReportCommand::prepareModel(model, options, error))
        return CommandLine::kInputError;

    // Laid out as on screen but never shown, on whatever platform (offscreen by default).
    MainWindow window(&model);
    const QSize windowSize = *part == Exporter::Part::Window && options.exportSize.isValid()
                                 ? options.exportSize
                                 : Exporter::kDefaultWindowSize;
    Exporter exporter(window.exportSource());
    if (!layOut(window, windowSize, exporter, error))
        return CommandLine::kUsageError;
    // A scene from a file is shown whole, as the window does when it opens one.
    if (!options.scenePath.isEmpty())
        window.canvas()->fitAll();

    if (!exporter.write(options.exportPath, *format, exportOptions(options, *part), error))
        return CommandLine::kInputError;
    return 0;
}

int ExportCommand::runHandout(const CommandLineOptions &options, QString *error)
{
    // A lesson is pages, each step as it was saved: a picture's options and the overrides of a
    // scene's computation have no meaning for it.
    if (Exporter::formatFromPath(options.exportPath) != Exporter::Format::Pdf ||
        options.animating()) {
        *error = tr("%1 is a lesson, which is exported as a PDF handout: the name \"%2\" must end "
                    "in .pdf.")
                     .arg(options.scenePath, options.exportPath);
        return CommandLine::kUsageError;
    }
    if (options.method || options.normaliser || options.temperature) {
        *error = tr("%1: --method, --normaliser and --temperature apply to scenes; each step of a "
                    "lesson keeps its own.")
                     .arg(options.scenePath);
        return CommandLine::kUsageError;
    }
    if (options.exportPart != QLatin1String("window") || options.exportSize.isValid() ||
        options.exportScale != 1 || options.caption || options.transparent) {
        *error = tr("%1: --part, --size, --scale, --caption and --transparent apply to pictures; "
                    "a lesson's handout has A4 pages.")
                     .arg(options.scenePath);
        return CommandLine::kUsageError;
    }
    LessonSession lesson;
    QString why;
    if (!lesson.load(options.scenePath, &why)) {
        *error = tr("%1: %2").arg(options.scenePath, why);
        return CommandLine::kInputError;
    }
    HandoutWriter::Options o;
    o.language = Language::current();
    o.worksheet = options.worksheet;
    HandoutWriter writer(lesson.lesson(), o);
    if (!writer.write(options.exportPath, error))
        return CommandLine::kInputError;
    return 0;
}

int ExportCommand::runSequence(const CommandLineOptions &options, Exporter::Format format,
                               Exporter::Part part, QString *error)
{
    // The Sequence window has no canvas and no chart of a scene: only the whole window.
    if (part != Exporter::Part::Window) {
        *error = tr("%1: a sequence file draws the Sequence window; --part %2 applies to scenes.")
                     .arg(options.scenePath, Exporter::partId(part));
        return CommandLine::kUsageError;
    }
    if (options.method) {
        *error =
            tr("%1: --method applies to scenes, not to sequence files.").arg(options.scenePath);
        return CommandLine::kInputError;
    }
    // Read once through the storage for its checks and its words for sequence files; the
    // window's session then loads the same file (and refuses it alike, should it change).
    QString why;
    if (!SceneStorage::loadSequence(options.scenePath, &why)) {
        *error = tr("%1: %2").arg(options.scenePath, why);
        return CommandLine::kInputError;
    }
    SequenceWindow window;
    SequenceSession *session = window.session();
    const auto withNormaliser = [&] {
        attn::SequenceModel model = session->document().model;
        model.normaliser = *options.normaliser;
        return session->setModel(std::move(model));
    };
    if (!window.loadPreset(options.scenePath) ||
        (options.temperature && !session->setTemperature(*options.temperature)) ||
        (options.normaliser && !withNormaliser())) {
        *error = tr("%1: %2").arg(options.scenePath, session->message());
        return CommandLine::kInputError;
    }
    const Exporter exporter(ExportSource{&window, nullptr, nullptr, session});
    const QSize windowSize =
        options.exportSize.isValid() ? options.exportSize : Exporter::kDefaultWindowSize;
    if (!layOut(window, windowSize, exporter, error))
        return CommandLine::kUsageError;
    if (!exporter.write(options.exportPath, format, exportOptions(options, part), error))
        return CommandLine::kInputError;
    return 0;
}

int ExportCommand::runAnimation(const CommandLineOptions &options, Exporter::Part part,
                                QString *error)
{
    if (options.animate == CommandLine::kTrainingAnimation) // a sequence file's run
        return TrainingSweep::runCommand(options, error);
    const auto kind = SweepAnimation::fromId(options.animate);
    if (!kind) { // CommandLine has checked it
        *error = tr("%1: unknown animation.").arg(options.animate);
        return CommandLine::kUsageError;
    }
    if (!options.scenePath.isEmpty() &&
        SceneStorage::kindOf(options.scenePath) == SceneStorage::FileKind::Sequence) {
        *error = tr("%1: --animate %2 sweeps a scene; this is a sequence file.")
                     .arg(options.scenePath, options.animate);
        return CommandLine::kUsageError;
    }
    SceneModel model;
    if (!ReportCommand::prepareModel(model, options, error))
        return CommandLine::kInputError;
    MainWindow window(&model);
    const QSize windowSize = part == Exporter::Part::Window && options.exportSize.isValid()
                                 ? options.exportSize
                                 : Exporter::kDefaultWindowSize;
    {
        const Exporter exporter(window.exportSource());
        if (!layOut(window, windowSize, exporter, error))
            return CommandLine::kUsageError;
    }
    if (!options.scenePath.isEmpty())
        window.canvas()->fitAll();

    AnimationExport::Options o;
    o.kind = *kind;
    o.frames = options.animationFrames;
    o.picture = exportOptions(options, part);
    o.gif.fps = options.animationFps;
    o.gif.loop = options.animationLoop;
    AnimationExport animation(window.exportSource(), &model, o);
    if (const QString why = animation.problem(); !why.isEmpty()) {
        *error = tr("%1: %2").arg(
            options.scenePath.isEmpty() ? options.exportPath : options.scenePath, why);
        return CommandLine::kInputError;
    }
    if (!animation.run(options.exportPath, error))
        return CommandLine::kInputError;
    return 0;
}
