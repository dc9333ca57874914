#pragma once

#include "methods/methodview.h"

/// Multi-head attention: several scaled dot-product heads, each with its own projections and
/// softmax, joined by W_O. Its texts keep the translation contexts they had when they were cases of
/// the panels' switches (ExplanationText, StepPanel, MethodNames), so their translations stay as
/// they are.
class MultiHeadMethod final : public MethodView
{
public:
    static const MethodView &instance();

    attn::Method method() const override { return attn::Method::MultiHead; }
    QString name() const override;
    QString formula() const override;
    QStringList pageFormula() const override;
    QString sections(double formulaPointSize) const override;
    QString scene(const SceneModel &model) const override;
    void stepLines(const StepContext &context, FormulaLines &lines) const override;
    bool wholeComputation() const override { return true; }

private:
    MultiHeadMethod() = default;
};
