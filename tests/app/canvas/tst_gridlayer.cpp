// GridLayer: the grid's steps against steps worked out by hand, the label rule checked with the
// font's own metrics, and the picture's pixels where the axes and lines must be.
#include "canvas/gridlayer.h"
#include "common/datacolumns.h"
#include "text/numberformat.h"
#include "theme/colorscheme.h"

#include <QFontMetricsF>
#include <QImage>
#include <QPainter>
#include <QTest>

class TestGridLayer : public QObject
{
    Q_OBJECT

private slots:
    void stepsAtLeast_data()
    {
        dataColumns<double, double, double, int>("minimum", "major", "minor", "decimals");
        // The smallest 1, 2 or 5 × 10ᵏ at least the minimum; 2 in quarters, 1 and 5 in fifths.
        QTest::addRow("0.9") << 0.9 << 1.0 << 0.2 << 0;
        QTest::addRow("1 exactly") << 1.0 << 1.0 << 0.2 << 0;
        QTest::addRow("0.15") << 0.15 << 0.2 << 0.05 << 1;
        QTest::addRow("3") << 3.0 << 5.0 << 1.0 << 0;
        QTest::addRow("45") << 45.0 << 50.0 << 10.0 << 0;
        QTest::addRow("6") << 6.0 << 10.0 << 2.0 << 0;
        QTest::addRow("0.011") << 0.011 << 0.02 << 0.005 << 2;
        QTest::addRow("0.0009") << 0.0009 << 0.001 << 0.0002 << 3;
        // A nice step up to rounding stays that step.
        QTest::addRow("2 + 1e-12") << 2.000000000001 << 2.0 << 0.5 << 0;
    }

    void stepsAtLeast()
    {
        QFETCH(double, minimum);
        QFETCH(double, major);
        QFETCH(double, minor);
        QFETCH(int, decimals);
        const GridLayer::Steps g = GridLayer::stepsAtLeast(minimum);
        QCOMPARE(g.major, major);
        QCOMPARE(g.minor, minor);
        QCOMPARE(g.decimals, decimals);
    }

    void stepsForAView()
    {
        QFont font;
        font.setPixelSize(15);
        const QFontMetricsF fm(font);
        // 100 px per unit: 0.9 units is the 90 px minimum, so 1 (100 px, room for "−4").
        QCOMPARE(GridLayer::stepsFor(ViewTransform(100, {0, 0}, {800, 600}), fm).major, 1.0);
        // 1000 px per unit: 0.1.
        QCOMPARE(GridLayer::stepsFor(ViewTransform(1000, {0, 0}, {800, 600}), fm).major, 0.1);
    }

    void wideLabelsWidenTheStep()
    {
        // 10⁻⁴ px per unit: 90 px is 900 000 units, so 10⁶ by spacing alone; but at 30 px a
        // label such as "−4000000" is wider than 100 px less the gap.
        QFont font;
        font.setPixelSize(30);
        const QFontMetricsF fm(font);
        const ViewTransform view(1e-4, {0, 0}, {800, 600});
        const GridLayer::Steps g = GridLayer::stepsFor(view, fm);
        auto fits = [&](double step, int decimals) {
            const QRectF world = view.visibleWorld();
            const double widest =
                std::max(fm.horizontalAdvance(NumberFormat::number(world.left(), decimals)),
                         fm.horizontalAdvance(NumberFormat::number(world.right(), decimals)));
            return step * view.scale() >= widest + GridLayer::kLabelGap;
        };
        QVERIFY2(!fits(1e6, 0), "the test needs labels wider than 10⁶ leaves room for");
        QVERIFY(g.major > 1e6);
        QVERIFY(fits(g.major, g.decimals));
        // The next nice step that fits, not one beyond it.
        QVERIFY(g.major == 2e6 || (g.major == 5e6 && !fits(2e6, 0)));
    }

    void paintPutsAxesAndLinesOnTheirPixels()
    {
        // 100 px per unit, the origin at pixel (400, 300).
        QImage image(800, 600, QImage::Format_ARGB32_Premultiplied);
        image.fill(ColorScheme::background());
        QFont font;
        font.setPixelSize(15);
        {
            QPainter painter(&image);
            GridLayer::paint(painter, ViewTransform(100, {0, 0}, {800, 600}), font);
        }
        // Compared as 8-bit RGB: a colour made by QColor::darker() keeps 16-bit channels.
        auto near = [&](int x, int y, const QColor &c) {
            // Either pixel beside a half-pixel line position.
            return image.pixel(x, y) == c.rgb() || image.pixel(x + 1, y) == c.rgb() ||
                   image.pixel(x, y + 1) == c.rgb();
        };
        // The x axis through y = 300 (2 px wide), far from labels and the unit circle.
        QVERIFY(near(700, 299, ColorScheme::axis()));
        QVERIFY(near(400, 60, ColorScheme::axis())); // the y axis
        // A major line at x = 2 (pixel 600), a minor one at x = 1.2 (pixel 520), up at y = 2.5.
        QVERIFY(near(600, 50, ColorScheme::gridMajor()));
        QVERIFY(near(520, 50, ColorScheme::gridMinor()));
        // Nothing between the lines.
        QCOMPARE(image.pixel(530, 50), ColorScheme::background().rgb());
    }

    void pictureIsKeptUntilSomethingChanges()
    {
        GridLayer layer;
        QFont font;
        font.setPixelSize(15);
        const ViewTransform view(100, {0, 0}, {400, 300});
        const qint64 first = layer.picture(view, font, 1).cacheKey();
        QCOMPARE(layer.picture(view, font, 1).cacheKey(), first);
        QCOMPARE(layer.picture(view, font, 1).size(), QSize(400, 300));
        QFont bigger = font;
        bigger.setPixelSize(20);
        QVERIFY(layer.picture(view, bigger, 1).cacheKey() != first);
        const qint64 second = layer.picture(view, bigger, 1).cacheKey();
        QVERIFY(layer.picture(ViewTransform(120, {0, 0}, {400, 300}), bigger, 1).cacheKey() !=
                second);
        QCOMPARE(layer.picture(view, bigger, 2).size(), QSize(800, 600));
    }
};

QTEST_MAIN(TestGridLayer)
#include "tst_gridlayer.moc"
