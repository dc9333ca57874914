#include "theme/heatramp.h"

#include "theme/colorscheme.h"

#include <algorithm>

namespace {
QColor mix(const QColor &a, const QColor &b, double t)
{
    return QColor::fromRgbF(float(a.redF() + (b.redF() - a.redF()) * t),
                            float(a.greenF() + (b.greenF() - a.greenF()) * t),
                            float(a.blueF() + (b.blueF() - a.blueF()) * t));
}
} // namespace

QColor HeatRamp::color(double weight)
{
    // Two straight pieces that meet at the key colour, so that the middle of the ramp is the
    // colour the keys have everywhere else.
    const QColor low = ColorScheme::heatLow(), high = ColorScheme::heatHigh();
    const double w = std::clamp(weight, 0.0, 1.0);
    return w < 0.5 ? mix(low, ColorScheme::key(), w * 2) : mix(ColorScheme::key(), high, w * 2 - 1);
}

QLinearGradient HeatRamp::gradient(const QPointF &from, const QPointF &to)
{
    QLinearGradient ramp(from, to);
    for (int i = 0; i <= 10; ++i)
        ramp.setColorAt(i / 10.0, color(i / 10.0));
    return ramp;
}
