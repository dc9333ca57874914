#pragma once

#include "core/params.h"

#include <QWidget>

#include <memory>

namespace Ui {
class MethodPanel;
}
class SceneEditor;
class SceneModel;
class MatrixEditor;

/// The content of the "method and parameters" dock: the score method, its formula, the
/// temperature and the parameters of the current method (√d, W, the additive network, the
/// heads). Every value is read from the SceneModel and every edit is sent through the
/// SceneEditor (so that it can be undone; typing into one box is one step); the panel
/// follows the model when the scene changes elsewhere (a file is opened, a menu changes the
/// method).
class MethodPanel : public QWidget
{
    Q_OBJECT

public:
    explicit MethodPanel(SceneEditor *editor, QWidget *parent = nullptr);
    ~MethodPanel() override;

    /// The head whose projections are shown on the multi-head page (0-based).
    int currentHead() const { return m_head; }
    void setCurrentHead(int index);

protected:
    void changeEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    enum class AdditivePart
    {
        Wq,
        Wk,
        B,
        V
    };
    enum class HeadPart
    {
        Wq,
        Wk,
        Wv
    };
    enum Preset
    {
        Identity,
        Rotation,
        ProjectX,
        ProjectY,
        Random
    };

    void retranslate();
    void retranslateEditors();
    void wrapToolTips();
    void guardWheel();
    void applyFormulaFont();

    // Model → widgets. Only widgets whose value differs are touched, with their signals blocked.
    void refresh();
    void refreshScaled();
    void refreshGeneral();
    void refreshAdditive();
    void refreshMultiHead();
    void showPage(int index);
    void updatePresetControls();
    /// A new preset brings its default targets (attn::presets::defaultTargets()).
    void onPresetChosen(int index);

    // Widgets → model.
    void onMethodChosen(int index);
    void onScaleDimEdited();
    void onGeneralEdited(int row, int column, double value);
    void onAdditiveEdited(AdditivePart part, int row, int column, double value);
    void onHiddenSizeEdited(int hidden);
    void onRandomise();
    void onHeadCountEdited(int count);
    void onValueDimEdited(int dv);
    void onKeyDimEdited(int dk);
    void onHeadEdited(HeadPart part, int row, int column, double value);
    void onApplyPreset();
    void onOutputEdited(int row, int column, double value);
    void onAverageOutput();
    void applyMultiHead(const attn::MultiHeadParams &p, int edit, int index = -1, int entry = -1);

    std::unique_ptr<Ui::MethodPanel> m_ui;
    SceneEditor *m_editor;
    SceneModel *m_model;
    int m_head = 0;
    int m_describedHead = -1; // the head the editors' accessible names refer to
};
