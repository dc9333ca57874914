#pragma once

#include "export/exporter.h"

#include <QCoreApplication>
#include <QString>

struct CommandLineOptions;

/// `--export`: load the scene, apply the overrides, lay a window out without showing it and
/// write the requested part as PNG, SVG or PDF. A sequence file (told by its "format") draws the
/// Sequence window with its first example as the sentence. Nothing is written when anything fails,
/// and an existing file is replaced only by a complete picture. Needs a QApplication. With
/// --animate the scene's sweep is written as an animated GIF (AnimationExport). A lesson file
/// is written as a PDF handout, one page per step (HandoutWriter), or with --worksheet as a
/// worksheet with its answer key.
class ExportCommand
{
    Q_DECLARE_TR_FUNCTIONS(ExportCommand)

public:
    /// Returns the process exit code; on failure *error holds one translated line.
    static int run(const CommandLineOptions &options, QString *error);

private:
    static int runAnimation(const CommandLineOptions &options, Exporter::Part part, QString *error);
    static int runHandout(const CommandLineOptions &options, QString *error);
    static int runSequence(const CommandLineOptions &options, Exporter::Format format,
                           Exporter::Part part, QString *error);
};
