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

/// As runCommandLine() without an export runner, for the executable's own headless path, before
/// any application object exists. Loading Qt is most of a report's cost: a report that works
/// prints only numbers, so it runs without a QCoreApplication, without translations and without
/// reading the saved language from the settings. Only when something is to be said (help, an
/// error) is the application made, the language installed (--lang, else the saved choice, else
/// the system's) and the command run again, so that every word is in that language; a failed
/// report writes nothing, so the second run changes nothing on disk.
int runWithoutApplication(int &argc, char **argv, const QString &languageFromArguments);

} // namespace Startup
