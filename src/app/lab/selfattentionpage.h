#pragma once

#include "model/selfattentionmodel.h"

#include <QList>
#include <QWidget>

#include <memory>

namespace Ui {
class SelfAttentionPage;
}
class MatrixEditor;
class MatrixView;
class QButtonGroup;
class QMenu;
class SelfAttentionHeatMap;
class TokenCanvas;

/// Self-attention from inputs: the tokens on a canvas, the projections W_q, W_k, W_v with presets,
/// the n × n weights as a heat map and the computation step by step, X → Q, K, V → Q Kᵀ →
/// ÷ √d_k → softmax → · V, each step shown as its matrices. Everything is read from the
/// SelfAttentionModel; edits go to it.
class SelfAttentionPage : public QWidget
{
    Q_OBJECT

public:
    enum class Step
    {
        Inputs,
        Projections,
        Scores,
        Scaled,
        Softmax,
        Output
    };
    static constexpr int kStepCount = 6;

    explicit SelfAttentionPage(SelfAttentionModel *model, QWidget *parent = nullptr);
    ~SelfAttentionPage() override;

    TokenCanvas *canvas() const { return m_canvas; }
    SelfAttentionHeatMap *heatMap() const { return m_heatMap; }
    MatrixEditor *projectionEditor(SelfAttentionModel::Projection which) const;
    /// The menu of the preset button beside a projection.
    QMenu *presetMenu(SelfAttentionModel::Projection which) const;

    Step step() const { return m_step; }
    void setStep(Step step);
    /// The matrices the current step shows, left to right.
    QList<MatrixView *> stepMatrices() const;

protected:
    void changeEvent(QEvent *event) override;

private:
    void setUpProjections();
    void setUpSteps();
    void retranslate();
    void refresh();
    void refreshStep();

    std::unique_ptr<Ui::SelfAttentionPage> m_ui;
    SelfAttentionModel *m_model;
    TokenCanvas *m_canvas;
    SelfAttentionHeatMap *m_heatMap;
    MatrixEditor *m_editors[SelfAttentionModel::kProjectionCount];
    QMenu *m_presetMenus[SelfAttentionModel::kProjectionCount];
    QButtonGroup *m_steps;
    QList<MatrixView *> m_matrices; // three, of which the step shows one to three
    int m_shownMatrices = 0;
    Step m_step = Step::Inputs;
};
