#pragma once

#include <QColor>

/// The colours of the lesson's objects, in one place so that canvas, charts, heat map and table
/// agree: query red, keys blue, values green, the output its own colour (drawn dashed).
class ColorScheme
{
public:
    static QColor query() { return QColor(0xd6, 0x27, 0x28); }
    static QColor key() { return QColor(0x1f, 0x5f, 0xbf); }
    static QColor value() { return QColor(0x2c, 0xa0, 0x2c); }
    static QColor output() { return QColor(0x8e, 0x44, 0xad); }
    /// The columns of the general score's W, drawn as draggable arrows.
    static QColor generalColumn() { return QColor(0xe6, 0x7e, 0x22); }
    /// Key i of n: all in the blue family, neighbours told apart by hue and lightness so that a
    /// bar can be matched to its arrow.
    static QColor keyColor(int index, int count);
    static QColor grid() { return QColor(0xe4, 0xe7, 0xeb); }
    static QColor axis() { return QColor(0x55, 0x5b, 0x66); }
    static QColor text() { return QColor(0x22, 0x26, 0x2e); }
    static QColor background() { return QColor(0xff, 0xff, 0xff); }
    /// True when white text reads better than dark text on `fill` (relative luminance < 0.5).
    static bool isDark(const QColor &fill)
    {
        return 0.2126 * fill.redF() + 0.7152 * fill.greenF() + 0.0722 * fill.blueF() < 0.5;
    }
};
