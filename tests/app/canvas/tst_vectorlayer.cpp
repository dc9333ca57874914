// VectorLayer: the arrows land on the pixels the scene's coordinates give (100 pixels per unit,
// the origin at pixel (400, 300)), a tip outside the view gets a marker where the line from the
// middle leaves the inset border (worked out by hand), and the values' picture is drawn again
// only when a value changes.
#include "canvas/canvasreveal.h"
#include "canvas/scenehandles.h"
#include "canvas/vectorlayer.h"
#include "core/scene.h"
#include "model/scenemodel.h"
#include "theme/colorscheme.h"

#include <QImage>
#include <QPainter>
#include <QTest>

using Kind = VectorHandle::Kind;

class TestVectorLayer : public QObject
{
    Q_OBJECT

private:
    const ViewTransform m_view{100, QPointF(0, 0), QSizeF(800, 600)};

    static attn::Vector vec(double x, double y) { return (attn::Vector(2) << x, y).finished(); }

    QImage render(const SceneModel &model, bool withValues = true) const
    {
        const SceneHandles handles(&model);
        const CanvasReveal reveal(&model);
        const VectorLayer layer(&model, &handles, &reveal);
        QImage image(800, 600, QImage::Format_ARGB32_Premultiplied);
        image.fill(ColorScheme::background());
        QPainter painter(&image);
        QFont font;
        font.setPixelSize(17);
        layer.paint(painter, m_view, font, font, {}, withValues);
        return image;
    }

    // The colour most pixels of a small square around `p` have, other than the background.
    static bool hasColourNear(const QImage &image, QPoint p, const QColor &colour, int tolerance)
    {
        for (int dy = -2; dy <= 2; ++dy)
            for (int dx = -2; dx <= 2; ++dx) {
                const QColor c = image.pixelColor(p + QPoint(dx, dy));
                if (std::abs(c.red() - colour.red()) <= tolerance &&
                    std::abs(c.green() - colour.green()) <= tolerance &&
                    std::abs(c.blue() - colour.blue()) <= tolerance)
                    return true;
            }
        return false;
    }

private slots:
    void queryIsDrawnAlongItsCoordinates()
    {
        SceneModel model;
        // The query alone along −x: its shaft runs from pixel (400, 300) to (250, 300); it
        // is drawn last, on top of everything.
        QVERIFY(model.setQuery(vec(-1.5, 0)));
        const QImage image = render(model);
        QVERIFY(hasColourNear(image, QPoint(320, 300), ColorScheme::query(), 8));
        // Nothing drawn along −x below the shaft.
        QCOMPARE(image.pixel(320, 330), ColorScheme::background().rgb());
    }

    void valuesOnlyWhenAsked()
    {
        SceneModel model;
        // v₁ = (1, 0): its shaft crosses pixel (460, 300); nothing else does there.
        const QImage with = render(model, true);
        const QImage without = render(model, false);
        QVERIFY(with.pixel(460, 300) != ColorScheme::background().rgb());
        QCOMPARE(without.pixel(460, 300), ColorScheme::background().rgb());
    }

    void edgeMarkerWhereTheLineLeavesTheBorder()
    {
        SceneModel model;
        // q = (10, 0) is pixel (1400, 300). The inset border is 14 px in: the rectangle from
        // (14, 14) to (786, 586), whose middle is (400, 300). The line to the tip leaves it at
        // x = 786, y = 300, pointing right.
        QVERIFY(model.setQuery(vec(10, 0)));
        const SceneHandles handles(&model);
        const CanvasReveal reveal(&model);
        const VectorLayer layer(&model, &handles, &reveal);
        const QList<VectorLayer::EdgeMarker> markers = layer.edgeMarkers(m_view);
        // The output stays inside (a weighted mean of the values, all in [0, 1]²).
        QCOMPARE(markers.size(), 1);
        QCOMPARE(markers[0].name, QStringLiteral("q"));
        QCOMPARE(markers[0].at, QPointF(786, 300));
        QCOMPARE(markers[0].direction, QPointF(1, 0));
        QCOMPARE(markers[0].handle, (VectorHandle{Kind::Query, -1}));
        // A key at (−30, −40) is pixel (−2600, 4300): along (−3000, 4000), the bottom edge
        // (286 px below the middle) is reached first, at t = 286 / 4000, so x = 400 − 214.5.
        QVERIFY(model.setKey(0, vec(-30, -40)));
        const QList<VectorLayer::EdgeMarker> more = layer.edgeMarkers(m_view);
        QCOMPARE(more.size(), 2);
        QCOMPARE(more[1].name, QStringLiteral("k₁"));
        QCOMPARE(more[1].at, QPointF(400 - 3000 * 286.0 / 4000, 586));
        QCOMPARE(more[1].direction, QPointF(-0.6, 0.8));
    }

    void valuesPictureOnlyRedrawnForNewValues()
    {
        SceneModel model;
        const SceneHandles handles(&model);
        const CanvasReveal reveal(&model);
        VectorLayer layer(&model, &handles, &reveal);
        QPixmap grid(800, 600);
        grid.fill(Qt::white);
        const qint64 first = layer.valuesOver(grid, m_view, 1).cacheKey();
        // Dragging the query or a key changes no value: the same picture.
        QVERIFY(model.setQuery(vec(-1, 0.5)));
        QVERIFY(model.setKey(1, vec(0.3, 0.3)));
        QCOMPARE(layer.valuesOver(grid, m_view, 1).cacheKey(), first);
        QVERIFY(model.setValue(2, vec(-1, -1)));
        QVERIFY(layer.valuesOver(grid, m_view, 1).cacheKey() != first);
    }

    void valuesThinnerBeyondSixteenKeys()
    {
        const auto few = VectorLayer::valueStyle(VectorLayer::kUncrowdedKeys, true);
        const auto many = VectorLayer::valueStyle(VectorLayer::kUncrowdedKeys + 1, true);
        QVERIFY(many.width < few.width);
        QVERIFY(many.headLength < few.headLength);
        // Faded until the walkthrough reaches the weighted sum.
        QVERIFY(VectorLayer::valueStyle(3, false).color != VectorLayer::valueStyle(3, true).color);
    }
};

QTEST_MAIN(TestVectorLayer)
#include "tst_vectorlayer.moc"
