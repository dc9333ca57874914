#include "appsettings.h"

#include "appearance.h"

#include <QSettings>
#include <QVariant>

namespace {
const QString kThemeKey = QStringLiteral("appearance/theme");
const QString kPaletteKey = QStringLiteral("appearance/palette");
const QString kSnapKey = QStringLiteral("canvas/snapToGrid");
const QString kGeometryKey = QStringLiteral("window/geometry");
const QString kStateKey = QStringLiteral("window/state");

QString readString(const QString &key)
{
    const QVariant v = QSettings().value(key);
    return v.typeId() == QMetaType::QString ? v.toString() : QString();
}

QByteArray readBytes(const QString &key)
{
    const QVariant v = QSettings().value(key);
    return v.typeId() == QMetaType::QByteArray ? v.toByteArray() : QByteArray();
}
} // namespace

ColorScheme::Theme AppSettings::theme()
{
    ColorScheme::Theme theme = ColorScheme::Theme::Light;
    Appearance::themeFromName(readString(kThemeKey), &theme);
    return theme;
}

void AppSettings::setTheme(ColorScheme::Theme theme)
{
    QSettings().setValue(kThemeKey, Appearance::themeName(theme));
}

ColorScheme::Palette AppSettings::palette()
{
    ColorScheme::Palette palette = ColorScheme::Palette::Standard;
    Appearance::paletteFromName(readString(kPaletteKey), &palette);
    return palette;
}

void AppSettings::setPalette(ColorScheme::Palette palette)
{
    QSettings().setValue(kPaletteKey, Appearance::paletteName(palette));
}

bool AppSettings::snapToGrid()
{
    // INI files hold booleans as the words true and false; anything else is not an answer.
    const QVariant v = QSettings().value(kSnapKey);
    if (v.typeId() == QMetaType::Bool)
        return v.toBool();
    return readString(kSnapKey).compare(QLatin1String("false"), Qt::CaseInsensitive) != 0;
}

void AppSettings::setSnapToGrid(bool on)
{
    QSettings().setValue(kSnapKey, on);
}

QByteArray AppSettings::windowGeometry()
{
    return readBytes(kGeometryKey);
}

QByteArray AppSettings::windowState()
{
    return readBytes(kStateKey);
}

void AppSettings::setWindowLayout(const QByteArray &geometry, const QByteArray &state)
{
    QSettings settings;
    settings.setValue(kGeometryKey, geometry);
    settings.setValue(kStateKey, state);
}
