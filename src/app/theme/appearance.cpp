#include "theme/appearance.h"

#include "theme/highcontraststyle.h"
#include "theme/themetable.h"

#include <QApplication>
#include <QStyle>
#include <QStyleFactory>
#include <QWidget>

Appearance::Appearance() = default;

Appearance *Appearance::instance()
{
    // Never deleted: views connect to it from constructors and may outlive any owner chosen here.
    static Appearance *appearance = new Appearance;
    return appearance;
}

void Appearance::setTheme(ColorScheme::Theme theme)
{
    if (theme != ColorScheme::theme())
        apply(theme, ColorScheme::palette());
}

void Appearance::setPalette(ColorScheme::Palette palette)
{
    if (palette != ColorScheme::palette())
        apply(ColorScheme::theme(), palette);
}

void Appearance::setLineScale(double scale)
{
    if (scale == m_lineScale)
        return;
    m_lineScale = scale;
    apply(ColorScheme::theme(), ColorScheme::palette());
}

void Appearance::apply(ColorScheme::Theme theme, ColorScheme::Palette palette)
{
    const bool themeChanged = theme != ColorScheme::theme();
    ColorScheme::set(theme, palette);
    auto *app = qobject_cast<QApplication *>(QCoreApplication::instance());
    if (app && themeChanged) {
        if (!m_haveLightLook) {
            m_haveLightLook = true;
            m_lightStyle = QApplication::style()->name();
            m_lightPalette = QApplication::palette();
        }
        // The platform styles may ignore a dark palette; Fusion draws every control from it,
        // and for high contrast with an edge that Fusion's own shades would leave invisible.
        const ThemeTable::WidgetStyle style = ThemeTable::entry(theme).style;
        if (style == ThemeTable::WidgetStyle::HighContrast)
            QApplication::setStyle(new HighContrastStyle);
        else if (QStyle *s = QStyleFactory::create(style == ThemeTable::WidgetStyle::Platform
                                                       ? m_lightStyle
                                                       : QStringLiteral("fusion")))
            QApplication::setStyle(s);
        QApplication::setPalette(ColorScheme::widgetPalette(theme, m_lightPalette));
    }
    if (app) {
        // The painted views ask ColorScheme while painting: a repaint is all they need.
        const auto widgets = QApplication::allWidgets();
        for (QWidget *w : widgets)
            w->update();
    }
    emit changed();
}

QString Appearance::themeName(ColorScheme::Theme theme)
{
    return QString::fromLatin1(ThemeTable::entry(theme).name);
}

QString Appearance::paletteName(ColorScheme::Palette palette)
{
    return palette == ColorScheme::Palette::ColourBlind ? QStringLiteral("colour-blind")
                                                        : QStringLiteral("standard");
}

bool Appearance::themeFromName(const QString &name, ColorScheme::Theme *theme)
{
    for (const ThemeTable::Entry &e : ThemeTable::entries()) {
        if (name == QLatin1String(e.name)) {
            *theme = e.theme;
            return true;
        }
    }
    return false;
}

bool Appearance::paletteFromName(const QString &name, ColorScheme::Palette *palette)
{
    for (const auto p : {ColorScheme::Palette::Standard, ColorScheme::Palette::ColourBlind}) {
        if (name == paletteName(p)) {
            *palette = p;
            return true;
        }
    }
    return false;
}
