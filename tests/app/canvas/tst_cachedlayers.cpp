// The canvas, the head canvases and the heads' heat map draw what stays still during a drag from
// cached pictures (the grid with the values; each head's frame, title and axes; the heat map's
// title, labels and legend). What they show on screen must
// be what they draw afresh, after every kind of edit that has to renew a picture: the widget on
// screen (the window's backing store, painted through the caches) is compared with a grab made
// with the caches switched off. Exports must not use them where they would lose sharpness.

#include "canvas/canvaswidget.h"
#include "canvas/layercache.h"
#include "common/smallmatrices.h"
#include "common/windowrun.h"
#include "core/scene.h"
#include "mainwindow.h"
#include "model/language.h"
#include "model/scenemodel.h"
#include "panels/headcanvases.h"
#include "panels/headheatmap.h"
#include "theme/appearance.h"

#include <QApplication>
#include <QDockWidget>
#include <QImage>
#include <QPainter>
#include <QScreen>
#include <QTest>

#include <cmath>
#include <functional>

namespace {
using smallmatrices::vec;

// What `widget` shows in its window right now.
QImage onScreen(QWidget *widget)
{
    QWidget *window = widget->window();
    const QPoint at = widget->mapTo(window, QPoint(0, 0));
    return widget->screen()
        ->grabWindow(window->winId(), at.x(), at.y(), widget->width(), widget->height())
        .toImage()
        .convertToFormat(QImage::Format_RGB32);
}

QImage drawnAfresh(QWidget *widget)
{
    LayerCache::setEnabled(false);
    const QImage image = widget->grab().toImage().convertToFormat(QImage::Format_RGB32);
    LayerCache::setEnabled(true);
    return image;
}

// Pixels whose colour differs by more than `tolerance` in some channel.
int differingPixels(const QImage &a, const QImage &b, int tolerance = 2)
{
    if (a.size() != b.size())
        return -1;
    int count = 0;
    for (int y = 0; y < a.height(); ++y) {
        const auto *pa = reinterpret_cast<const QRgb *>(a.constScanLine(y));
        const auto *pb = reinterpret_cast<const QRgb *>(b.constScanLine(y));
        for (int x = 0; x < a.width(); ++x) {
            if (std::abs(qRed(pa[x]) - qRed(pb[x])) > tolerance ||
                std::abs(qGreen(pa[x]) - qGreen(pb[x])) > tolerance ||
                std::abs(qBlue(pa[x]) - qBlue(pb[x])) > tolerance)
                ++count;
        }
    }
    return count;
}
} // namespace

class TestCachedLayers : public QObject
{
    Q_OBJECT

private slots:
    void screenShowsWhatIsDrawnAfresh()
    {
        SceneModel model;
        model.setMethod(attn::Method::MultiHead);
        MainWindow window(&model);
        QVERIFY(showAndWait(window, QSize(1280, 800)));
        for (auto *dock : window.findChildren<QDockWidget *>())
            dock->show();
        CanvasWidget *canvas = window.canvas();
        auto *heads = window.findChild<HeadCanvases *>();
        QVERIFY(heads);
        QTRY_VERIFY(heads->isVisible() && heads->headCount() > 0);
        HeadHeatMap *heatMap = window.headHeatMap();
        QVERIFY(heatMap->showsGrid());

        const auto compare = [&](const char *after, bool withHeads = true) {
            QApplication::processEvents();
            QList<QWidget *> widgets{canvas};
            if (withHeads)
                widgets << heads << heatMap;
            for (QWidget *w : widgets) {
                QTRY_VERIFY2(differingPixels(onScreen(w), drawnAfresh(w)) == 0,
                             qPrintable(QStringLiteral("%1 after %2: %3 pixels differ")
                                            .arg(QString::fromLatin1(w->metaObject()->className()),
                                                 QString::fromLatin1(after))
                                            .arg(differingPixels(onScreen(w), drawnAfresh(w)))));
            }
        };
        compare("showing");

        // A real drag of value v₁'s tip: the picture with the values must follow it.
        const QPoint v1 = canvas->view().toScreen(QPointF(1, 0)).toPoint();
        const QPoint to = canvas->view().toScreen(QPointF(0.4, -0.7)).toPoint();
        QTest::mousePress(canvas, Qt::LeftButton, {}, v1);
        for (int i = 1; i <= 4; ++i)
            QTest::mouseMove(canvas, v1 + (to - v1) * i / 4);
        QTest::mouseRelease(canvas, Qt::LeftButton, {}, to);
        QVERIFY(std::abs(model.values()(0, 0) - 1.0) > 0.1); // the drag moved it
        compare("dragging a value");

        QVERIFY(model.setQuery(vec(-1.1, 0.4)));
        compare("moving the query");
        QVERIFY(model.setKey(1, vec(3.5, -2.5))); // the heads' scale grows
        compare("moving a key far out");
        QVERIFY(model.addKey(vec(-0.5, -1.5), vec(-1, 0.5)));
        compare("adding a key");
        QVERIFY(model.removeKey(0));
        compare("removing a key");
        canvas->resize(canvas->width() - 60, canvas->height());
        compare("resizing");
        canvas->fitAll();
        compare("fitting all");
        // The legend's picture: another palette, a row more (W's columns; the heads have
        // nothing to show then).
        Appearance::instance()->setPalette(ColorScheme::Palette::ColourBlind);
        compare("switching to the colour-blind palette");
        Appearance::instance()->setPalette(ColorScheme::Palette::Standard);
        model.setMethod(attn::Method::General);
        compare("switching to the general score", false);
        model.setMethod(attn::Method::MultiHead);
        Appearance::instance()->setTheme(ColorScheme::Theme::Dark);
        compare("switching to the dark theme");
        Appearance::instance()->setTheme(ColorScheme::Theme::Light);
        compare("switching back");
        // The heat map's title, labels and legend are words.
        QVERIFY(Language::install(QStringLiteral("zh_CN")));
        compare("switching to Chinese");
        QVERIFY(Language::install(QStringLiteral("en")));
        compare("switching to English");
    }

    // A 2× picture (--scale 2) drawn through a 1× cached picture would have blurred lines.
    void scaledPicturesDrawAfresh()
    {
        SceneModel model;
        model.setMethod(attn::Method::MultiHead);
        MainWindow window(&model);
        QVERIFY(showAndWait(window, QSize(1280, 800)));
        QApplication::processEvents();
        for (QWidget *w : {static_cast<QWidget *>(window.canvas()),
                           static_cast<QWidget *>(window.findChild<HeadCanvases *>()),
                           static_cast<QWidget *>(window.headHeatMap())}) {
            const auto picture = [w](bool caches) {
                LayerCache::setEnabled(caches);
                QImage image(w->size() * 2, QImage::Format_RGB32);
                image.setDevicePixelRatio(2);
                image.fill(Qt::white);
                {
                    QPainter painter(&image);
                    w->render(&painter);
                }
                LayerCache::setEnabled(true);
                return image;
            };
            QCOMPARE(differingPixels(picture(true), picture(false)), 0);
        }
    }
};

QTEST_MAIN(TestCachedLayers)
#include "tst_cachedlayers.moc"
