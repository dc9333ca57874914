#include "sequence/spanlinerasterizer.h"

#include <QImage>
#include <QRandomGenerator>
#include <QTest>

#include <cmath>

// The head view's and the offset plot's lines, drawn into plain images and checked against
// coverages worked out by hand (a level band over whole and partial rows), the area a band of
// known width and length must ink, and a mean computed by a fine Riemann sum.
class TestSpanLineRasterizer : public QObject
{
    Q_OBJECT

    static QImage white(int w = 64, int h = 48)
    {
        QImage image(w, h, QImage::Format_RGB32);
        image.fill(Qt::white);
        return image;
    }

    // White under `colour` (alpha a) covering `c` of a pixel: c·a·colour + (1 − c·a)·white.
    static QRgb expected(QRgb colour, double c)
    {
        const double a = qAlpha(colour) / 255.0 * c;
        const auto mix = [a](int channel) { return int(std::lround(a * channel + (1 - a) * 255)); };
        return qRgb(mix(qRed(colour)), mix(qGreen(colour)), mix(qBlue(colour)));
    }

    static void compareRgb(QRgb painted, QRgb wanted, int tolerance = 2)
    {
        QVERIFY2(
            std::abs(qRed(painted) - qRed(wanted)) <= tolerance &&
                std::abs(qGreen(painted) - qGreen(wanted)) <= tolerance &&
                std::abs(qBlue(painted) - qBlue(wanted)) <= tolerance,
            qPrintable(
                QStringLiteral("painted %1, expected %2").arg(painted, 8, 16).arg(wanted, 8, 16)));
    }

private slots:
    void levelLineCoversWholeAndPartialRows()
    {
        // Centre 20.25, 1.5 thick: the band [19.5, 21] covers half of row 19 and all of row 20.
        QImage image = white();
        const QRgb red = qRgb(255, 0, 0);
        SpanLineRasterizer::drawLine(image, QPointF(10, 20.25), QPointF(50, 20.25), 1.5, red);
        for (int x = 10; x < 50; ++x) {
            compareRgb(image.pixel(x, 19), expected(red, 0.5));
            compareRgb(image.pixel(x, 20), red);
            QCOMPARE(image.pixel(x, 18), qRgb(255, 255, 255));
            QCOMPARE(image.pixel(x, 21), qRgb(255, 255, 255));
        }
        // Flat ends at x = 10 and 50: nothing in the columns beside them.
        QCOMPARE(image.pixel(9, 20), qRgb(255, 255, 255));
        QCOMPARE(image.pixel(50, 20), qRgb(255, 255, 255));
    }

    void translucentLineBlendsOverTheImage()
    {
        // The head view's 0.6 alpha: 0.6·colour + 0.4·white where the line covers a pixel.
        QImage image = white();
        const QRgb colour = qRgba(0x00, 0x72, 0xB2, 153);
        SpanLineRasterizer::drawLine(image, QPointF(0, 10), QPointF(64, 10), 4, colour);
        compareRgb(image.pixel(30, 9),
                   qRgb(int(std::lround(0.4 * 255)), int(std::lround(0.6 * 0x72 + 0.4 * 255)),
                        int(std::lround(0.6 * 0xB2 + 0.4 * 255))));
        // A second line over the first: source over twice, 1 − 0.4² of the colour.
        SpanLineRasterizer::drawLine(image, QPointF(0, 10), QPointF(64, 10), 4, colour);
        compareRgb(image.pixel(30, 9),
                   qRgb(int(std::lround(0.16 * 255)), int(std::lround(0.84 * 0x72 + 0.16 * 255)),
                        int(std::lround(0.84 * 0xB2 + 0.16 * 255))));
    }

    void slopedLineInksItsAreaAndNothingFarFromIt()
    {
        // From (4, 6) to (60, 40), 3 wide, ends square to it: a rectangle of area width × length,
        // every pixel near the centre line fully covered, none further than half the width (plus
        // a pixel and a half) from it or beyond its ends touched.
        QImage image = white();
        const QPointF from(4, 6), to(60, 40);
        const double width = 3;
        SpanLineRasterizer::drawLine(image, from, to, width, qRgb(0, 0, 0));
        const double length = std::hypot(to.x() - from.x(), to.y() - from.y());
        double ink = 0;
        for (int y = 0; y < image.height(); ++y)
            for (int x = 0; x < image.width(); ++x) {
                const double c = (255 - qRed(image.pixel(x, y))) / 255.0;
                ink += c;
                // Distance of the pixel's centre from the centre line, and where along it.
                const QPointF p(x + 0.5, y + 0.5);
                const double t = ((p.x() - from.x()) * (to.x() - from.x()) +
                                  (p.y() - from.y()) * (to.y() - from.y())) /
                                 (length * length);
                const double d = std::abs((p.x() - from.x()) * (to.y() - from.y()) -
                                          (p.y() - from.y()) * (to.x() - from.x())) /
                                 length;
                if (d > width / 2 + 1.5 || t * length < -1.5 || t * length > length + 1.5)
                    QVERIFY2(c == 0, qPrintable(QStringLiteral("(%1, %2)").arg(x).arg(y)));
                if (d < width / 2 - 1.0 && t > 0.05 && t < 0.95)
                    QVERIFY2(c > 0.97, qPrintable(QStringLiteral("(%1, %2)").arg(x).arg(y)));
            }
        // The rectangle's area.
        QVERIFY2(std::abs(ink - width * length) < 0.01 * width * length,
                 qPrintable(QString::number(ink)));
        // Its midpoint in the line's colour.
        QCOMPARE(image.pixel(32, 23), qRgb(0, 0, 0));
    }

    void dashesFollowThePattern()
    {
        // Pattern 4 on, 2 off (in widths of 1), flat caps, along row 9 from x = 0 (joined at 30):
        // dash pixels [0, 4), [6, 10), ...; the gaps [4, 6), [10, 12), ... untouched.
        QImage image = white();
        SpanLineRasterizer::drawPolyline(image,
                                         {QPointF(0, 9.5), QPointF(30, 9.5), QPointF(60, 9.5)}, 1,
                                         qRgb(0, 0, 0), {4, 2}, 0);
        for (int x = 0; x < 60; ++x) {
            const bool on = x % 6 < 4;
            QCOMPARE(image.pixel(x, 9), on ? qRgb(0, 0, 0) : qRgb(255, 255, 255));
        }
        // Square caps (half a width at each end): dashes [−0.5, 4.5), ... so the gaps are one
        // pixel wide and the pixels at the dash ends half covered.
        QImage capped = white();
        SpanLineRasterizer::drawPolyline(capped, {QPointF(0, 9.5), QPointF(60, 9.5)}, 1,
                                         qRgb(0, 0, 0), {4, 2}, 0.5);
        compareRgb(capped.pixel(4, 9), expected(qRgb(0, 0, 0), 0.5));
        compareRgb(capped.pixel(5, 9), expected(qRgb(0, 0, 0), 0.5));
        QCOMPARE(capped.pixel(7, 9), qRgb(0, 0, 0));
    }

    void clampedMeanMatchesARiemannSum()
    {
        QRandomGenerator random(15);
        for (int trial = 0; trial < 200; ++trial) {
            const double f0 = random.bounded(10.0) - 5, f1 = random.bounded(10.0) - 5;
            const double low = random.bounded(6.0) - 3, high = low + random.bounded(2.0);
            double sum = 0;
            const int steps = 20000;
            for (int k = 0; k < steps; ++k) {
                const double t = (k + 0.5) / steps;
                sum += std::clamp(f0 + t * (f1 - f0), low, high);
            }
            QVERIFY(std::abs(SpanLineRasterizer::clampedMean(f0, f1, low, high) - sum / steps) <
                    1e-6);
        }
    }
};

QTEST_MAIN(TestSpanLineRasterizer)
#include "tst_spanlinerasterizer.moc"
