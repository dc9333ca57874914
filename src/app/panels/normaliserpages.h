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
    /// The pages in the order the explanation panel lists them.
    enum class Page
    {
        SumToOne,   ///< why the weights add up to 1; the four normalisers side by side
        Sparsemax,  ///< the projection onto the simplex, τ*, what exact zeros buy and cost
        SoftmaxOne, ///< the implicit key of score 0: attention to nothing
        Sigmoid,    ///< each key on its own, b = −ln n
        Sink        ///< the attention sink and why softmax₁ or sigmoid attention need none
    };
    static constexpr int kPageCount = 5;

    /// The page's title in the current language, for the chooser and the page's first line.
    static QString title(Page page);
    /// The whole page: the title, the formulas at `formulaPointSize`, the sections, and links
    /// to the other normaliser pages.
    static QString html(Page page, double formulaPointSize);
    /// The page's name in links between pages ("ac:sink"), as the explanation panel reads them.
    static const char *linkName(Page page);
    /// "See also" and a link to every page but `shown`: the last line of each page.
    static QString seeAlso(Page shown);

private:
    // Each page below its title and above its links, in Page's order.
    static QString sumToOnePage(double formulaPointSize);
    static QString sparsemaxPage(double formulaPointSize);
    static QString softmaxOnePage(double formulaPointSize);
    static QString sigmoidPage(double formulaPointSize);
    static QString sinkPage(double formulaPointSize);
};
