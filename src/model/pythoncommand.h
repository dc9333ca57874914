#pragma once

#include <QCoreApplication>
#include <QString>

struct CommandLineOptions;

/// `--python` and `--pytorch`: load the scene or sequence file, apply --method, --normaliser and
/// --temperature as --report does, and print PythonCode's program on standard output (UTF-8), so
/// that tests and teachers get it without a window. A sequence file runs its first example at
/// positions 0, 1, …, as --report and --export do. Nothing is printed when anything fails.
class PythonCommand
{
    Q_DECLARE_TR_FUNCTIONS(PythonCommand)

public:
    /// Returns the process exit code; on failure *error holds one translated line.
    static int run(const CommandLineOptions &options, QString *error);
};
