#include "theme/colorscheme.h"

#include "theme/themetable.h"

#include <QPalette>

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

namespace {

double channelToLinear(double c)
{
    return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
}

QColor mix(const QColor &color, const QColor &background, double a)
{
    return QColor::fromRgbF(float(a * color.redF() + (1 - a) * background.redF()),
                            float(a * color.greenF() + (1 - a) * background.greenF()),
                            float(a * color.blueF() + (1 - a) * background.blueF()));
}

// How each role is drawn apart from its colour, [palette][role] in the enums' order: in the
// standard palette filled triangles, the output dashed; in the colour-blind one four arrowheads
// and the values dotted as well, so that colour is never the only difference.
struct RoleShape
{
    ColorScheme::Head head;
    Qt::PenStyle line;
};
using H = ColorScheme::Head;
const RoleShape kRoleShapes[2][5] = {
    // query, key, value, output, general column
    {{H::FilledTriangle, Qt::SolidLine},
     {H::FilledTriangle, Qt::SolidLine},
     {H::FilledTriangle, Qt::SolidLine},
     {H::FilledTriangle, Qt::DashLine},
     {H::FilledTriangle, Qt::SolidLine}},
    {{H::FilledTriangle, Qt::SolidLine},
     {H::OpenTriangle, Qt::SolidLine},
     {H::Diamond, Qt::DotLine},
     {H::Circle, Qt::DashLine},
     {H::FilledTriangle, Qt::DashDotLine}},
};

ColorScheme::Theme g_theme = ColorScheme::Theme::Light;
ColorScheme::Palette g_palette = ColorScheme::Palette::Standard;

} // namespace

ColorScheme::Theme ColorScheme::theme()
{
    return g_theme;
}

ColorScheme::Palette ColorScheme::palette()
{
    return g_palette;
}

void ColorScheme::set(Theme theme, Palette palette)
{
    g_theme = theme;
    g_palette = palette;
}

QColor ColorScheme::query()
{
    return ThemeTable::currentLesson().query;
}

QColor ColorScheme::key()
{
    return ThemeTable::currentLesson().key;
}

QColor ColorScheme::value()
{
    return ThemeTable::currentLesson().value;
}

QColor ColorScheme::output()
{
    return ThemeTable::currentLesson().output;
}

QColor ColorScheme::generalColumn()
{
    return ThemeTable::currentLesson().generalColumn;
}

QColor ColorScheme::colorOf(Role role)
{
    switch (role) {
    case Role::Query:
        return query();
    case Role::Key:
        return key();
    case Role::Value:
        return value();
    case Role::Output:
        return output();
    case Role::GeneralColumn:
        break;
    }
    return generalColumn();
}

QColor ColorScheme::keyColor(int index, int count)
{
    // Hues across the family (sky blue to blue in the article's colours); alternate lightness
    // so that neighbours differ even when 64 keys share a few tens of degrees of hue.
    const ThemeTable::KeyFamily &f = ThemeTable::currentLesson().keys;
    int hue = 0, saturation = 0, lightness = 0;
    if (count <= 1) {
        key().getHsl(&hue, &saturation, &lightness);
    } else {
        const double t = double(index) / double(count - 1);
        hue = int(f.hueFrom + (f.hueTo - f.hueFrom) * t);
        saturation = f.saturation;
        lightness = (index % 2) ? f.lightnessOdd : f.lightnessEven;
    }
    QColor color = count <= 1 ? key() : QColor::fromHsl(hue, saturation, lightness);
    // Some hues are much lighter than others at the same HSL lightness (sky blue against blue):
    // each key is moved away from the background until it has the arrows' contrast. That search
    // costs dozens of pow() and every view asks for every key on every frame of a drag; the
    // answer depends only on the theme, the palette, the index and the count.
    thread_local std::map<std::tuple<int, int, int, int>, QColor> known;
    const auto memo = std::make_tuple(int(g_theme), int(g_palette), index, count);
    if (const auto it = known.find(memo); it != known.end())
        return it->second;
    if (known.size() > 4096)
        known.clear();
    const QColor bg = background();
    const int step = isDark(bg) ? 4 : -4;
    while (contrast(color, bg) < arrowContrast() && lightness + step > 0 &&
           lightness + step < 255) {
        lightness += step;
        color = QColor::fromHsl(hue, saturation, lightness);
    }
    known.emplace(memo, color);
    return color;
}

double ColorScheme::luminance(const QColor &color)
{
    return 0.2126 * channelToLinear(color.redF()) + 0.7152 * channelToLinear(color.greenF()) +
           0.0722 * channelToLinear(color.blueF());
}

double ColorScheme::contrast(const QColor &a, const QColor &b)
{
    const double la = luminance(a), lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

double ColorScheme::arrowContrast()
{
    return g_theme == Theme::HighContrast ? 7.0 : 4.5;
}

double ColorScheme::faintestContrast()
{
    return g_theme == Theme::HighContrast ? 4.5 : 3.0;
}

double ColorScheme::legibleOpacity(const QColor &color, double opacity)
{
    // The least opacity that keeps faintestContrast() against the background: luminance moves
    // monotonically from the background's to the colour's as the opacity grows.
    const QColor bg = background();
    const double target = faintestContrast();
    // The least opacity depends only on the two colours and the target, and its bisection costs
    // 78 pow(): faded keys and beams ask for it per key on every frame of a drag. Keyed by the
    // 16-bit channels every non-extended colour's redF() … blueF() come from.
    thread_local std::map<std::tuple<quint64, quint64, double>, double> known;
    const bool exact = color.spec() != QColor::ExtendedRgb && bg.spec() != QColor::ExtendedRgb;
    const auto memo = std::make_tuple(quint64(color.rgba64()) | 0xffff000000000000ULL,
                                      quint64(bg.rgba64()) | 0xffff000000000000ULL, target);
    if (exact) {
        if (const auto it = known.find(memo); it != known.end())
            return it->second + (1 - it->second) * std::clamp(opacity, 0.0, 1.0);
    }
    double lowest = 1;
    if (contrast(color, bg) > target) {
        double lo = 0, hi = 1;
        for (int i = 0; i < 12; ++i) {
            const double mid = (lo + hi) / 2;
            (contrast(mix(color, bg, mid), bg) >= target ? hi : lo) = mid;
        }
        lowest = hi;
    }
    if (exact) {
        if (known.size() > 4096)
            known.clear();
        known.emplace(memo, lowest);
    }
    return lowest + (1 - lowest) * std::clamp(opacity, 0.0, 1.0);
}

QColor ColorScheme::faded(const QColor &color, double opacity)
{
    return mix(color, background(), legibleOpacity(color, opacity));
}

ColorScheme::Head ColorScheme::head(Role role)
{
    return kRoleShapes[int(g_palette)][int(role)].head;
}

Qt::PenStyle ColorScheme::line(Role role)
{
    return kRoleShapes[int(g_palette)][int(role)].line;
}

QColor ColorScheme::grid()
{
    return ThemeTable::currentCanvas().grid;
}

QColor ColorScheme::gridMinor()
{
    // On a dark background "stronger" means lighter.
    return g_theme == Theme::Light ? grid().lighter(104) : grid().darker(125);
}

QColor ColorScheme::gridMajor()
{
    return g_theme == Theme::Light ? grid().darker(112) : grid().lighter(135);
}

QColor ColorScheme::axis()
{
    return ThemeTable::currentCanvas().axis;
}

QColor ColorScheme::text()
{
    return ThemeTable::currentCanvas().text;
}

QColor ColorScheme::background()
{
    return ThemeTable::currentCanvas().background;
}

QColor ColorScheme::panel()
{
    return ThemeTable::currentCanvas().panel;
}

QColor ColorScheme::highlight()
{
    return ThemeTable::currentCanvas().highlight;
}

QColor ColorScheme::error()
{
    return ThemeTable::currentCanvas().error;
}

QColor ColorScheme::errorBackground()
{
    return ThemeTable::currentCanvas().errorBackground;
}

QColor ColorScheme::heatLow()
{
    return ThemeTable::currentCanvas().heatLow;
}

QColor ColorScheme::heatHigh()
{
    return ThemeTable::currentCanvas().heatHigh;
}

QColor ColorScheme::textOn(const QColor &fill)
{
    // Whichever of white and the dark text contrasts more (WCAG): mid-tones such as the key blue
    // were judged by a rougher brightness and could get the weaker one.
    // Black rather than the theme's near-black: where neither wins clearly (mid blues), it is
    // what keeps 4.5:1.
    const QColor white(Qt::white), dark(Qt::black);
    // The heat maps ask for every cell on every frame of a drag, and each answer costs a dozen
    // pow(); it depends only on the fill's 16-bit channels (as for legibleOpacity()).
    thread_local std::map<quint64, bool> known;
    const bool exact = fill.spec() != QColor::ExtendedRgb;
    const quint64 memo = quint64(fill.rgba64());
    if (exact) {
        if (const auto it = known.find(memo); it != known.end())
            return it->second ? white : dark;
    }
    const bool onWhite = contrast(fill, white) >= contrast(fill, dark);
    if (exact) {
        if (known.size() > 4096)
            known.clear();
        known.emplace(memo, onWhite);
    }
    return onWhite ? white : dark;
}

QPalette ColorScheme::widgetPalette(Theme theme, const QPalette &light)
{
    const auto &widgets = ThemeTable::entry(theme).widgets;
    return widgets ? ThemeTable::palette(*widgets) : light;
}
