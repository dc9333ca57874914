#include "export/exporter.h"

#include "canvas/canvaswidget.h"
#include "methods/methodnames.h"
#include "model/scenemodel.h"
#include "model/sequencesession.h"
#include "panels/weightchart.h"
#include "text/numberformat.h"
#include "theme/colorscheme.h"

#include <QApplication>
#include <QBuffer>
#include <QFileInfo>
#include <QFontMetricsF>
#include <QGraphicsScene>
#include <QMainWindow>
#include <QPageLayout>
#include <QPageSize>
#include <QPaintEngine>
#include <QPainter>
#include <QPdfWriter>
#include <QSaveFile>
#include <QStringList>
#include <QSvgGenerator>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <iterator>
#include <memory>

namespace {
// Vector formats and the caption's metrics assume the usual 96 logical dots per inch, so that
// text keeps its size relative to the picture whatever the screen's settings.
constexpr int kDpi = 96;
constexpr int kCaptionPadding = 10;

QFont captionFont()
{
    QFont f = QApplication::font();
    f.setPointSizeF(f.pointSizeF() * 1.15);
    return f;
}

int captionHeight(const QPaintDevice *device)
{
    const QFontMetricsF fm(captionFont(), const_cast<QPaintDevice *>(device));
    return int(std::ceil(fm.height())) + 2 * kCaptionPadding;
}
// The parts' names on the command line and the formats' file suffixes, in their enums' order.
constexpr const char *kPartIds[] = {"window", "canvas", "chart"};
constexpr const char *kFormatSuffixes[] = {"png", "svg", "pdf"};
static_assert(std::size(kPartIds) == std::size_t(Exporter::Part::Chart) + 1);
static_assert(std::size(kFormatSuffixes) == std::size_t(Exporter::Format::Pdf) + 1);

template <typename Enum, std::size_t N> QString idOf(const char *const (&ids)[N], Enum value)
{
    const auto i = std::size_t(value);
    return i < N ? QString::fromLatin1(ids[i]) : QString();
}

template <typename Enum, std::size_t N>
std::optional<Enum> fromId(const char *const (&ids)[N], const QString &id)
{
    for (std::size_t i = 0; i < N; ++i)
        if (id == QLatin1String(ids[i]))
            return Enum(i);
    return std::nullopt;
}
} // namespace

Exporter::Exporter(const ExportSource &source) : m_source(source) {}

QString Exporter::partId(Part part)
{
    return idOf(kPartIds, part);
}

std::optional<Exporter::Part> Exporter::partFromId(const QString &id)
{
    return fromId<Part>(kPartIds, id);
}

QString Exporter::suffix(Format format)
{
    return idOf(kFormatSuffixes, format);
}

std::optional<Exporter::Format> Exporter::formatFromPath(const QString &path)
{
    return fromId<Format>(kFormatSuffixes, QFileInfo(path).suffix().toLower());
}

void Exporter::settle()
{
    // Chart layouts and deferred dock resizes arrive as posted events; a few rounds let the
    // ones that post further events finish too.
    for (int i = 0; i < 3; ++i)
        QCoreApplication::sendPostedEvents();
}

bool Exporter::hasPart(Part part) const
{
    switch (part) {
    case Part::Window:
        return m_source.window != nullptr;
    case Part::Canvas:
        return m_source.canvas != nullptr;
    case Part::Chart:
        return m_source.chart != nullptr;
    }
    return false;
}

QSize Exporter::naturalSize(Part part) const
{
    if (!hasPart(part))
        return m_source.window->size();
    switch (part) {
    case Part::Window:
        return m_source.window->size();
    case Part::Canvas:
        return m_source.canvas->size();
    case Part::Chart: {
        const WeightChart *chart = m_source.chart;
        return chart->isVisible() ? chart->size() : chart->sizeHint();
    }
    }
    return {};
}

QSize Exporter::minimumSize(Part part) const
{
    if (part == Part::Window)
        return m_source.window->minimumSizeHint().expandedTo(m_source.window->minimumSize());
    return QSize(16, 16);
}

QString Exporter::caption(int maxWeights) const
{
    if (!m_source.canvas)
        return sequenceCaption();
    const SceneModel *model = m_source.canvas->model();
    const attn::Method method = model->scene().method;
    const QString name = MethodNames::name(method);
    const QString tau = QString::number(model->scene().temperature, 'g', 4);
    if (!model->hasResult())
        return tr("%1 · τ = %2 · %3").arg(name, tau, model->errorText());

    const QString output = NumberFormat::vector(model->result().output);
    if (maxWeights == 0)
        return tr("%1 · τ = %2 · output %3").arg(name, tau, output);
    const attn::Vector &w = model->result().weights;
    QStringList weights;
    const int shown = maxWeights < 0 ? int(w.size()) : std::min(int(w.size()), maxWeights);
    for (int i = 0; i < shown; ++i)
        weights << NumberFormat::number(w[i]);
    if (shown < w.size())
        weights << QStringLiteral("…");
    const QString list = weights.join(QStringLiteral(", "));
    // Multi-head reports the heads' mean weights (the output is not Σ of these times v).
    return method == attn::Method::MultiHead
               ? tr("%1 · τ = %2 · mean weights %3 · output %4").arg(name, tau, list, output)
               : tr("%1 · τ = %2 · weights %3 · output %4").arg(name, tau, list, output);
}

namespace {
// The caption's words for a sequence's kind of positions.
QString positionsName(attn::PositionKind kind)
{
    switch (kind) {
    case attn::PositionKind::None:
        return Exporter::tr("no positions");
    case attn::PositionKind::Sinusoidal:
        return Exporter::tr("sinusoidal positions");
    case attn::PositionKind::Learned:
        return Exporter::tr("learned positions");
    case attn::PositionKind::Rotary:
        return Exporter::tr("rotary position embedding");
    }
    return {};
}
} // namespace

QString Exporter::sequenceCaption() const
{
    if (!m_source.sequence)
        return {};
    const attn::SequenceModel &model = m_source.sequence->model();
    const QString positions = positionsName(model.positions);
    QStringList heads;
    for (int l = 0; l < model.layerCount(); ++l)
        heads << QString::number(model.headCount(l));
    const QString tau = QString::number(model.temperature, 'g', 4);
    const QString mask = model.causal ? tr("causal mask") : tr("no mask");
    // "heads per layer: 2, 1": one number per layer, so the layers are counted too.
    return tr("%1 · heads per layer: %2 · %3 · τ = %4 · %5")
        .arg(m_source.sequence->text(), heads.join(QStringLiteral(", ")), positions, tau, mask);
}

QSize Exporter::resolvedSize(const Options &options) const
{
    return options.size.isValid() && !options.size.isEmpty() ? options.size
                                                             : naturalSize(options.part);
}

QImage Exporter::renderImage(const Options &options) const
{
    QImage image = blankImage(options);
    if (image.isNull())
        return image;
    renderRows(image, options, 0, image.height());
    finishImage(image, options);
    return image;
}

QImage Exporter::blankImage(const Options &options) const
{
    const QSize size = resolvedSize(options);
    const int scale = std::clamp(options.scale, 1, 4);
    // Opaque pictures without an alpha channel: smaller PNGs, encoded faster.
    QImage image(size * scale,
                 options.transparent ? QImage::Format_ARGB32_Premultiplied : QImage::Format_RGB32);
    // Drawing in logical pixels on an image of ratio `scale` makes every line and glyph sharp at
    // that ratio, independent of the screen the window is on.
    if (!image.isNull())
        image.setDevicePixelRatio(scale);
    return image;
}

void Exporter::renderRows(QImage &image, const Options &options, int top, int bottom) const
{
    const QSize size = resolvedSize(options);
    const int scale = std::clamp(options.scale, 1, 4);
    top = std::clamp(top, 0, image.height());
    bottom = std::clamp(bottom, top, image.height());
    if (top == bottom)
        return;
    // The background, as QImage::fill() would write it, into these rows only: a band must not
    // touch the pixels of the bands before it.
    QImage one(1, 1, image.format());
    one.fill(options.transparent ? QColor(Qt::transparent) : ColorScheme::background());
    // Both formats hold a pixel in 32 bits.
    const QRgb pixel = reinterpret_cast<const QRgb *>(one.constScanLine(0))[0];
    for (int y = top; y < bottom; ++y) {
        auto *line = reinterpret_cast<QRgb *>(image.scanLine(y));
        std::fill(line, line + image.width(), pixel);
    }
    const bool whole = top == 0 && bottom == image.height();
    // In logical pixels; the caller keeps the band's edges on whole logical rows. The whole
    // picture is clipped too: Qt's raster engine blends a clipped shape's edges a shade
    // differently from an unclipped one's, and a picture must not depend on its bands.
    const QRect clip(0, top / scale, size.width(), (bottom - top + scale - 1) / scale);
    const QRect rows = whole ? QRect() : clip;
    QPainter painter(&image);
    painter.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing |
                           QPainter::SmoothPixmapTransform);
    painter.setClipRect(clip);
    paint(painter, options, size, rows);
}

void Exporter::finishImage(QImage &image, const Options &options)
{
    const int scale = std::clamp(options.scale, 1, 4);
    image.setDevicePixelRatio(1);
    // Set after painting: a higher resolution during painting would enlarge the fonts. With it, a
    // 2× picture has the same printed size as the 1× one.
    const int dpm = int(std::lround(kDpi * scale / 0.0254));
    image.setDotsPerMeterX(dpm);
    image.setDotsPerMeterY(dpm);
}

QByteArray Exporter::render(Format format, const Options &options, QString *error) const
{
    const QSize size = resolvedSize(options);
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    switch (format) {
    case Format::Png: {
        const QImage image = renderImage(options);
        if (image.isNull()) {
            *error = tr("There is not enough memory for a picture of %1 × %2 pixels.")
                         .arg(size.width() * options.scale)
                         .arg(size.height() * options.scale);
            return {};
        }
        return encodePng(image, error);
    }
    case Format::Svg: {
        QSvgGenerator svg;
        svg.setOutputDevice(&buffer);
        svg.setSize(size);
        svg.setViewBox(QRect(QPoint(0, 0), size));
        svg.setResolution(kDpi);
        svg.setTitle(tr("Attention Canvas"));
        svg.setDescription(caption());
        QPainter painter(&svg);
        painter.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
        if (!options.transparent)
            painter.fillRect(QRect(QPoint(0, 0), size), ColorScheme::background());
        paint(painter, options, size);
        break;
    }
    case Format::Pdf: {
        QPdfWriter pdf(&buffer);
        pdf.setCreator(tr("Attention Canvas"));
        pdf.setTitle(caption());
        pdf.setResolution(kDpi);
        // One page exactly the picture's size: logical pixels at 96 per inch, 72 points per inch.
        pdf.setPageLayout(QPageLayout(QPageSize(QSizeF(size) * 72.0 / kDpi, QPageSize::Point,
                                                QString(), QPageSize::ExactMatch),
                                      QPageLayout::Portrait, QMarginsF()));
        QPainter painter;
        if (!painter.begin(&pdf)) {
            *error = tr("The PDF document could not be started.");
            return {};
        }
        painter.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
        // Whole points may round the page by a pixel; stretch to it rather than leave a seam.
        painter.scale(double(pdf.width()) / size.width(), double(pdf.height()) / size.height());
        if (!options.transparent)
            painter.fillRect(QRect(QPoint(0, 0), size), ColorScheme::background());
        paint(painter, options, size);
        painter.end();
        break;
    }
    }
    return bytes;
}

bool Exporter::write(const QString &path, Format format, const Options &options,
                     QString *error) const
{
    QString why;
    const QByteArray bytes = render(format, options, &why);
    if (bytes.isEmpty()) {
        *error = tr("%1: %2").arg(path, why);
        return false;
    }
    return writeFile(path, bytes, error);
}

QByteArray Exporter::encodePng(const QImage &image, QString *error)
{
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    if (!image.save(&buffer, "PNG")) {
        *error = tr("The PNG image could not be encoded.");
        return {};
    }
    return bytes;
}

bool Exporter::writeFile(const QString &path, const QByteArray &bytes, QString *error,
                         const std::atomic<bool> *cancelled)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size()) {
        *error = tr("%1: cannot write the picture: %2").arg(path, file.errorString());
        return false;
    }
    if (cancelled && cancelled->load()) {
        file.cancelWriting();
        return false;
    }
    if (!file.commit()) {
        *error = tr("%1: cannot write the picture: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

void Exporter::paint(QPainter &painter, const Options &options, QSize size, const QRect &rows) const
{
    QRect picture(QPoint(0, 0), size);
    const int band =
        options.caption ? std::min(captionHeight(painter.device()), size.height() / 2) : 0;
    picture.setHeight(size.height() - band);
    paintPart(painter, options, picture, rows);
    if (band > 0 && (rows.isNull() || rows.bottom() >= picture.height()))
        paintCaption(painter, QRect(0, picture.height(), size.width(), band), options.transparent);
}

void Exporter::drawPart(QPainter &painter, Part part, const QRect &target) const
{
    Options options;
    options.part = part;
    paintPart(painter, options, target);
}

void Exporter::paintPart(QPainter &painter, const Options &options, const QRect &target,
                         const QRect &rows) const
{
    // A source without the part (the Sequence window) draws itself whole.
    switch (hasPart(options.part) ? options.part : Part::Window) {
    case Part::Canvas:
        m_source.canvas->paintScene(painter, target, !options.transparent);
        break;
    case Part::Chart:
        paintChart(painter, target, options.transparent);
        break;
    case Part::Window:
        paintWindow(painter, target, rows);
        break;
    }
}

void Exporter::paintChart(QPainter &painter, const QRect &target, bool transparent) const
{
    // A chart of its own at the requested size: the docked one keeps its size, and the two
    // draw the same numbers from the same model.
    WeightChart *docked = m_source.chart;
    WeightChart chart(m_source.canvas->model());
    chart.setFont(docked->font());
    chart.setAttribute(Qt::WA_DontShowOnScreen);
    chart.resize(target.size());
    chart.show();
    settle();
    if (transparent)
        chart.setTransparent();
    painter.save();
    chart.render(&painter, QRectF(target), chart.viewport()->rect(), Qt::IgnoreAspectRatio);
    painter.restore();
}

void Exporter::paintWindow(QPainter &painter, const QRect &target, const QRect &rows) const
{
    // The window is laid out at the requested size for the moment of drawing, then put back
    // with its docks where they were.
    const QSize old = m_source.window->size();
    const bool resize = old != target.size();
    auto *mainWindow = qobject_cast<QMainWindow *>(m_source.window);
    QByteArray state;
    if (resize) {
        if (mainWindow)
            state = mainWindow->saveState();
        m_source.window->resize(target.size());
        settle();
    }
    if (painter.paintEngine()->type() == QPaintEngine::SVG) {
        // Qt 6.4's SVG generator cannot clip, and widgets rely on clipping (a menu bar paints
        // its background over its own items' text). An SVG of the window therefore holds a
        // sharp 2× picture of it; the canvas and the chart alone export as true vectors.
        QImage image(target.size() * 2, QImage::Format_ARGB32_Premultiplied);
        image.setDevicePixelRatio(2);
        image.fill(ColorScheme::background());
        {
            QPainter p(&image);
            m_source.window->render(&p, QPoint(), QRegion(),
                                    QWidget::DrawWindowBackground | QWidget::DrawChildren);
        }
        painter.drawImage(QRectF(target), image);
    } else {
        // As the widgets paint on screen: no extra clip (the PDF engine then loses children
        // under it) and no antialiasing of the style's one-pixel frames.
        // A band (PictureInBands) asks the widgets under it only, each for its part of the
        // band; render() puts the region's top left corner at the offset it is given.
        const QRect region =
            rows.isNull() ? QRect()
                          : rows.translated(-target.topLeft()) & QRect(QPoint(0, 0), target.size());
        // A window whose updates an animation turned off (AnimationExport) is drawn all the same.
        const bool frozen = !m_source.window->updatesEnabled();
        if (frozen)
            m_source.window->setUpdatesEnabled(true);
        if (rows.isNull() || !region.isEmpty()) {
            painter.save();
            painter.setRenderHints(painter.renderHints(), false);
            m_source.window->render(&painter, target.topLeft() + region.topLeft(), QRegion(region),
                                    QWidget::DrawWindowBackground | QWidget::DrawChildren);
            painter.restore();
        }
        if (frozen)
            m_source.window->setUpdatesEnabled(false);
    }
    if (resize) {
        m_source.window->resize(old);
        if (mainWindow)
            mainWindow->restoreState(state);
        settle();
    }
}

void Exporter::paintCaption(QPainter &painter, const QRect &band, bool transparent) const
{
    // Covers whatever the part drew beyond its bottom (the SVG generator does not clip).
    if (!transparent)
        painter.fillRect(band, ColorScheme::background());
    const QFont font = captionFont();
    const QFontMetricsF fm(font, painter.device());
    const double room = band.width() - 2.0 * kCaptionPadding;
    // Many keys or a narrow picture: list fewer weights, or none, rather than cut the output off.
    QString text = caption();
    const int keys = m_source.canvas ? m_source.canvas->model()->keyCount() : 0;
    for (int n = keys - 1; n >= 0 && fm.horizontalAdvance(text) > room; --n)
        text = caption(n);
    text = fm.elidedText(text, Qt::ElideRight, room);

    painter.save();
    painter.setFont(font);
    painter.setPen(ColorScheme::text());
    painter.drawText(QRectF(band).adjusted(kCaptionPadding, 0, -kCaptionPadding, 0),
                     Qt::AlignLeft | Qt::AlignVCenter | Qt::TextSingleLine, text);
    painter.restore();
}
