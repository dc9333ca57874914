// PictureInBands: a picture painted a band of rows at a time is the picture painted whole (but
// for a shade along edges that cross a band's boundary) for every part (canvas, chart, window),
// at scale 1 and 2, with the caption and transparent; the bands follow the picture's width only,
// and drawing the same picture in bands twice gives the same pixels.

#include "common/mainwindowfixture.h"
#include "export/exporter.h"
#include "export/pictureinbands.h"
#include "mainwindow.h"
#include "model/scenemodel.h"
#include "model/sequencesession.h"
#include "sequence/trainingview.h"

#include <QApplication>
#include <QImage>
#include <QTest>

#include <algorithm>
#include <cstdlib>
#include <memory>

using Part = Exporter::Part;

Q_DECLARE_METATYPE(Exporter::Part)

namespace {

struct Difference
{
    int pixels = 0; ///< pixels that differ
    int most = 0;   ///< the largest difference of one channel
    QString text;   ///< for the failure message
};

Difference difference(const QImage &a, const QImage &b)
{
    if (a.size() != b.size() || a.format() != b.format())
        return {a.width() * a.height(), 255, QStringLiteral("size or format")};
    int count = 0, most = 0;
    QRect box;
    for (int y = 0; y < a.height(); ++y)
        for (int x = 0; x < a.width(); ++x) {
            const QRgb p = a.pixel(x, y), q = b.pixel(x, y);
            if (p == q)
                continue;
            ++count;
            box |= QRect(x, y, 1, 1);
            most = std::max({most, std::abs(qRed(p) - qRed(q)), std::abs(qGreen(p) - qGreen(q)),
                             std::abs(qBlue(p) - qBlue(q)), std::abs(qAlpha(p) - qAlpha(q))});
        }
    return {count, most,
            QStringLiteral("%1 pixels differ in (%2, %3)–(%4, %5), by up to %6")
                .arg(count)
                .arg(box.left())
                .arg(box.top())
                .arg(box.right())
                .arg(box.bottom())
                .arg(most)};
}

// The bands a picture of `size` logical pixels at `scale` takes: kBandPixels pixels each, whole
// logical rows.
int expectedBands(QSize size, int scale)
{
    const int rows = PictureInBands::kBandPixels / (size.width() * scale) / scale * scale;
    return (size.height() * scale + rows - 1) / rows;
}

QImage inBands(const Exporter &exporter, const Exporter::Options &options, int *bands)
{
    PictureInBands picture(exporter, options);
    *bands = 0;
    if (picture.isNull())
        return {};
    do {
        ++*bands;
        // Not yet complete: nothing to take.
        if (!picture.isDone() && !picture.take().isNull())
            return {};
    } while (picture.drawBand());
    return picture.take();
}

} // namespace

class TestPictureInBands : public QObject
{
    Q_OBJECT

private slots:
    void init() { QVERIFY(openMainWindow(m_model, m_window, QSize(1280, 800))); }
    void cleanup()
    {
        m_window.reset();
        m_model.reset();
    }

    void samePixelsAsWhole_data()
    {
        QTest::addColumn<Part>("part");
        QTest::addColumn<QSize>("size");
        QTest::addColumn<int>("scale");
        QTest::addColumn<bool>("caption");
        QTest::addColumn<bool>("transparent");
        QTest::addColumn<bool>("landscape");
        // 2400 × 1800 = 4.32 million pixels: three bands.
        QTest::newRow("canvas") << Part::Canvas << QSize(2400, 1800) << 1 << false << false
                                << false;
        QTest::newRow("canvas, landscape, caption")
            << Part::Canvas << QSize(2400, 1800) << 1 << true << false << true;
        QTest::newRow("canvas, transparent")
            << Part::Canvas << QSize(2400, 1800) << 1 << false << true << false;
        // 1700 × 1300 at 2: 3400 × 2600 pixels, bands of 616 rows (308 logical ones).
        QTest::newRow("canvas at 2")
            << Part::Canvas << QSize(1700, 1300) << 2 << true << false << false;
        QTest::newRow("chart") << Part::Chart << QSize(2400, 1800) << 1 << false << false << false;
        QTest::newRow("chart at 2, caption")
            << Part::Chart << QSize(1700, 1300) << 2 << true << false << false;
        QTest::newRow("window") << Part::Window << QSize(2400, 1800) << 1 << false << false
                                << false;
        QTest::newRow("window at 2, caption")
            << Part::Window << QSize(1700, 1300) << 2 << true << false << false;
    }
    void samePixelsAsWhole()
    {
        QFETCH(Part, part);
        QFETCH(QSize, size);
        QFETCH(int, scale);
        QFETCH(bool, caption);
        QFETCH(bool, transparent);
        QFETCH(bool, landscape);
        if (landscape)
            m_window->findChild<QAction *>(QStringLiteral("actionLandscape"))->trigger();
        const Exporter exporter(m_window->exportSource());
        Exporter::Options o;
        o.part = part;
        o.size = size;
        o.scale = scale;
        o.caption = caption;
        o.transparent = transparent;
        if (part == Part::Window) {
            // As an animation does: the window laid out at the picture's size first, so that
            // every band sees the same layout.
            m_window->resize(size);
            Exporter::settle();
        }
        const QImage whole = exporter.renderImage(o);
        int bands = 0;
        const QImage banded = inBands(exporter, o, &bands);
        QVERIFY(!whole.isNull());
        QCOMPARE(banded.size(), size * scale);
        QCOMPARE(bands, expectedBands(size, scale));
        QVERIFY2(bands >= 2, "the picture must be large enough for bands");
        QCOMPARE(banded.dotsPerMeterX(), whole.dotsPerMeterX());
        QCOMPARE(banded.devicePixelRatio(), 1.0);
        // Qt's raster engine clips a large shape's outline to the clip before filling it, so a
        // shape that crosses a band's edge gets edge pixels a shade different from the whole
        // picture's (seen: 0.03 % of the pixels, 3 levels of 255): invisible, and the same in
        // every run, since the bands depend on the width only.
        const Difference d = difference(banded, whole);
        QVERIFY2(d.most <= 4 && d.pixels * 1000ll <= qint64(whole.width()) * whole.height(),
                 qPrintable(d.text));
        int again = 0;
        QVERIFY(inBands(exporter, o, &again) == banded);
    }

    void smallPictureIsOneBand()
    {
        const Exporter exporter(m_window->exportSource());
        Exporter::Options o;
        o.part = Part::Canvas;
        o.size = QSize(640, 400);
        int bands = 0;
        const QImage banded = inBands(exporter, o, &bands);
        QCOMPARE(bands, 1);
        QCOMPARE(banded, exporter.renderImage(o));
    }

    void trainingViewInBands()
    {
        // The Training view as a training animation draws it (no canvas, no chart).
        SequenceSession session;
        QVERIFY(session.loadFile(
            QStringLiteral(AC_SOURCE_DIR "/resources/sequences/task-previous-token.json")));
        TrainingView view(&session);
        view.setAttribute(Qt::WA_DontShowOnScreen);
        view.resize(2200, 2000);
        view.show();
        Exporter::settle();
        const Exporter exporter(ExportSource{&view, nullptr, nullptr, view.viewSession()});
        Exporter::Options o;
        o.part = Part::Window;
        o.size = view.size();
        const QImage whole = exporter.renderImage(o);
        int bands = 0;
        const QImage banded = inBands(exporter, o, &bands);
        QCOMPARE(bands, expectedBands(o.size, 1));
        QVERIFY(bands >= 2);
        const Difference d = difference(banded, whole);
        QVERIFY2(d.most <= 4 && d.pixels * 1000ll <= qint64(whole.width()) * whole.height(),
                 qPrintable(d.text));
    }

private:
    std::unique_ptr<SceneModel> m_model;
    std::unique_ptr<MainWindow> m_window;
};

QTEST_MAIN(TestPictureInBands)
#include "tst_pictureinbands.moc"
