// Exporter: pictures of the canvas, the chart and the window at a chosen size and scale. The
// whole test runs on a screen of device pixel ratio 2 (QT_SCALE_FACTOR, set in main below) so
// that "independent of the screen's pixel ratio" is really put to the test.

#include "canvas/canvaswidget.h"
#include "canvas/viewtransform.h"
#include "common/datacolumns.h"
#include "common/mainwindowfixture.h"
#include "export/exporter.h"
#include "mainwindow.h"
#include "model/scenemodel.h"
#include "theme/colorscheme.h"

#include <QApplication>
#include <QImage>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

#include <cmath>
#include <memory>

using Part = Exporter::Part;
using Format = Exporter::Format;

Q_DECLARE_METATYPE(Exporter::Part)

namespace {

bool isQueryRed(QRgb p)
{
    // The query's red (214, 39, 40), also when antialiased against white or a grid line.
    return qAlpha(p) > 128 && qRed(p) > 170 && qGreen(p) < 110 && qBlue(p) < 110;
}

// Red pixels within `radius` pixels of `centre`.
int redPixelsNear(const QImage &image, QPointF centre, double radius)
{
    int count = 0;
    const int x0 = int(std::floor(centre.x() - radius)), x1 = int(std::ceil(centre.x() + radius));
    const int y0 = int(std::floor(centre.y() - radius)), y1 = int(std::ceil(centre.y() + radius));
    for (int y = std::max(0, y0); y <= std::min(image.height() - 1, y1); ++y)
        for (int x = std::max(0, x0); x <= std::min(image.width() - 1, x1); ++x)
            if (std::hypot(x - centre.x(), y - centre.y()) <= radius &&
                isQueryRed(image.pixel(x, y)))
                ++count;
    return count;
}

int countElements(const QByteArray &xml, const QString &name, QString *error)
{
    QXmlStreamReader reader(xml);
    int count = 0;
    while (!reader.atEnd()) {
        if (reader.readNext() == QXmlStreamReader::StartElement && reader.name() == name)
            ++count;
    }
    if (reader.hasError())
        *error = reader.errorString();
    return count;
}

// Every <text> element's content, joined.
QString svgText(const QByteArray &xml)
{
    QXmlStreamReader reader(xml);
    QString text;
    while (!reader.atEnd()) {
        if (reader.readNext() == QXmlStreamReader::StartElement && reader.name() == u"text")
            text += reader.readElementText();
    }
    return text;
}

} // namespace

class TestExporter : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();

    void pngHasTheRequestedPixelSize_data();
    void pngHasTheRequestedPixelSize();
    void queryIsRedAtItsTip_data();
    void queryIsRedAtItsTip();
    void windowKeepsItsSizeAfterExport();
    void transparentBackground_data();
    void transparentBackground();
    void captionNamesTheNumbers();
    void captionIsDrawnUnderThePicture();
    void captionDropsWeightsWhenNarrow();
    void svgIsXmlWithPaths_data();
    void svgIsXmlWithPaths();
    void pdfIsPdf_data();
    void pdfIsPdf();
    void writeReplacesOnlyOnSuccess();
    void formatAndPartNames();

private:
    std::unique_ptr<SceneModel> m_model;
    std::unique_ptr<MainWindow> m_window;
};

void TestExporter::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    // Without this the test would prove nothing about the screen's pixel ratio.
    QCOMPARE(qApp->devicePixelRatio(), 2.0);
}

void TestExporter::init()
{
    QVERIFY(openMainWindow(m_model, m_window, Exporter::kDefaultWindowSize));
    Exporter::settle();
}

void TestExporter::cleanup()
{
    m_window.reset();
    m_model.reset();
}

void TestExporter::pngHasTheRequestedPixelSize_data()
{
    dataColumns<Part, QSize, int>("part", "size", "scale");
    QTest::newRow("canvas 1×") << Part::Canvas << QSize(640, 400) << 1;
    QTest::newRow("canvas 2×") << Part::Canvas << QSize(640, 400) << 2;
    QTest::newRow("canvas 4×, odd size") << Part::Canvas << QSize(333, 211) << 4;
    QTest::newRow("chart 1×") << Part::Chart << QSize(420, 380) << 1;
    QTest::newRow("chart 4×") << Part::Chart << QSize(300, 500) << 4;
    QTest::newRow("window 1×") << Part::Window << QSize(1280, 800) << 1;
    QTest::newRow("window 2×, larger") << Part::Window << QSize(1920, 1080) << 2;
}

void TestExporter::pngHasTheRequestedPixelSize()
{
    QFETCH(Part, part);
    QFETCH(QSize, size);
    QFETCH(int, scale);
    Exporter exporter(m_window->exportSource());
    Exporter::Options o;
    o.part = part;
    o.size = size;
    o.scale = scale;
    const QImage image = exporter.renderImage(o);
    QCOMPARE(image.size(), QSize(size.width() * scale, size.height() * scale));
    QCOMPARE(image.devicePixelRatio(), 1.0);

    // The encoded PNG too: its header says width and height (big-endian at bytes 16 and 20).
    QString error;
    const QByteArray png = exporter.render(Format::Png, o, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QVERIFY(png.startsWith("\x89PNG\r\n\x1a\n"));
    const QImage decoded = QImage::fromData(png, "PNG");
    QCOMPARE(decoded.size(), image.size());

    // Something was drawn: not a single flat colour.
    int differing = 0;
    const QRgb first = image.pixel(0, 0);
    for (int y = 0; y < image.height(); y += 7)
        for (int x = 0; x < image.width(); x += 7)
            differing += image.pixel(x, y) != first;
    QVERIFY(differing > 50);
}

void TestExporter::queryIsRedAtItsTip_data()
{
    dataColumns<QSize, int>("size", "scale");
    QTest::newRow("natural size 1×") << QSize() << 1;
    QTest::newRow("640×480 1×") << QSize(640, 480) << 1;
    QTest::newRow("640×480 2×") << QSize(640, 480) << 2;
    QTest::newRow("1920×1080 1×") << QSize(1920, 1080) << 1;
    QTest::newRow("400×700 4×") << QSize(400, 700) << 4;
}

void TestExporter::queryIsRedAtItsTip()
{
    QFETCH(QSize, size);
    QFETCH(int, scale);
    const CanvasWidget *canvas = m_window->canvas();
    const QSize logical = size.isValid() ? size : canvas->size();
    Exporter::Options o;
    o.part = Part::Canvas;
    o.size = size;
    o.scale = scale;
    const QImage image = Exporter(m_window->exportSource()).renderImage(o);
    QCOMPARE(image.size(), logical * scale);

    // The article's query (1.2, 0.8) through the canvas's mapping for a picture of this size.
    const ViewTransform view = canvas->transformFor(logical);
    const QPointF tip = view.toScreen(QPointF(1.2, 0.8)) * scale;
    QVERIFY2(QRectF(image.rect()).contains(tip), "the query's tip is outside the picture");
    const int red = redPixelsNear(image, tip, 8.0 * scale);
    QVERIFY2(red >= 6 * scale * scale, qPrintable(QStringLiteral("%1 red pixels").arg(red)));
    // Mirrored in y there is nothing red: the check above is about the mapping, not luck.
    const QPointF mirrored = view.toScreen(QPointF(1.2, -0.8)) * scale;
    QCOMPARE(redPixelsNear(image, mirrored, 8.0 * scale), 0);
}

void TestExporter::windowKeepsItsSizeAfterExport()
{
    const QSize before = m_window->size();
    const QSize canvasBefore = m_window->canvas()->size();
    Exporter::Options o;
    o.part = Part::Window;
    o.size = QSize(1024, 700);
    const QImage image = Exporter(m_window->exportSource()).renderImage(o);
    QCOMPARE(image.size(), QSize(1024, 700));
    QCOMPARE(m_window->size(), before);
    QCOMPARE(m_window->canvas()->size(), canvasBefore);
}

void TestExporter::transparentBackground_data()
{
    QTest::addColumn<Part>("part");
    QTest::newRow("canvas") << Part::Canvas;
    QTest::newRow("chart") << Part::Chart;
}

void TestExporter::transparentBackground()
{
    QFETCH(Part, part);
    Exporter::Options o;
    o.part = part;
    o.size = QSize(500, 400);
    o.scale = 2;
    o.transparent = true;
    const QImage clear = Exporter(m_window->exportSource()).renderImage(o);
    o.transparent = false;
    const QImage opaque = Exporter(m_window->exportSource()).renderImage(o);
    QCOMPARE(clear.size(), opaque.size());
    // Where the opaque picture shows plain background, the transparent one shows nothing
    // (label halos are the only exception: translucent white on white looks like background).
    const QRgb background = ColorScheme::background().rgb();
    int plain = 0, seeThrough = 0, drawn = 0;
    for (int y = 0; y < clear.height(); ++y)
        for (int x = 0; x < clear.width(); ++x) {
            const bool isPlain = opaque.pixel(x, y) == background;
            plain += isPlain;
            seeThrough += isPlain && qAlpha(clear.pixel(x, y)) == 0;
            drawn += qAlpha(clear.pixel(x, y)) == 255;
        }
    QVERIFY2(seeThrough > plain * 9 / 10,
             qPrintable(QStringLiteral("%1 of %2").arg(seeThrough).arg(plain)));
    QVERIFY(plain > clear.width() * clear.height() / 3); // mostly background
    QVERIFY(drawn > 1000);                               // the drawing is still there
}

void TestExporter::captionNamesTheNumbers()
{
    // By hand: dot scores 1.4, 2.2, 1.92; softmax with the maximum subtracted.
    const double scores[] = {1.4, 2.2, 1.92};
    double e[3], sum = 0;
    for (int i = 0; i < 3; ++i)
        sum += (e[i] = std::exp(scores[i] - 2.2));
    const double w[] = {e[0] / sum, e[1] / sum, e[2] / sum};
    const double out[] = {w[0] + w[2], w[1] + w[2]}; // values (1,0), (0,1), (1,1)
    auto f = [](double x) { return QString::number(x, 'f', 3); };
    const QString expected =
        QStringLiteral("Dot product · τ = 1 · weights %1, %2, %3 · output (%4, %5)")
            .arg(f(w[0]), f(w[1]), f(w[2]), f(out[0]), f(out[1]));
    Exporter exporter(m_window->exportSource());
    QCOMPARE(exporter.caption(), expected);
    QCOMPARE(exporter.caption(1),
             QStringLiteral("Dot product · τ = 1 · weights %1, … · output (%2, %3)")
                 .arg(f(w[0]), f(out[0]), f(out[1])));
    QCOMPARE(exporter.caption(0),
             QStringLiteral("Dot product · τ = 1 · output (%1, %2)").arg(f(out[0]), f(out[1])));

    m_model->setMethod(attn::Method::Scaled);
    m_model->setTemperature(0.5);
    QVERIFY(exporter.caption().startsWith(QStringLiteral("Scaled dot product · τ = 0.5 · ")));
}

void TestExporter::captionIsDrawnUnderThePicture()
{
    Exporter::Options o;
    o.part = Part::Canvas;
    o.size = QSize(800, 500);
    const QImage plain = Exporter(m_window->exportSource()).renderImage(o);
    o.caption = true;
    const QImage captioned = Exporter(m_window->exportSource()).renderImage(o);
    QCOMPARE(captioned.size(), plain.size()); // the caption is inside the requested size
    // The last rows: plain shows the canvas (grid lines), captioned shows dark text on white.
    auto darkInRows = [](const QImage &img, int from, int to) {
        int dark = 0;
        for (int y = from; y < to; ++y)
            for (int x = 0; x < img.width(); ++x)
                dark += qGray(img.pixel(x, y)) < 100;
        return dark;
    };
    const int h = captioned.height();
    QVERIFY(darkInRows(captioned, h - 30, h - 5) > 100);
    // Text stays on the left half: the caption is left-aligned and shorter than the width.
    int rightmostDark = 0;
    for (int y = h - 30; y < h - 5; ++y)
        for (int x = 0; x < captioned.width(); ++x)
            if (qGray(captioned.pixel(x, y)) < 100)
                rightmostDark = std::max(rightmostDark, x);
    QVERIFY(rightmostDark < captioned.width() - 20);
}

void TestExporter::captionDropsWeightsWhenNarrow()
{
    Exporter::Options o;
    o.part = Part::Chart;
    o.size = QSize(200, 300);
    o.caption = true;
    const QImage image = Exporter(m_window->exportSource()).renderImage(o);
    QCOMPARE(image.size(), QSize(200, 300));
}

void TestExporter::svgIsXmlWithPaths_data()
{
    dataColumns<Part, bool, QString, int>("part", "caption", "element", "atLeast");
    // The canvas's arrows are paths; the chart's bars rectangles; the window is a 2× picture
    // (Qt 6.4's SVG generator cannot clip, which widgets need).
    QTest::newRow("canvas") << Part::Canvas << false << QStringLiteral("path") << 6;
    QTest::newRow("canvas with caption") << Part::Canvas << true << QStringLiteral("path") << 6;
    QTest::newRow("chart") << Part::Chart << false << QStringLiteral("rect") << 6;
    QTest::newRow("window") << Part::Window << false << QStringLiteral("image") << 1;
}

void TestExporter::svgIsXmlWithPaths()
{
    QFETCH(Part, part);
    QFETCH(bool, caption);
    QFETCH(QString, element);
    QFETCH(int, atLeast);
    Exporter::Options o;
    o.part = part;
    o.size = QSize(900, 600);
    o.caption = caption;
    QString error;
    const QByteArray svg = Exporter(m_window->exportSource()).render(Format::Svg, o, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QString xmlError;
    const int count = countElements(svg, element, &xmlError);
    QVERIFY2(xmlError.isEmpty(), qPrintable(xmlError));
    QVERIFY2(count >= atLeast, qPrintable(QString::number(count)));
    QCOMPARE(countElements(svg, QStringLiteral("svg"), &xmlError), 1);
    QVERIFY(svg.contains("viewBox=\"0 0 900 600\""));
    // The caption is always the document's description, and drawn as text when asked for (in
    // runs split by script, hence the joining).
    const QString caption1 = Exporter(m_window->exportSource()).caption();
    QCOMPARE(svgText(svg).contains(caption1), caption);
    QVERIFY(svg.contains("<desc>" + caption1.toUtf8() + "</desc>"));
}

void TestExporter::pdfIsPdf_data()
{
    dataColumns<Part, QSize>("part", "size");
    QTest::newRow("canvas") << Part::Canvas << QSize(900, 600);
    QTest::newRow("chart") << Part::Chart << QSize(400, 500);
    QTest::newRow("window") << Part::Window << QSize(1280, 800);
}

void TestExporter::pdfIsPdf()
{
    QFETCH(Part, part);
    QFETCH(QSize, size);
    Exporter::Options o;
    o.part = part;
    o.size = size;
    o.caption = true;
    QString error;
    const QByteArray pdf = Exporter(m_window->exportSource()).render(Format::Pdf, o, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QVERIFY(pdf.startsWith("%PDF-"));
    QVERIFY(pdf.trimmed().endsWith("%%EOF"));
    // One page of the picture's size at 96 pixels per inch, in points (72 per inch).
    const QRegularExpression box(QStringLiteral("/MediaBox \\[0 0 ([0-9.]+) ([0-9.]+)\\]"));
    const auto m = box.match(QString::fromLatin1(pdf));
    QVERIFY(m.hasMatch());
    QCOMPARE(qRound(m.captured(1).toDouble() * 4), size.width() * 3);
    QCOMPARE(qRound(m.captured(2).toDouble() * 4), size.height() * 3);
}

void TestExporter::writeReplacesOnlyOnSuccess()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("picture.png"));
    Exporter exporter(m_window->exportSource());
    Exporter::Options o;
    o.part = Part::Canvas;
    o.size = QSize(320, 200);
    QString error;
    QVERIFY2(exporter.write(path, Format::Png, o, &error), qPrintable(error));
    QCOMPARE(QImage(path).size(), QSize(320, 200));

    // A folder that does not exist: a clear error naming the file, nothing written.
    const QString nowhere = dir.filePath(QStringLiteral("no/such/folder/p.png"));
    QVERIFY(!exporter.write(nowhere, Format::Png, o, &error));
    QVERIFY2(error.contains(nowhere), qPrintable(error));
    QVERIFY(!QFile::exists(nowhere));
}

void TestExporter::formatAndPartNames()
{
    QCOMPARE(Exporter::formatFromPath(QStringLiteral("/a/b.PNG")), Format::Png);
    QCOMPARE(Exporter::formatFromPath(QStringLiteral("b.svg")), Format::Svg);
    QCOMPARE(Exporter::formatFromPath(QStringLiteral("b.Pdf")), Format::Pdf);
    QVERIFY(!Exporter::formatFromPath(QStringLiteral("b.gif")));
    QVERIFY(!Exporter::formatFromPath(QStringLiteral("png")));
    for (Part p : {Part::Window, Part::Canvas, Part::Chart})
        QCOMPARE(Exporter::partFromId(Exporter::partId(p)), p);
    QVERIFY(!Exporter::partFromId(QStringLiteral("dock")));
}

int main(int argc, char **argv)
{
    // A high-density screen: exports must not depend on it.
    qputenv("QT_SCALE_FACTOR", "2");
    QApplication app(argc, argv);
    QTEST_SET_MAIN_SOURCE_PATH
    TestExporter test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_exporter.moc"
