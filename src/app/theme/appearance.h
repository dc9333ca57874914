#pragma once

#include "theme/colorscheme.h"

#include <QObject>
#include <QPalette>
#include <QString>

/// How the lesson looks right now: the theme and palette of ColorScheme, and the line scale of
/// presentation mode. One per application. Changing any of them sets the widgets' palette (Fusion
/// for the dark themes, so that every control follows), repaints every widget and emits
/// changed(), which the views that keep colours (charts, rich text) use to recolour.
class Appearance : public QObject
{
    Q_OBJECT

public:
    static Appearance *instance();

    ColorScheme::Theme theme() const { return ColorScheme::theme(); }
    ColorScheme::Palette palette() const { return ColorScheme::palette(); }
    /// Widths of arrows and lines: 1, larger in presentation mode.
    double lineScale() const { return m_lineScale; }

    void setTheme(ColorScheme::Theme theme);
    void setPalette(ColorScheme::Palette palette);
    void setLineScale(double scale);

    /// The names used in settings and on the command line: "light", "dark", "high-contrast";
    /// "standard", "colour-blind".
    static QString themeName(ColorScheme::Theme theme);
    static QString paletteName(ColorScheme::Palette palette);
    /// The theme or palette called `name`, or false when there is none of that name.
    static bool themeFromName(const QString &name, ColorScheme::Theme *theme);
    static bool paletteFromName(const QString &name, ColorScheme::Palette *palette);

signals:
    void changed();

private:
    Appearance();
    void apply(ColorScheme::Theme theme, ColorScheme::Palette palette);

    double m_lineScale = 1.0;
    // The platform's own look, taken before the first dark theme replaces it and given back
    // by the light theme.
    bool m_haveLightLook = false;
    QString m_lightStyle;
    QPalette m_lightPalette;
};
