#include "canvas/canvasfonts.h"

#include <QFont>
#include <QTest>

// The sizes are worked out by hand: pixels = points · 96 / 72, labels × 1.35 and ticks × 1.15
// rounded to whole pixels, never below 17 and 15.
class TestCanvasFonts : public QObject
{
    Q_OBJECT

private slots:
    void sizesByHand_data();
    void sizesByHand();
    void keepsTheFamily();
};

void TestCanvasFonts::sizesByHand_data()
{
    QTest::addColumn<QFont>("base");
    QTest::addColumn<int>("label");
    QTest::addColumn<int>("tick");
    QFont pixels16;
    pixels16.setPixelSize(16); // 21.6 → 22, 18.4 → 18
    QFont points12;
    points12.setPointSizeF(12); // 16 px, as above
    QFont points9;
    points9.setPointSizeF(9); // 12 px: 16.2 → 16 and 13.8 → 14, both below the minimums
    QFont pixels20;
    pixels20.setPixelSize(20); // 27 and 23
    QFont points15;
    points15.setPointSizeF(15); // 20 px, as above
    QTest::newRow("16 px") << pixels16 << 22 << 18;
    QTest::newRow("12 pt") << points12 << 22 << 18;
    QTest::newRow("9 pt") << points9 << 17 << 15;
    QTest::newRow("20 px") << pixels20 << 27 << 23;
    QTest::newRow("15 pt") << points15 << 27 << 23;
}

void TestCanvasFonts::sizesByHand()
{
    QFETCH(QFont, base);
    QFETCH(int, label);
    QFETCH(int, tick);
    const CanvasFonts fonts = CanvasFonts::from(base);
    QCOMPARE(fonts.label.pixelSize(), label);
    QCOMPARE(fonts.tick.pixelSize(), tick);
    QCOMPARE(fonts.label.weight(), QFont::DemiBold);
    QCOMPARE(fonts.tick.weight(), base.weight());
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
