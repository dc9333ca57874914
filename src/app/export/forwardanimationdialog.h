#pragma once

#include "export/forwardanimation.h"
#include "export/gifoptionsrows.h"
#include "export/gifwriter.h"

#include <QDialog>
#include <QSize>

#include <functional>
#include <memory>

class QFormLayout;
class QLabel;
class QSpinBox;

/// Export animation… for what only goes forward (a training run, the dimension lab as d grows):
/// the size, frames per second, the number of frames and the loop count, rows of the caller's
/// own (a run's steps), and the GIF file, as the scene's Export Animation dialog. Saving makes
/// the animation through the caller's factory and draws it with a progress dialog whose Cancel
/// is heard between frames and while a frame computes; the file is written only when every
/// frame is done, so a cancelled or failed export leaves no file (and an existing one as it was).
class ForwardAnimationDialog : public QDialog
{
    Q_OBJECT

public:
    struct Settings
    {
        QSize size;
        int frames = 48;
        GifWriter::Options gif;
    };
    /// Makes the animation for `settings`, its frames asking `cancelled` while they compute; null
    /// with a translated reason in *why when it cannot be made.
    using Factory = std::function<std::unique_ptr<ForwardAnimation>(
        const Settings &settings, const std::function<bool()> &cancelled, QString *why)>;

    /// `settingsGroup` keeps the frame rate, frames, loop count and folder between uses; `note`
    /// says what the frames show and what they cost; `size` is the picture's first size and
    /// `least` the smallest it may be.
    ForwardAnimationDialog(const QString &title, const QString &note, const QString &settingsGroup,
                           const QString &fileName, QSize size, QSize least, Factory factory,
                           QWidget *parent = nullptr);
    ~ForwardAnimationDialog() override;

    /// A row of the caller's above the file's.
    void insertRow(const QString &label, QWidget *field);
    Settings settings() const;
    QString filePath() const;
    void setFilePath(const QString &path);

    // For tests.
    QSpinBox *widthBox() const { return m_rows->widthBox(); }
    QSpinBox *heightBox() const { return m_rows->heightBox(); }
    QSpinBox *fpsBox() const { return m_rows->fpsBox(); }
    QSpinBox *framesBox() const { return m_rows->framesBox(); }
    QSpinBox *loopBox() const { return m_rows->loopBox(); }
    QLabel *errorLabel() const { return m_rows->errorLabel(); }
    QLabel *noteLabel() const { return m_note; }

public slots:
    /// Draws and writes the animation; closes the dialog only when that worked.
    void accept() override;

private:
    QString m_title;
    Factory m_factory;
    QFormLayout *m_form;
    QLabel *m_note;
    GifOptionsRows *m_rows;
    int m_fileRow = 0;
};
