// HandleRings: the selection ring lies on the circle of its radius around the tip (100 pixels
// per unit, the origin at pixel (400, 300), so q = (1.2, 0.8) is pixel (520, 220)), the hover
// ring is filled, a dragged tip wears no hover ring, and far tips get none. On screen a ring is
// copied from a picture: that gives the pixels drawing it afresh gives.
#include "canvas/handlerings.h"
#include "canvas/layercache.h"
#include "canvas/scenehandles.h"
#include "canvas/viewtransform.h"
#include "model/scenemodel.h"
#include "theme/colorscheme.h"

#include <QImage>
#include <QPainter>
#include <QTest>

using Kind = VectorHandle::Kind;

class TestHandleRings : public QObject
{
    Q_OBJECT

private:
    const ViewTransform m_view{100, QPointF(0, 0), QSizeF(800, 600)};
    const VectorHandle m_query{Kind::Query, -1};

    QImage render(const SceneModel &model, const VectorHandle &hovered, const VectorHandle &dragged,
                  const VectorHandle &selected, const QColor &under = Qt::transparent) const
    {
        QImage image(800, 600, QImage::Format_ARGB32_Premultiplied);
        image.fill(under);
        QPainter painter(&image);
        HandleRings::paint(painter, m_view, SceneHandles(&model), QRectF(0, 0, 800, 600), hovered,
                           dragged, selected);
        return image;
    }

    static int drawnPixels(const QImage &image)
    {
        int n = 0;
        for (int y = 0; y < image.height(); ++y)
            for (int x = 0; x < image.width(); ++x)
                n += qAlpha(image.pixel(x, y)) != 0;
        return n;
    }

private slots:
    void selectionRingOnItsCircle()
    {
        SceneModel model;
        const QImage image = render(model, {}, {}, m_query);
        // On the circle of radius 15 in the query's colour, right, left, above and below.
        for (const QPoint p :
             {QPoint(535, 220), QPoint(505, 220), QPoint(520, 205), QPoint(520, 235)}) {
            const QColor c = image.pixelColor(p);
            QVERIFY2(c.alpha() == 255 && std::abs(c.red() - ColorScheme::query().red()) < 40,
                     qPrintable(QStringLiteral("(%1, %2): %3")
                                    .arg(p.x())
                                    .arg(p.y())
                                    .arg(c.name(QColor::HexArgb))));
        }
        // Not filled: the tip itself stays as it was.
        QCOMPARE(qAlpha(image.pixel(520, 220)), 0);
        // Nothing beyond the halo (radius 15 + 3).
        QCOMPARE(qAlpha(image.pixel(540, 220)), 0);
    }

    void hoverRingIsFilled()
    {
        SceneModel model;
        const QImage image = render(model, m_query, {}, {});
        QVERIFY(qAlpha(image.pixel(520, 220)) > 0);
        QVERIFY(qAlpha(image.pixel(520, 220)) < 255); // translucent
        QCOMPARE(qAlpha(image.pixel(536, 220)), 0);   // radius 13 and half the pen
    }

    void draggedTipWearsNoHoverRing()
    {
        SceneModel model;
        QCOMPARE(drawnPixels(render(model, m_query, m_query, {})), 0);
    }

    void farTipsGetNoRing()
    {
        SceneModel model;
        // q = (100, 0) is pixel (10400, 300), far beyond the 50-pixel margin.
        QVERIFY(model.setQuery((attn::Vector(2) << 100, 0).finished()));
        QCOMPARE(drawnPixels(render(model, m_query, {}, m_query)), 0);
        // Just off the edge still gets one, part of it on screen: q = (4.1, 0) is pixel
        // (810, 300), and its ring reaches back to pixel 792.
        QVERIFY(model.setQuery((attn::Vector(2) << 4.1, 0).finished()));
        QVERIFY(drawnPixels(render(model, {}, {}, m_query)) > 0);
    }

    void pictureGivesTheSamePixelsAsDrawingAfresh()
    {
        SceneModel model;
        // Between pixels: (523.4, 222.3); the ring's centre goes to the nearest pixel either way.
        QVERIFY(model.setQuery((attn::Vector(2) << 1.234, 0.777).finished()));
        for (const QColor &under :
             {QColor(Qt::transparent), QColor(Qt::white), QColor(40, 90, 20)}) {
            for (const bool hover : {true, false}) {
                const VectorHandle hovered = hover ? m_query : VectorHandle{};
                const VectorHandle selected = hover ? VectorHandle{} : m_query;
                LayerCache::setEnabled(false);
                const QImage fresh = render(model, hovered, {}, selected, under);
                LayerCache::setEnabled(true);
                const QImage copied = render(model, hovered, {}, selected, under);
                int differing = 0;
                for (int y = 190; y < 260; ++y) {
                    for (int x = 490; x < 560; ++x) {
                        const QRgb a = fresh.pixel(x, y), b = copied.pixel(x, y);
                        differing += std::abs(qRed(a) - qRed(b)) > 2 ||
                                     std::abs(qGreen(a) - qGreen(b)) > 2 ||
                                     std::abs(qBlue(a) - qBlue(b)) > 2 ||
                                     std::abs(qAlpha(a) - qAlpha(b)) > 2;
                    }
                }
                QVERIFY2(differing == 0, qPrintable(QStringLiteral("%1 pixels differ (%2, %3)")
                                                        .arg(differing)
                                                        .arg(hover ? "hover" : "selection")
                                                        .arg(under.name(QColor::HexArgb))));
                QVERIFY(drawnPixels(copied) > 0);
                // Centred on the pixel nearest the tip: (523, 222), radius 15.
                if (!hover && under.alpha() == 0) {
                    QCOMPARE(qAlpha(copied.pixel(523, 222)), 0);
                    QCOMPARE(copied.pixelColor(538, 222).alpha(), 255);
                    QCOMPARE(copied.pixelColor(508, 222).alpha(), 255);
                }
            }
        }
    }
};

QTEST_MAIN(TestHandleRings)
#include "tst_handlerings.moc"
