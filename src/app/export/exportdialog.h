#pragma once

#include "export/exporter.h"

#include <QDialog>

#include <memory>

namespace Ui {
class ExportDialog;
}

/// File → Export…: choose the part (window, canvas, chart), the format (PNG, SVG, PDF), the
/// logical size, the PNG scale, a transparent background and a caption, and the file. Saving
/// renders through an Exporter (a PNG with progress and Cancel); a failure is shown in the
/// dialog, which stays open, and leaves any existing file untouched. The choices (except the size)
/// are remembered for the next time and for Copy Picture.
class ExportDialog : public QDialog
{
    Q_OBJECT

public:
    explicit ExportDialog(const ExportSource &source, QWidget *parent = nullptr);
    ~ExportDialog() override;

    Exporter::Options options() const;
    Exporter::Format format() const;
    QString filePath() const;
    void setFilePath(const QString &path);

    /// The remembered choices at the part's current size, for Copy Picture.
    static Exporter::Options savedOptions();

public slots:
    /// Writes the picture; closes the dialog only when that worked.
    void accept() override;

protected:
    void changeEvent(QEvent *event) override;

private:
    void onPartChanged();
    void onFormatChanged();
    void onFileEdited();
    void useNaturalSize();
    void browse();
    void refresh();
    void saveSettings() const;
    /// A PNG drawn in bands (PictureInBands) between passes of the event loop, then encoded and
    /// written in a worker, with a progress dialog and Cancel: at 8192 × 8192 pixels the picture
    /// took 2.5 s. False with a translated reason in *error (a Cancel is one too).
    bool writePng(const QString &path, QString *error);

    std::unique_ptr<Ui::ExportDialog> m_ui;
    Exporter m_exporter;
    // The path came from the file chooser, which has already asked about replacing it.
    bool m_confirmed = false;
};
