#pragma once

#include "core/types.h"

#include <QString>
#include <QStringList>

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
/// src/app/methods/ instead of a case in every panel's switch: its name and formula, its
/// explanation page and "In your scene" text, and its lines in the step panel. The panels ask
/// MethodViews::of(method) for the view of the scene's method. The normalisers (softmax and
/// its alternatives) are meant to get the same shape: an abstract view, one file each, one
/// table with a static_assert against the enum.
class MethodView
{
public:
    /// The method this view describes; MethodViews checks that its table is in enum order.
    virtual attn::Method method() const = 0;
    /// The translated name for menus, charts and captions ("Scaled dot product").
    virtual QString name() const = 0;
    /// The formula in one line of HTML, e.g. "s = q·k / √d" (method panel, step panel).
    virtual QString formula() const = 0;
    /// The lines of the formula box at the top of the explanation page, with q, k and v in
    /// the lesson's colours.
    virtual QStringList pageFormula() const = 0;
    /// The explanation page below the formula: what it means, when to use it, pitfalls.
    /// `formulaPointSize` is the size of any further formula box.
    virtual QString sections(double formulaPointSize) const = 0;
    /// "In your scene" (without its heading): the model's numbers for this method.
    virtual QString scene(const SceneModel &model) const = 0;
    /// The step panel's lines from the key's vectors to its score (to its weight and the output
    /// where wholeComputation() is true), tagged with their stages.
    virtual void stepLines(const StepContext &context, FormulaLines &lines) const = 0;
    /// Whether stepLines() already covers softmax and the weighted sum (multi-head attention,
    /// whose heads each have their own); otherwise the step panel adds the shared softmax lines.
    virtual bool wholeComputation() const { return false; }

protected:
    MethodView() = default;
    ~MethodView() = default;
    MethodView(const MethodView &) = delete;
    MethodView &operator=(const MethodView &) = delete;
};
