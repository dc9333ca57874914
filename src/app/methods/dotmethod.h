#pragma once

#include "methods/methodview.h"

/// The dot product q·kᵢ: the first method of the lesson, where length and direction both count.
/// Its texts keep the translation contexts they had when they were cases of the panels'
/// switches (ExplanationText, StepPanel, MethodNames), so their translations stay as they are.
class DotMethod final : public MethodView
{
public:
    static const MethodView &instance();

    attn::Method method() const override { return attn::Method::Dot; }
    QString name() const override;
    QString formula() const override;
    QStringList pageFormula() const override;
    QString sections(double formulaPointSize) const override;
    QString scene(const SceneModel &model) const override;
    void stepLines(const StepContext &context, FormulaLines &lines) const override;

private:
    DotMethod() = default;
    /// Whether dragging a key outwards raises or lowers its score in this scene.
    static QString outwardDrag(const SceneModel &model);
};
