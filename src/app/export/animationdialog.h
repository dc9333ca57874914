#pragma once

#include "export/animationexport.h"
#include "export/exporter.h"

#include <QDialog>

#include <array>

class GifOptionsRows;
class QComboBox;
class QLabel;
class SceneModel;

/// File → Export Animation…: what to sweep (the query turning, the temperature), the part of the
/// window, its size, frames per second, the number of frames and the loop count, and the GIF
/// file. Saving draws the frames with a progress dialog whose Cancel stops between two frames;
/// the file is written only when every frame is done, so a cancelled or failed export leaves no
/// file (and an existing one as it was). The window keeps repainting meanwhile.
class AnimationDialog : public QDialog
{
    Q_OBJECT

public:
    AnimationDialog(const ExportSource &source, SceneModel *model, QWidget *parent = nullptr);
    ~AnimationDialog() override;

    AnimationExport::Options options() const;
    QString filePath() const;
    void setFilePath(const QString &path);

public slots:
    /// Draws and writes the animation; closes the dialog only when that worked.
    void accept() override;

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    void onPartChanged();
    void saveSettings() const;

    ExportSource m_source;
    SceneModel *m_model;
    Exporter m_exporter;
    QComboBox *m_kind, *m_part;
    std::array<QLabel *, 2> m_labels{}; // the kind's and the part's row labels
    GifOptionsRows *m_rows;
};
