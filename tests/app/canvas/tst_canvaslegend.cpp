// CanvasLegend: it lists what is drawn and nothing else (the walkthrough holds the output and
// the beams back), its box is as large as its rows measured with the font's own metrics, and it
// steps aside on a canvas too small for it.
#include "canvas/canvaslegend.h"
#include "canvas/canvasreveal.h"
#include "core/scene.h"
#include "model/scenemodel.h"
#include "walkthrough/walkthrough.h"

#include <QFontMetricsF>
#include <QImage>
#include <QPainter>
#include <QTest>

class TestCanvasLegend : public QObject
{
    Q_OBJECT

private:
    static QList<CanvasLegend::Row::Kind> kinds(const CanvasLegend &legend)
    {
        QList<CanvasLegend::Row::Kind> out;
        for (const CanvasLegend::Row &row : legend.rows())
            out.append(row.kind);
        return out;
    }

private slots:
    void rowsFollowTheScene()
    {
        using R = CanvasLegend::Row;
        SceneModel model;
        CanvasReveal reveal(&model);
        const CanvasLegend legend(&model, &reveal);
        QCOMPARE(kinds(legend),
                 (QList<R::Kind>{R::Query, R::Keys, R::Values, R::Output, R::Beams}));
        model.setMethod(attn::Method::General);
        QCOMPARE(kinds(legend),
                 (QList<R::Kind>{R::Query, R::Keys, R::Values, R::Output, R::Columns, R::Beams}));
        QCOMPARE(legend.rows().first().text, QStringLiteral("query"));
    }

    void walkthroughHoldsOutputAndBeamsBack()
    {
        using R = CanvasLegend::Row;
        SceneModel model;
        Walkthrough walkthrough;
        CanvasReveal reveal(&model);
        reveal.setWalkthrough(&walkthrough);
        const CanvasLegend legend(&model, &reveal);
        walkthrough.start();
        QVERIFY(walkthrough.isActive());
        QCOMPARE(kinds(legend), (QList<R::Kind>{R::Query, R::Keys, R::Values}));
        // Step by step up to the weighted sum's reveal: the beams come first, then the output.
        bool sawBeamsAlone = false;
        for (int i = 0; i < 40 && !walkthrough.isShown(Walkthrough::WeightedSum); ++i) {
            walkthrough.forward();
            if (walkthrough.isShown(Walkthrough::Normalisation) &&
                !walkthrough.isShown(Walkthrough::WeightedSum)) {
                sawBeamsAlone = true;
                QCOMPARE(kinds(legend), (QList<R::Kind>{R::Query, R::Keys, R::Values, R::Beams}));
            }
        }
        QVERIFY(sawBeamsAlone);
        QCOMPARE(kinds(legend),
                 (QList<R::Kind>{R::Query, R::Keys, R::Values, R::Output, R::Beams}));
    }

    void boxFitsItsRows()
    {
        SceneModel model;
        CanvasReveal reveal(&model);
        const CanvasLegend legend(&model, &reveal);
        QFont font;
        font.setPixelSize(15);
        const QFontMetricsF fm(font);
        // Five rows of the font's height plus 4, and 10 of padding; the sample arrow (34), the
        // gaps (20 + 12) and the widest text.
        const double widest = fm.horizontalAdvance(QStringLiteral("beams: thicker = more weight"));
        const QRectF box = legend.rect(font, 30);
        QCOMPARE(box.topLeft(), QPointF(12, 30));
        QCOMPARE(box.height(), 5 * (fm.height() + 4) + 10);
        QCOMPARE(box.width(), 34 + 20 + widest + 12);
    }

    void tooSmallACanvasShowsNoLegend()
    {
        SceneModel model;
        CanvasReveal reveal(&model);
        const CanvasLegend legend(&model, &reveal);
        QFont font;
        font.setPixelSize(15);
        const QRectF box = legend.rect(font, 12);
        QImage image(400, 300, QImage::Format_ARGB32_Premultiplied);
        image.fill(Qt::transparent);
        QPainter painter(&image);
        // 8 pixels must stay free to the right and below.
        QVERIFY(!legend.paint(painter, QSizeF(box.right() + 7, 300), font, 12));
        QVERIFY(!legend.paint(painter, QSizeF(400, box.bottom() + 7), font, 12));
        QVERIFY(legend.paint(painter, QSizeF(box.right() + 8, box.bottom() + 8), font, 12));
        painter.end();
        // Drawn inside its box only.
        QVERIFY(qAlpha(image.pixel(int(box.center().x()), int(box.center().y()))) != 0);
        QCOMPARE(qAlpha(image.pixel(int(box.right()) + 3, int(box.bottom()) + 3)), 0);
    }
};

QTEST_MAIN(TestCanvasLegend)
#include "tst_canvaslegend.moc"
