#pragma once

// Driving a ForwardAnimationDialog (the Training view's and the dimension page's Export
// animation…) as a user does, and reading its GIF back with Qt's own reader.

#include "export/forwardanimationdialog.h"

#include <QBuffer>
#include <QByteArray>
#include <QDialogButtonBox>
#include <QImage>
#include <QImageReader>
#include <QLabel>
#include <QList>
#include <QPushButton>
#include <QSpinBox>
#include <QString>
#include <QTest>

namespace forwardanimationrun {

/// The GIF's frames as Qt's reader composes them, in RGB32.
inline QList<QImage> framesOf(const QByteArray &bytes)
{
    QBuffer buffer;
    buffer.setData(bytes);
    buffer.open(QIODevice::ReadOnly);
    QImageReader reader(&buffer, "gif");
    QList<QImage> frames;
    for (QImage image = reader.read(); !image.isNull(); image = reader.read())
        frames << image.convertToFormat(QImage::Format_RGB32);
    return frames;
}

/// Types `value` into `box` and leaves it with Tab, as a user does.
inline void typeInto(QSpinBox *box, int value)
{
    box->selectAll();
    QTest::keyClicks(box, QString::number(value));
    QTest::keyClick(box, Qt::Key_Tab);
}

/// Sets the file, clicks Save, and closes the dialog if it stayed open; the dialog's error line
/// (empty when the GIF was written).
inline QString save(ForwardAnimationDialog *dialog, const QString &path)
{
    dialog->setFilePath(path);
    QTest::mouseClick(dialog->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Save),
                      Qt::LeftButton);
    const QString error = dialog->errorLabel()->text();
    if (dialog->isVisible())
        dialog->reject();
    return error;
}

} // namespace forwardanimationrun
