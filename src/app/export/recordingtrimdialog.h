#pragma once

#include "export/recordingexport.h"

#include <QDialog>

#include <memory>

class CanvasRecording;
class GifOptionsRows;
class QLabel;
class QPushButton;
class QSlider;

/// After a recording (File → Record): where the GIF starts and ends (two sliders, each with a
/// picture of the canvas at that moment), its width (the height follows the canvas's
/// proportions), frames per second, loop count and file. Save writes the GIF with a progress
/// dialog whose Cancel stops between two steps; the file is replaced only when it is complete,
/// so a cancelled or failed save leaves an existing file as it was and the dialog open. Discard
/// throws the recording away, after asking when it is longer than kAskBeforeDiscarding.
class RecordingTrimDialog : public QDialog
{
    Q_OBJECT

public:
    static constexpr qint64 kAskBeforeDiscarding = 10000; ///< ms
    static constexpr qint64 kStep = 100;                  ///< ms per slider step (arrow keys)

    RecordingTrimDialog(std::unique_ptr<CanvasRecording> recording, QWidget *parent = nullptr);
    ~RecordingTrimDialog() override;

    const CanvasRecording &recording() const { return *m_recording; }
    RecordingExport::Options options() const;
    QString filePath() const;
    /// A file the caller chose: no question before it is replaced.
    void setFilePath(const QString &path);

public slots:
    /// Writes the GIF; closes the dialog only when that worked.
    void accept() override;
    /// Discards the recording (asking first when it is long).
    void reject() override;

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    void onStartChanged();
    void onEndChanged();
    void refresh();
    void showPreview(QLabel *preview, qint64 ms);
    /// The canvas's proportions at the start: the height for a width.
    int heightFor(int width) const;

    std::unique_ptr<CanvasRecording> m_recording;
    QSlider *m_start, *m_end;
    QLabel *m_startPreview, *m_endPreview, *m_startLabel, *m_endLabel;
    QLabel *m_heightLabel, *m_lengthLabel, *m_lengthRowLabel;
    GifOptionsRows *m_rows;
    QPushButton *m_discard;
};
