// The window module: everything that draws. main() loads it only when a window or a picture is
// wanted, so that --report, --help and --version start without the GUI libraries (Widgets,
// Charts, Svg, OpenGL…), whose loading costs more than the whole report.

#include "document/autosavesession.h"
#include "exportcommand.h"
#include "mainwindow.h"
#include "model/autosaver.h"
#include "model/commandline.h"
#include "model/savedfiles.h"
#include "model/scenemodel.h"
#include "model/startup.h"
#include "model/terminationsignals.h"
#include "sequence/sequenceautosave.h"
#include "sequence/sequencewindow.h"
#include "windowentry.h"

#include <QAction>
#include <QApplication>
#include <QIcon>
#include <QTimer>

namespace {
QtMessageHandler g_qtMessages = nullptr;

// --export promises nothing on standard error on success and one line on failure; the offscreen
// platform's notes ("does not support propagateSizeHints()", XDG_RUNTIME_DIR) would break that.
// Errors that Qt itself considers critical still get through.
void quietMessages(QtMsgType type, const QMessageLogContext &context, const QString &text)
{
    if (type == QtCriticalMsg || type == QtFatalMsg)
        g_qtMessages(type, context, text);
}
} // namespace

extern "C" Q_DECL_EXPORT int AC_WINDOW_ENTRY(int argc, char **argv)
{
    Startup::describeApplication();
    const QString lang = CommandLine::scanLanguage(argc, argv);

    // --export draws widgets, which needs a QApplication but no display: unless the user chose a
    // platform, take the offscreen one so that it also runs where there is no display at all.
    const bool exporting = CommandLine::scanExport(argc, argv);
    if (exporting && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") &&
        !CommandLine::scanPlatform(argc, argv))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    if (exporting)
        g_qtMessages = qInstallMessageHandler(quietMessages);
    QApplication app(argc, argv);
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/" AC_APP_ID ".svg")));
    // Wayland compositors find the icon and name through the .desktop file of this id.
    QGuiApplication::setDesktopFileName(QStringLiteral(AC_APP_ID));
    Startup::installLanguage(lang);

    CommandLine cli;
    if (const int code = Startup::runCommandLine(cli, &ExportCommand::run); code >= 0)
        return code;

    // Saves that were killed half-way (a crash, kill -9, power) left temporary files beside the
    // files the app saved and in the autosave folder; none survives into this session.
    SavedFiles::removeStrayTemporaries();
    // Every Sequence window (made on first use) autosaves its document like the scene.
    SequenceAutosave::startForEveryWindow();

    SceneModel model;
    MainWindow window(&model);
    // The saved layout and geometry: only for the window, not for --export's default picture.
    window.restoreSession();
    if (!cli.options().scenePath.isEmpty())
        window.openScene(cli.options().scenePath);
    if (cli.options().method)
        model.setMethod(*cli.options().method);
    if (cli.options().normaliser)
        model.setNormaliser(*cli.options().normaliser);
    if (cli.options().temperature)
        model.setTemperature(*cli.options().temperature);
    window.show();
    window.startAutosave();
    // A sequence left by an earlier session is offered after the scene, and opens in the
    // Sequence window (made through the menu's action, as a click on it would).
    QTimer::singleShot(0, &window, [&window] {
        SequenceAutosave::offerRecovery(&window, [&window]() -> SequenceWindow * {
            auto *open = window.findChild<QAction *>(QStringLiteral("actionSequence"));
            if (!open)
                return nullptr;
            open->trigger();
            return window.findChild<SequenceWindow *>();
        });
    });
    // Told to end (SIGTERM, SIGHUP): no questions, a last autosave of every open document, no
    // stale lock; the exit code is the shell's for a signal. Unsaved work is offered back at the
    // next start.
    TerminationSignals termination;
    QObject::connect(&termination, &TerminationSignals::received, &window, [&window](int sig) {
        window.autosaveSession()->terminate(); // ends a drag on the canvas first
        Autosaver::terminateAll();             // the Sequence window's, a lesson's
        QCoreApplication::exit(128 + sig);
    });
    return app.exec();
}
