#pragma once

#include "core/types.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <optional>

/// What the command line asked for.
struct CommandLineOptions
{
    QString scenePath;  ///< --scene FILE (empty: the default scene)
    QString reportPath; ///< --report OUT.json, "-" for standard output
    QString language;   ///< --lang, canonical ("en", "zh_CN"), empty if not given
    std::optional<attn::Method> method;
    std::optional<double> temperature;
    bool help = false;
    bool version = false;

    bool headless() const { return !reportPath.isEmpty(); }
};

/// Parses the arguments with QCommandLineParser; every message is translated.
class CommandLine
{
    Q_DECLARE_TR_FUNCTIONS(CommandLine)

public:
    /// Exit code for a wrong argument (2) and for input that cannot be used (1).
    static constexpr int kUsageError = 2;
    static constexpr int kInputError = 1;

    /// Finds --lang before a QCoreApplication exists, so that --help and errors come out in
    /// that language. Returns an empty string when absent.
    static QString scanLanguage(int argc, char **argv);
    /// True when the arguments ask for work without a window (--report, --help, --version).
    static bool scanHeadless(int argc, char **argv);

    /// Parses; on failure error() holds one translated line.
    bool parse(const QStringList &arguments);
    const CommandLineOptions &options() const { return m_options; }
    QString error() const { return m_error; }
    /// The --help text in the current language.
    QString helpText() const { return m_help; }

private:
    CommandLineOptions m_options;
    QString m_error;
    QString m_help;
};
