#pragma once

#include <QCoreApplication>
#include <QString>

/// The explanation pages about sequences, as rich text in the current language: why attention
/// needs positions and the three ways of giving them (added sinusoidal, added learned, rotary),
/// and the residual stream that carries each token through the layers. The explanation panel
/// lists them in its page chooser and the Sequence window opens them from its Explain button.
/// They hold no numbers of a scene: the Sequence window shows those beside them.
class SequencePages
{
    Q_DECLARE_TR_FUNCTIONS(SequencePages)

public:
    enum class Page
    {
        Positions,
        Residual
    };

    /// The page's title, as the choosers list it.
    static QString title(Page page);
    /// The page; formulas at `formulaPointSize`.
    static QString html(Page page, double formulaPointSize);

private:
    using PageBuilder = QString (*)(double formulaPointSize);
    static QString positionsPage(double formulaPointSize);
    static QString residualPage(double formulaPointSize);
};
