#pragma once

#include "export/exporter.h"

#include <QCoreApplication>
#include <QString>

class QWidget;

/// Edit → Copy Picture: the last export's choices (part, scale, background) at the part's
/// current size, put on the clipboard as a PNG image and, for the canvas and the chart, an SVG
/// beside it for programs that paste vector drawings.
///
/// A large picture (the whole window at 4×) is drawn band by band behind a window-modal
/// progress dialog with Cancel, so the window keeps repainting and no edit reaches the scene
/// before the picture is whole.
class PictureCopier
{
    Q_DECLARE_TR_FUNCTIONS(PictureCopier)

public:
    /// Copies the picture and returns the sentence for the status bar: what was copied, or why
    /// nothing was (too large, cancelled). `title` names the progress dialog.
    static QString copy(const ExportSource &source, QWidget *parent, const QString &title);

    /// Pictures of up to this many bands (PictureInBands) are drawn at once, without a dialog:
    /// about a tenth of a second.
    static constexpr int kAtOnceBands = 2;
};
