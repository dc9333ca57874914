// The "which way should q move" arrow as a learner meets it: the View menu's real action turns
// it on, a real click selects a key, and the arrow drawn at the query's tip points along
// ∂ log wⱼ / ∂q, written out here from the weights of a plain softmax loop.

#include "canvas/canvaswidget.h"
#include "canvas/gradientarrowlayer.h"
#include "canvas/selection.h"
#include "common/windowrun.h"
#include "core/attention.h"
#include "mainwindow.h"
#include "model/scenemodel.h"
#include "theme/appearance.h"

#include <QAction>
#include <QImage>
#include <QMenu>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <vector>

namespace {

// (kⱼ − Σ wᵢ kᵢ) / (√d τ) for scaled dot-product attention in the plane (d = 2), or without
// the √d for the dot product, from a plain loop.
QPointF pullGradient(const attn::Vector &q, const attn::Matrix &keys, int j, double tau,
                     bool scaled)
{
    const double root = scaled ? std::sqrt(2.0) : 1.0;
    const int n = int(keys.rows());
    std::vector<double> s(std::size_t(n), 0.0);
    double best = -1e300, sum = 0;
    for (int i = 0; i < n; ++i) {
        s[std::size_t(i)] = (q[0] * keys(i, 0) + q[1] * keys(i, 1)) / root / tau;
        best = std::max(best, s[std::size_t(i)]);
    }
    for (double &x : s)
        sum += (x = std::exp(x - best));
    QPointF mean;
    for (int i = 0; i < n; ++i)
        mean += QPointF(keys(i, 0), keys(i, 1)) * (s[std::size_t(i)] / sum);
    return (QPointF(keys(j, 0), keys(j, 1)) - mean) / (root * tau);
}

double angle(QPointF worldDirection)
{
    return std::atan2(worldDirection.y(), worldDirection.x());
}

QAction *viewAction(MainWindow &window, const QString &name)
{
    for (QAction *a : window.findChildren<QAction *>(name))
        return a;
    return nullptr;
}

// The number of pixels that differ between two grabs inside a square around `centre`.
int changedAround(const QImage &a, const QImage &b, QPointF centre, int radius)
{
    int changed = 0;
    for (int y = int(centre.y()) - radius; y <= int(centre.y()) + radius; ++y)
        for (int x = int(centre.x()) - radius; x <= int(centre.x()) + radius; ++x)
            if (a.rect().contains(x, y) && a.pixel(x, y) != b.pixel(x, y))
                ++changed;
    return changed;
}

} // namespace

class TestGradientArrowLayer : public QObject
{
    Q_OBJECT

    // The toggle is remembered: each test starts from settings of its own, empty.
    QTemporaryDir m_settings;

private slots:
    void initTestCase() { QVERIFY(useSettingsIn(m_settings)); }
    void init() { QSettings().clear(); }

    void menuActionAndClickDrawTheGradient_data()
    {
        QTest::addColumn<int>("key");
        QTest::addColumn<double>("tau");
        QTest::addColumn<bool>("scaled");
        QTest::newRow("scaled k1 τ=1") << 0 << 1.0 << true;
        QTest::newRow("scaled k2 τ=1") << 1 << 1.0 << true;
        QTest::newRow("scaled k3 τ=0.5") << 2 << 0.5 << true;
        QTest::newRow("dot k1 τ=2") << 0 << 2.0 << false;
    }
    void menuActionAndClickDrawTheGradient()
    {
        QFETCH(int, key);
        QFETCH(double, tau);
        QFETCH(bool, scaled);
        SceneModel model;
        QVERIFY(model.setTemperature(tau));
        model.setMethod(scaled ? attn::Method::Scaled : attn::Method::Dot);
        MainWindow window(&model);
        window.resize(1280, 800);
        QVERIFY(showAndWait(window));
        CanvasWidget *canvas = window.canvas();
        GradientArrowLayer *layer = GradientArrowLayer::of(canvas);
        QVERIFY(!layer->isShown());
        QVERIFY(!layer->arrow());
        const QImage before = canvas->grab().toImage();

        QAction *toggle = viewAction(window, QStringLiteral("actionGradientArrow"));
        QVERIFY(toggle && toggle->isCheckable());
        QVERIFY(!toggle->shortcut().isEmpty());
        toggle->trigger();
        QVERIFY(layer->isShown());
        QVERIFY(!layer->arrow()); // no key selected yet

        const QPointF tip = canvas->view().toScreen(canvas->tipOf({VectorHandle::Kind::Key, key}));
        QTest::mouseClick(canvas, Qt::LeftButton, {}, tip.toPoint());
        QCOMPARE(canvas->selection()->index(), key);

        const auto arrow = layer->arrow();
        QVERIFY(arrow);
        const QPointF qTip =
            canvas->view().toScreen(canvas->tipOf({VectorHandle::Kind::Query, -1}));
        QVERIFY(QLineF(arrow->p1(), qTip).length() < 1e-9);
        const QPointF expected = pullGradient(model.query(), model.keys(), key, tau, scaled);
        // The screen's y runs down, the plane's up.
        const double drawn =
            std::atan2(-(arrow->p2().y() - arrow->p1().y()), arrow->p2().x() - arrow->p1().x());
        QVERIFY2(
            std::abs(std::remainder(drawn - angle(expected), 2 * M_PI)) < 1e-6,
            qPrintable(QStringLiteral("drawn %1, expected %2").arg(drawn).arg(angle(expected))));
        const auto g = layer->gradient();
        QVERIFY(g);
        QVERIFY(std::abs(g->x() - expected.x()) < 1e-12 && std::abs(g->y() - expected.y()) < 1e-12);

        // It is really painted: pixels change around the middle of the arrow's shaft.
        canvas->repaint();
        const QImage after = canvas->grab().toImage();
        QVERIFY(changedAround(before, after, (arrow->p1() + arrow->p2()) / 2, 3) > 0);

        // Remembered like the other view toggles; the menu action turns it off again.
        QVERIFY(QSettings().value(QStringLiteral("canvas/gradientArrow")).toBool());
        toggle->trigger();
        QVERIFY(!layer->isShown() && !layer->arrow());
        QVERIFY(!QSettings().value(QStringLiteral("canvas/gradientArrow")).toBool());
    }

    void contextMenuTogglesTheSameLayer()
    {
        SceneModel model;
        MainWindow window(&model);
        QVERIFY(showAndWait(window));
        CanvasWidget *canvas = window.canvas();
        QMenu *menu = canvas->createContextMenu(QPoint(5, 5));
        QAction *arrow = menu->findChild<QAction *>(QStringLiteral("gradientArrow"));
        if (!arrow)
            for (QAction *a : menu->actions())
                if (a->objectName() == QLatin1String("gradientArrow"))
                    arrow = a;
        QVERIFY(arrow && arrow->isCheckable() && !arrow->isChecked());
        arrow->trigger();
        QVERIFY(GradientArrowLayer::of(canvas)->isShown());
        QVERIFY(viewAction(window, QStringLiteral("actionGradientArrow"))->isChecked());
        delete menu;
    }

    void maskedKeyHasNoArrow()
    {
        SceneModel model;
        QVERIFY(model.setMasked(1, true));
        MainWindow window(&model);
        QVERIFY(showAndWait(window));
        CanvasWidget *canvas = window.canvas();
        viewAction(window, QStringLiteral("actionGradientArrow"))->trigger();
        const QPointF tip = canvas->view().toScreen(canvas->tipOf({VectorHandle::Kind::Key, 1}));
        QTest::mouseClick(canvas, Qt::LeftButton, {}, tip.toPoint());
        QCOMPARE(canvas->selection()->index(), 1);
        QVERIFY(!GradientArrowLayer::of(canvas)->arrow());
    }

    void visibleInEveryTheme_data()
    {
        QTest::addColumn<int>("theme");
        QTest::addColumn<bool>("presentation");
        QTest::newRow("light") << int(ColorScheme::Theme::Light) << false;
        QTest::newRow("dark") << int(ColorScheme::Theme::Dark) << false;
        QTest::newRow("high contrast") << int(ColorScheme::Theme::HighContrast) << false;
        QTest::newRow("high contrast, presentation")
            << int(ColorScheme::Theme::HighContrast) << true;
    }
    void visibleInEveryTheme()
    {
        QFETCH(int, theme);
        QFETCH(bool, presentation);
        SceneModel model;
        MainWindow window(&model);
        window.resize(1280, 800);
        QVERIFY(showAndWait(window));
        Appearance::instance()->setTheme(ColorScheme::Theme(theme));
        if (presentation)
            viewAction(window, QStringLiteral("actionPresentation"))->trigger();
        CanvasWidget *canvas = window.canvas();
        viewAction(window, QStringLiteral("actionGradientArrow"))->trigger();
        const QPointF tip = canvas->view().toScreen(canvas->tipOf({VectorHandle::Kind::Key, 0}));
        QTest::mouseClick(canvas, Qt::LeftButton, {}, tip.toPoint());
        const auto arrow = GradientArrowLayer::of(canvas);
        QVERIFY(arrow->arrow());
        // The query's own colour (as legible as q itself), told apart from q by its dots.
        const ArrowPainter::Style style = GradientArrowLayer::style();
        QCOMPARE(style.color, ColorScheme::query());
        QVERIFY(ColorScheme::contrast(style.color, ColorScheme::background()) >=
                ColorScheme::faintestContrast());
        QVERIFY(style.line != ColorScheme::line(ColorScheme::Role::Query));
        // Presentation mode widens it with every other line.
        QCOMPARE(style.width > 3.0, presentation);
        if (presentation)
            viewAction(window, QStringLiteral("actionPresentation"))->trigger();
        Appearance::instance()->setTheme(ColorScheme::Theme::Light);
    }
};

QTEST_MAIN(TestGradientArrowLayer)
#include "tst_gradientarrowlayer.moc"
