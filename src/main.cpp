// attention-canvas: with --report (or --help, --version) a headless computation that needs only
// Qt Core; otherwise the window module, loaded at run time, shows the window or draws a picture
// for --export. Splitting the two keeps the report as cheap to start as a bare Qt program: the
// GUI libraries are never loaded for it.

#include "model/commandline.h"
#include "model/startup.h"
#include "window/windowentry.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QLibrary>

namespace {
// Where the window module may be: beside the executable in the build tree, or in the private
// library folder of an installation (AC_WINDOW_MODULE_DIR is relative to the binary's folder).
QStringList moduleCandidates(const char *argv0)
{
    QString self = QFileInfo(QStringLiteral("/proc/self/exe")).canonicalFilePath();
    if (self.isEmpty())
        self = QFileInfo(QString::fromLocal8Bit(argv0)).absoluteFilePath();
    const QDir dir = QFileInfo(self).absoluteDir();
    const QString name = QStringLiteral(AC_WINDOW_MODULE_NAME);
    return {dir.filePath(name),
            QDir::cleanPath(dir.filePath(QStringLiteral(AC_WINDOW_MODULE_DIR "/") + name))};
}

int runWindow(int argc, char **argv, const QString &lang)
{
    QString errors;
    for (const QString &path : moduleCandidates(argv[0])) {
        if (!QFileInfo::exists(path))
            continue;
        QLibrary module(path);
        using Entry = int (*)(int, char **);
        if (auto entry = reinterpret_cast<Entry>(module.resolve(AC_WINDOW_ENTRY_NAME)))
            return entry(argc, argv);
        errors += QStringLiteral("\n  ") + module.errorString();
    }
    // A broken installation: say so in the user's language, naming the places searched.
    QCoreApplication app(argc, argv);
    Startup::installLanguage(lang);
    if (errors.isEmpty())
        errors = QStringLiteral("\n  ") + moduleCandidates(argv[0]).join(QStringLiteral("\n  "));
    Startup::printLine(
        stderr, QStringLiteral("attention-canvas: ") +
                    QCoreApplication::translate("main", "The window module could not be loaded:%1")
                        .arg(errors));
    return 1;
}
} // namespace

int main(int argc, char **argv)
{
    Startup::describeApplication();
    const QString lang = CommandLine::scanLanguage(argc, argv);
    if (!CommandLine::scanHeadless(argc, argv) || CommandLine::scanExport(argc, argv))
        return runWindow(argc, argv, lang);

    // No display is needed or touched, and a report that works needs no application object.
    const int code = Startup::runWithoutApplication(argc, argv, lang);
    // -1: the arguments ask for the window after all (an export option given as a value, say).
    return code >= 0 ? code : runWindow(argc, argv, lang);
}
