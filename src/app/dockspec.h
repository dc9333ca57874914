#pragma once

#include <Qt>

class ExplanationPanel;
class HeadCanvases;
class HeadHeatMap;
class MethodPanel;
class NormaliserComparison;
class QWidget;
class SceneEditor;
class SceneModel;
class Selection;
class StepPanel;
class Walkthrough;
class WeightChart;

/// What the docks' factories are given (the first four) and what they hand back to the window
/// (the panels it wires to its menus, exports and tests).
struct DockPanels
{
    SceneModel *model = nullptr;
    SceneEditor *editor = nullptr;
    Selection *selection = nullptr;
    Walkthrough *walkthrough = nullptr;

    MethodPanel *method = nullptr;
    ExplanationPanel *explanation = nullptr;
    WeightChart *chart = nullptr;
    StepPanel *steps = nullptr;
    HeadHeatMap *heatMap = nullptr;
    HeadCanvases *headCanvases = nullptr;
    NormaliserComparison *normalisers = nullptr;
};

/// One dock of the main window, as a row of DockTable::specs(). The table alone decides which
/// docks there are and in what order, where each starts, its Alt+number key, whether
/// presentation mode keeps it in view and whether a walkthrough holds it back: a new panel is
/// one new row (and its factory).
struct DockSpec
{
    /// The dock's object name ("dockChart"): saved layouts and tests find the dock by it.
    const char *objectName;
    /// Its title, marked with QT_TRANSLATE_NOOP("MainWindow", …) and translated when shown.
    const char *title;
    Qt::DockWidgetArea area;
    /// Makes the dock's panel (the dock parents it) and records it in `panels`.
    QWidget *(*make)(DockPanels &panels);
    /// Alt+altNumber shows the dock, or brings it forward from behind a tab.
    int altNumber;
    /// Stays in view in presentation mode (all others are put away while presenting).
    bool presenting;
    /// The walkthrough step (Walkthrough::Step) whose reveal shows the panel: until then a
    /// note stands in its place, because the panel would give the answer away. -1: never.
    int heldBackUntil;
    /// The dock it starts under, in the same column, or nullptr.
    const char *below = nullptr;
    /// The dock it starts behind, as a tab in the same place, or nullptr.
    const char *tabbedWith = nullptr;
};
