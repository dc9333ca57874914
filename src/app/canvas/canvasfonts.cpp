#include "canvas/canvasfonts.h"

#include <algorithm>
#include <cmath>

CanvasFonts CanvasFonts::from(const QFont &base)
{
    const double px = base.pixelSize() > 0 ? base.pixelSize() : base.pointSizeF() * 96.0 / 72.0;
    CanvasFonts fonts{base, base};
    fonts.label.setPixelSize(std::max(kMinLabelPixels, int(std::lround(px * 1.35))));
    fonts.label.setWeight(QFont::DemiBold);
    fonts.tick.setPixelSize(std::max(kMinTickPixels, int(std::lround(px * 1.15))));
    return fonts;
}
