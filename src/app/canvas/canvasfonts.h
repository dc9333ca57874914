#pragma once

#include <QFont>

/// The canvas's two fonts, made from the widget's font: the labels of the tips (larger, demi-bold)
/// and the ticks, the legend and the readouts. Sizes are in pixels so that exports (QImage, SVG,
/// PDF) keep the proportions of the screen.
struct CanvasFonts
{
    /// The smallest sizes in pixels (above 12 pt and 11 pt at 96 dpi), to be read from the back
    /// of a classroom.
    static constexpr int kMinLabelPixels = 17;
    static constexpr int kMinTickPixels = 15;

    QFont label;
    QFont tick;

    /// `base` scaled by 1.35 (labels) and 1.15 (ticks), never below the minimums.
    static CanvasFonts from(const QFont &base);
};
