// attention-canvas: the window, or with --report a headless computation, or with --export a
// picture drawn without showing a window. All the work lives in the libraries; this file only
// chooses the application type, the platform and the language.

#include "app/exportcommand.h"
#include "app/mainwindow.h"
#include "model/commandline.h"
#include "model/language.h"
#include "model/reportcommand.h"
#include "model/scenemodel.h"

#include <QApplication>
#include <QCoreApplication>
#include <QIcon>
#include <QSettings>

#include <cstdio>
#include <memory>

namespace {
void describeApplication()
{
    QCoreApplication::setOrganizationName(QStringLiteral("AttentionCanvas"));
    QCoreApplication::setApplicationName(QStringLiteral("attention-canvas"));
    QCoreApplication::setApplicationVersion(QStringLiteral(AC_VERSION));
}

void printLine(FILE *stream, const QString &text)
{
    const QByteArray bytes = text.toLocal8Bit();
    std::fprintf(stream, "%s\n", bytes.constData());
}

// The language before anything is shown: --lang, else the saved choice, else the system's.
void installLanguage(const QString &fromArguments)
{
    QString lang = Language::canonical(fromArguments);
    if (lang.isEmpty())
        lang = Language::canonical(QSettings().value(QStringLiteral("language")).toString());
    if (lang.isEmpty())
        lang = Language::systemDefault();
    Language::install(lang);
}

QtMessageHandler g_qtMessages = nullptr;

// --export promises nothing on standard error on success and one line on failure; the offscreen
// platform's notes ("does not support propagateSizeHints()", XDG_RUNTIME_DIR) would break that.
// Errors that Qt itself considers critical still get through.
void quietMessages(QtMsgType type, const QMessageLogContext &context, const QString &text)
{
    if (type == QtCriticalMsg || type == QtFatalMsg)
        g_qtMessages(type, context, text);
}

// Runs the parts of the command line that need no window; returns -1 when the window is wanted.
int runCommandLine(const CommandLine &cli)
{
    const CommandLineOptions &o = cli.options();
    if (o.help) {
        printLine(stdout, cli.helpText());
        return 0;
    }
    if (o.version) {
        printLine(stdout, QStringLiteral("attention-canvas %1").arg(QStringLiteral(AC_VERSION)));
        return 0;
    }
    if (o.headless()) {
        QString error;
        const int code =
            o.exporting() ? ExportCommand::run(o, &error) : ReportCommand::run(o, &error);
        if (code != 0)
            printLine(stderr, QStringLiteral("attention-canvas: ") + error);
        return code;
    }
    return -1;
}
} // namespace

int main(int argc, char **argv)
{
    describeApplication();
    const QString lang = CommandLine::scanLanguage(argc, argv);

    const bool exporting = CommandLine::scanExport(argc, argv);
    if (CommandLine::scanHeadless(argc, argv) && !exporting) {
        // No display is needed or touched: a core application is enough for --report.
        QCoreApplication app(argc, argv);
        installLanguage(lang);
        CommandLine cli;
        if (!cli.parse(QCoreApplication::arguments())) {
            printLine(stderr, QStringLiteral("attention-canvas: ") + cli.error());
            return CommandLine::kUsageError;
        }
        return runCommandLine(cli);
    }

    // --export draws widgets, which needs a QApplication but no display: unless the user chose a
    // platform, take the offscreen one so that it also runs where there is no display at all.
    if (exporting && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") &&
        !CommandLine::scanPlatform(argc, argv))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    if (exporting)
        g_qtMessages = qInstallMessageHandler(quietMessages);
    QApplication app(argc, argv);
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/" AC_APP_ID ".svg")));
    // Wayland compositors find the icon and name through the .desktop file of this id.
    QGuiApplication::setDesktopFileName(QStringLiteral(AC_APP_ID));
    installLanguage(lang);
    CommandLine cli;
    if (!cli.parse(QCoreApplication::arguments())) {
        printLine(stderr, QStringLiteral("attention-canvas: ") + cli.error());
        return CommandLine::kUsageError;
    }
    if (const int code = runCommandLine(cli); code >= 0)
        return code;

    SceneModel model;
    MainWindow window(&model);
    window.restoreSession();
    if (!cli.options().scenePath.isEmpty())
        window.openScene(cli.options().scenePath);
    if (cli.options().method)
        model.setMethod(*cli.options().method);
    if (cli.options().temperature)
        model.setTemperature(*cli.options().temperature);
    window.show();
    return app.exec();
}
