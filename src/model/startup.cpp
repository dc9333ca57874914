#include "startup.h"

#include "commandline.h"
#include "language.h"
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

int runCommandLine(CommandLine &cli, const ExportRunner &exportRunner)
{
    const auto fail = [](const QString &error) {
        printLine(stderr, QStringLiteral("attention-canvas: ") + error);
    };
    if (!cli.parse(QCoreApplication::arguments())) {
        fail(cli.error());
        return CommandLine::kUsageError;
    }
    const CommandLineOptions &o = cli.options();
    if (o.help) {
        printLine(stdout, cli.helpText());
        return 0;
    }
    if (o.version) {
        printLine(stdout, QStringLiteral("attention-canvas %1").arg(QStringLiteral(AC_VERSION)));
        return 0;
    }
    if (!o.headless() || (o.exporting() && !exportRunner))
        return -1;
    QString error;
    const int code = o.exporting() ? exportRunner(o, &error) : ReportCommand::run(o, &error);
    if (code != 0)
        fail(error);
    return code;
}

} // namespace Startup
