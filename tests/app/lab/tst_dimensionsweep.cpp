// The dimension lab as d grows, as an animated GIF: the frames' dimensions, that the page they
// draw follows d (its figures' title, the histogram's pixels), the Export animation… button, and
// that a cancelled export leaves an existing file as it was. Files are read back with Qt's own
// GIF reader, independent of the giflib and libimagequant that wrote them.

#include "common/clifiles.h"
#include "common/forwardanimationrun.h"
#include "export/forwardanimation.h"
#include "export/forwardanimationdialog.h"
#include "lab/dimensionlabpage.h"
#include "lab/dimensionsweep.h"
#include "lab/scorehistogramchart.h"
#include "model/dimensionlabmodel.h"

#include <QApplication>
#include <QBuffer>
#include <QDialogButtonBox>
#include <QGroupBox>
#include <QImageReader>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

namespace {
// Pixels that differ between two pictures of the same size within `rect`.
int differing(const QImage &a, const QImage &b, const QRect &rect)
{
    int n = 0;
    for (int y = rect.top(); y <= rect.bottom(); ++y)
        for (int x = rect.left(); x <= rect.right(); ++x)
            n += a.pixel(x, y) != b.pixel(x, y);
    return n;
}
} // namespace

class TestDimensionSweep : public QObject
{
    Q_OBJECT

private slots:
    void dimensionsGrowGeometrically()
    {
        // 13 frames: 4096^(k/12) = 2^k exactly.
        for (int k = 0; k < 13; ++k)
            QCOMPARE(DimensionSweep::dimensionAt(k, 13), 1 << k);
        QCOMPARE(DimensionSweep::dimensionAt(0, 48), 1);
        QCOMPARE(DimensionSweep::dimensionAt(47, 48), 4096);
        // 4096^(1/47) = 1.1938…: frame 8 is 4096^(8/47) = 4.12, rounded to 4.
        QCOMPARE(DimensionSweep::dimensionAt(8, 48), 4);
    }

    void framesFollowTheDimension()
    {
        attn::DimensionExperimentParams params;
        params.sigma = 1;
        params.keys = 8;
        DimensionSweep::Options o;
        o.frames = 4; // d = 1, 16, 256, 4096
        DimensionSweep sweep(params, o);
        QVERIFY2(sweep.problem().isEmpty(), qPrintable(sweep.problem()));
        QVERIFY(!sweep.page()->exportAnimationButton()->isVisible());
        auto *results = sweep.page()->findChild<QGroupBox *>(QStringLiteral("resultsBox"));
        QVERIFY(results);
        ScoreHistogramChart *histogram = sweep.page()->histogramChart();
        const QRect chart(histogram->mapTo(sweep.page(), QPoint()), histogram->size());
        QList<QImage> images;
        const int dimensions[] = {1, 16, 256, 4096};
        for (int k = 0; k < 4; ++k) {
            QString why;
            const QImage image = sweep.drawFrame(k, &why);
            QVERIFY2(!image.isNull(), qPrintable(why));
            QCOMPARE(image.size(), QSize(1280, 800));
            QCOMPARE(sweep.model()->pointParams().dimension, dimensions[k]);
            QCOMPARE(sweep.model()->pointParams().samples, DimensionSweep::kSamples);
            QVERIFY(results->title().contains(QString::number(dimensions[k])));
            images << image;
        }
        // The histogram is redrawn for each d: the raw scores spread as d grows.
        for (int k = 1; k < 4; ++k)
            QVERIFY2(differing(images[k - 1], images[k], chart) > 100,
                     qPrintable(QStringLiteral("frames %1 and %2").arg(k - 1).arg(k)));
    }

    void cancelledExportLeavesTheFileAsItWas()
    {
        attn::DimensionExperimentParams params;
        DimensionSweep::Options o;
        o.frames = 3;
        DimensionSweep sweep(params, o);
        sweep.setCancelCheck([] { return true; });
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("kept.gif"));
        QVERIFY(clifiles::writeTo(out, "an earlier file"));
        QString error;
        QVERIFY(!sweep.animation()->run(out, &error));
        QVERIFY2(error.contains(QStringLiteral("Cancelled")), qPrintable(error));
        QCOMPARE(clifiles::readAll(out), QByteArray("an earlier file"));
    }

    void pageButtonWritesTheGif()
    {
        DimensionLabModel model;
        DimensionLabPage page(&model);
        page.resize(1280, 800);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        const attn::DimensionExperimentParams before = model.params();
        QPushButton *button = page.exportAnimationButton();
        QVERIFY(button && button->isVisible());
        QVERIFY(button->toolTip().contains(QStringLiteral("1,000")) ||
                button->toolTip().contains(QStringLiteral("1000")));
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("lab.gif"));
        bool seen = false;
        QString error;
        QTimer::singleShot(0, this, [&] {
            auto *dialog =
                qobject_cast<ForwardAnimationDialog *>(QApplication::activeModalWidget());
            seen = dialog != nullptr;
            if (!dialog)
                return;
            forwardanimationrun::typeInto(dialog->framesBox(), 5);
            error = forwardanimationrun::save(dialog, out);
        });
        QTest::mouseClick(button, Qt::LeftButton);
        QVERIFY(seen);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const QList<QImage> frames = forwardanimationrun::framesOf(clifiles::readAll(out));
        QCOMPARE(frames.size(), 5);
        QCOMPARE(frames.first().size(), page.size());
        QVERIFY(frames.first() != frames.last());
        // The lab on screen keeps its own d.
        QCOMPARE(model.params().dimension, before.dimension);
        QCOMPARE(model.params().samples, before.samples);
    }
};

QTEST_MAIN(TestDimensionSweep)
#include "tst_dimensionsweep.moc"
