#include "canvas/canvasfonts.h"

#include <QFont>
#include <QTest>

// The sizes are worked out by hand: pixels = points · 96 / 72, labels × 1.35 and ticks × 1.15
// rounded to whole pixels, never below 17 and 15.
class TestCanvasFonts : public QObject
{
    Q_OBJECT

private slots:
    void sizesByHand();
    void keepsTheFamily();
};

void TestCanvasFonts::sizesByHand()
{
    struct Case
    {
        double size;
        bool pixels; // else points
        int label, tick;
    };
    const Case cases[] = {
        {16, true, 22, 18},  // 21.6 → 22, 18.4 → 18
        {12, false, 22, 18}, // 16 px, as above
        {9, false, 17, 15},  // 12 px: 16.2 → 16 and 13.8 → 14, both below the minimums
        {20, true, 27, 23},  // 27 and 23
        {15, false, 27, 23}, // 20 px, as above
    };
    for (const Case &c : cases) {
        QFont base;
        if (c.pixels)
            base.setPixelSize(int(c.size));
        else
            base.setPointSizeF(c.size);
        const CanvasFonts fonts = CanvasFonts::from(base);
        const QByteArray what = QByteArray::number(c.size) + (c.pixels ? " px" : " pt");
        QVERIFY2(fonts.label.pixelSize() == c.label, what);
        QVERIFY2(fonts.tick.pixelSize() == c.tick, what);
        QCOMPARE(fonts.label.weight(), QFont::DemiBold);
        QCOMPARE(fonts.tick.weight(), base.weight());
    }
}

void TestCanvasFonts::keepsTheFamily()
{
    QFont base(QStringLiteral("Noto Sans CJK SC"));
    base.setPixelSize(16);
    base.setItalic(true);
    const CanvasFonts fonts = CanvasFonts::from(base);
    QCOMPARE(fonts.label.family(), base.family());
    QCOMPARE(fonts.tick.family(), base.family());
    QVERIFY(fonts.label.italic() && fonts.tick.italic());
}

QTEST_MAIN(TestCanvasFonts)
#include "tst_canvasfonts.moc"
