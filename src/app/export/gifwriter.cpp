#include "export/gifwriter.h"

#include <algorithm>
#include <cmath>
#include <gif_lib.h>
#include <libimagequant.h>
#include <utility>
#include <vector>

namespace {
// The palette leaves its last entry free: it is the transparent "unchanged" colour of the
// frames after the first.
constexpr int kPaletteColours = 255;
constexpr int kTransparent = 255;

// libimagequant reads RGBA bytes in memory order; Qt's RGBA8888 is that on every platform, and
// its rows are exactly width × 4 bytes.
QImage rgba(const QImage &frame)
{
    return frame.format() == QImage::Format_RGBA8888
               ? frame
               : frame.convertToFormat(QImage::Format_RGBA8888);
}

struct LiqAttr
{
    liq_attr *p = liq_attr_create();
    ~LiqAttr()
    {
        if (p)
            liq_attr_destroy(p);
    }
};

struct LiqImage
{
    liq_image *p = nullptr;
    ~LiqImage()
    {
        if (p)
            liq_image_destroy(p);
    }
};

int writeToBytes(GifFileType *gif, const GifByteType *data, int length)
{
    static_cast<QByteArray *>(gif->UserData)->append(reinterpret_cast<const char *>(data), length);
    return length;
}

// A 256-entry giflib colour map of libimagequant's palette (the unused entries black).
ColorMapObject *colourMap(const liq_palette *palette)
{
    GifColorType colours[256] = {};
    for (unsigned i = 0; i < palette->count && i < 256; ++i)
        colours[i] = {palette->entries[i].r, palette->entries[i].g, palette->entries[i].b};
    return GifMakeMapObject(256, colours);
}

QRgb rgbOf(const liq_palette *palette, unsigned char index)
{
    const liq_color &c = palette->entries[index];
    return qRgb(c.r, c.g, c.b);
}
} // namespace

struct GifWriter::State
{
    QSize size;
    LiqAttr attr;
    liq_histogram *histogram = nullptr;
    liq_result *global = nullptr; // the one palette, once quantised
    bool globalDecided = false;
    bool useGlobal = false;
    GifFileType *gif = nullptr;
    QByteArray bytes;
    int frames = 0;
    // What a player shows after the frames written so far, to find what the next one changes.
    std::vector<QRgb> shown;
    QString failure;

    ~State()
    {
        if (histogram)
            liq_histogram_destroy(histogram);
        if (global)
            liq_result_destroy(global);
        if (gif) {
            int code = 0;
            EGifCloseFile(gif, &code);
        }
    }
};

int GifWriter::delayFor(int fps)
{
    return int(std::lround(100.0 / std::clamp(fps, kMinFps, kMaxFps)));
}

GifWriter::GifWriter(QSize size, const Options &options)
    : m_state(std::make_unique<State>()), m_options(options)
{
    m_state->size = size;
    liq_set_max_colors(m_state->attr.p, kPaletteColours);
    m_state->shown.assign(size_t(std::max(0, size.width() * size.height())), 0);
}

GifWriter::~GifWriter() = default;

bool GifWriter::usedGlobalPalette() const
{
    return m_state->useGlobal;
}

int GifWriter::framesWritten() const
{
    return m_state->frames;
}

bool GifWriter::addToPalette(const QImage &frame, QString *error)
{
    State &s = *m_state;
    if (frame.size() != s.size) {
        *error = tr("A frame of %1 × %2 pixels in an animation of %3 × %4.")
                     .arg(frame.width())
                     .arg(frame.height())
                     .arg(s.size.width())
                     .arg(s.size.height());
        return false;
    }
    if (!s.histogram)
        s.histogram = liq_histogram_create(s.attr.p);
    const QImage image = rgba(frame);
    LiqImage li{
        liq_image_create_rgba(s.attr.p, image.constBits(), image.width(), image.height(), 0)};
    if (!s.histogram || !li.p || liq_histogram_add_image(s.histogram, s.attr.p, li.p) != LIQ_OK) {
        *error = tr("The colours of the frames could not be counted.");
        return false;
    }
    return true;
}

bool GifWriter::addFrame(const QImage &frame, QString *error)
{
    State &s = *m_state;
    if (frame.size() != s.size) {
        *error = tr("A frame of %1 × %2 pixels in an animation of %3 × %4.")
                     .arg(frame.width())
                     .arg(frame.height())
                     .arg(s.size.width())
                     .arg(s.size.height());
        return false;
    }
    const auto fail = [&](const QString &why) {
        *error = why;
        return false;
    };

    if (!s.globalDecided) {
        s.globalDecided = true;
        if (s.histogram && m_options.palette != Palette::PerFrame) {
            if (liq_histogram_quantize(s.histogram, s.attr.p, &s.global) != LIQ_OK || !s.global)
                return fail(tr("No palette could be chosen for the frames."));
            s.useGlobal = m_options.palette == Palette::Global ||
                          liq_get_quantization_quality(s.global) >= kMinGlobalQuality;
            liq_set_dithering_level(s.global, m_options.dithering);
        }
    }

    if (!s.gif) {
        int code = 0;
        s.gif = EGifOpen(&s.bytes, writeToBytes, &code);
        if (!s.gif)
            return fail(tr("The GIF file could not be started: %1")
                            .arg(QString::fromUtf8(GifErrorString(code))));
        EGifSetGifVersion(s.gif, true);
        ColorMapObject *screenMap = s.useGlobal ? colourMap(liq_get_palette(s.global)) : nullptr;
        const int ok = EGifPutScreenDesc(s.gif, s.size.width(), s.size.height(), 8, 0, screenMap);
        GifFreeMapObject(screenMap);
        // NETSCAPE2.0: sub-block 1 holds the loop count, little-endian.
        const GifByteType loop[3] = {1, GifByteType(m_options.loop & 0xff),
                                     GifByteType((m_options.loop >> 8) & 0xff)};
        if (ok != GIF_OK || EGifPutExtensionLeader(s.gif, APPLICATION_EXT_FUNC_CODE) != GIF_OK ||
            EGifPutExtensionBlock(s.gif, 11, "NETSCAPE2.0") != GIF_OK ||
            EGifPutExtensionBlock(s.gif, 3, loop) != GIF_OK ||
            EGifPutExtensionTrailer(s.gif) != GIF_OK)
            return fail(tr("The GIF file could not be started: %1")
                            .arg(QString::fromUtf8(GifErrorString(s.gif->Error))));
    }

    // Quantise (per frame) or remap onto the one palette, with dithering.
    const QImage image = rgba(frame);
    LiqImage li{
        liq_image_create_rgba(s.attr.p, image.constBits(), image.width(), image.height(), 0)};
    if (!li.p)
        return fail(tr("The frame could not be handed to the quantiser."));
    liq_result *local = nullptr;
    if (!s.useGlobal) {
        if (liq_image_quantize(li.p, s.attr.p, &local) != LIQ_OK || !local)
            return fail(tr("No palette could be chosen for a frame."));
        liq_set_dithering_level(local, m_options.dithering);
    }
    liq_result *result = s.useGlobal ? s.global : local;
    const int w = s.size.width(), h = s.size.height();
    std::vector<unsigned char> indices(size_t(w) * size_t(h));
    const bool remapped =
        liq_write_remapped_image(result, li.p, indices.data(), indices.size()) == LIQ_OK;
    const liq_palette *palette = liq_get_palette(result);
    ColorMapObject *localMap = s.useGlobal ? nullptr : colourMap(palette);
    if (!remapped) {
        GifFreeMapObject(localMap);
        if (local)
            liq_result_destroy(local);
        return fail(tr("A frame could not be mapped onto its palette."));
    }

    // The rectangle that differs from what is shown; inside it, unchanged pixels transparent.
    int left = w, top = h, right = -1, bottom = -1;
    const bool first = s.frames == 0;
    for (int y = 0; y < h; ++y) {
        const unsigned char *row = indices.data() + size_t(y) * w;
        const QRgb *was = s.shown.data() + size_t(y) * w;
        for (int x = 0; x < w; ++x) {
            if (first || rgbOf(palette, row[x]) != was[x]) {
                left = std::min(left, x);
                right = std::max(right, x);
                top = std::min(top, y);
                bottom = std::max(bottom, y);
            }
        }
    }
    if (right < 0) // nothing changed: one transparent pixel keeps the frame and its delay
        left = top = right = bottom = 0;
    const int rw = right - left + 1, rh = bottom - top + 1;
    std::vector<GifPixelType> line(size_t(rw), 0);

    GraphicsControlBlock gcb{};
    gcb.DisposalMode = DISPOSE_DO_NOT;
    gcb.UserInputFlag = false;
    gcb.DelayTime = delayFor(m_options.fps);
    gcb.TransparentColor = first ? NO_TRANSPARENT_COLOR : kTransparent;
    GifByteType control[4];
    const size_t controlLength = EGifGCBToExtension(&gcb, control);
    bool ok =
        EGifPutExtension(s.gif, GRAPHICS_EXT_FUNC_CODE, int(controlLength), control) == GIF_OK &&
        EGifPutImageDesc(s.gif, left, top, rw, rh, false, localMap) == GIF_OK;
    for (int y = top; ok && y <= bottom; ++y) {
        const unsigned char *row = indices.data() + size_t(y) * w;
        QRgb *was = s.shown.data() + size_t(y) * w;
        for (int x = left; x <= right; ++x) {
            const QRgb now = rgbOf(palette, row[x]);
            if (first || now != was[x]) {
                line[size_t(x - left)] = row[x];
                was[x] = now;
            } else {
                line[size_t(x - left)] = kTransparent;
            }
        }
        ok = EGifPutLine(s.gif, line.data(), rw) == GIF_OK;
    }
    GifFreeMapObject(localMap);
    if (local)
        liq_result_destroy(local);
    if (!ok)
        return fail(tr("A frame could not be written: %1")
                        .arg(QString::fromUtf8(GifErrorString(s.gif->Error))));
    ++s.frames;
    return true;
}

QByteArray GifWriter::finish(QString *error)
{
    State &s = *m_state;
    if (!s.gif || s.frames == 0) {
        *error = tr("An animation needs at least one frame.");
        return {};
    }
    int code = 0;
    const int ok = EGifCloseFile(s.gif, &code);
    s.gif = nullptr; // closed and freed, whether or not it worked
    if (ok != GIF_OK) {
        *error = tr("The GIF file could not be finished: %1")
                     .arg(QString::fromUtf8(GifErrorString(code)));
        return {};
    }
    return std::exchange(s.bytes, {});
}

QByteArray GifWriter::encode(const QList<QImage> &frames, const Options &options, QString *error)
{
    if (frames.isEmpty()) {
        *error = tr("An animation needs at least one frame.");
        return {};
    }
    GifWriter writer(frames.constFirst().size(), options);
    if (writer.needsPalettePass()) {
        for (const QImage &f : frames)
            if (!writer.addToPalette(f, error))
                return {};
    }
    for (const QImage &f : frames)
        if (!writer.addFrame(f, error))
            return {};
    return writer.finish(error);
}
