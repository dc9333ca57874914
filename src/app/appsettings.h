#pragma once

#include "theme/colorscheme.h"

#include <QByteArray>

/// The window's own settings in QSettings (organisation "AttentionCanvas", application
/// "attention-canvas"): theme, palette, snapping, and the window's geometry and dock layout.
/// (Language, recent files and the last folder live with main.cpp, Language and
/// SceneDocument.)
///
/// A value of the wrong type — a corrupt file, a file from another program or another version,
/// a hand edit — reads as the default: nothing here trusts what it finds.
class AppSettings
{
public:
    static ColorScheme::Theme theme();
    static void setTheme(ColorScheme::Theme theme);
    static ColorScheme::Palette palette();
    static void setPalette(ColorScheme::Palette palette);
    /// On unless saved off.
    static bool snapToGrid();
    static void setSnapToGrid(bool on);

    /// QWidget::saveGeometry() and QMainWindow::saveState() as saved, or empty.
    static QByteArray windowGeometry();
    static QByteArray windowState();
    static void setWindowLayout(const QByteArray &geometry, const QByteArray &state);

    /// The version handed to saveState() and restoreState(): a layout saved by a version with
    /// other docks is not restored.
    static constexpr int kLayoutVersion = 1;
};
