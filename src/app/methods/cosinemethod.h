#pragma once

#include "methods/methodview.h"

/// Cosine similarity: the dot product of the normalised vectors, only the angle counts.
/// Its texts keep the translation contexts they had when they were cases of the panels'
/// switches (ExplanationText, StepPanel, MethodNames), so their translations stay as they are.
class CosineMethod final : public MethodView
{
public:
    static const MethodView &instance();

    attn::Method method() const override { return attn::Method::Cosine; }
    QString name() const override;
    QString formula() const override;
    QStringList pageFormula() const override;
    QString sections(double formulaPointSize) const override;
    QString scene(const SceneModel &model) const override;
    void stepLines(const StepContext &context, FormulaLines &lines) const override;

private:
    CosineMethod() = default;
};
