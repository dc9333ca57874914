#include "appsettings.h"

#include "theme/appearance.h"

#include <QDataStream>
#include <QRect>
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
    // QWidget::restoreGeometry() accepts a truncated record and makes a window of whatever the
    // missing bytes read as. Read the record first (Qt 6's layout, versions 1.0 to 3.x) and
    // keep it only when it is whole and describes a usable window.
    const QByteArray bytes = readBytes(kGeometryKey);
    QDataStream in(bytes);
    in.setVersion(QDataStream::Qt_4_0);
    quint32 magic = 0;
    quint16 major = 0, minor = 0;
    QRect frame, normal;
    qint32 screen = 0;
    quint8 maximized = 0, fullScreen = 0;
    in >> magic >> major >> minor >> frame >> normal >> screen >> maximized >> fullScreen;
    if (minor >= 1) {
        qint32 screenWidth = 0;
        in >> screenWidth;
    }
    if (minor >= 3) {
        QRect geometry;
        in >> geometry;
    }
    constexpr quint32 kMagic = 0x1D9D0CB;
    constexpr int kSmallest = 200; // narrower or lower is not a window anyone left behind
    if (in.status() != QDataStream::Ok || magic != kMagic || major != 3 ||
        normal.width() < kSmallest || normal.height() < kSmallest)
        return {};
    return bytes;
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
