#include "canvas/viewtransform.h"

#include <QSize>
#include <QTest>

// Expected values are worked out by hand from the definition: screen = viewport/2 + (world −
// centre)·scale with y flipped.
class TestViewTransform : public QObject
{
    Q_OBJECT

private slots:
    void toScreenByHand_data();
    void toScreenByHand();
    void roundTrip_data();
    void roundTrip();
    void zoomAtKeepsAnchor_data();
    void zoomAtKeepsAnchor();
    void zoomIsClamped();
    void panMovesPicture();
    void panThenZoomRoundTrip();
    void fitShowsRectangle_data();
    void fitShowsRectangle();
    void fitKeepsScaleForAPoint();
    void visibleWorld();
};

void TestViewTransform::toScreenByHand_data()
{
    QTest::addColumn<double>("scale");
    QTest::addColumn<QPointF>("centre");
    QTest::addColumn<QPointF>("world");
    QTest::addColumn<QPointF>("screen");
    // Viewport 800 × 600: its centre is (400, 300).
    QTest::newRow("origin at centre")
        << 100.0 << QPointF(0, 0) << QPointF(0, 0) << QPointF(400, 300);
    QTest::newRow("x right") << 100.0 << QPointF(0, 0) << QPointF(1, 0) << QPointF(500, 300);
    QTest::newRow("y up is screen up")
        << 100.0 << QPointF(0, 0) << QPointF(0, 1) << QPointF(400, 200);
    QTest::newRow("shifted centre") << 50.0 << QPointF(2, -1) << QPointF(0, 0) << QPointF(300, 250);
    QTest::newRow("worked example q")
        << 200.0 << QPointF(0.5, 0.5) << QPointF(1.2, 0.8) << QPointF(540, 240);
}

void TestViewTransform::toScreenByHand()
{
    QFETCH(double, scale);
    QFETCH(QPointF, centre);
    QFETCH(QPointF, world);
    QFETCH(QPointF, screen);
    const ViewTransform t(scale, centre, QSizeF(800, 600));
    const QPointF s = t.toScreen(world);
    QCOMPARE(s.x(), screen.x());
    QCOMPARE(s.y(), screen.y());
    const QPointF w = t.toWorld(screen);
    QVERIFY(qAbs(w.x() - world.x()) < 1e-12);
    QVERIFY(qAbs(w.y() - world.y()) < 1e-12);
}

void TestViewTransform::roundTrip_data()
{
    QTest::addColumn<double>("scale");
    QTest::addColumn<QPointF>("centre");
    for (const double scale : {0.01, 1.0, 37.5, 100.0, 2500.0, 10000.0})
        for (const QPointF centre : {QPointF(0, 0), QPointF(3.25, -7.5), QPointF(-1e3, 2e3)})
            QTest::addRow("scale %g centre (%g, %g)", scale, centre.x(), centre.y())
                << scale << centre;
}

void TestViewTransform::roundTrip()
{
    QFETCH(double, scale);
    QFETCH(QPointF, centre);
    const ViewTransform t(scale, centre, QSizeF(1280, 800));
    for (const QPointF world : {QPointF(0, 0), QPointF(1.2, 0.8), QPointF(-3, 4), centre}) {
        const QPointF back = t.toWorld(t.toScreen(world));
        QVERIFY2(qAbs(back.x() - world.x()) < 1e-9 * (1 + qAbs(world.x())), "x");
        QVERIFY2(qAbs(back.y() - world.y()) < 1e-9 * (1 + qAbs(world.y())), "y");
    }
    for (const QPointF screen : {QPointF(0, 0), QPointF(640, 400), QPointF(1279, 13)}) {
        const QPointF back = t.toScreen(t.toWorld(screen));
        QVERIFY(qAbs(back.x() - screen.x()) < 1e-6);
        QVERIFY(qAbs(back.y() - screen.y()) < 1e-6);
    }
    // The centre is shown in the middle of the viewport.
    QCOMPARE(t.toScreen(centre), QPointF(640, 400));
}

void TestViewTransform::zoomAtKeepsAnchor_data()
{
    QTest::addColumn<QPointF>("anchor");
    QTest::addColumn<double>("factor");
    QTest::newRow("centre in") << QPointF(400, 300) << 2.0;
    QTest::newRow("corner in") << QPointF(0, 0) << 1.25;
    QTest::newRow("corner out") << QPointF(799, 599) << 0.5;
    QTest::newRow("off-centre many") << QPointF(123, 456) << 1.19;
}

void TestViewTransform::zoomAtKeepsAnchor()
{
    QFETCH(QPointF, anchor);
    QFETCH(double, factor);
    ViewTransform t(100, QPointF(0.3, -0.2), QSizeF(800, 600));
    for (int step = 0; step < 5; ++step) {
        const QPointF before = t.toWorld(anchor);
        const double scale = t.scale();
        t.zoomAt(anchor, factor);
        QVERIFY(qAbs(t.scale() - scale * factor) < 1e-9 * scale * factor);
        const QPointF after = t.toWorld(anchor);
        QVERIFY(qAbs(after.x() - before.x()) < 1e-12);
        QVERIFY(qAbs(after.y() - before.y()) < 1e-12);
    }
}

void TestViewTransform::zoomIsClamped()
{
    ViewTransform t(100, QPointF(1, 1), QSizeF(800, 600));
    const QPointF anchor(200, 100);
    const QPointF world = t.toWorld(anchor);
    t.zoomAt(anchor, 1e9);
    QCOMPARE(t.scale(), ViewTransform::kMaxScale);
    // Even at the limit the anchor stays put.
    QVERIFY(qAbs(t.toWorld(anchor).x() - world.x()) < 1e-12);
    for (int i = 0; i < 30; ++i)
        t.zoomAt(anchor, 1e-12);
    QCOMPARE(t.scale(), ViewTransform::kMinScale);
    t.zoomAt(anchor, 0); // ignored
    t.zoomAt(anchor, -2);
    QCOMPARE(t.scale(), ViewTransform::kMinScale);
}

void TestViewTransform::panMovesPicture()
{
    ViewTransform t(50, QPointF(0, 0), QSizeF(800, 600));
    const QPointF world(1, 2);
    const QPointF before = t.toScreen(world); // (450, 200)
    QCOMPARE(before, QPointF(450, 200));
    t.pan(30, -40);
    QCOMPARE(t.toScreen(world), QPointF(480, 160));
    // 30 px right at 50 px/unit moves the centre 0.6 units left; 40 px up moves it 0.8 down.
    QVERIFY(qAbs(t.centre().x() - -0.6) < 1e-12);
    QVERIFY(qAbs(t.centre().y() - -0.8) < 1e-12);
}

void TestViewTransform::panThenZoomRoundTrip()
{
    ViewTransform t(80, QPointF(0, 0), QSizeF(1920, 1080));
    t.pan(-300, 120);
    t.zoomAt(QPointF(100, 900), 3);
    t.pan(17.5, 4.25);
    t.zoomAt(QPointF(1500, 20), 0.2);
    for (const QPointF world : {QPointF(0, 0), QPointF(-2.5, 7), QPointF(1e-3, -1e-3)}) {
        const QPointF back = t.toWorld(t.toScreen(world));
        QVERIFY(qAbs(back.x() - world.x()) < 1e-9);
        QVERIFY(qAbs(back.y() - world.y()) < 1e-9);
    }
}

void TestViewTransform::fitShowsRectangle_data()
{
    QTest::addColumn<QRectF>("world");
    QTest::addColumn<QSize>("widget");
    QTest::addColumn<double>("margin");
    QTest::addColumn<double>("scale");
    // The limiting side decides: (800 − 2·50) / 2 = 350 against (600 − 100) / 4 = 125.
    QTest::newRow("tall") << QRectF(-1, -2, 2, 4) << QSize(800, 600) << 50.0 << 125.0;
    QTest::newRow("wide") << QRectF(0, 0, 10, 1) << QSize(1000, 600) << 0.0 << 100.0;
    QTest::newRow("unnormalised") << QRectF(2, 2, -4, -4) << QSize(500, 500) << 50.0 << 100.0;
}

void TestViewTransform::fitShowsRectangle()
{
    QFETCH(QRectF, world);
    QFETCH(QSize, widget);
    QFETCH(double, margin);
    QFETCH(double, scale);
    ViewTransform t;
    t.fit(world, widget, margin);
    QCOMPARE(t.scale(), scale);
    QCOMPARE(t.centre(), world.normalized().center());
    QCOMPARE(t.viewportSize(), QSizeF(widget));
    const QRectF r = world.normalized();
    const QRectF inner =
        QRectF(QPointF(0, 0), QSizeF(widget))
            .adjusted(margin - 1e-9, margin - 1e-9, -margin + 1e-9, -margin + 1e-9);
    QVERIFY(inner.contains(t.toScreen(r.topLeft())));
    QVERIFY(inner.contains(t.toScreen(r.bottomRight())));
}

void TestViewTransform::fitKeepsScaleForAPoint()
{
    ViewTransform t(42, QPointF(0, 0), QSizeF(300, 300));
    t.fit(QRectF(QPointF(3, 4), QSizeF(0, 0)), QSize(300, 300), 10);
    QCOMPARE(t.scale(), 42.0);
    QCOMPARE(t.centre(), QPointF(3, 4));
}

void TestViewTransform::visibleWorld()
{
    const ViewTransform t(100, QPointF(1, 1), QSizeF(400, 200));
    const QRectF r = t.visibleWorld();
    QCOMPARE(r.left(), -1.0);
    QCOMPARE(r.right(), 3.0);
    QCOMPARE(r.top(), 0.0); // the smallest y
    QCOMPARE(r.bottom(), 2.0);
}

QTEST_APPLESS_MAIN(TestViewTransform)
#include "tst_viewtransform.moc"
