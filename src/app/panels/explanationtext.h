#pragma once

#include "core/types.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

class SceneModel;

/// The pages of the explanation panel as HTML in the current language: one page per method,
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
    static QString linkScheme() { return QStringLiteral("ac"); }

private:
    // Each method's sections: geometry, use and pitfalls; then the user's scene.
    static QString dotSections(double formulaPointSize);
    static QString scaledSections(double formulaPointSize);
    static QString cosineSections(double formulaPointSize);
    static QString generalSections(double formulaPointSize);
    static QString additiveSections(double formulaPointSize);
    static QString multiHeadSections(double formulaPointSize);
    static QString dotScene(const SceneModel &model);
    static QString scaledScene(const SceneModel &model);
    static QString cosineScene(const SceneModel &model);
    static QString generalScene(const SceneModel &model);
    static QString additiveScene(const SceneModel &model);
    static QString multiHeadScene(const SceneModel &model);
    static QString largestWeight(const SceneModel &model);
    /// Whether dragging a key outwards raises or lowers its dot-product score in this scene.
    static QString outwardDrag(const SceneModel &model);
    static QString seeAlso();
};
