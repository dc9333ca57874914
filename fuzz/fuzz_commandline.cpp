// libFuzzer target: any argument list (the input split at line feeds; argv[0] is the program).
// main() decides between a window and a headless run by scanning argv before any application
// object exists (CommandLine::scanHeadless, scanLanguage), and only then parses for real with
// QCommandLineParser. The scans must agree with the parser:
//   - a command line that the parser reads as --report must be headless (a report must never
//     need a display);
//   - a headless command line that parses must be one that runs headless (--report, --help or
//     --version), otherwise main() would end with no output and no message;
//   - a command line that the parser reads as --export is one the scan sends to the offscreen
//     drawing, and the scan sends no other there (it would start an invisible window that never
//     ends);
//   - --lang as the parser reads it is the language the scan installed for the messages.

#include "model/commandline.h"
#include "model/language.h"

#include <QCoreApplication>
#include <QStringList>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace {
[[noreturn]] void broken(const char *promise)
{
    std::fprintf(stderr, "fuzz_commandline: broken promise: %s\n", promise);
    std::abort();
}
} // namespace

extern "C" int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    // QCommandLineParser's help text names the program through the application object.
    static auto *app = new QCoreApplication(*argc, *argv);
    QCoreApplication::setApplicationName(QStringLiteral("attention-canvas"));
    QCoreApplication::setApplicationVersion(QStringLiteral(AC_VERSION));
    (void)app;
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    std::vector<std::string> args{"attention-canvas"};
    std::string current;
    for (std::size_t i = 0; i < size; ++i) {
        if (data[i] == '\n') {
            args.push_back(current);
            current.clear();
        } else {
            current += char(data[i]);
        }
    }
    if (size > 0)
        args.push_back(current);

    std::vector<char *> argv;
    QStringList arguments;
    for (std::string &a : args) {
        argv.push_back(a.data());
        arguments << QString::fromLocal8Bit(a);
    }
    argv.push_back(nullptr);
    const int argc = int(args.size());

    const bool headless = CommandLine::scanHeadless(argc, argv.data());
    const bool exporting = CommandLine::scanExport(argc, argv.data());
    const QString scannedLanguage = CommandLine::scanLanguage(argc, argv.data());

    CommandLine cli;
    if (!cli.parse(arguments)) {
        if (cli.error().isEmpty())
            broken("a refused command line without a message");
        return 0;
    }
    const CommandLineOptions &o = cli.options();
    if (o.headless() && !headless)
        broken("--report would start a window (and need a display)");
    if (headless && !(o.headless() || o.help || o.version))
        broken("a headless start that neither reports nor prints help or the version");
    if (o.exporting() != exporting)
        broken("--export as the parser reads it is not what the scan found");
    if (!o.language.isEmpty() && Language::canonical(scannedLanguage) != o.language)
        broken("the messages' language is not the --lang the parser read");
    return 0;
}
