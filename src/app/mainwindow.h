#pragma once

#include <QMainWindow>

#include <memory>

namespace Ui {
class MainWindow;
}
class SceneModel;
class StepTableModel;
class QActionGroup;

/// The application window: menus, toolbar and the views of one SceneModel.
class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(SceneModel *model, QWidget *parent = nullptr);
    ~MainWindow() override;

    /// Opens a scene file; on failure shows why and keeps the current scene.
    bool openScene(const QString &path);

protected:
    void changeEvent(QEvent *event) override;

private:
    void buildMethodMenu();
    void retranslate();
    void refresh();
    void onOpen();
    void onAbout();

    std::unique_ptr<Ui::MainWindow> m_ui;
    SceneModel *m_model;
    StepTableModel *m_table;
    QActionGroup *m_methods = nullptr;
};
