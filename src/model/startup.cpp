#include "startup.h"

#include "commandline.h"
#include "language.h"
#include "pythoncommand.h"
#include "reportcommand.h"

#include <QCoreApplication>
#include <QSettings>

namespace Startup {

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

void installLanguage(const QString &fromArguments)
{
    QString lang = Language::canonical(fromArguments);
    if (lang.isEmpty())
        lang = Language::canonical(QSettings().value(QStringLiteral("language")).toString());
    if (lang.isEmpty())
        lang = Language::systemDefault();
    Language::install(lang);
}

namespace {
// run()'s answer when it stopped before saying anything because `quiet` was set.
constexpr int kWouldSpeak = -2;

int run(CommandLine &cli, const QStringList &arguments, const ExportRunner &exportRunner,
        bool quiet)
{
    const auto fail = [](const QString &error) {
        printLine(stderr, QStringLiteral("attention-canvas: ") + error);
    };
    if (!cli.parse(arguments)) {
        if (quiet)
            return kWouldSpeak;
        fail(cli.error());
        return CommandLine::kUsageError;
    }
    const CommandLineOptions &o = cli.options();
    if (o.help) {
        if (quiet)
            return kWouldSpeak;
        printLine(stdout, cli.helpText());
        return 0;
    }
    if (o.version) {
        printLine(stdout, QStringLiteral("attention-canvas %1").arg(QStringLiteral(AC_VERSION)));
        return 0;
    }
    if (!o.headless() || (o.exporting() && !exportRunner))
        return -1;
    // The program's comments are in the user's language: that needs the translator, which only
    // the second, spoken pass installs.
    if (quiet && o.printingCode())
        return kWouldSpeak;
    QString error;
    const int code = o.exporting()      ? exportRunner(o, &error)
                     : o.printingCode() ? PythonCommand::run(o, &error)
                                        : ReportCommand::run(o, &error);
    if (code != 0) {
        if (quiet)
            return kWouldSpeak;
        fail(error);
    }
    return code;
}
} // namespace

int runCommandLine(CommandLine &cli, const ExportRunner &exportRunner)
{
    return run(cli, QCoreApplication::arguments(), exportRunner, false);
}

int runWithoutApplication(int &argc, char **argv, const QString &languageFromArguments)
{
    // What QCoreApplication::arguments() would give on Unix.
    QStringList arguments;
    for (int i = 0; i < argc; ++i)
        arguments << QString::fromLocal8Bit(argv[i]);
    {
        CommandLine quietly;
        if (const int code = run(quietly, arguments, {}, true); code != kWouldSpeak)
            return code;
    }
    QCoreApplication app(argc, argv);
    installLanguage(languageFromArguments);
    CommandLine cli; // made after the translator: its option texts are translated as it parses
    return run(cli, QCoreApplication::arguments(), {}, false);
}

} // namespace Startup
