#include "canvas/viewfitter.h"

#include <QFont>
#include <QFontMetricsF>
#include <QSize>
#include <QTest>

#include <cmath>
#include <utility>

// Every expected transform is worked out by hand from the rule it names: a fit leaves the margins
// free and the limiting side decides the scale (pixels per world unit); the centre is the middle
// of what is shown.
class TestViewFitter : public QObject
{
    Q_OBJECT

private slots:
    void homeByHand_data();
    void homeByHand();
    void showingLeavesRoomForLabels();
    void showingAllMeasuresTheWidestLabel();
    void scaledToKeepsWhatIsShown();
    void zoomedAboutMiddleKeepsTheCentre();
    void zoomIsClampedAtTheLimits();
    void wheelZoomedByHand();
};

namespace {
bool near(double a, double b, double tolerance = 1e-9)
{
    return std::abs(a - b) <= tolerance * std::max(1.0, std::abs(b));
}
} // namespace

void TestViewFitter::homeByHand_data()
{
    QTest::addColumn<QSize>("viewport");
    QTest::addColumn<double>("scale");
    // The home world is 3.2 × 2.7 (x from −1.25 to 1.95, y from −1.25 to 1.45), margins 24:
    // 800 × 600 leaves 752 × 552, so 752 / 3.2 = 235 against 552 / 2.7 = 204.4…: the height
    // decides, as it does at 1280 × 800 (385 against 752 / 2.7) and 1920 × 1080 (585 against
    // 1032 / 2.7).
    QTest::newRow("800x600") << QSize(800, 600) << 552 / 2.7;
    QTest::newRow("1280x800") << QSize(1280, 800) << 752 / 2.7;
    QTest::newRow("1920x1080") << QSize(1920, 1080) << 1032 / 2.7;
    // A narrow canvas: 352 / 3.2 = 110 against 752 / 2.7: now the width decides.
    QTest::newRow("400x800") << QSize(400, 800) << 110.0;
}

void TestViewFitter::homeByHand()
{
    QFETCH(QSize, viewport);
    QFETCH(double, scale);
    const ViewTransform v = ViewFitter::home(viewport);
    QVERIFY(near(v.scale(), scale));
    QVERIFY(near(v.centre().x(), 0.35)); // (−1.25 + 1.95) / 2
    QVERIFY(near(v.centre().y(), 0.1));  // (−1.25 + 1.45) / 2
    QCOMPARE(v.viewportSize(), QSizeF(viewport));
    // The unit circle is on screen.
    for (const QPointF p : {QPointF(-1, 0), QPointF(1, 0), QPointF(0, -1), QPointF(0, 1)})
        QVERIFY(QRectF(QPointF(0, 0), QSizeF(viewport)).contains(v.toScreen(p)));
}

void TestViewFitter::showingLeavesRoomForLabels()
{
    struct Case
    {
        const char *name;
        QRectF bounds;
        QSize viewport;
        QSizeF label;
        double scale;
        QPointF centre;
    };
    // A 60 × 80 label has a half-diagonal of 50, so a push of 56; the margins are 56 + 30 + 8 =
    // 94 across and 56 + 40 + 8 = 104 down. A 120 × 50 label: half-diagonal 65, push 71, margins
    // 71 + 60 + 8 = 139 and 71 + 25 + 8 = 104.
    const Case cases[] = {
        // 4 × 3 in 800 × 600: 612 / 4 = 153 against 392 / 3 = 130.67: the height decides.
        {"tall decides", QRectF(QPointF(-1, -1), QPointF(3, 2)), QSize(800, 600), QSizeF(60, 80),
         392 / 3.0, QPointF(1, 0.5)},
        // 8 × 2 in 800 × 600: 612 / 8 = 76.5 against 392 / 2 = 196: the width decides.
        {"wide decides", QRectF(QPointF(-2, -0.5), QPointF(6, 1.5)), QSize(800, 600),
         QSizeF(60, 80), 76.5, QPointF(2, 0.5)},
        // 4 × 3 in 1280 × 800: 1002 / 4 = 250.5 against 592 / 3 = 197.33.
        {"1280x800", QRectF(QPointF(-1, -1), QPointF(3, 2)), QSize(1280, 800), QSizeF(120, 50),
         592 / 3.0, QPointF(1, 0.5)},
        // A low canvas, 1000 × 220: the margin down, 104, would leave 12 pixels; it is held to a
        // quarter, 55, which leaves 110 for 3 units (139 across leaves 722 for 4).
        {"low canvas", QRectF(QPointF(-1, -1), QPointF(3, 2)), QSize(1000, 220), QSizeF(120, 50),
         110 / 3.0, QPointF(1, 0.5)},
        // And a narrow one, 200 × 600: 139 across is held to 50, leaving 100 for 4 units.
        {"narrow canvas", QRectF(QPointF(-1, -1), QPointF(3, 2)), QSize(200, 600), QSizeF(120, 50),
         25.0, QPointF(1, 0.5)},
    };
    for (const Case &c : cases) {
        const ViewTransform v = ViewFitter::showing(c.bounds, c.viewport, c.label);
        QVERIFY2(near(v.scale(), c.scale), c.name);
        QVERIFY2(near(v.centre().x(), c.centre.x()) && near(v.centre().y(), c.centre.y()), c.name);
        QCOMPARE(v.viewportSize(), QSizeF(c.viewport));
    }
}

void TestViewFitter::showingAllMeasuresTheWidestLabel()
{
    // The room is the widest key label's, "k₆₄ 0.000", in the label font: every corner of the
    // bounds keeps that label's width (and height) free to the viewport's edge.
    QFont font;
    font.setPixelSize(22);
    const QFontMetricsF fm(font);
    const QSizeF label(fm.horizontalAdvance(QStringLiteral("k₆₄ 0.000")), fm.height());
    const QRectF bounds(QPointF(-1, -1), QPointF(8, 3));
    const QSize viewport(1280, 800);
    const ViewTransform v = ViewFitter::showingAll(bounds, viewport, font);
    QCOMPARE(v, ViewFitter::showing(bounds, viewport, label));
    for (const QPointF corner : {bounds.topLeft(), bounds.bottomRight()}) {
        const QPointF s = v.toScreen(corner);
        QVERIFY(s.x() >= label.width() - 1e-9 && s.x() <= viewport.width() - label.width() + 1e-9);
        QVERIFY(s.y() >= label.height() - 1e-9 &&
                s.y() <= viewport.height() - label.height() + 1e-9);
    }
}

void TestViewFitter::scaledToKeepsWhatIsShown()
{
    // From 200 px per unit on 800 × 600 the smaller of the two ratios wins: 1600 × 900 is ×2
    // across and ×1.5 down, 400 × 600 ×0.5 and ×1, 1920 × 1080 ×2.4 and ×1.8.
    const std::pair<QSize, double> cases[] = {{QSize(1600, 900), 300.0},
                                              {QSize(400, 600), 100.0},
                                              {QSize(800, 600), 200.0},
                                              {QSize(1920, 1080), 360.0}};
    const ViewTransform view(200, QPointF(0.5, 0.25), QSizeF(800, 600));
    for (const auto &[target, scale] : cases) {
        const ViewTransform v = ViewFitter::scaledTo(view, target);
        QVERIFY2(near(v.scale(), scale), qPrintable(QString::number(target.width())));
        QCOMPARE(v.centre(), QPointF(0.5, 0.25));
        QCOMPARE(v.viewportSize(), QSizeF(target));
        // What was visible is still visible.
        QVERIFY(v.visibleWorld().adjusted(-1e-9, -1e-9, 1e-9, 1e-9).contains(view.visibleWorld()));
    }
}

void TestViewFitter::zoomedAboutMiddleKeepsTheCentre()
{
    const ViewTransform view(100, QPointF(1, 2), QSizeF(800, 600));
    const ViewTransform in = ViewFitter::zoomedAboutMiddle(view, ViewFitter::kZoomStep);
    QCOMPARE(in.scale(), 125.0);
    QCOMPARE(in.centre(), QPointF(1, 2));
    const ViewTransform out = ViewFitter::zoomedAboutMiddle(in, 1 / ViewFitter::kZoomStep);
    QVERIFY(near(out.scale(), 100.0));
    QCOMPARE(out.centre(), QPointF(1, 2));
}

void TestViewFitter::zoomIsClampedAtTheLimits()
{
    ViewTransform v(9000, QPointF(0, 0), QSizeF(800, 600));
    v = ViewFitter::zoomedAboutMiddle(v, ViewFitter::kZoomStep); // 11250 > 10⁴
    QCOMPARE(v.scale(), ViewTransform::kMaxScale);
    v = ViewFitter::wheelZoomed(v, QPointF(0, 0), 480);
    QCOMPARE(v.scale(), ViewTransform::kMaxScale);
}

void TestViewFitter::wheelZoomedByHand()
{
    // One notch (120) at the top left corner from 100 px per unit around the origin: the corner
    // shows (−4, 3) and keeps showing it; the scale is 100 · 2^(1/4), so the centre is at
    // (−4 + 400 / s, 3 − 300 / s) = (−4 + 4 / 2^(1/4), 3 − 3 / 2^(1/4)).
    const ViewTransform view(100, QPointF(0, 0), QSizeF(800, 600));
    const double root = std::pow(2.0, 0.25);
    ViewTransform v = ViewFitter::wheelZoomed(view, QPointF(0, 0), 120);
    QVERIFY(near(v.scale(), 100 * root));
    QVERIFY(near(v.centre().x(), -4 + 4 / root));
    QVERIFY(near(v.centre().y(), 3 - 3 / root));
    // Four notches back at the bottom right corner, which shows (4, −3): the scale halves to 50
    // and the centre is (4 − 400 / 50, −3 + 300 / 50) = (−4, 3).
    v = ViewFitter::wheelZoomed(view, QPointF(800, 600), -480);
    QVERIFY(near(v.scale(), 50));
    QVERIFY(near(v.centre().x(), -4));
    QVERIFY(near(v.centre().y(), 3));
}

QTEST_MAIN(TestViewFitter)
#include "tst_viewfitter.moc"
