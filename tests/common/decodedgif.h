#pragma once

// A GIF read back with giflib's own decoder (DGifSlurp) and composited here frame by frame, so
// that checks are on what a player shows: the frames, their size, delays and the loop count.
// The test that includes it links GIF::GIF.

#include <QByteArray>
#include <QColor>
#include <QImage>
#include <QList>
#include <QPointF>
#include <QRect>
#include <QSize>
#include <QString>

#include <algorithm>
#include <cstring>
#include <gif_lib.h>

namespace decodedgif {

struct DecodedGif
{
    bool ok = false;
    QString error;
    QSize size;
    int loop = -1; ///< NETSCAPE2.0's count; -1 without the extension
    QList<int> delays;
    QList<QRect> rects;   ///< each frame's own rectangle on the screen
    QList<QImage> frames; ///< composited: each as shown after its frame is drawn
    bool globalPalette = false;
};

namespace detail {
struct ReadBuffer
{
    const QByteArray *bytes;
    int at = 0;
};

inline int read(GifFileType *gif, GifByteType *out, int length)
{
    auto *b = static_cast<ReadBuffer *>(gif->UserData);
    const int n = std::max(0, std::min(length, int(b->bytes->size()) - b->at));
    std::memcpy(out, b->bytes->constData() + b->at, size_t(n));
    b->at += n;
    return n;
}

inline int loopCount(const ExtensionBlock *blocks, int count)
{
    for (int i = 0; i + 1 < count; ++i) {
        const ExtensionBlock &b = blocks[i];
        if (b.Function == APPLICATION_EXT_FUNC_CODE && b.ByteCount == 11 &&
            std::memcmp(b.Bytes, "NETSCAPE2.0", 11) == 0) {
            const ExtensionBlock &sub = blocks[i + 1];
            if (sub.ByteCount == 3 && sub.Bytes[0] == 1)
                return sub.Bytes[1] | (sub.Bytes[2] << 8);
        }
    }
    return -1;
}
} // namespace detail

inline DecodedGif decode(const QByteArray &bytes)
{
    DecodedGif d;
    detail::ReadBuffer buffer{&bytes};
    int code = 0;
    GifFileType *gif = DGifOpen(&buffer, detail::read, &code);
    if (!gif) {
        d.error = QString::fromUtf8(GifErrorString(code));
        return d;
    }
    if (DGifSlurp(gif) != GIF_OK) {
        d.error = QString::fromUtf8(GifErrorString(gif->Error));
        DGifCloseFile(gif, &code);
        return d;
    }
    d.size = QSize(gif->SWidth, gif->SHeight);
    d.globalPalette = gif->SColorMap != nullptr;
    if (gif->ImageCount > 0)
        d.loop = detail::loopCount(gif->SavedImages[0].ExtensionBlocks,
                                   gif->SavedImages[0].ExtensionBlockCount);
    QImage shown(d.size, QImage::Format_RGB32);
    shown.fill(Qt::black);
    for (int i = 0; i < gif->ImageCount; ++i) {
        const SavedImage &image = gif->SavedImages[i];
        GraphicsControlBlock gcb{};
        gcb.TransparentColor = NO_TRANSPARENT_COLOR;
        DGifSavedExtensionToGCB(gif, i, &gcb);
        const ColorMapObject *map =
            image.ImageDesc.ColorMap ? image.ImageDesc.ColorMap : gif->SColorMap;
        const QRect rect(image.ImageDesc.Left, image.ImageDesc.Top, image.ImageDesc.Width,
                         image.ImageDesc.Height);
        if (!map || !QRect(QPoint(), d.size).contains(rect)) {
            d.error = QStringLiteral("frame %1: no colour map or outside the screen").arg(i);
            DGifCloseFile(gif, &code);
            return d;
        }
        for (int y = 0; y < rect.height(); ++y)
            for (int x = 0; x < rect.width(); ++x) {
                const int index = image.RasterBits[y * rect.width() + x];
                if (index == gcb.TransparentColor)
                    continue;
                const GifColorType c = map->Colors[index];
                shown.setPixel(rect.x() + x, rect.y() + y, qRgb(c.Red, c.Green, c.Blue));
            }
        d.delays << gcb.DelayTime;
        d.rects << rect;
        d.frames << shown.copy();
    }
    DGifCloseFile(gif, &code);
    d.ok = true;
    return d;
}

/// The mean position of the pixels within 60 of each channel of `colour` (dithering and
/// antialiasing move it a little); (NaN, NaN) without any.
inline QPointF centroidOf(const QImage &image, QColor colour, int *count = nullptr)
{
    double sx = 0, sy = 0;
    int n = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x) {
            const QRgb p = image.pixel(x, y);
            if (std::abs(qRed(p) - colour.red()) < 60 &&
                std::abs(qGreen(p) - colour.green()) < 60 &&
                std::abs(qBlue(p) - colour.blue()) < 60) {
                sx += x;
                sy += y;
                ++n;
            }
        }
    if (count)
        *count = n;
    return n ? QPointF(sx / n, sy / n) : QPointF(qQNaN(), qQNaN());
}

} // namespace decodedgif
