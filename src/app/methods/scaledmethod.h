#pragma once

#include "methods/methodview.h"

/// The scaled dot product q·kᵢ / √d, the Transformer's score.
/// Its texts keep the translation contexts they had when they were cases of the panels'
/// switches (ExplanationText, StepPanel, MethodNames), so their translations stay as they are.
class ScaledMethod final : public MethodView
{
public:
    static const MethodView &instance();

    attn::Method method() const override { return attn::Method::Scaled; }
    QString name() const override;
    QString formula() const override;
    QStringList pageFormula() const override;
    QString sections(double formulaPointSize) const override;
    QString scene(const SceneModel &model) const override;
    void stepLines(const StepContext &context, FormulaLines &lines) const override;

private:
    ScaledMethod() = default;
};
