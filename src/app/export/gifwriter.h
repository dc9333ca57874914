#pragma once

#include <QByteArray>
#include <QCoreApplication>
#include <QImage>
#include <QList>
#include <QSize>
#include <QString>

#include <memory>

/// Writes an animated GIF: libimagequant chooses the palette and dithers each frame onto it,
/// giflib writes the file (LZW, the graphics control and NETSCAPE2.0 loop extensions). Nothing of
/// either is done by hand here.
///
/// Frames arrive in two passes. With one palette for the whole animation (the usual case for
/// teaching pictures, whose few flat colours and their anti-aliased edges fit in 255 entries),
/// every frame is first offered to addToPalette(), then each is written with addFrame() in order.
/// With a palette per frame the first pass is skipped. Either way only the rectangle in which a
/// frame differs from the one before is counted, quantised (a palette per frame then covers just
/// that rectangle) and written, and in it the pixels that a player would show unchanged are
/// transparent (shown from the frame before): frames are "left in place", the file stays small
/// and a sweep that moves one arrow costs a fraction of whole frames.
class GifWriter
{
    Q_DECLARE_TR_FUNCTIONS(GifWriter)

public:
    enum class Palette
    {
        /// One palette from all frames, unless it would be poor (quality below
        /// kMinGlobalQuality on libimagequant's 0–100 scale); then one per frame.
        Automatic,
        Global,
        PerFrame
    };

    struct Options
    {
        int fps = 25; ///< frames per second, 1…50; the delay is 100/fps rounded to 1/100 s
        int loop = 0; ///< NETSCAPE2.0 loop count: 0 repeats forever
        Palette palette = Palette::Automatic;
        float dithering = 1.0f; ///< libimagequant's dithering level, 0 (none) to 1 (full)
    };

    static constexpr int kMinFps = 1;
    /// GIF delays are whole hundredths of a second and players slow delays under 2/100 s down
    /// to 1/10 s: 50 frames a second is the fastest that plays as written.
    static constexpr int kMaxFps = 50;
    static constexpr int kMaxLoop = 65535; ///< the extension's 16-bit field
    /// Below this quality (libimagequant's 0–100 scale) one palette for all frames is given up.
    static constexpr int kMinGlobalQuality = 85;

    /// The frame delay written for `fps`, in hundredths of a second.
    static int delayFor(int fps);

    /// Frames of `size` pixels. The options are checked by the caller (CommandLine, the dialog).
    GifWriter(QSize size, const Options &options);
    ~GifWriter();
    GifWriter(const GifWriter &) = delete;
    GifWriter &operator=(const GifWriter &) = delete;

    /// Whether addToPalette() must see every frame before the first addFrame().
    bool needsPalettePass() const { return m_options.palette != Palette::PerFrame; }
    /// First pass: the frame's colours count towards the one palette.
    bool addToPalette(const QImage &frame, QString *error);
    /// Second pass: encodes the next frame. Images of another size are refused.
    bool addFrame(const QImage &frame, QString *error);
    /// The file's bytes after the last frame; empty with a reason in *error on failure.
    QByteArray finish(QString *error);

    /// Whether the frames were written with one palette (known after the first addFrame()).
    bool usedGlobalPalette() const;
    int framesWritten() const;

    /// Both passes over `frames` at once.
    static QByteArray encode(const QList<QImage> &frames, const Options &options, QString *error);

private:
    struct State;
    std::unique_ptr<State> m_state;
    Options m_options;
};
