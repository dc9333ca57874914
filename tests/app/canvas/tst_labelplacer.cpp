// LabelPlacer: labels near their tips, never over each other, another arrow's tip or the border,
// and a forced label always placed. The boxes are checked against each other with a plain loop
// over every pair.
#include "canvas/labelplacer.h"

#include <QFont>
#include <QRandomGenerator>
#include <QtTest>

#include <cmath>
#include <numbers>

class TestLabelPlacer : public QObject
{
    Q_OBJECT

private:
    QFont m_font{QStringLiteral("DejaVu Sans"), 10};
    const QRectF m_viewport{0, 0, 800, 600};

private slots:
    void naturalSpotLiesBeyondTheTip()
    {
        LabelPlacer placer(m_font, m_viewport);
        const QPointF from(400, 300), tip(500, 300);
        const auto spot = placer.place(from, tip, QStringLiteral("k₁"), 0, false);
        QVERIFY(spot.has_value());
        const QRectF box = placer.boxOf(*spot, QStringLiteral("k₁"));
        // Straight on along the arrow (to the right), not covering the tip.
        QVERIFY(box.center().x() > tip.x());
        QCOMPARE(box.center().y(), tip.y());
        QVERIFY(!box.contains(tip));
        QVERIFY(m_viewport.contains(box));
    }

    void secondLabelOnTheSameTipMovesAside()
    {
        LabelPlacer placer(m_font, m_viewport);
        const QPointF from(400, 300), tip(500, 300);
        const auto first = placer.place(from, tip, QStringLiteral("k₁ 0.5"), 0, false);
        const auto second = placer.place(from, tip, QStringLiteral("k₂ 0.5"), 1, false);
        QVERIFY(first && second);
        const QRectF a = placer.boxOf(*first, QStringLiteral("k₁ 0.5"));
        const QRectF b = placer.boxOf(*second, QStringLiteral("k₂ 0.5"));
        QVERIFY(!a.intersects(b));
    }

    void obstaclesOfOthersAreAvoided()
    {
        LabelPlacer placer(m_font, m_viewport);
        const QPointF from(400, 300), tip(500, 300);
        // Another arrow's tip right where the label would go.
        const QPointF other(530, 300);
        placer.addObstacle(other, 8, 1);
        const auto spot = placer.place(from, tip, QStringLiteral("k₁"), 0, false);
        QVERIFY(spot.has_value());
        const QRectF box = placer.boxOf(*spot, QStringLiteral("k₁"));
        QVERIFY(!box.intersects(QRectF(other - QPointF(8, 8), QSizeF(16, 16))));
        // Its own tip's obstacle does not push it away.
        LabelPlacer own(m_font, m_viewport);
        own.addObstacle(tip, 6, 0);
        const auto natural = own.place(from, tip, QStringLiteral("k₁"), 0, false);
        QVERIFY(natural.has_value());
        QCOMPARE(own.boxOf(*natural, QStringLiteral("k₁")).center().y(), tip.y());
    }

    void aCrowdNeverOverlaps()
    {
        // 64 arrows of random directions and lengths from the centre, as on a crowded canvas.
        QRandomGenerator random(7);
        LabelPlacer placer(m_font, m_viewport);
        const QPointF origin(400, 300);
        std::vector<QPointF> tips;
        for (int i = 0; i < 64; ++i) {
            const double a = random.bounded(2 * std::numbers::pi);
            const double r = 40 + random.bounded(220.0);
            tips.push_back(origin + QPointF(r * std::cos(a), r * std::sin(a)));
            placer.addObstacle(tips.back(), 6, i);
        }
        std::vector<QRectF> boxes;
        for (int i = 0; i < 64; ++i) {
            const QString text = QStringLiteral("k%1 0.016").arg(i + 1);
            if (const auto spot = placer.place(origin, tips[std::size_t(i)], text, i, false)) {
                const QRectF box = placer.boxOf(*spot, text);
                QVERIFY(m_viewport.contains(box));
                for (std::size_t j = 0; j < boxes.size(); ++j)
                    QVERIFY2(!box.intersects(boxes[j]), qPrintable(text));
                for (std::size_t t = 0; t < tips.size(); ++t) {
                    if (int(t) != i)
                        QVERIFY(!box.intersects(QRectF(tips[t] - QPointF(6, 6), QSizeF(12, 12))));
                }
                boxes.push_back(box);
            }
        }
        // Most find a place; the rest give way instead of covering others.
        QVERIFY(boxes.size() >= 32);
    }

    void noRoomGivesNothingUnlessForced()
    {
        const QRectF tiny(0, 0, 20, 20);
        LabelPlacer placer(m_font, tiny);
        QVERIFY(!placer.place({10, 10}, {15, 10}, QStringLiteral("a long label"), 0, false));
        QVERIFY(placer.place({10, 10}, {15, 10}, QStringLiteral("a long label"), 0, true));
    }

    void farTipsAreSafe()
    {
        LabelPlacer placer(m_font, m_viewport);
        QVERIFY(!placer.place({400, 300}, {1e12, -1e12}, QStringLiteral("q"), 0, false));
        QVERIFY(placer.place({400, 300}, {1e12, -1e12}, QStringLiteral("q"), 0, true));
    }
};

QTEST_MAIN(TestLabelPlacer)
#include "tst_labelplacer.moc"
