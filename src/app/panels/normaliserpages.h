#pragma once

#include <QCoreApplication>
#include <QString>

/// The explanation pages about the normaliser, the function that turns scores into weights, as
/// rich text in the current language: why softmax's weights add up to 1 and what that means when
/// no key is relevant, sparsemax's exact zeros, softmax₁'s "attention to nothing", sigmoid
/// attention, and the attention sink that trained softmax models build. The explanation panel
/// lists them after the training pages.
///
/// Their numbers are fixed worked examples (the article's scores, the presets' scores), written
/// out here like the training pages' numbers and checked in the test by a naive computation: the
/// pages depend on no scene.
class NormaliserPages
{
    Q_DECLARE_TR_FUNCTIONS(NormaliserPages)

public:
    enum class Page
    {
        SumToOne,
        Sparsemax,
        SoftmaxOne,
        Sigmoid,
        Sink
    };
    static constexpr int kPageCount = 5;

    /// The page's title, as the choosers list it.
    static QString title(Page page);
    /// The page; formulas at `formulaPointSize`.
    static QString html(Page page, double formulaPointSize);

private:
    static QString sumToOnePage(double formulaPointSize);
    static QString sparsemaxPage(double formulaPointSize);
    static QString softmaxOnePage(double formulaPointSize);
    static QString sigmoidPage(double formulaPointSize);
    static QString sinkPage(double formulaPointSize);
};
