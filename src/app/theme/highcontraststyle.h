#pragma once

#include <QProxyStyle>

/// Fusion with a visible edge on every control, for the high-contrast theme. Fusion draws frames
/// in a shade of the window colour, which on black is black: a text field, a spin box or a
/// button's outline would vanish. This style draws Fusion, then a one-pixel frame in the text
/// colour around the fields, buttons, combo boxes, spin boxes and slider grooves.
class HighContrastStyle : public QProxyStyle
{
    Q_OBJECT

public:
    HighContrastStyle();

    void drawPrimitive(PrimitiveElement element, const QStyleOption *option, QPainter *painter,
                       const QWidget *widget = nullptr) const override;
    void drawComplexControl(ComplexControl control, const QStyleOptionComplex *option,
                            QPainter *painter, const QWidget *widget = nullptr) const override;
};
