// The colour-blind-safe palette: Okabe–Ito's published colours, four different arrowheads and
// dashes for query, keys, values and output, and colours that stay apart for the common forms
// of colour blindness — checked with the Machado, Oliveira & Fernandes (2009) simulation
// matrices (severity 1.0), written out here independently of the code under test.

#include "common/datacolumns.h"
#include "theme/colorscheme.h"

#include <QColor>
#include <QSet>
#include <QTest>

#include <array>
#include <cmath>

namespace {
using Role = ColorScheme::Role;
using Head = ColorScheme::Head;
using Matrix3 = std::array<std::array<double, 3>, 3>;

// Machado et al. 2009, severity 1.0, applied to linear RGB.
const Matrix3 kDeuteranopia{{{0.367322, 0.860646, -0.227968},
                             {0.280085, 0.672501, 0.047413},
                             {-0.011820, 0.042940, 0.968881}}};
const Matrix3 kProtanopia{{{0.152286, 1.052583, -0.204868},
                           {0.114503, 0.786281, 0.099216},
                           {-0.003882, -0.048116, 1.051998}}};
const Matrix3 kTritanopia{{{1.255528, -0.076749, -0.178779},
                           {-0.078411, 0.930809, 0.147602},
                           {0.004733, 0.691367, 0.303900}}};

double toLinear(double c)
{
    return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
}

// CIE L*a*b* (D65) of a linear-RGB triple.
std::array<double, 3> lab(std::array<double, 3> rgb)
{
    const double x = 0.4124 * rgb[0] + 0.3576 * rgb[1] + 0.1805 * rgb[2];
    const double y = 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2];
    const double z = 0.0193 * rgb[0] + 0.1192 * rgb[1] + 0.9505 * rgb[2];
    auto f = [](double t) { return t > 0.008856 ? std::cbrt(t) : 7.787 * t + 16.0 / 116; };
    const double fx = f(x / 0.95047), fy = f(y), fz = f(z / 1.08883);
    return {116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)};
}

std::array<double, 3> simulate(const QColor &c, const Matrix3 &m)
{
    const std::array<double, 3> in{toLinear(c.redF()), toLinear(c.greenF()), toLinear(c.blueF())};
    std::array<double, 3> out{};
    for (int r = 0; r < 3; ++r)
        out[r] = std::clamp(m[r][0] * in[0] + m[r][1] * in[1] + m[r][2] * in[2], 0.0, 1.0);
    return out;
}

double deltaE(const std::array<double, 3> &a, const std::array<double, 3> &b)
{
    const auto la = lab(a), lb = lab(b);
    return std::hypot(la[0] - lb[0], la[1] - lb[1], la[2] - lb[2]);
}

// CIEDE2000 colour difference (Sharma, Wu & Dalal 2005) of two sRGB colours: the perceptual
// distance that CIE76 overstates among blues and violets.
double deltaE2000(const QColor &c1, const QColor &c2)
{
    auto labOf = [](const QColor &c) {
        return lab({toLinear(c.redF()), toLinear(c.greenF()), toLinear(c.blueF())});
    };
    const auto [l1, a1, b1] = labOf(c1);
    const auto [l2, a2, b2] = labOf(c2);
    const double pi = std::acos(-1.0), deg = pi / 180;
    const double cBar = (std::hypot(a1, b1) + std::hypot(a2, b2)) / 2;
    const double g =
        0.5 * (1 - std::sqrt(std::pow(cBar, 7) / (std::pow(cBar, 7) + std::pow(25.0, 7))));
    const double a1p = (1 + g) * a1, a2p = (1 + g) * a2;
    const double c1p = std::hypot(a1p, b1), c2p = std::hypot(a2p, b2);
    auto hue = [&](double b, double a) {
        const double h = std::atan2(b, a) / deg;
        return h < 0 ? h + 360 : h;
    };
    const double h1p = hue(b1, a1p), h2p = hue(b2, a2p);
    double dh = 0;
    if (c1p * c2p != 0) {
        dh = h2p - h1p;
        if (dh > 180)
            dh -= 360;
        else if (dh < -180)
            dh += 360;
    }
    const double dL = l2 - l1, dC = c2p - c1p;
    const double dH = 2 * std::sqrt(c1p * c2p) * std::sin(dh / 2 * deg);
    const double lBar = (l1 + l2) / 2, cBarP = (c1p + c2p) / 2;
    double hBar = h1p + h2p;
    if (c1p * c2p != 0)
        hBar = std::abs(h1p - h2p) <= 180 ? hBar / 2
                                          : (hBar < 360 ? (hBar + 360) / 2 : (hBar - 360) / 2);
    const double t = 1 - 0.17 * std::cos((hBar - 30) * deg) + 0.24 * std::cos(2 * hBar * deg) +
                     0.32 * std::cos((3 * hBar + 6) * deg) - 0.20 * std::cos((4 * hBar - 63) * deg);
    const double dTheta = 30 * std::exp(-std::pow((hBar - 275) / 25, 2));
    const double rc = 2 * std::sqrt(std::pow(cBarP, 7) / (std::pow(cBarP, 7) + std::pow(25.0, 7)));
    const double sl = 1 + 0.015 * std::pow(lBar - 50, 2) / std::sqrt(20 + std::pow(lBar - 50, 2));
    const double sc = 1 + 0.045 * cBarP, sh = 1 + 0.015 * cBarP * t;
    const double rt = -std::sin(2 * dTheta * deg) * rc;
    return std::sqrt(std::pow(dL / sl, 2) + std::pow(dC / sc, 2) + std::pow(dH / sh, 2) +
                     rt * (dC / sc) * (dH / sh));
}
} // namespace

class TestColorScheme : public QObject
{
    Q_OBJECT

private slots:
    void cleanup() { ColorScheme::set(ColorScheme::Theme::Light, ColorScheme::Palette::Standard); }
    void outputStandsApartFromKeys_data();
    void outputStandsApartFromKeys();

    void okabeItoColours()
    {
        // Okabe & Ito (2008): vermilion, blue, bluish green, reddish purple.
        ColorScheme::set(ColorScheme::Theme::Light, ColorScheme::Palette::ColourBlind);
        QCOMPARE(ColorScheme::query(), QColor(213, 94, 0));
        QCOMPARE(ColorScheme::key(), QColor(0, 114, 178));
        QCOMPARE(ColorScheme::value(), QColor(0, 158, 115));
        QCOMPARE(ColorScheme::output(), QColor(204, 121, 167));
    }

    void articleColoursByDefault()
    {
        // TEACHING.md: query red, keys blue, values green, the output its own colour, dashed.
        QCOMPARE(ColorScheme::query(), QColor(0xd6, 0x27, 0x28));
        QCOMPARE(ColorScheme::key(), QColor(0x1f, 0x5f, 0xbf));
        QCOMPARE(ColorScheme::value(), QColor(0x2c, 0xa0, 0x2c));
        QCOMPARE(ColorScheme::background(), QColor(Qt::white));
        for (const Role r : {Role::Query, Role::Key, Role::Value, Role::Output})
            QCOMPARE(ColorScheme::head(r), Head::FilledTriangle);
        QCOMPARE(ColorScheme::line(Role::Output), Qt::DashLine);
        QCOMPARE(ColorScheme::line(Role::Query), Qt::SolidLine);
    }

    void colourBlindRolesDifferByShapeAndDash_data()
    {
        QTest::addColumn<int>("theme");
        QTest::newRow("light") << int(ColorScheme::Theme::Light);
        QTest::newRow("dark") << int(ColorScheme::Theme::Dark);
        QTest::newRow("high contrast") << int(ColorScheme::Theme::HighContrast);
    }
    void colourBlindRolesDifferByShapeAndDash()
    {
        QFETCH(int, theme);
        ColorScheme::set(ColorScheme::Theme(theme), ColorScheme::Palette::ColourBlind);
        // The issue's own list: filled triangle, open triangle, diamond, circle.
        QCOMPARE(ColorScheme::head(Role::Query), Head::FilledTriangle);
        QCOMPARE(ColorScheme::head(Role::Key), Head::OpenTriangle);
        QCOMPARE(ColorScheme::head(Role::Value), Head::Diamond);
        QCOMPARE(ColorScheme::head(Role::Output), Head::Circle);
        QCOMPARE(ColorScheme::line(Role::Value), Qt::DotLine);
        QCOMPARE(ColorScheme::line(Role::Output), Qt::DashLine);
        QSet<int> heads;
        for (const Role r : {Role::Query, Role::Key, Role::Value, Role::Output})
            heads.insert(int(ColorScheme::head(r)));
        QCOMPARE(heads.size(), 4);
    }

    void colourBlindPaletteSurvivesSimulation_data()
    {
        dataColumns<int, QString>("theme", "vision");
        for (const auto &[name, theme] :
             {std::pair{"light", ColorScheme::Theme::Light},
              std::pair{"dark", ColorScheme::Theme::Dark},
              std::pair{"high contrast", ColorScheme::Theme::HighContrast}})
            for (const char *vision : {"deuteranopia", "protanopia", "tritanopia"})
                QTest::addRow("%s, %s", name, vision) << int(theme) << QString::fromLatin1(vision);
    }
    void colourBlindPaletteSurvivesSimulation()
    {
        QFETCH(int, theme);
        QFETCH(QString, vision);
        ColorScheme::set(ColorScheme::Theme(theme), ColorScheme::Palette::ColourBlind);
        const Matrix3 &m = vision == QLatin1String("deuteranopia") ? kDeuteranopia
                           : vision == QLatin1String("protanopia") ? kProtanopia
                                                                   : kTritanopia;
        const QList<QColor> colours{ColorScheme::query(), ColorScheme::key(), ColorScheme::value(),
                                    ColorScheme::output(), ColorScheme::background()};
        // ΔE*ab above 15: told apart at a glance, not only side by side. (Okabe–Ito's own bluish
        // green and reddish purple come to 17.9 under deuteranopia: the shapes and dashes carry
        // the rest.)
        for (int i = 0; i < colours.size(); ++i)
            for (int j = i + 1; j < colours.size(); ++j) {
                const double d = deltaE(simulate(colours[i], m), simulate(colours[j], m));
                QVERIFY2(d > 15, qPrintable(QStringLiteral("%1 and %2: ΔE %3")
                                                .arg(colours[i].name(), colours[j].name())
                                                .arg(d, 0, 'f', 1)));
            }
    }

    void themesDarkenTheBackground_data()
    {
        dataColumns<int, QColor>("theme", "background");
        QTest::newRow("light") << int(ColorScheme::Theme::Light) << QColor(0xff, 0xff, 0xff);
        QTest::newRow("dark") << int(ColorScheme::Theme::Dark) << QColor(0x1b, 0x1e, 0x24);
        QTest::newRow("high contrast") << int(ColorScheme::Theme::HighContrast) << QColor(0, 0, 0);
    }
    void themesDarkenTheBackground()
    {
        QFETCH(int, theme);
        QFETCH(QColor, background);
        for (const auto palette :
             {ColorScheme::Palette::Standard, ColorScheme::Palette::ColourBlind}) {
            ColorScheme::set(ColorScheme::Theme(theme), palette);
            QCOMPARE(ColorScheme::background(), background);
            // The lesson's colours and the text stand out from the background (WCAG 3:1 for
            // graphics): luminance ratio.
            auto luminance = [](const QColor &c) {
                return 0.2126 * toLinear(c.redF()) + 0.7152 * toLinear(c.greenF()) +
                       0.0722 * toLinear(c.blueF());
            };
            const double bg = luminance(background);
            for (const QColor &c :
                 {ColorScheme::query(), ColorScheme::key(), ColorScheme::value(),
                  ColorScheme::output(), ColorScheme::text(), ColorScheme::keyColor(0, 3),
                  ColorScheme::keyColor(1, 3), ColorScheme::keyColor(2, 3)}) {
                const double l = luminance(c);
                const double ratio = (std::max(l, bg) + 0.05) / (std::min(l, bg) + 0.05);
                QVERIFY2(ratio >= 3.0, qPrintable(QStringLiteral("%1 on %2: %3")
                                                      .arg(c.name(), background.name())
                                                      .arg(ratio, 0, 'f', 2)));
            }
        }
    }
};

void TestColorScheme::outputStandsApartFromKeys_data()
{
    dataColumns<int, int>("theme", "palette");
    for (int t = 0; t < 3; ++t)
        for (int p = 0; p < 2; ++p)
            QTest::newRow(qPrintable(QStringLiteral("theme %1 palette %2").arg(t).arg(p)))
                << t << p;
}

void TestColorScheme::outputStandsApartFromKeys()
{
    // The first screen has three keys and the output: k3 (violet) and the output (purple) looked
    // alike. Every key of up to 8 keeps a clear perceptual distance from the output, and the
    // output from the query.
    QFETCH(int, theme);
    QFETCH(int, palette);
    ColorScheme::set(ColorScheme::Theme(theme), ColorScheme::Palette(palette));
    const QColor output = ColorScheme::output();
    for (int n = 1; n <= 8; ++n)
        for (int i = 0; i < n; ++i) {
            const double d = deltaE2000(ColorScheme::keyColor(i, n), output);
            QVERIFY2(d >= 22,
                     qPrintable(QStringLiteral("key %1 of %2: ΔE00 %3").arg(i + 1).arg(n).arg(d)));
        }
    QVERIFY(deltaE2000(ColorScheme::query(), output) >= 22);
    QVERIFY(deltaE2000(ColorScheme::value(), output) >= 22);
}

QTEST_MAIN(TestColorScheme)
#include "tst_colorscheme.moc"
