#pragma once

#include "theme/colorscheme.h"

#include <QColor>
#include <QPalette>
#include <QString>

#include <optional>
#include <span>

/// The colour themes as data: one row per ColorScheme::Theme holding everything that differs
/// between themes (its name, how the widgets are drawn, the lesson's colours in both palettes,
/// the canvas's colours and the widgets' palette). ColorScheme and Appearance read only this, so a
/// theme is added or changed here and nowhere else.
namespace ThemeTable {

/// The keys' colours: hues from hueFrom to hueTo across the keys, alternating two HSL
/// lightnesses so that neighbours differ.
struct KeyFamily
{
    int hueFrom;
    int hueTo;
    int saturation;
    int lightnessEven; ///< QColor::fromHsl lightness of keys 1, 3, 5, …
    int lightnessOdd;  ///< and of keys 2, 4, 6, …
};

/// The lesson's colours in one palette on one theme's background.
struct Lesson
{
    QColor query, key, value, output, generalColumn;
    KeyFamily keys;
};

/// A theme's own colours for the canvas, charts, heat maps and rich text.
struct Canvas
{
    QColor grid, axis, text, background, panel, highlight, error, errorBackground;
    /// The heat maps' ramp; on a dark background more weight is more light.
    QColor heatLow, heatHigh;
};

/// What draws the widgets.
enum class WidgetStyle
{
    Platform,    ///< the platform's own style and palette, as they were before any other theme
    Fusion,      ///< Fusion, which draws every control from the palette
    HighContrast ///< Fusion with an edge on every control (HighContrastStyle)
};

/// The widgets' palette of a dark theme (Fusion draws frames and bevels from light … shadow).
struct WidgetColours
{
    QColor window, base, alternateBase, toolTipBase, text, button, disabledText, brightText;
    QColor light, midlight, mid, dark, shadow;
    QColor highlight, highlightedText, link, linkVisited, disabledHighlight;
};

struct Entry
{
    ColorScheme::Theme theme;
    /// Its name in settings and on the command line.
    const char *name;
    WidgetStyle style;
    /// The lesson's colours, one per ColorScheme::Palette in the enum's order.
    Lesson lessons[2];
    Canvas canvas;
    /// The widgets' palette; none for the platform's own.
    std::optional<WidgetColours> widgets;
};

/// Every theme, in the order of ColorScheme::Theme.
std::span<const Entry> entries();
const Entry &entry(ColorScheme::Theme theme);

/// `colours` as a QPalette (the roles not named keep QPalette's defaults).
QPalette palette(const WidgetColours &colours);

/// The colours of the current theme and palette (ColorScheme::theme(), ColorScheme::palette()).
const Lesson &currentLesson();
const Canvas &currentCanvas();

} // namespace ThemeTable
