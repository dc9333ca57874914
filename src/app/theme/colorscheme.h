#pragma once

#include <QColor>

class QPalette;

/// The colours of the lesson's objects, in one place so that canvas, charts, heat map, table and
/// exports agree: query red, keys blue, values green, the output its own colour (drawn dashed).
///
/// Every accessor answers for the current theme (light, dark, high contrast) and palette (the
/// article's colours or the colour-blind-safe Okabe–Ito set). Appearance switches them and tells
/// the views to repaint; views ask here while painting and never keep a colour.
class ColorScheme
{
public:
    enum class Theme
    {
        Light,
        Dark,
        HighContrast
    };
    enum class Palette
    {
        Standard,
        /// Okabe–Ito colours; query, keys, values and output also differ by arrowhead and dash.
        ColourBlind
    };
    /// The lesson's four kinds of vector (and W's columns for the general score).
    enum class Role
    {
        Query,
        Key,
        Value,
        Output,
        GeneralColumn
    };
    /// The shape at an arrow's tip.
    enum class Head
    {
        FilledTriangle,
        OpenTriangle,
        Diamond,
        Circle
    };

    static Theme theme();
    static Palette palette();
    /// Switches every colour below. Only Appearance calls this: it also repaints the views.
    static void set(Theme theme, Palette palette);

    static QColor query();
    static QColor key();
    static QColor value();
    static QColor output();
    /// The columns of the general score's W, drawn as draggable arrows.
    static QColor generalColumn();
    static QColor colorOf(Role role);
    /// Key i of n: all in the blue family, neighbours told apart by hue and lightness so that a
    /// bar can be matched to its arrow; each with at least arrowContrast() on the background.
    static QColor keyColor(int index, int count);

    /// WCAG 2 relative luminance (0 black … 1 white) and contrast ratio (1 … 21).
    static double luminance(const QColor &color);
    static double contrast(const QColor &a, const QColor &b);
    /// The contrast the keys keep against the background at full strength (4.5:1, 7:1 in high
    /// contrast), and the least any faded emphasis keeps (3:1, WCAG's figure for graphics; 4.5:1
    /// in high contrast).
    static double arrowContrast();
    static double faintestContrast();
    /// Weight emphasis that stays legible: `opacity` (0 … 1) mapped onto the opacities from the
    /// least that keeps faintestContrast() up to 1, so that a lighter weight still draws fainter
    /// but never vanishes into the background (dark themes drew the faintest keys near black).
    static double legibleOpacity(const QColor &color, double opacity);
    /// `color` at legibleOpacity(color, opacity) over the background, as an opaque colour.
    static QColor faded(const QColor &color, double opacity);
    /// The arrowhead of `role`: all filled triangles in the standard palette; four different
    /// shapes in the colour-blind one, so that colour is never the only difference.
    static Head head(Role role);
    /// The shaft's dash: the output is always dashed; in the colour-blind palette the values are
    /// dotted as well.
    static Qt::PenStyle line(Role role);

    static QColor grid();
    /// The canvas grid's lines between the labelled ones, and the labelled ones: fainter and
    /// stronger than grid() on every background.
    static QColor gridMinor();
    static QColor gridMajor();
    static QColor axis();
    static QColor text();
    static QColor background();
    /// A tinted background for formulas and alternate table rows.
    static QColor panel();
    /// The walkthrough's current step, and its bar above the canvas.
    static QColor highlight();
    static QColor error();
    static QColor errorBackground();
    /// The heat maps' ramp: weight 0 at `heatLow`, 0.5 at the key colour, 1 at `heatHigh`.
    static QColor heatLow();
    static QColor heatHigh();
    /// Text on `fill`: white or the theme's dark text, whichever contrasts more with it (in the
    /// dark themes both ends of the ramp can occur).
    static QColor textOn(const QColor &fill);

    /// The widgets' palette for `theme`: Fusion colours for dark and high contrast; for light,
    /// `light` (the platform's own palette, kept by Appearance).
    static QPalette widgetPalette(Theme theme, const QPalette &light);

    /// True when white text reads better than dark text on `fill` (relative luminance < 0.5).
    static bool isDark(const QColor &fill)
    {
        return 0.2126 * fill.redF() + 0.7152 * fill.greenF() + 0.0722 * fill.blueF() < 0.5;
    }
};
