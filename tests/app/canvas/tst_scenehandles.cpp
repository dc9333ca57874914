// SceneHandles: tips, names and the handle under a pixel, against coordinates worked out by hand
// from the default scene (q = (1.2, 0.8); k = (0.5, 1), (1.5, 0.5), (0.8, 1.2);
// v = (1, 0), (0, 1), (1, 1)) in a view of 100 pixels per unit centred on the origin.
#include "canvas/scenehandles.h"
#include "canvas/viewtransform.h"
#include "core/scene.h"
#include "model/scenemodel.h"

#include <QTest>

using Kind = VectorHandle::Kind;

class TestSceneHandles : public QObject
{
    Q_OBJECT

private:
    // 800 × 600 pixels, the origin in the middle: world (x, y) is pixel (400 + 100x, 300 − 100y).
    const ViewTransform m_view{100, QPointF(0, 0), QSizeF(800, 600)};

private slots:
    void tipsAndNames()
    {
        SceneModel model;
        const SceneHandles h(&model);
        QCOMPARE(h.tipOf({Kind::Query, -1}), QPointF(1.2, 0.8));
        QCOMPARE(h.tipOf({Kind::Key, 2}), QPointF(0.8, 1.2));
        QCOMPARE(h.tipOf({Kind::Value, 1}), QPointF(0, 1));
        // A key that is gone reads as the origin.
        QCOMPARE(h.tipOf({Kind::Key, 3}), QPointF(0, 0));
        QCOMPARE(SceneHandles::nameOf({Kind::Query, -1}), QStringLiteral("q"));
        QCOMPARE(SceneHandles::nameOf({Kind::Key, 11}), QStringLiteral("k₁₂"));
        QCOMPARE(SceneHandles::nameOf({Kind::Value, 0}), QStringLiteral("v₁"));
        QCOMPARE(SceneHandles::nameOf({Kind::GeneralColumn, 1}), QStringLiteral("W·e₂"));
        QCOMPARE(SceneHandles::nameOf({}), QString());
    }

    void normalisedTipsAreUnitButTheSceneIsNot()
    {
        SceneModel model;
        model.setNormalised(true);
        const SceneHandles h(&model);
        // (1.5, 0.5) / √2.5 = (0.9487, 0.3162); the scene keeps (1.5, 0.5).
        const QPointF tip = h.tipOf({Kind::Key, 1});
        QVERIFY(qAbs(tip.x() - 0.9486833) < 1e-6);
        QVERIFY(qAbs(tip.y() - 0.3162278) < 1e-6);
        QCOMPARE(h.vectorOf({Kind::Key, 1})[0], 1.5);
    }

    void handleAtPixels()
    {
        SceneModel model;
        const SceneHandles h(&model);
        // q's tip is pixel (520, 220); k₂'s (550, 250); v₂'s (400, 200).
        QCOMPARE(h.handleAt(m_view, QPointF(520, 220), 10), (VectorHandle{Kind::Query, -1}));
        QCOMPARE(h.handleAt(m_view, QPointF(526, 228), 10), (VectorHandle{Kind::Query, -1}));
        QCOMPARE(h.handleAt(m_view, QPointF(550, 257), 10), (VectorHandle{Kind::Key, 1}));
        QCOMPARE(h.handleAt(m_view, QPointF(403, 196), 10), (VectorHandle{Kind::Value, 1}));
        // 11 pixels from v₂ and farther from anything else: nothing.
        QVERIFY(!h.handleAt(m_view, QPointF(411, 200), 10).isValid());
        // The origin, where no tip is.
        QVERIFY(!h.handleAt(m_view, QPointF(400, 300), 10).isValid());
    }

    void queryWinsATie()
    {
        SceneModel model;
        QVERIFY(model.setKey(0, (attn::Vector(2) << 1.2, 0.8).finished()));
        const SceneHandles h(&model);
        QCOMPARE(h.handleAt(m_view, QPointF(520, 220), 10), (VectorHandle{Kind::Query, -1}));
        // k₁ one pixel lower: a fifth of a pixel nearer is not clearly nearer, a whole one is.
        QVERIFY(model.setKey(0, (attn::Vector(2) << 1.2, 0.79).finished()));
        QCOMPARE(h.handleAt(m_view, QPointF(520, 220.6), 10), (VectorHandle{Kind::Query, -1}));
        QCOMPARE(h.handleAt(m_view, QPointF(520, 221), 10), (VectorHandle{Kind::Key, 0}));
    }

    void generalColumnsOnlyForGeneral()
    {
        SceneModel model;
        const SceneHandles h(&model);
        const QPointF w1 = h.tipOf({Kind::GeneralColumn, 0});
        const QPointF pixel(400 + 100 * w1.x(), 300 - 100 * w1.y());
        QVERIFY(h.handleAt(m_view, pixel, 10).kind != Kind::GeneralColumn);
        model.setMethod(attn::Method::General);
        // W's first column before the values, so where it covers v₁ it is grabbed first.
        QCOMPARE(h.handleAt(m_view, pixel, 10).kind, Kind::GeneralColumn);
    }

    void boundsHoldEveryTipAndTheUnitCircle()
    {
        SceneModel model;
        const SceneHandles h(&model);
        // Every tip of the default scene lies within [−1, 1.5] × [−1, 1.2], and so does the
        // output (a weighted mean of the values, inside their hull [0, 1]²).
        QCOMPARE(h.bounds(), QRectF(QPointF(-1, -1), QPointF(1.5, 1.2)));
        QVERIFY(model.setValue(0, (attn::Vector(2) << -3, 1e305).finished()));
        const QRectF far = h.bounds();
        QCOMPARE(far.left(), -3.0);
        QCOMPARE(far.bottom(), 1e302); // clamped so that the height stays finite
    }

    void arrowLinesFromTheOrigin()
    {
        SceneModel model;
        const SceneHandles h(&model);
        const QVector<QLineF> lines = h.arrowLines(m_view);
        // q, three keys, three values and the output.
        QCOMPARE(lines.size(), 8);
        QCOMPARE(lines[0], QLineF(400, 300, 520, 220));
        QCOMPARE(lines[1], QLineF(400, 300, 450, 200)); // k₁ = (0.5, 1)
        QCOMPARE(lines[2], QLineF(400, 300, 500, 300)); // v₁ = (1, 0)
        for (const QLineF &l : lines)
            QCOMPARE(l.p1(), QPointF(400, 300));
    }
};

QTEST_MAIN(TestSceneHandles)
#include "tst_scenehandles.moc"
