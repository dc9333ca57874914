#pragma once

#include <QCoreApplication>
#include <QImage>
#include <QSize>
#include <QString>

#include <atomic>
#include <optional>

class CanvasWidget;
class QPainter;
class QRect;
class QWidget;
class SequenceSession;
class WeightChart;

/// What an Exporter draws: the window, and the two parts of it that can be drawn alone. The
/// window that owns them hands them over, so that exporting sits below the window and does not
/// know its class. The Sequence window hands over itself and its session only: it has no canvas
/// and no chart, so only Part::Window applies (hasPart()), and the caption describes the session.
struct ExportSource
{
    QWidget *window = nullptr; ///< a QMainWindow's docks are put back after a resize
    CanvasWidget *canvas = nullptr;
    WeightChart *chart = nullptr;
    const SequenceSession *sequence = nullptr;
};

/// Draws a part of the main window (the canvas, the weight chart or the whole window) as a PNG, an
/// SVG or a PDF of a chosen logical size. PNGs are `size × scale` pixels whatever the screen's
/// devicePixelRatio: they are painted into a QImage of that size, never grabbed from the screen.
/// An optional caption under the picture names the method, τ, the weights and the output.
///
/// The canvas is drawn by CanvasWidget::paintScene, the chart by QGraphicsView::render of a
/// WeightChart of the requested size, the window by QWidget::render after resizing it to the
/// requested size (and back).
class Exporter
{
    Q_DECLARE_TR_FUNCTIONS(Exporter)

public:
    enum class Part
    {
        Window,
        Canvas,
        Chart
    };
    enum class Format
    {
        Png,
        Svg,
        Pdf
    };

    struct Options
    {
        Part part = Part::Canvas;
        /// Logical pixels (the caption, if any, is inside); invalid: naturalSize(part).
        QSize size;
        /// PNG pixels per logical pixel: 1, 2 or 4. Vector formats ignore it.
        int scale = 1;
        /// No background fill (PNG and SVG of the canvas or the chart).
        bool transparent = false;
        bool caption = false;
    };

    /// The window's size for --export when none is given.
    static constexpr QSize kDefaultWindowSize{1280, 800};

    explicit Exporter(const ExportSource &source);

    /// False for the canvas and the chart of a source without them (the Sequence window).
    bool hasPart(Part part) const;

    /// The part's size as it is on screen now (the chart's size hint when its dock is closed).
    QSize naturalSize(Part part) const;
    /// The smallest size the part can be drawn at without being clipped.
    QSize minimumSize(Part part) const;

    /// "Scaled dot product · τ = 1 · weights 0.24, 0.42, 0.34 · output (0.58, 0.76)" in the
    /// current language. With `maxWeights` > 0 at most that many weights are listed, then "…";
    /// with 0 none.
    QString caption(int maxWeights = -1) const;

    /// The PNG picture (device pixel ratio 1, size × scale pixels); a null image when it does
    /// not fit in memory.
    QImage renderImage(const Options &options) const;
    /// renderImage() in pieces (PictureInBands): blankImage() allocates the picture (null when
    /// it does not fit in memory), renderRows() paints its device rows [top, bottom) with the
    /// whole picture's geometry clipped to them, so that a picture painted in bands has the
    /// pixels of one painted whole, and finishImage() gives it its final resolution. `top` and
    /// `bottom` are multiples of the scale (or the image's height).
    QImage blankImage(const Options &options) const;
    void renderRows(QImage &image, const Options &options, int top, int bottom) const;
    static void finishImage(QImage &image, const Options &options);
    /// The file's bytes; empty with a translated reason in *error on failure.
    QByteArray render(Format format, const Options &options, QString *error) const;
    /// A finished picture as a PNG file's bytes; empty with a translated reason in *error.
    /// Thread-safe: a window encodes a large picture in a worker.
    static QByteArray encodePng(const QImage &image, QString *error);
    /// Replaces `path` atomically (QSaveFile) with `bytes`; false with a translated reason in
    /// *error, an existing file left as it was. Called with `cancelled`, it gives up before the
    /// rename if that has become true. Thread-safe.
    static bool writeFile(const QString &path, const QByteArray &bytes, QString *error,
                          const std::atomic<bool> *cancelled = nullptr);
    /// Renders into memory, then replaces `path` atomically (QSaveFile): on any failure an
    /// existing file is left as it was.
    bool write(const QString &path, Format format, const Options &options, QString *error) const;

    /// Draws the part into `target` of any painter, as the files draw it with an opaque
    /// background: a handout puts the canvas and the chart on its pages this way.
    void drawPart(QPainter &painter, Part part, const QRect &target) const;

    /// "window", "canvas", "chart".
    static QString partId(Part part);
    static std::optional<Part> partFromId(const QString &id);
    /// "png", "svg", "pdf".
    static QString suffix(Format format);
    /// The format named by the file's suffix (any case), or nothing.
    static std::optional<Format> formatFromPath(const QString &path);

    /// Delivers pending layout requests and resizes so that what is drawn next is laid out.
    static void settle();

private:
    QSize resolvedSize(const Options &options) const;
    QString sequenceCaption() const;
    /// `rows`: the part of the picture being painted (a band), or null for all of it.
    void paint(QPainter &painter, const Options &options, QSize size,
               const QRect &rows = QRect()) const;
    void paintPart(QPainter &painter, const Options &options, const QRect &target,
                   const QRect &rows = QRect()) const;
    void paintChart(QPainter &painter, const QRect &target, bool transparent) const;
    void paintWindow(QPainter &painter, const QRect &target, const QRect &rows = QRect()) const;
    void paintCaption(QPainter &painter, const QRect &band, bool transparent) const;

    ExportSource m_source;
};
