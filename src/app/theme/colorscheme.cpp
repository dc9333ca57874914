#include "theme/colorscheme.h"

#include <QPalette>

#include <algorithm>
#include <cmath>

namespace {

struct KeyFamily
{
    int hueFrom;
    int hueTo;
    int saturation;
    int lightnessEven; ///< QColor::fromHsl lightness of keys 1, 3, 5, …
    int lightnessOdd;  ///< and of keys 2, 4, 6, …
};

struct Scheme
{
    QColor query, key, value, output, generalColumn;
    KeyFamily keys;
    QColor grid, axis, text, background, panel, highlight, error, errorBackground;
    QColor heatLow, heatHigh;
};

// The lesson's colours on a theme's background. Dark and high-contrast backgrounds need lighter
// arrows than white paper: the same hue, raised until it stands out against the background.
struct Lesson
{
    QColor query, key, value, output, generalColumn;
    KeyFamily keys;
};

// The article's colours: query red, keys blue, values green, the output purple.
// The keys stop at blue (hue 230): beyond it they turn violet and meet the output's purple, which
// leans to red for the same reason (k3 and the output looked alike on the first screen).
const Lesson kArticleLight{QColor(0xd6, 0x27, 0x28), QColor(0x1f, 0x5f, 0xbf),
                           QColor(0x2c, 0xa0, 0x2c), QColor(0xa0, 0x30, 0x8a),
                           QColor(0xe6, 0x7e, 0x22), {195, 230, 190, 95, 120}};
const Lesson kArticleDark{QColor(0xff, 0x6b, 0x6b), QColor(0x5b, 0x9b, 0xff),
                          QColor(0x5c, 0xd6, 0x5c), QColor(0xe5, 0x8f, 0xd0),
                          QColor(0xff, 0xa5, 0x4d), {195, 225, 210, 185, 160}};
const Lesson kArticleContrast{QColor(0xff, 0x5c, 0x5c), QColor(0x4d, 0xa3, 0xff),
                              QColor(0x3c, 0xf0, 0x3c), QColor(0xff, 0x7a, 0xff),
                              QColor(0xff, 0xb3, 0x00), {195, 225, 255, 195, 170}};
// Okabe & Ito (2008): vermilion, blue, bluish green and reddish purple stay apart for the common
// forms of colour blindness. On dark backgrounds each is lightened just enough to stand out, the
// variants chosen for the largest difference under simulated deuteranopia, protanopia and
// tritanopia (tst_colorscheme).
const Lesson kOkabeItoLight{QColor(0xd5, 0x5e, 0x00), QColor(0x00, 0x72, 0xb2),
                            QColor(0x00, 0x9e, 0x73), QColor(0xcc, 0x79, 0xa7),
                            QColor(0xe6, 0x9f, 0x00), {195, 215, 255, 85, 125}};
const Lesson kOkabeItoDark{QColor(0xe6, 0x6a, 0x1a), QColor(0x2f, 0x8f, 0xd6),
                           QColor(0x1a, 0xd1, 0x9a), QColor(0xb8, 0x5c, 0x95),
                           QColor(0xf0, 0xe4, 0x42), {195, 215, 200, 150, 125}};
const Lesson kOkabeItoContrast{QColor(0xff, 0x7a, 0x26), QColor(0x2f, 0x8f, 0xd6),
                               QColor(0x00, 0xe0, 0xa0), QColor(0xf5, 0x9b, 0xd0),
                               QColor(0xf0, 0xe4, 0x42), {195, 215, 230, 165, 135}};

// A theme's own colours, one row per theme (in the order of ColorScheme::Theme).
struct ThemeColours
{
    QColor grid, axis, text, background, panel, highlight, error, errorBackground;
    /// The heat maps' ramp; on a dark background more weight is more light.
    QColor heatLow, heatHigh;
};
const ThemeColours kThemes[] = {
    // Light
    {QColor(0xe4, 0xe7, 0xeb), QColor(0x55, 0x5b, 0x66), QColor(0x22, 0x26, 0x2e),
     QColor(0xff, 0xff, 0xff), QColor(0xf1, 0xf4, 0xf8), QColor(0xff, 0xf1, 0xc2),
     QColor(0xb0, 0x00, 0x20), QColor(0xfd, 0xed, 0xec), QColor(0xf3, 0xf7, 0xfc),
     QColor(0x0a, 0x1f, 0x4d)},
    // Dark
    {QColor(0x33, 0x38, 0x41), QColor(0x9a, 0xa3, 0xaf), QColor(0xe8, 0xea, 0xee),
     QColor(0x1b, 0x1e, 0x24), QColor(0x26, 0x2a, 0x31), QColor(0x5a, 0x4a, 0x14),
     QColor(0xff, 0x7b, 0x8c), QColor(0x3d, 0x1f, 0x24), QColor(0x22, 0x28, 0x33),
     QColor(0xe4, 0xee, 0xff)},
    // High contrast
    {QColor(0x4d, 0x4d, 0x4d), QColor(0xff, 0xff, 0xff), QColor(0xff, 0xff, 0xff),
     QColor(0x00, 0x00, 0x00), QColor(0x1a, 0x1a, 0x1a), QColor(0x4d, 0x45, 0x00),
     QColor(0xff, 0x6e, 0x6e), QColor(0x33, 0x00, 0x00), QColor(0x0d, 0x0d, 0x0d),
     QColor(0xff, 0xff, 0xff)},
};

Scheme make(const Lesson &lesson, ColorScheme::Theme theme)
{
    Scheme s;
    s.query = lesson.query;
    s.key = lesson.key;
    s.value = lesson.value;
    s.output = lesson.output;
    s.generalColumn = lesson.generalColumn;
    s.keys = lesson.keys;
    const ThemeColours &t = kThemes[int(theme)];
    s.grid = t.grid;
    s.axis = t.axis;
    s.text = t.text;
    s.background = t.background;
    s.panel = t.panel;
    s.highlight = t.highlight;
    s.error = t.error;
    s.errorBackground = t.errorBackground;
    s.heatLow = t.heatLow;
    s.heatHigh = t.heatHigh;
    return s;
}

// [palette][theme], in the order of the enums.
const Lesson *const kLessons[2][3] = {{&kArticleLight, &kArticleDark, &kArticleContrast},
                                      {&kOkabeItoLight, &kOkabeItoDark, &kOkabeItoContrast}};

const Lesson &lessonFor(ColorScheme::Theme theme, ColorScheme::Palette palette)
{
    return *kLessons[int(palette)][int(theme)];
}

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

ColorScheme::Theme g_theme = ColorScheme::Theme::Light;
ColorScheme::Palette g_palette = ColorScheme::Palette::Standard;

Scheme &current()
{
    static Scheme scheme = make(kArticleLight, ColorScheme::Theme::Light);
    return scheme;
}

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
    current() = make(lessonFor(theme, palette), theme);
}

QColor ColorScheme::query()
{
    return current().query;
}

QColor ColorScheme::key()
{
    return current().key;
}

QColor ColorScheme::value()
{
    return current().value;
}

QColor ColorScheme::output()
{
    return current().output;
}

QColor ColorScheme::generalColumn()
{
    return current().generalColumn;
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
    const KeyFamily &f = current().keys;
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
    // each key is moved away from the background until it has the arrows' contrast.
    const QColor bg = background();
    const int step = isDark(bg) ? 4 : -4;
    while (contrast(color, bg) < arrowContrast() && lightness + step > 0 &&
           lightness + step < 255) {
        lightness += step;
        color = QColor::fromHsl(hue, saturation, lightness);
    }
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
    double lowest = 1;
    if (contrast(color, bg) > target) {
        double lo = 0, hi = 1;
        for (int i = 0; i < 12; ++i) {
            const double mid = (lo + hi) / 2;
            (contrast(mix(color, bg, mid), bg) >= target ? hi : lo) = mid;
        }
        lowest = hi;
    }
    return lowest + (1 - lowest) * std::clamp(opacity, 0.0, 1.0);
}

QColor ColorScheme::faded(const QColor &color, double opacity)
{
    return mix(color, background(), legibleOpacity(color, opacity));
}

ColorScheme::Head ColorScheme::head(Role role)
{
    if (g_palette != Palette::ColourBlind)
        return Head::FilledTriangle;
    switch (role) {
    case Role::Key:
        return Head::OpenTriangle;
    case Role::Value:
        return Head::Diamond;
    case Role::Output:
        return Head::Circle;
    case Role::Query:
    case Role::GeneralColumn:
        break;
    }
    return Head::FilledTriangle;
}

Qt::PenStyle ColorScheme::line(Role role)
{
    if (role == Role::Output)
        return Qt::DashLine;
    if (g_palette != Palette::ColourBlind)
        return Qt::SolidLine;
    switch (role) {
    case Role::Value:
        return Qt::DotLine;
    case Role::GeneralColumn:
        return Qt::DashDotLine;
    case Role::Query:
    case Role::Key:
    case Role::Output:
        break;
    }
    return Qt::SolidLine;
}

QColor ColorScheme::grid()
{
    return current().grid;
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
    return current().axis;
}

QColor ColorScheme::text()
{
    return current().text;
}

QColor ColorScheme::background()
{
    return current().background;
}

QColor ColorScheme::panel()
{
    return current().panel;
}

QColor ColorScheme::highlight()
{
    return current().highlight;
}

QColor ColorScheme::error()
{
    return current().error;
}

QColor ColorScheme::errorBackground()
{
    return current().errorBackground;
}

QColor ColorScheme::heatLow()
{
    return current().heatLow;
}

QColor ColorScheme::heatHigh()
{
    return current().heatHigh;
}

QColor ColorScheme::textOn(const QColor &fill)
{
    // Whichever of white and the dark text contrasts more (WCAG): mid-tones such as the key blue
    // were judged by a rougher brightness and could get the weaker one.
    // Black rather than the theme's near-black: where neither wins clearly (mid blues), it is
    // what keeps 4.5:1.
    const QColor white(Qt::white), dark(Qt::black);
    return contrast(fill, white) >= contrast(fill, dark) ? white : dark;
}

QPalette ColorScheme::widgetPalette(Theme theme, const QPalette &light)
{
    if (theme == Theme::Light)
        return light;
    QPalette p;
    const bool dark = theme == Theme::Dark;
    const QColor window = dark ? QColor(0x2b, 0x2f, 0x36) : QColor(0x00, 0x00, 0x00);
    const QColor base = dark ? QColor(0x1f, 0x22, 0x27) : QColor(0x00, 0x00, 0x00);
    const QColor text = dark ? QColor(0xe8, 0xea, 0xee) : QColor(0xff, 0xff, 0xff);
    const QColor button = dark ? QColor(0x3a, 0x3f, 0x48) : QColor(0x00, 0x00, 0x00);
    const QColor disabled = dark ? QColor(0x80, 0x86, 0x90) : QColor(0xa0, 0xa0, 0xa0);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, dark ? QColor(0x27, 0x2b, 0x32) : QColor(0x1a, 0x1a, 0x1a));
    p.setColor(QPalette::ToolTipBase, dark ? QColor(0x33, 0x38, 0x41) : QColor(0x00, 0x00, 0x00));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, disabled);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, button);
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, dark ? QColor(0xff, 0x7b, 0x8c) : QColor(0xff, 0xff, 0x00));
    // Fusion draws frames and bevels from these; high contrast wants them bright.
    p.setColor(QPalette::Light, dark ? QColor(0x50, 0x56, 0x60) : QColor(0xff, 0xff, 0xff));
    p.setColor(QPalette::Midlight, dark ? QColor(0x44, 0x49, 0x52) : QColor(0xc0, 0xc0, 0xc0));
    p.setColor(QPalette::Mid, dark ? QColor(0x30, 0x34, 0x3b) : QColor(0xc0, 0xc0, 0xc0));
    p.setColor(QPalette::Dark, dark ? QColor(0x18, 0x1a, 0x1e) : QColor(0xff, 0xff, 0xff));
    p.setColor(QPalette::Shadow, dark ? QColor(0x0c, 0x0d, 0x0f) : QColor(0xff, 0xff, 0xff));
    // High contrast selects in yellow with black text, as the platforms' own contrast themes do.
    p.setColor(QPalette::Highlight, dark ? QColor(0x3d, 0x7b, 0xd9) : QColor(0xff, 0xff, 0x00));
    p.setColor(QPalette::HighlightedText, dark ? QColor(0xff, 0xff, 0xff) : QColor(0, 0, 0));
    p.setColor(QPalette::Link, dark ? QColor(0x7a, 0xb7, 0xff) : QColor(0x00, 0xff, 0xff));
    p.setColor(QPalette::LinkVisited, dark ? QColor(0xc4, 0x9b, 0xff) : QColor(0xff, 0x80, 0xff));
    for (const auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, disabled);
    p.setColor(QPalette::Disabled, QPalette::Highlight,
               dark ? QColor(0x50, 0x56, 0x60) : QColor(0x60, 0x60, 0x60));
    return p;
}
