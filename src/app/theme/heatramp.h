#pragma once

#include <QColor>
#include <QLinearGradient>
#include <QPointF>

/// The heat maps' colour ramp, one for every heat map (the heads' weights, the lab's
/// self-attention weights, the sequence heads) and their legends: a single hue through the keys'
/// blue, from ColorScheme::heatLow() at weight 0 through the key colour at 0.5 to
/// ColorScheme::heatHigh() at 1 (navy on white, near white on the dark backgrounds). It asks
/// ColorScheme each time, so it follows the theme and palette.
class HeatRamp
{
public:
    /// The colour of a weight, clamped to [0, 1].
    static QColor color(double weight);
    /// The ramp from weight 0 at `from` to 1 at `to`, for a legend bar (stops every 0.1).
    static QLinearGradient gradient(const QPointF &from, const QPointF &to);
};
