#pragma once

#include <QString>
#include <QStringList>

class ParameterPage;
class ParameterEdits;
class SceneModel;
struct FormulaLines;
namespace attn {
struct ScoreBreakdown;
}

/// What the step lines of one key are written with: the key's arithmetic from the core and the
/// symbols the step panel has already coloured for it.
struct StepContext
{
    const SceneModel &model;
    const attn::ScoreBreakdown &breakdown;
    QString query;  // "q" in the query's colour
    QString key;    // "k₃" in the key's colour
    QString score;  // "s₃"
    QString weight; // "w₃"
};

/// Everything the app says and draws about one score method, so that a method is one file in
/// src/app/methods/ (dotmethod.cpp, …) instead of a case in every panel's switch: its name and
/// formula, its explanation page and "In your scene" text, its lines in the step panel, its
/// page in the "method and parameters" dock and what the canvas draws for it.
/// Each file defines one constant of this type; MethodViews::of() finds it through one table
/// that static_asserts its size and order against attn::Method. A struct of functions rather
/// than a class hierarchy: a method is data plus five free functions (methodfile.h declares
/// them and methodView() fills them in), with nothing to inherit.
/// The normalisers (softmax and its alternatives) are meant to get the same shape.
struct MethodView
{
    /// The name for menus, charts and captions, untranslated: marked with
    /// QT_TRANSLATE_NOOP("MethodNames", …) and translated by MethodNames::name().
    const char *name;
    /// The formula in one line of HTML (UTF-8), e.g. "s = q·k / √d" (method and step panels).
    const char *formula;
    /// The lines of the formula box at the top of the explanation page, with q, k and v in the
    /// lesson's colours.
    QStringList (*pageFormula)();
    /// The explanation page below the formula: what it means, when to use it, pitfalls.
    /// `formulaPointSize` is the size of any further formula box.
    QString (*sections)(double formulaPointSize);
    /// "In your scene" (without its heading): the model's numbers for this method. Called only
    /// when the model has a result (the panel writes the error otherwise).
    QString (*scene)(const SceneModel &model);
    /// The step panel's lines from the key's vectors to its score (to its weight and the output
    /// where wholeComputation is set), tagged with their stages.
    void (*stepLines)(const StepContext &context, FormulaLines &lines);
    /// The method's page in the "method and parameters" dock, built from its form in
    /// ui/methods/ with its widgets connected to `editor` (every edit an undoable step). The
    /// MethodPanel stacks the pages in the order of attn::Method and refreshes them all when
    /// the model changes.
    ParameterPage *(*parameterPage)(ParameterEdits *editor);
    /// Whether stepLines() already covers softmax and the weighted sum (multi-head attention,
    /// whose heads each have their own); otherwise the step panel adds the shared softmax lines.
    bool wholeComputation = false;
    /// Whether the canvas draws the two columns of W as arrows from the origin, edge markers
    /// included (the general method: s = qᵀ W k = q · (W k), so each column is where W sends
    /// one axis of the keys). Dragging them is the canvas's handle code.
    bool drawsWColumns = false;
};
