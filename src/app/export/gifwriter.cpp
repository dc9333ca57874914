#include "export/gifwriter.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <dlfcn.h>
#include <gif_lib.h>
#include <libimagequant.h>
#include <unordered_map>
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

// libimagequant runs each quantisation and remapping as an OpenMP parallel region. Here they are
// many and small (one per frame, often a small changed rectangle), and between them OpenMP's
// idle workers spin: on the 2-core development machine under load, 48 frames took 1.2 s of CPU
// with the default threads and 0.7 s with one, and less wall time too. The calling thread asks
// for one thread (the setting is that thread's own); libgomp is already loaded with
// libimagequant (RTLD_NOLOAD finds it, loading nothing), so it is looked up rather than linked.
// Without it nothing changes.
void oneQuantiserThread()
{
    using SetThreads = void (*)(int);
    static const SetThreads set = [] {
        void *gomp = dlopen("libgomp.so.1", RTLD_NOW | RTLD_NOLOAD);
        return gomp ? reinterpret_cast<SetThreads>(dlsym(gomp, "omp_set_num_threads")) : nullptr;
    }();
    if (set)
        set(1);
}

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

// The smallest rectangle outside which `a` and `b` (RGBA8888, same size) are equal; empty when
// they are equal everywhere.
QRect changedRect(const QImage &a, const QImage &b)
{
    const int w = a.width(), h = a.height();
    int top = 0, bottom = h - 1;
    const auto rowEqual = [&](int y) {
        return std::memcmp(a.constScanLine(y), b.constScanLine(y), size_t(w) * 4) == 0;
    };
    while (top < h && rowEqual(top))
        ++top;
    if (top == h)
        return {};
    while (bottom > top && rowEqual(bottom))
        --bottom;
    int left = w, right = -1;
    for (int y = top; y <= bottom; ++y) {
        const auto *pa = reinterpret_cast<const quint32 *>(a.constScanLine(y));
        const auto *pb = reinterpret_cast<const quint32 *>(b.constScanLine(y));
        int x = 0;
        while (x < left && pa[x] == pb[x])
            ++x;
        left = std::min(left, x);
        x = w - 1;
        while (x > right && pa[x] == pb[x])
            --x;
        right = std::max(right, x);
    }
    return QRect(QPoint(left, top), QPoint(right, bottom));
}

// What of `image` to hand to the quantiser: the part that differs from `previous` (all of it
// when there is none), copied so that its rows are contiguous.
QImage changedPart(const QImage &image, const QImage &previous, QRect *rect)
{
    *rect = previous.isNull() ? image.rect() : changedRect(previous, image);
    if (rect->isEmpty())
        return {};
    return *rect == image.rect() ? image : image.copy(*rect);
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
    // The last frame of each pass as given: only what differs from it is quantised or counted.
    QImage lastCounted, lastWritten;
    // The palette pass's colours (RGBA8888 as one word) and how many pixels have each.
    std::unordered_map<quint32, unsigned> counts;
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
    oneQuantiserThread();
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
    // What stays still is counted once, what moves in every frame it moves in. The colours are
    // counted here and handed over once: libimagequant's own histogram of an image also weighs
    // its edges and noise, which cost more than all the rest of a frame and which pictures of
    // flat colours and thin lines do not need.
    const QImage image = rgba(frame);
    QRect rect;
    const QImage part = changedPart(image, s.lastCounted, &rect);
    s.lastCounted = image;
    // Runs of one colour (backgrounds, lines along a row) are counted at once.
    for (int y = 0; y < part.height(); ++y) {
        const auto *row = reinterpret_cast<const quint32 *>(part.constScanLine(y));
        for (int x = 0; x < part.width();) {
            int end = x + 1;
            while (end < part.width() && row[end] == row[x])
                ++end;
            s.counts[row[x]] += unsigned(end - x);
            x = end;
        }
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
        if (!s.counts.empty() && m_options.palette != Palette::PerFrame) {
            std::vector<liq_histogram_entry> entries;
            entries.reserve(s.counts.size());
            for (const auto &[rgba, count] : s.counts) {
                liq_histogram_entry e{};
                std::memcpy(&e.color, &rgba, 4); // the bytes in memory order: r, g, b, a
                e.count = count;
                entries.push_back(e);
            }
            s.counts = {};
            s.histogram = liq_histogram_create(s.attr.p);
            if (!s.histogram || liq_histogram_add_colors(s.histogram, s.attr.p, entries.data(),
                                                         int(entries.size()), 0) != LIQ_OK)
                return fail(tr("The colours of the frames could not be counted."));
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

    // Only the part that differs from the last frame is quantised (per frame: its own palette
    // covers just that part) or remapped; the rest of the picture stays as shown.
    const QImage image = rgba(frame);
    const bool first = s.frames == 0;
    QRect part;
    const QImage changed = changedPart(image, s.lastWritten, &part);
    s.lastWritten = image;
    const int w = s.size.width();
    int left = 0, top = 0, right = 0, bottom = 0; // what is written; one pixel when nothing moved
    std::vector<unsigned char> indices;
    ColorMapObject *localMap = nullptr;
    liq_result *local = nullptr;
    const liq_palette *palette = nullptr;
    if (!changed.isNull()) {
        LiqImage li{liq_image_create_rgba(s.attr.p, changed.constBits(), changed.width(),
                                          changed.height(), 0)};
        if (!li.p)
            return fail(tr("The frame could not be handed to the quantiser."));
        if (!s.useGlobal) {
            if (liq_image_quantize(li.p, s.attr.p, &local) != LIQ_OK || !local)
                return fail(tr("No palette could be chosen for a frame."));
            liq_set_dithering_level(local, m_options.dithering);
        }
        liq_result *result = s.useGlobal ? s.global : local;
        indices.resize(size_t(changed.width()) * size_t(changed.height()));
        const bool remapped =
            liq_write_remapped_image(result, li.p, indices.data(), indices.size()) == LIQ_OK;
        palette = liq_get_palette(result);
        if (!remapped) {
            if (local)
                liq_result_destroy(local);
            return fail(tr("A frame could not be mapped onto its palette."));
        }
        localMap = s.useGlobal ? nullptr : colourMap(palette);
        // Within the part, only what a player would show differently: dithering may give an
        // unchanged pixel the same colour as before.
        left = w, top = s.size.height(), right = -1, bottom = -1;
        for (int y = 0; y < part.height(); ++y) {
            const unsigned char *row = indices.data() + size_t(y) * part.width();
            const QRgb *was = s.shown.data() + size_t(y + part.y()) * w + part.x();
            for (int x = 0; x < part.width(); ++x) {
                if (first || rgbOf(palette, row[x]) != was[x]) {
                    left = std::min(left, x + part.x());
                    right = std::max(right, x + part.x());
                    top = std::min(top, y + part.y());
                    bottom = std::max(bottom, y + part.y());
                }
            }
        }
        if (right < 0)
            left = top = right = bottom = 0;
    }
    if (!palette && !s.useGlobal) {
        // Nothing changed, and there is no palette of the whole file: the one transparent pixel
        // still needs a colour map to be a valid frame.
        const GifColorType black[256] = {};
        localMap = GifMakeMapObject(256, black);
    }
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
        QRgb *was = s.shown.data() + size_t(y) * w;
        for (int x = left; x <= right; ++x) {
            GifPixelType &out = line[size_t(x - left)];
            out = kTransparent;
            if (part.contains(x, y) && palette) {
                const unsigned char index =
                    indices[size_t(y - part.y()) * part.width() + size_t(x - part.x())];
                const QRgb now = rgbOf(palette, index);
                if (first || now != was[x]) {
                    out = index;
                    was[x] = now;
                }
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
