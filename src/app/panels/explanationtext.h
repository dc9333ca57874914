#pragma once

#include "core/types.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

class SceneModel;

/// The pages of the explanation panel as HTML in the current language: one page per method
/// (its sections and its scene text come from the method's file in src/app/methods/),
/// softmax and the temperature, the bilingual glossary and the source material's mistakes.
/// Every paragraph and list item is one tr() string, so that translators get whole thoughts;
/// formulas and code stay outside tr(). Numbers about the user's scene are read from the model.
class ExplanationText
{
    Q_DECLARE_TR_FUNCTIONS(ExplanationText)

public:
    /// One glossary row: the English term and the Chinese term. Both are data, shown unchanged
    /// in every interface language.
    struct Term
    {
        QString english;
        QString chinese;
    };

    /// The terms of TEACHING.md's glossary, in its order, then the terms the app adds (identity
    /// matrix, lens, one-hot, …), each the one word used for its thing in both languages.
    static QList<Term> glossary();

    /// What a method means, when to use it and its pitfalls; it depends only on the method and
    /// the language. `formulaPointSize` is the size of the formula boxes, larger than the text
    /// so that they read from the back of a classroom.
    static QString methodText(attn::Method method, double formulaPointSize);
    /// "In your scene": the model's numbers for its current method. It goes below methodText()
    /// and is the only part that changes while the learner drags.
    static QString methodScene(const SceneModel &model);
    static QString softmaxText(double formulaPointSize);
    static QString softmaxScene(const SceneModel &model);
    static QString glossaryPage();
    static QString mistakesPage();

    /// The links between pages use this scheme: "ac:softmax", "ac:mistakes#overflow".
    static QString linkScheme();

private:
    static QString seeAlso();
};
