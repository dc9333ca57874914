// The four arrowheads and the dotted shaft, drawn into an image and read back pixel by pixel: a
// colour-blind learner tells query, keys, values and output apart by these shapes.

#include "common/datacolumns.h"
#include "text/arrowpainter.h"

#include <QImage>
#include <QPainter>
#include <QTest>

namespace {
using Head = ColorScheme::Head;

// An arrow along y = 50 from x = 10 to x = 190 with a 30 px head, in red on white.
QImage draw(Head head, Qt::PenStyle line = Qt::SolidLine)
{
    QImage image(200, 100, QImage::Format_RGB32);
    image.fill(Qt::white);
    QPainter p(&image);
    p.setRenderHint(QPainter::Antialiasing, true);
    ArrowPainter::Style style;
    style.color = QColor(Qt::red);
    style.width = 3;
    style.headLength = 30;
    style.head = head;
    style.line = line;
    ArrowPainter::drawArrow(p, QPointF(10, 50), QPointF(190, 50), style);
    return image;
}

bool inked(const QImage &image, int x, int y)
{
    const QColor c = image.pixelColor(x, y);
    return c.red() > 200 && c.green() < 80 && c.blue() < 80;
}
} // namespace

class TestArrowPainter : public QObject
{
    Q_OBJECT

private slots:
    void heads_data()
    {
        dataColumns<int, QPoint, bool>("head", "point", "ink");
        // Points chosen from the shapes' geometry: the tip at x = 190, the head 30 px long.
        // Inside a filled triangle, 12 px behind the tip; the same point is empty in an open one.
        QTest::newRow("filled: inside") << int(Head::FilledTriangle) << QPoint(178, 50) << true;
        QTest::newRow("open: hollow") << int(Head::OpenTriangle) << QPoint(178, 50) << false;
        QTest::newRow("open: its base") << int(Head::OpenTriangle) << QPoint(160, 58) << true;
        // At the base corner (x = 161, 8 px off the axis) a triangle is full width, a diamond
        // comes to its rear point.
        QTest::newRow("filled: base corner")
            << int(Head::FilledTriangle) << QPoint(161, 58) << true;
        QTest::newRow("diamond: no corner") << int(Head::Diamond) << QPoint(161, 58) << false;
        QTest::newRow("diamond: its waist") << int(Head::Diamond) << QPoint(174, 58) << true;
        // A disc of radius 12 behind the tip: 10 px off the axis at x = 178 is inside it and
        // outside a triangle, which is 5 px wide there.
        QTest::newRow("circle: its side") << int(Head::Circle) << QPoint(178, 60) << true;
        QTest::newRow("filled: no side") << int(Head::FilledTriangle) << QPoint(178, 60) << false;
    }
    void heads()
    {
        QFETCH(int, head);
        QFETCH(QPoint, point);
        QFETCH(bool, ink);
        const QImage image = draw(Head(head));
        QCOMPARE(inked(image, point.x(), point.y()), ink);
        // The shaft is there in every case.
        QVERIFY(inked(image, 60, 50));
    }

    void dottedShaftIsBrokenAndSolidIsNot()
    {
        auto gaps = [](const QImage &image) {
            int changes = 0;
            for (int x = 20; x < 140; ++x)
                changes += inked(image, x, 50) != inked(image, x + 1, 50) ? 1 : 0;
            return changes;
        };
        QCOMPARE(gaps(draw(Head::FilledTriangle)), 0);
        // 120 px of dots 3 px long with gaps about 4 px: well over ten breaks.
        QVERIFY(gaps(draw(Head::Diamond, Qt::DotLine)) > 20);
        QVERIFY(gaps(draw(Head::Circle, Qt::DashLine)) > 8);
    }
};

QTEST_MAIN(TestArrowPainter)
#include "tst_arrowpainter.moc"
