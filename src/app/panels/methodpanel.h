#pragma once

#include <QList>
#include <QWidget>

#include <memory>

namespace Ui {
class MethodPanel;
}
class ParameterPage;
class SceneEditor;
class SceneModel;

/// The content of the "method and parameters" dock: the score method, its formula, the
/// temperature, and below them the current method's parameter page (√d, W, the additive
/// network, the heads), which the method's own file builds (MethodView::parameterPage). Every
/// value is read from the SceneModel and every edit is sent through the SceneEditor (so that it
/// can be undone; typing into one box is one step); the panel follows the model when the scene
/// changes elsewhere (a file is opened, a menu changes the method).
class MethodPanel : public QWidget
{
    Q_OBJECT

public:
    explicit MethodPanel(SceneEditor *editor, QWidget *parent = nullptr);
    ~MethodPanel() override;

protected:
    void changeEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void retranslate();
    void wrapToolTips();
    void applyFormulaFont();

    // Model → widgets: the method, its formula, the temperature and every page.
    void refresh();
    void onMethodChosen(int index);

    std::unique_ptr<Ui::MethodPanel> m_ui;
    SceneEditor *m_editor;
    SceneModel *m_model;
    QList<ParameterPage *> m_pages; // one per method, in the order of attn::Method
};
