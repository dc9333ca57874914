#pragma once

#include "methods/methodview.h"

/// The general (bilinear) score qᵀ W kᵢ of Luong et al. (2015), with W drawn on the canvas.
/// Its texts keep the translation contexts they had when they were cases of the panels'
/// switches (ExplanationText, StepPanel, MethodNames), so their translations stay as they are.
class GeneralMethod final : public MethodView
{
public:
    static const MethodView &instance();

    attn::Method method() const override { return attn::Method::General; }
    QString name() const override;
    QString formula() const override;
    QStringList pageFormula() const override;
    QString sections(double formulaPointSize) const override;
    QString scene(const SceneModel &model) const override;
    void stepLines(const StepContext &context, FormulaLines &lines) const override;

private:
    GeneralMethod() = default;
};
