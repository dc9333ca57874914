#pragma once

#include <QColor>
#include <QCoreApplication>
#include <QString>

/// Softmax₁'s implicit key, drawn as one more bar after the keys: its weight 1 − Σw is what
/// the keys do not get. The weight chart and the side-by-side panel draw it with the same name
/// and the same grey, so that it reads as one thing and never as a key (keys are blue) or as a
/// masked key (the grid's grey).
class NothingBar
{
    Q_DECLARE_TR_FUNCTIONS(NothingBar)

public:
    /// "nothing", the bar's label under the axis (one term in every view).
    static QString name();
    /// The grey of the bar for the current theme: halfway between the text and the background,
    /// so that it keeps at least 3:1 on light and dark backgrounds and 4.5:1 in high contrast,
    /// and stays apart from the masked keys' lighter grey.
    static QColor colour();
};
