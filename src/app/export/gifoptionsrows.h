#pragma once

#include "export/gifwriter.h"

#include <QDialogButtonBox>
#include <QObject>
#include <QSize>
#include <QString>

#include <array>

class QDialog;
class QFormLayout;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;

/// What the GIF export dialogs (AnimationDialog, ForwardAnimationDialog, RecordingTrimDialog)
/// have in common: the size (width × height), frame rate, frames and loop count ("Forever" for 0)
/// with the duration they make, the GIF file with Browse… and the folder kept between uses, the
/// red error line and the buttons. The widgets are the dialog's children, made in its tab order;
/// the dialog lays out the rows (its own may stand before them and before the file's) and the
/// error line and buttons below, and retranslates them through retranslate().
class GifOptionsRows : public QObject
{
    Q_OBJECT

public:
    struct Setup
    {
        QString group;    ///< the settings group keeping the frame rate, frames, loop and folder
        QString fileName; ///< the file's first name, in the kept folder
        int fps = 10;     ///< the frame rate when none is kept
        /// Shown after the width's "×" in place of a height box: a recording's height follows
        /// its proportions. Null: a box.
        QWidget *height = nullptr;
        /// A frames box and the duration it makes; a recording's length comes from its ends.
        bool frames = true;
        QDialogButtonBox::StandardButtons buttons =
            QDialogButtonBox::Save | QDialogButtonBox::Cancel;
    };

    /// The widgets, with the values kept in the settings; the buttons' accepted() and rejected()
    /// call `dialog`'s accept() and reject().
    GifOptionsRows(QDialog *dialog, const Setup &setup);
    ~GifOptionsRows() override;

    /// The size, frame rate, frames, loop count and duration rows.
    void addRows(QFormLayout *form);
    /// The file's row; apart, so that a dialog's rows may stand between.
    void addFileRow(QFormLayout *form);
    void retranslate();
    /// The duration for the frame rate and frames; clears the error line, which spoke of the
    /// values before.
    void refresh();

    /// The smallest size is `least`, but never below CommandLine::kMinExportSize.
    void setSize(QSize size, QSize least);
    /// The width and height boxes' values.
    QSize size() const;
    GifWriter::Options gif() const;

    QString filePath() const;
    /// `chosen`: the caller chose it, no question before it is replaced.
    void setFilePath(const QString &path, bool chosen);
    /// The file to write: it ends in .gif and, when it exists and was not chosen with Browse…,
    /// the user agreed to replace it. Empty when not, with the reason in the error line
    /// (`noFile` when none is named).
    QString fileToWrite(const QString &noFile);
    /// Keeps the frame rate, frames, loop count and the file's folder for the next time.
    void saveSettings() const;

    QSpinBox *widthBox() const { return m_width; }
    QSpinBox *heightBox() const { return m_height; } ///< null with a height of the dialog's
    QSpinBox *fpsBox() const { return m_fps; }
    QSpinBox *framesBox() const { return m_frames; } ///< null without frames
    QSpinBox *loopBox() const { return m_loop; }
    QLabel *errorLabel() const { return m_errorLabel; }
    QDialogButtonBox *buttons() const { return m_buttons; }

private:
    void browse();
    QString key(const char *name) const;

    QDialog *m_dialog;
    QString m_group;
    QWidget *m_heightField;
    QSpinBox *m_width, *m_height = nullptr, *m_fps, *m_frames = nullptr, *m_loop;
    QLabel *m_durationLabel = nullptr, *m_errorLabel;
    QLineEdit *m_file;
    QPushButton *m_browse;
    QDialogButtonBox *m_buttons;
    // The rows' labels: size, frame rate, frames, loop count, duration, file (null: no row).
    std::array<QLabel *, 6> m_labels{};
    bool m_confirmed = false;
};
