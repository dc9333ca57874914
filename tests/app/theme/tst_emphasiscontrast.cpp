// Weight emphasis stays legible on every theme: the faintest key a weight can fade to keeps a
// WCAG contrast ratio of 3:1 against the background (4.5:1 in high contrast), and full-strength
// keys keep 4.5:1 (7:1). The ratio is computed here from the WCAG 2 formula, not by the code under
// test, both on the colours and on the pixels the canvas draws.

#include "canvas/canvaswidget.h"
#include "canvas/selection.h"
#include "common/datacolumns.h"
#include "common/smallmatrices.h"
#include "common/windowrun.h"
#include "core/scene.h"
#include "document/sceneeditor.h"
#include "model/scenemodel.h"
#include "theme/appearance.h"
#include "theme/colorscheme.h"

#include <QImage>
#include <QTest>
#include <QVBoxLayout>

#include <cmath>
#include <memory>

namespace {
using Theme = ColorScheme::Theme;
using Palette = ColorScheme::Palette;

double channel(double c)
{
    return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
}

double wcagLuminance(const QColor &c)
{
    return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(c.blueF());
}

double wcagContrast(const QColor &a, const QColor &b)
{
    const double la = wcagLuminance(a), lb = wcagLuminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

// What a painter's opacity gives over an opaque background.
QColor over(const QColor &c, const QColor &bg, double a)
{
    return QColor::fromRgbF(float(a * c.redF() + (1 - a) * bg.redF()),
                            float(a * c.greenF() + (1 - a) * bg.greenF()),
                            float(a * c.blueF() + (1 - a) * bg.blueF()));
}

double faintestFor(Theme theme)
{
    return theme == Theme::HighContrast ? 4.5 : 3.0;
}

double fullFor(Theme theme)
{
    return theme == Theme::HighContrast ? 7.0 : 4.5;
}

void addThemes()
{
    dataColumns<int, int>("theme", "palette");
    const std::pair<const char *, Theme> themes[] = {
        {"light", Theme::Light}, {"dark", Theme::Dark}, {"high contrast", Theme::HighContrast}};
    for (const auto &[name, theme] : themes) {
        QTest::newRow(qPrintable(QStringLiteral("%1, article").arg(name)))
            << int(theme) << int(Palette::Standard);
        QTest::newRow(qPrintable(QStringLiteral("%1, colour-blind").arg(name)))
            << int(theme) << int(Palette::ColourBlind);
    }
}

using smallmatrices::vec;
} // namespace

class TestEmphasisContrast : public QObject
{
    Q_OBJECT

private slots:
    void cleanup()
    {
        Appearance::instance()->setTheme(Theme::Light);
        Appearance::instance()->setPalette(Palette::Standard);
    }

    void faintestKeyIsLegible_data() { addThemes(); }
    void faintestKeyIsLegible()
    {
        QFETCH(int, theme);
        QFETCH(int, palette);
        ColorScheme::set(Theme(theme), Palette(palette));
        const QColor bg = ColorScheme::background();
        for (int n : {1, 2, 3, 4, 8, 17, 64}) {
            for (int i = 0; i < n; ++i) {
                const QColor key = ColorScheme::keyColor(i, n);
                const QString where = QStringLiteral("key %1 of %2").arg(i + 1).arg(n);
                QVERIFY2(wcagContrast(key, bg) >= fullFor(Theme(theme)) - 1e-9,
                         qPrintable(where + QStringLiteral(": %1").arg(wcagContrast(key, bg))));
                // Weight 0: the canvas's key (0.3), beam (0.1) and head canvases' (0.3) floors.
                for (double opacity : {0.0, 0.1, 0.3}) {
                    const double faded = wcagContrast(ColorScheme::faded(key, opacity), bg);
                    const double painted =
                        wcagContrast(over(key, bg, ColorScheme::legibleOpacity(key, opacity)), bg);
                    QVERIFY2(faded >= faintestFor(Theme(theme)) - 0.02,
                             qPrintable(where + QStringLiteral(" faded: %1").arg(faded)));
                    QVERIFY2(painted >= faintestFor(Theme(theme)) - 0.02,
                             qPrintable(where + QStringLiteral(" painted: %1").arg(painted)));
                }
                // Emphasis survives: heavier is stronger.
                const double light = wcagContrast(ColorScheme::faded(key, 0.2), bg);
                const double heavy = wcagContrast(ColorScheme::faded(key, 0.9), bg);
                QVERIFY2(heavy > light + 0.2, qPrintable(where));
            }
        }
    }

    void canvasDrawsFaintKeyLegibly_data() { addThemes(); }
    void canvasDrawsFaintKeyLegibly()
    {
        // A key the query nearly ignores, drawn by the real canvas: the strongest pixel across its
        // shaft keeps the contrast.
        QFETCH(int, theme);
        QFETCH(int, palette);
        Appearance::instance()->setTheme(Theme(theme));
        Appearance::instance()->setPalette(Palette(palette));
        QWidget window;
        auto *model = new SceneModel(&window);
        auto *selection = new Selection(&window);
        auto *editor = new SceneEditor(model, &window);
        auto *layout = new QVBoxLayout(&window);
        layout->setContentsMargins(0, 0, 0, 0);
        auto *canvas = new CanvasWidget(editor, selection);
        layout->addWidget(canvas);
        attn::Scene scene = attn::Scene::defaultScene();
        scene.query = vec(3, 0);
        scene.keys.resize(2, 2);
        scene.keys << 3, 0, -1.3, -1.7;
        scene.values.resize(2, 2);
        scene.values << 0.5, 2, 1.5, 2; // away from the faint key's shaft
        scene.mask.clear();
        QVERIFY(!model->setScene(scene));
        QVERIFY(model->result().weights[1] < 1e-3);
        QVERIFY(showAndWait(window, QSize(800, 600)));
        canvas->fitAll();
        const QImage image = canvas->grab().toImage().convertToFormat(QImage::Format_RGB32);
        const QColor bg = ColorScheme::background();
        const double dpr = image.devicePixelRatio();
        // Two points along the shaft, away from the head and the origin's labels.
        for (double t : {0.45, 0.6}) {
            const QPointF p = canvas->view().toScreen(QPointF(-1.3 * t, -1.7 * t)) * dpr;
            double best = 1;
            for (int dy = -4; dy <= 4; ++dy)
                for (int dx = -4; dx <= 4; ++dx)
                    best = std::max(
                        best,
                        wcagContrast(QColor(image.pixel(int(p.x()) + dx, int(p.y()) + dy)), bg));
            QVERIFY2(best >= faintestFor(Theme(theme)) - 0.05,
                     qPrintable(QStringLiteral("at %1: %2").arg(t).arg(best)));
        }
    }
};

QTEST_MAIN(TestEmphasisContrast)
#include "tst_emphasiscontrast.moc"
