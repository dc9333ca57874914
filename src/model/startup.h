#pragma once

#include <QString>

#include <cstdio>
#include <functional>

class CommandLine;
struct CommandLineOptions;

/// What both entry points share: the executable's main(), which answers the command line that
/// needs only Qt Core, and the window module's entry, which the executable loads for everything
/// that draws. Keeping it here keeps the two in step.
namespace Startup {

/// Organisation, name and version: QSettings and the data folders are keyed by them.
void describeApplication();

/// One line on `stream` in the locale's encoding.
void printLine(FILE *stream, const QString &text);

/// The language before anything is shown: --lang, else the saved choice, else the system's.
void installLanguage(const QString &fromArguments);

/// Draws a picture for --export; only the window module can, so the executable passes none.
using ExportRunner = std::function<int(const CommandLineOptions &, QString *error)>;

/// Parses the running application's arguments and runs what needs no window: --help, --version,
/// --report and, given `exportRunner`, --export. Returns the exit code, or -1 when what was asked
/// needs the window module: the window itself (its options are then in `cli`), or --export
/// without a runner.
int runCommandLine(CommandLine &cli, const ExportRunner &exportRunner = {});

} // namespace Startup
