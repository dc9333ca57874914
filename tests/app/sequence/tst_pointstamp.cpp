#include "sequence/pointstamp.h"

#include <QPainter>
#include <QTest>

#include <cmath>

// A stamped disc against what a disc of that radius must look like: its colour at the centre,
// nothing beyond its edge, and its ink centred within an eighth of a pixel of the point asked
// for (the centroid of the coverage, computed here from the pixels), wherever in a pixel the
// point falls.
class TestPointStamp : public QObject
{
    Q_OBJECT

private slots:
    void discLandsWhereItIsAsked_data()
    {
        QTest::addColumn<QPointF>("at");
        QTest::newRow("pixel corner") << QPointF(20, 20);
        QTest::newRow("pixel centre") << QPointF(20.5, 20.5);
        QTest::newRow("quarter") << QPointF(21.3, 19.8);
        QTest::newRow("almost next") << QPointF(19.97, 22.05);
    }

    void discLandsWhereItIsAsked()
    {
        QFETCH(QPointF, at);
        const double radius = 4;
        QImage image(48, 48, QImage::Format_RGB32);
        image.fill(Qt::white);
        PointStamp stamp;
        {
            QPainter p(&image);
            stamp.draw(p, at, "disc", radius, 1.0, [radius](QPainter &q) {
                q.setPen(Qt::NoPen);
                q.setBrush(Qt::black);
                q.drawEllipse(QPointF(0, 0), radius, radius);
            });
        }
        double ink = 0, sx = 0, sy = 0;
        for (int y = 0; y < image.height(); ++y)
            for (int x = 0; x < image.width(); ++x) {
                const double c = (255 - qRed(image.pixel(x, y))) / 255.0;
                const double d = std::hypot(x + 0.5 - at.x(), y + 0.5 - at.y());
                if (d > radius + 1.5)
                    QVERIFY2(c == 0, qPrintable(QStringLiteral("(%1, %2)").arg(x).arg(y)));
                if (d < radius - 1.5)
                    QVERIFY2(c > 0.99, qPrintable(QStringLiteral("(%1, %2)").arg(x).arg(y)));
                ink += c;
                sx += c * (x + 0.5);
                sy += c * (y + 0.5);
            }
        // The disc's area, and its centre within an eighth of a pixel (plus rounding).
        QVERIFY(std::abs(ink - M_PI * radius * radius) < 0.03 * M_PI * radius * radius);
        QVERIFY2(std::abs(sx / ink - at.x()) < 0.15 && std::abs(sy / ink - at.y()) < 0.15,
                 qPrintable(QStringLiteral("%1, %2").arg(sx / ink).arg(sy / ink)));
    }
};

QTEST_MAIN(TestPointStamp)
#include "tst_pointstamp.moc"
