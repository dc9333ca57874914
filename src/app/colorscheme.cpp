#include "colorscheme.h"

QColor ColorScheme::keyColor(int index, int count)
{
    if (count <= 1)
        return key();
    // Hues from sky blue (195°) to indigo (250°); alternate lightness so that neighbours differ
    // even when 64 keys share 55° of hue.
    const double t = double(index) / double(count - 1);
    const int hue = int(195 + 55 * t);
    const int lightness = (index % 2) ? 120 : 95;
    return QColor::fromHsl(hue, 190, lightness);
}
