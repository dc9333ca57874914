#pragma once

#include "core/types.h"

#include <QByteArray>
#include <QElapsedTimer>
#include <QMainWindow>

#include <memory>

namespace Ui {
class MainWindow;
}
class CanvasWidget;
class HeadCanvases;
class HeadHeatMap;
class MethodPanel;
class QActionGroup;
class QLabel;
class SceneModel;
class Selection;
class StepPanel;
class WeightChart;

/// The application window: the canvas in the middle, docks for the method's parameters, the
/// weight chart, the step-by-step table and the heads, menus and a toolbar for every action.
/// It wires views to the one SceneModel; it computes nothing itself.
class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(SceneModel *model, QWidget *parent = nullptr);
    ~MainWindow() override;

    /// Opens a scene file; on failure shows why and keeps the current scene.
    bool openScene(const QString &path);

    CanvasWidget *canvas() const { return m_canvas; }
    WeightChart *weightChart() const { return m_chart; }
    MethodPanel *methodPanel() const { return m_methodPanel; }
    StepPanel *stepPanel() const { return m_stepPanel; }
    HeadHeatMap *headHeatMap() const { return m_heatMap; }
    Selection *selection() const { return m_selection; }

protected:
    void changeEvent(QEvent *event) override;
    void showEvent(QShowEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void createViews();
    void createActions();
    void buildMethodMenu();
    void retranslate();
    void refresh();
    void refreshSelectionActions();
    void showPointer(QPointF world);
    void resetLayout();
    void applyDefaultDockSizes();
    void onOpen();
    void onAbout();
    void onExport();
    void onCopyPicture();

    std::unique_ptr<Ui::MainWindow> m_ui;
    SceneModel *m_model;
    Selection *m_selection;
    CanvasWidget *m_canvas = nullptr;
    MethodPanel *m_methodPanel = nullptr;
    WeightChart *m_chart = nullptr;
    StepPanel *m_stepPanel = nullptr;
    HeadHeatMap *m_heatMap = nullptr;
    HeadCanvases *m_headCanvases = nullptr;
    QActionGroup *m_methods = nullptr;
    QLabel *m_pointerLabel = nullptr;
    QLabel *m_resultLabel = nullptr;
    QByteArray m_initialLayout;
    bool m_shown = false;
    attn::Method m_shownMethod = attn::Method::Dot;
    QElapsedTimer m_sinceShown;
};
