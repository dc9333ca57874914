#include "theme/highcontraststyle.h"

#include <QPainter>
#include <QStyleFactory>
#include <QStyleOption>

namespace {
void drawEdge(QPainter *painter, const QStyleOption *option, const QRect &rect)
{
    painter->save();
    const bool enabled = option->state & QStyle::State_Enabled;
    painter->setPen(QPen(option->palette.color(enabled ? QPalette::Active : QPalette::Disabled,
                                               QPalette::WindowText),
                         1));
    painter->setBrush(Qt::NoBrush);
    painter->setRenderHint(QPainter::Antialiasing, false);
    painter->drawRect(rect.adjusted(0, 0, -1, -1));
    painter->restore();
}
} // namespace

HighContrastStyle::HighContrastStyle()
    : QProxyStyle(QStyleFactory::create(QStringLiteral("fusion")))
{}

void HighContrastStyle::drawPrimitive(PrimitiveElement element, const QStyleOption *option,
                                      QPainter *painter, const QWidget *widget) const
{
    QProxyStyle::drawPrimitive(element, option, painter, widget);
    switch (element) {
    case PE_FrameLineEdit:
    case PE_PanelButtonCommand:
    case PE_Frame:
        drawEdge(painter, option, option->rect);
        break;
    default:
        break;
    }
}

void HighContrastStyle::drawComplexControl(ComplexControl control,
                                           const QStyleOptionComplex *option, QPainter *painter,
                                           const QWidget *widget) const
{
    QProxyStyle::drawComplexControl(control, option, painter, widget);
    switch (control) {
    case CC_ComboBox:
    case CC_SpinBox:
        drawEdge(painter, option, option->rect);
        break;
    case CC_Slider: {
        drawEdge(painter, option, subControlRect(control, option, SC_SliderGroove, widget));
        // The handle, in the text colour with a black core, so that it reads on the groove's
        // yellow part and on the black part alike.
        const QRect handle = subControlRect(control, option, SC_SliderHandle, widget);
        painter->save();
        painter->setPen(QPen(option->palette.color(QPalette::WindowText), 2));
        painter->setBrush(option->palette.color(QPalette::Window));
        painter->drawRect(handle.adjusted(1, 1, -2, -2));
        painter->restore();
        break;
    }
    default:
        break;
    }
}
