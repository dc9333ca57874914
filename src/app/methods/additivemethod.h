#pragma once

#include "methods/methodview.h"

/// Additive attention vᵀ tanh(W_q q + W_k kᵢ + b) of Bahdanau et al. (2015): a small network scores
/// each key. Its texts keep the translation contexts they had when they were cases of the panels'
/// switches (ExplanationText, StepPanel, MethodNames), so their translations stay as they are.
class AdditiveMethod final : public MethodView
{
public:
    static const MethodView &instance();

    attn::Method method() const override { return attn::Method::Additive; }
    QString name() const override;
    QString formula() const override;
    QStringList pageFormula() const override;
    QString sections(double formulaPointSize) const override;
    QString scene(const SceneModel &model) const override;
    void stepLines(const StepContext &context, FormulaLines &lines) const override;

private:
    AdditiveMethod() = default;
};
