#pragma once

#include "core/params.h"
#include "core/types.h"

#include <QCoreApplication>
#include <QString>

/// The explanation pages about training, as rich text in the current language: what gradient
/// descent does to a query and its keys, why loss curves have plateaus and sudden drops, why
/// the previous-token task needs positions and what an induction head is. The explanation panel
/// lists them after the sequence pages; the Sequence window's Explain button opens them while
/// its Training tab is on show.
///
/// The gradient page can end with the numbers of a scene: ∂ log wⱼ / ∂q for every key, from the
/// core (attn::queryGradient), never computed here.
class TrainingPages
{
    Q_DECLARE_TR_FUNCTIONS(TrainingPages)

public:
    enum class Page
    {
        Gradient,
        Plateaus,
        PreviousToken,
        Induction
    };
    static constexpr int kPageCount = 4;

    /// The page's title, as the choosers list it.
    static QString title(Page page);
    /// The page; formulas at `formulaPointSize`.
    static QString html(Page page, double formulaPointSize);

    /// The vectors and parameters of one query against its keys, as the scene facts read them.
    struct Example
    {
        attn::Vector query;
        attn::Matrix keys;
        attn::Method method = attn::Method::Scaled;
        attn::AttentionParams params;
    };
    /// The gradient page's numbers for `example` under `heading` ("In your scene"): the weights,
    /// the weighted mean key and ∂ log wⱼ / ∂q for every key. Empty when the core has no result.
    static QString gradientFacts(const Example &example, const QString &heading);
    /// The same for the first article's worked example, for places without a scene of their own.
    static QString workedExampleFacts();

private:
    using PageBuilder = QString (*)(double formulaPointSize);
    static QString gradientPage(double formulaPointSize);
    static QString plateausPage(double formulaPointSize);
    static QString previousTokenPage(double formulaPointSize);
    static QString inductionPage(double formulaPointSize);
};
