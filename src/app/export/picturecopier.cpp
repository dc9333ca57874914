#include "export/picturecopier.h"

#include "export/exportdialog.h"
#include "export/pictureinbands.h"

#include <QClipboard>
#include <QGuiApplication>
#include <QImage>
#include <QMimeData>
#include <QProgressDialog>

QString PictureCopier::copy(const ExportSource &source, QWidget *parent, const QString &title)
{
    const Exporter exporter(source);
    const Exporter::Options options = ExportDialog::savedOptions();
    PictureInBands picture(exporter, options);
    if (picture.isNull())
        return tr("The picture is too large for the clipboard.");
    if (picture.bandCount() <= kAtOnceBands) {
        picture.drawAll();
    } else {
        // Shown at once (not after the usual delay): the window must take no edit meanwhile.
        QProgressDialog progress(tr("Drawing the picture…"), tr("Cancel"), 0, picture.bandCount(),
                                 parent);
        progress.setObjectName(QStringLiteral("copyPictureProgress"));
        progress.setWindowTitle(title);
        progress.setWindowModality(Qt::WindowModal);
        progress.setMinimumDuration(0);
        progress.setValue(0);
        if (!picture.drawAll(progress))
            return tr("Cancelled: nothing was copied.");
    }
    const QImage image = picture.take();
    auto *mime = new QMimeData;
    mime->setImageData(image);
    // Not for the whole window: its SVG holds only a 2× bitmap of it (Exporter::paintWindow), and
    // encoding that took the window's thread for 0.4 s at 1920 × 1080.
    if (options.part != Exporter::Part::Window) {
        QString error;
        const QByteArray svg = exporter.render(Exporter::Format::Svg, options, &error);
        if (!svg.isEmpty())
            mime->setData(QStringLiteral("image/svg+xml"), svg);
    }
    QGuiApplication::clipboard()->setMimeData(mime);
    return tr("Copied a picture of %1 × %2 pixels to the clipboard.")
        .arg(image.width())
        .arg(image.height());
}
