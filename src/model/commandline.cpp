#include "commandline.h"

#include "core/normaliser.h"
#include "core/trainingsettings.h"
#include "errortext.h"
#include "language.h"

#include <QCommandLineParser>
#include <QFileInfo>
#include <QRegularExpression>

#include <cmath>
#include <string_view>

namespace {
// The options that take a value. QCommandLineParser takes the argument after such an option as
// its value whatever it looks like ("--scene --help" opens a file named "--help"), so the scans
// below must skip it too.
bool takesValue(std::string_view name)
{
    return name == "scene" || name == "report" || name == "method" || name == "normaliser" ||
           name == "temperature" || name == "lang" || name == "export" || name == "part" ||
           name == "size" || name == "scale" || name == "train" || name == "save-trained" ||
           name == "animate" || name == "frames" || name == "fps" || name == "loop";
}

// Qt's own options, which QApplication takes out of argv (with one dash or two) before the
// parser sees them: "-reverse" or "-stylesheet" must not read as the short flags -v or -h, and
// the value of "-style" or "-platform" is no option of ours.
enum class QtOption
{
    None,
    Flag,
    WithValue
};
QtOption qtOption(std::string_view name)
{
    for (const char *n : {"platform", "platformpluginpath", "platformtheme", "plugin",
                          "qwindowgeometry", "geometry", "qwindowtitle", "title", "qwindowicon",
                          "icon", "display", "session", "style", "stylesheet"}) {
        if (name == n)
            return QtOption::WithValue;
    }
    for (const char *n : {"reverse", "widgetcount", "testability", "nograb", "dograb", "sync"}) {
        if (name == n)
            return QtOption::Flag;
    }
    return QtOption::None;
}

// Walks argv the way QCommandLineParser reads it (long options as "--name value" or
// "--name=value", "--" ends the options) and calls `visit(name, value, isQt)` for each long
// option and each of Qt's own options; value is null for a flag or a missing value. Returns
// whether a short help or version flag ("-h", "-v", also within a group such as "-hv") was seen.
template <typename Visit> bool walkOptions(int argc, char **argv, Visit visit)
{
    bool shortHelpOrVersion = false;
    for (int i = 1; i < argc; ++i) {
        const std::string_view arg(argv[i]);
        if (arg == "--")
            break;
        if (arg.size() < 2 || arg[0] != '-')
            continue;
        const bool doubleDash = arg[1] == '-';
        std::string_view name = arg.substr(doubleDash ? 2 : 1);
        const char *value = nullptr;
        const auto eq = name.find('=');
        if (eq != std::string_view::npos) {
            value = argv[i] + (doubleDash ? 2 : 1) + eq + 1;
            name = name.substr(0, eq);
        }
        if (const QtOption qt = qtOption(name); qt != QtOption::None) {
            if (qt == QtOption::WithValue && !value && i + 1 < argc)
                value = argv[++i];
            visit(name, value, true);
        } else if (doubleDash) {
            if (takesValue(name) && !value && i + 1 < argc)
                value = argv[++i];
            visit(name, value, false);
        } else if (arg.find_first_of("hv", 1) != std::string_view::npos) {
            shortHelpOrVersion = true;
        }
    }
    return shortHelpOrVersion;
}
} // namespace

QString CommandLine::scanLanguage(int argc, char **argv)
{
    // The last --lang wins, as in QCommandLineParser::value().
    QString lang;
    walkOptions(argc, argv, [&lang](std::string_view name, const char *value, bool isQt) {
        if (!isQt && name == "lang" && value)
            lang = QString::fromLocal8Bit(value);
    });
    return lang;
}

bool CommandLine::scanHeadless(int argc, char **argv)
{
    // The export options count too: alone they are a usage error, which must be reported
    // without first needing a display.
    bool headless = false;
    const bool shortFlag =
        walkOptions(argc, argv, [&headless](std::string_view name, const char *, bool isQt) {
            for (const char *n :
                 {"report", "export", "help", "help-all", "version", "part", "size", "scale",
                  "caption", "transparent", "worksheet", "train", "save-trained", "python",
                  "pytorch", "animate", "frames", "fps", "loop"}) {
                if (!isQt && name == n)
                    headless = true;
            }
        });
    return headless || shortFlag;
}

bool CommandLine::scanExport(int argc, char **argv)
{
    bool exporting = false;
    walkOptions(argc, argv, [&exporting](std::string_view name, const char *, bool isQt) {
        if (!isQt && name == "export")
            exporting = true;
    });
    return exporting;
}

bool CommandLine::scanPlatform(int argc, char **argv)
{
    bool platform = false;
    walkOptions(argc, argv, [&platform](std::string_view name, const char *, bool isQt) {
        if (isQt && name == "platform")
            platform = true;
    });
    return platform;
}

bool CommandLine::parse(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        tr("Attention Canvas: drag query, key and value vectors and watch attention scores, "
           "softmax weights and the weighted sum change."));
    const QCommandLineOption helpOption = parser.addHelpOption();
    const QCommandLineOption versionOption = parser.addVersionOption();
    const QCommandLineOption sceneOption(QStringLiteral("scene"),
                                         tr("Open the scene or sequence FILE (JSON)."), tr("FILE"));
    const QCommandLineOption reportOption(
        QStringLiteral("report"),
        tr("Compute without a window and write every number as JSON to OUT (\"-\" for standard "
           "output); for a sequence file, every layer and head of every example."),
        tr("OUT"));
    const QCommandLineOption methodOption(
        QStringLiteral("method"), tr("Use the score method M: %1.").arg(ErrorText::methodIds()),
        tr("M"));
    const QCommandLineOption normaliserOption(
        QStringLiteral("normaliser"),
        tr("Turn the scores into weights with the normaliser N: %1.")
            .arg(ErrorText::normaliserIds()),
        tr("N"));
    const QCommandLineOption temperatureOption(QStringLiteral("temperature"),
                                               tr("Use the softmax temperature T (a number > 0)."),
                                               tr("T"));
    const QCommandLineOption langOption(QStringLiteral("lang"),
                                        tr("Use the language L: en or zh_CN."), tr("L"));
    const QCommandLineOption exportOption(
        QStringLiteral("export"),
        tr("Draw a picture without showing a window and write it to OUT (.png, .svg or .pdf, or "
           ".gif with --animate); for a sequence file, the Sequence window; for a lesson file, "
           "its handout as a PDF, one page per step."),
        tr("OUT"));
    const QCommandLineOption partOption(
        QStringLiteral("part"),
        tr("With --export: the part to draw, window (the default), canvas or chart (canvas and "
           "chart for scenes only)."),
        tr("P"));
    const QCommandLineOption sizeOption(
        QStringLiteral("size"),
        tr("With --export: the size in pixels (default 1280x800 for the window, the part's own "
           "size otherwise)."),
        tr("WxH"));
    const QCommandLineOption scaleOption(
        QStringLiteral("scale"),
        tr("With --export: PNG pixels per pixel of the size, 1, 2 or 4 (default 1)."), tr("N"));
    const QCommandLineOption captionOption(
        QStringLiteral("caption"),
        tr("With --export: write the method, the temperature, the weights and the output under "
           "the picture."));
    const QCommandLineOption transparentOption(
        QStringLiteral("transparent"),
        tr("With --export: leave the background transparent (the canvas and the chart)."));
    const QCommandLineOption worksheetOption(
        QStringLiteral("worksheet"),
        tr("With --scene LESSON and --export OUT.pdf: a worksheet, the handout with the numbers "
           "each question asks for left blank and an answer key at the end."));
    const QCommandLineOption trainOption(
        QStringLiteral("train"),
        tr("For a sequence file: train the model N steps without a window (with the file's "
           "optimizer and learning rate), then report it with its losses and accuracies (with "
           "--report) or save it (with --save-trained); with --animate training, the steps the "
           "animation spans (default: the file's training steps)."),
        tr("N"));
    const QCommandLineOption saveTrainedOption(
        QStringLiteral("save-trained"),
        tr("With --train: write the trained model as a sequence file to FILE."), tr("FILE"));
    const QCommandLineOption pythonOption(
        QStringLiteral("python"),
        tr("Print a Python program (NumPy) that rebuilds the scene or the sequence file's first "
           "example and prints the same scores, weights and output, commented in the chosen "
           "language."));
    const QCommandLineOption pytorchOption(QStringLiteral("pytorch"),
                                           tr("Like --python, with PyTorch instead of NumPy."));
    const QCommandLineOption animateOption(
        QStringLiteral("animate"),
        tr("With --export OUT.gif: an animated picture of a sweep, rotate-query (the query turns "
           "once around the origin) or temperature (τ from 0.05 to 20); or, for a sequence file "
           "with a training block, training (the Training view at evenly spaced steps from 0 to "
           "the last, trained with the file's settings and seed)."),
        tr("A"));
    const QCommandLineOption framesOption(
        QStringLiteral("frames"),
        tr("With --animate: the number of frames, %1 to %2 (default 48).")
            .arg(kMinFrames)
            .arg(kMaxFrames),
        tr("N"));
    const QCommandLineOption fpsOption(
        QStringLiteral("fps"),
        tr("With --animate: frames per second, %1 to %2 (default 25).").arg(kMinFps).arg(kMaxFps),
        tr("F"));
    const QCommandLineOption loopOption(
        QStringLiteral("loop"),
        tr("With --animate: the loop count written in the GIF, 0 to %1; 0 (the default) repeats "
           "forever.")
            .arg(kMaxLoop),
        tr("N"));
    parser.addOptions({sceneOption,       reportOption,  methodOption,      normaliserOption,
                       temperatureOption, langOption,    exportOption,      partOption,
                       sizeOption,        scaleOption,   captionOption,     transparentOption,
                       worksheetOption,   trainOption,   saveTrainedOption, pythonOption,
                       pytorchOption,     animateOption, framesOption,      fpsOption,
                       loopOption});
    m_help = parser.helpText();

    if (!parser.parse(arguments)) {
        m_error = parser.errorText();
        return false;
    }
    // addHelpOption() adds --help-all as an option of its own; it prints the same help here.
    m_options.help = parser.isSet(helpOption) || parser.isSet(QStringLiteral("help-all"));
    m_options.version = parser.isSet(versionOption);
    if (!parser.positionalArguments().isEmpty()) {
        m_error = tr("Unexpected argument \"%1\"; use --scene FILE to open a scene.")
                      .arg(parser.positionalArguments().constFirst());
        return false;
    }
    m_options.scenePath = parser.value(sceneOption);
    m_options.reportPath = parser.value(reportOption);
    if (parser.isSet(sceneOption) && m_options.scenePath.isEmpty()) {
        m_error = tr("--scene needs a file name.");
        return false;
    }
    if (parser.isSet(reportOption) && m_options.reportPath.isEmpty()) {
        m_error = tr("--report needs an output file name or \"-\".");
        return false;
    }
    if (parser.isSet(methodOption)) {
        attn::Method m;
        const QByteArray id = parser.value(methodOption).toUtf8();
        if (!attn::methodFromId(id.constData(), m)) {
            m_error = tr("Unknown method \"%1\"; expected %2.")
                          .arg(parser.value(methodOption), ErrorText::methodIds());
            return false;
        }
        m_options.method = m;
    }
    if (parser.isSet(normaliserOption)) {
        attn::Normaliser n;
        if (!attn::normaliserFromId(parser.value(normaliserOption).toStdString(), n)) {
            m_error = tr("Unknown normaliser \"%1\"; expected %2.")
                          .arg(parser.value(normaliserOption), ErrorText::normaliserIds());
            return false;
        }
        m_options.normaliser = n;
    }
    if (parser.isSet(temperatureOption)) {
        bool ok = false;
        const double t = parser.value(temperatureOption).toDouble(&ok);
        if (!ok || !std::isfinite(t) || t <= 0) {
            m_error = tr("The temperature must be a number greater than 0, not \"%1\".")
                          .arg(parser.value(temperatureOption));
            return false;
        }
        m_options.temperature = t;
    }
    if (!parseTraining(parser, trainOption, saveTrainedOption))
        return false;
    m_options.python = parser.isSet(pythonOption);
    m_options.pytorch = parser.isSet(pytorchOption);
    if (m_options.python && m_options.pytorch) {
        m_error = tr("Use either --python or --pytorch, not both.");
        return false;
    }
    if (m_options.printingCode() &&
        (m_options.reporting() || m_options.training() || parser.isSet(QStringLiteral("export")))) {
        m_error = tr("--%1 prints a program; use it without --report, --export or --train.")
                      .arg(m_options.python ? QStringLiteral("python") : QStringLiteral("pytorch"));
        return false;
    }
    if (!parseAnimation(parser, animateOption, framesOption, fpsOption, loopOption))
        return false;
    if (!parseExport(parser, exportOption, partOption, sizeOption, scaleOption, captionOption,
                     transparentOption, worksheetOption))
        return false;
    if (parser.isSet(langOption)) {
        m_options.language = Language::canonical(parser.value(langOption));
        if (m_options.language.isEmpty()) {
            m_error =
                tr("Unknown language \"%1\"; expected en or zh_CN.").arg(parser.value(langOption));
            return false;
        }
    }
    return true;
}

bool CommandLine::parseTraining(const QCommandLineParser &parser, const QCommandLineOption &train,
                                const QCommandLineOption &saveTrained)
{
    if (parser.isSet(saveTrained)) {
        m_options.saveTrainedPath = parser.value(saveTrained);
        if (m_options.saveTrainedPath.isEmpty()) {
            m_error = tr("--save-trained needs an output file name.");
            return false;
        }
        if (!parser.isSet(train)) {
            m_error = tr("--save-trained only applies with --train.");
            return false;
        }
    }
    if (!parser.isSet(train))
        return true;
    const QString text = parser.value(train);
    bool ok = false;
    const int steps = text.toInt(&ok);
    if (!ok || steps < 0 || steps > attn::kMaxTrainingSteps) {
        m_error = tr("The number of training steps must be a whole number from 0 to %1, not "
                     "\"%2\".")
                      .arg(attn::kMaxTrainingSteps)
                      .arg(text);
        return false;
    }
    m_options.trainSteps = steps;
    if (m_options.scenePath.isEmpty()) {
        m_error = tr("--train needs a sequence file: use --scene FILE.");
        return false;
    }
    // --animate training draws the run of these steps; any other export has no use for them.
    const bool animatesTraining = parser.isSet(QStringLiteral("animate")) &&
                                  parser.value(QStringLiteral("animate")) == kTrainingAnimation;
    if (animatesTraining) {
        if (!m_options.saveTrainedPath.isEmpty()) {
            m_error = tr("--save-trained does not apply to --animate training; use it without "
                         "--export.");
            return false;
        }
        return true;
    }
    if (parser.isSet(QStringLiteral("export"))) {
        m_error = tr("Use either --train or --export, not both.");
        return false;
    }
    if (!m_options.reporting() && m_options.saveTrainedPath.isEmpty()) {
        m_error = tr("--train needs --report OUT or --save-trained FILE to write its result.");
        return false;
    }
    return true;
}

bool CommandLine::parseExport(const QCommandLineParser &parser, const QCommandLineOption &out,
                              const QCommandLineOption &part, const QCommandLineOption &size,
                              const QCommandLineOption &scale, const QCommandLineOption &caption,
                              const QCommandLineOption &transparent,
                              const QCommandLineOption &worksheet)
{
    if (!parser.isSet(out)) {
        for (const QCommandLineOption *o :
             {&part, &size, &scale, &caption, &transparent, &worksheet}) {
            if (parser.isSet(*o)) {
                m_error = tr("--%1 only applies with --export.").arg(o->names().constFirst());
                return false;
            }
        }
        return true;
    }
    m_options.exportPath = parser.value(out);
    if (m_options.exportPath.isEmpty()) {
        m_error = tr("--export needs an output file name.");
        return false;
    }
    if (m_options.reporting()) {
        m_error = tr("Use either --report or --export, not both.");
        return false;
    }
    const QString suffix = QFileInfo(m_options.exportPath).suffix().toLower();
    if (m_options.animating() != (suffix == QLatin1String("gif"))) {
        m_error = m_options.animating()
                      ? tr("An animation is written as a GIF: the name \"%1\" must end in .gif.")
                            .arg(m_options.exportPath)
                      : tr("A GIF is an animation: use --animate rotate-query, temperature or "
                           "training with \"%1\".")
                            .arg(m_options.exportPath);
        return false;
    }
    if (suffix != QLatin1String("png") && suffix != QLatin1String("svg") &&
        suffix != QLatin1String("pdf") && suffix != QLatin1String("gif")) {
        m_error = tr("Cannot tell the format of \"%1\": the name must end in .png, .svg or .pdf.")
                      .arg(m_options.exportPath);
        return false;
    }

    if (parser.isSet(worksheet)) {
        // A worksheet is pages of a lesson: none of a picture's options mean anything to it.
        if (m_options.animating()) {
            m_error = tr("--worksheet writes a PDF of a lesson, not an animation; use it without "
                         "--animate.");
            return false;
        }
        if (suffix != QLatin1String("pdf")) {
            m_error = tr("A worksheet is written as a PDF: the name \"%1\" must end in .pdf.")
                          .arg(m_options.exportPath);
            return false;
        }
        for (const QCommandLineOption *o : {&part, &size, &scale, &caption, &transparent}) {
            if (parser.isSet(*o)) {
                m_error = tr("--%1 applies to pictures, not to worksheets; use it without "
                             "--worksheet.")
                              .arg(o->names().constFirst());
                return false;
            }
        }
        if (m_options.scenePath.isEmpty()) {
            m_error = tr("--worksheet needs a lesson: use --scene LESSON.json.");
            return false;
        }
        m_options.worksheet = true;
    }

    m_options.exportPart = QStringLiteral("window");
    if (parser.isSet(part)) {
        const QString p = parser.value(part);
        if (p != QLatin1String("window") && p != QLatin1String("canvas") &&
            p != QLatin1String("chart")) {
            m_error = tr("Unknown part \"%1\"; expected window, canvas or chart.").arg(p);
            return false;
        }
        m_options.exportPart = p;
    }

    if (parser.isSet(size)) {
        static const QRegularExpression pattern(
            QStringLiteral("^\\s*(\\d{1,6})\\s*[xX×]\\s*(\\d{1,6})\\s*$"));
        const QString text = parser.value(size);
        const QRegularExpressionMatch m = pattern.match(text);
        if (!m.hasMatch()) {
            m_error = tr("The size must be written WIDTHxHEIGHT in pixels, such as 1280x800, not "
                         "\"%1\".")
                          .arg(text);
            return false;
        }
        const QSize s(m.captured(1).toInt(), m.captured(2).toInt());
        if (s.width() < kMinExportSize || s.height() < kMinExportSize ||
            s.width() > kMaxExportSize || s.height() > kMaxExportSize) {
            m_error = tr("The size must be between %1 and %2 pixels a side, not \"%3\".")
                          .arg(kMinExportSize)
                          .arg(kMaxExportSize)
                          .arg(text);
            return false;
        }
        m_options.exportSize = s;
    }

    if (parser.isSet(scale)) {
        const QString text = parser.value(scale);
        if (text != QLatin1String("1") && text != QLatin1String("2") &&
            text != QLatin1String("4")) {
            m_error = tr("The scale must be 1, 2 or 4, not \"%1\".").arg(text);
            return false;
        }
        m_options.exportScale = text.toInt();
    }
    if (m_options.exportSize.isValid()) {
        const qint64 w = qint64(m_options.exportSize.width()) * m_options.exportScale;
        const qint64 h = qint64(m_options.exportSize.height()) * m_options.exportScale;
        if (w > kMaxExportSide || h > kMaxExportSide || w * h > kMaxExportPixels) {
            m_error = tr("The picture would be %1 × %2 pixels; the limit is %3 pixels a side and "
                         "100 million pixels in all.")
                          .arg(w)
                          .arg(h)
                          .arg(kMaxExportSide);
            return false;
        }
    }

    m_options.caption = parser.isSet(caption);
    m_options.transparent = parser.isSet(transparent);
    if (m_options.transparent && m_options.animating()) {
        m_error = tr("--transparent does not apply to animations: GIF frames are opaque.");
        return false;
    }
    if (m_options.transparent && m_options.exportPart == QLatin1String("window")) {
        m_error = tr("--transparent applies to the canvas and the chart, not to the whole window.");
        return false;
    }
    return true;
}

bool CommandLine::parseAnimation(const QCommandLineParser &parser,
                                 const QCommandLineOption &animate,
                                 const QCommandLineOption &frames, const QCommandLineOption &fps,
                                 const QCommandLineOption &loop)
{
    if (!parser.isSet(animate)) {
        for (const QCommandLineOption *o : {&frames, &fps, &loop}) {
            if (parser.isSet(*o)) {
                m_error = tr("--%1 only applies with --animate.").arg(o->names().constFirst());
                return false;
            }
        }
        return true;
    }
    const QString kind = parser.value(animate);
    if (kind != QLatin1String("rotate-query") && kind != QLatin1String("temperature") &&
        kind != kTrainingAnimation) {
        m_error = tr("Unknown animation \"%1\" for --animate; expected rotate-query, temperature "
                     "or training.")
                      .arg(kind);
        return false;
    }
    if (!parser.isSet(QStringLiteral("export"))) {
        m_error = tr("--animate needs --export OUT.gif to write the animation to.");
        return false;
    }
    m_options.animate = kind;
    // A whole number within [least, most], or `message` naming the option and its range.
    const auto whole = [&](const QCommandLineOption &o, int least, int most, int *out,
                           const QString &message) {
        if (!parser.isSet(o))
            return true;
        bool ok = false;
        const QString text = parser.value(o);
        const int n = text.trimmed().toInt(&ok);
        if (ok && n >= least && n <= most) {
            *out = n;
            return true;
        }
        m_error = message.arg(text);
        return false;
    };
    return whole(frames, kMinFrames, kMaxFrames, &m_options.animationFrames,
                 tr("--frames must be a whole number of frames from %1 to %2, not \"%3\".")
                     .arg(kMinFrames)
                     .arg(kMaxFrames)) &&
           whole(fps, kMinFps, kMaxFps, &m_options.animationFps,
                 tr("--fps must be a whole number of frames per second from %1 to %2, not "
                    "\"%3\".")
                     .arg(kMinFps)
                     .arg(kMaxFps)) &&
           whole(loop, 0, kMaxLoop, &m_options.animationLoop,
                 tr("--loop must be 0 (repeat forever) or a whole number of times up to %1, "
                    "not \"%2\".")
                     .arg(kMaxLoop));
}
