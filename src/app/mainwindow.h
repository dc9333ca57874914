#pragma once

#include "canvas/viewtransform.h"
#include "core/scene.h"
#include "core/types.h"
#include "export/exporter.h"

#include <QByteArray>
#include <QElapsedTimer>
#include <QFont>
#include <QMainWindow>

#include <chrono>
#include <memory>
#include <optional>
#include <tuple>

namespace Ui {
class MainWindow;
}
class AutosaveSession;
class CanvasWidget;
class HeadCanvases;
class ExplanationPanel;
class HeadHeatMap;
class LabWindow;
class SequenceWindow;
class Walkthrough;
class QDockWidget;
class MethodPanel;
class QAction;
class QActionGroup;
class QCloseEvent;
class QKeyEvent;
class QLabel;
class SceneDocument;
class SceneEditor;
class SceneModel;
class Selection;
class StableLabel;
class StepPanel;
class WeightChart;

/// The application window: the canvas in the middle, docks for the method's parameters, the
/// weight chart, the step-by-step table and the heads, menus and a toolbar for every action.
/// It wires views to the one SceneModel (edits go through the SceneEditor, for undo) and the
/// File menu to the SceneDocument; it computes nothing itself.
class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(SceneModel *model, QWidget *parent = nullptr);
    ~MainWindow() override;

    /// Opens a scene file; on failure shows why and keeps the current scene and its history.
    /// It does not ask about unsaved changes (the menu does, before calling it).
    bool openScene(const QString &path);
    /// Starts an untitled document from a preset (ScenePresets id), without asking.
    bool loadPreset(const QString &id);
    /// Saves to `path`, which becomes the document's file; on failure shows why.
    bool saveSceneAs(const QString &path);
    /// When the scene has unsaved changes, asks whether to save them (Save / Discard / Cancel,
    /// the QMessageBox named "unsavedChangesBox"). False when the user cancels or saving fails.
    bool maybeSave();

    /// Puts the window back as it was at the last close: geometry and dock layout (QSettings).
    /// A missing or unreadable layout leaves the default one. main() calls it before show();
    /// pictures drawn with --export keep the default layout.
    void restoreSession();

    /// Presentation mode (View, F11): full screen, the interface text 1.5 times larger, thicker
    /// arrows, and only the canvas and the weight chart. Leaving puts back the geometry, the dock
    /// layout and the font exactly as they were.
    void setPresentationMode(bool on);
    bool isPresenting() const { return m_presentation.has_value(); }
    /// The factors presentation mode applies to the interface font and to lines.
    static constexpr double kPresentationFontScale = 1.5;
    static constexpr double kPresentationLineScale = 1.6;

    /// Never lose work: from now on the scene is autosaved every `interval` (while it has
    /// unsaved changes) into the application's data folder, and once the event loop runs, a
    /// scene that an abnormal exit left there is offered back. Closing the window removes the
    /// autosave. main() calls this once, after show(); windows made for --export and tests that
    /// do not call it touch no autosave.
    void startAutosave(std::chrono::milliseconds interval = std::chrono::minutes(1));
    AutosaveSession *autosaveSession() const { return m_autosave; }

    SceneEditor *editor() const { return m_editor; }
    SceneDocument *document() const { return m_document; }

    CanvasWidget *canvas() const { return m_canvas; }
    WeightChart *weightChart() const { return m_chart; }
    /// The window and the parts of it that File → Export can draw.
    ExportSource exportSource() { return {this, m_canvas, m_chart}; }
    MethodPanel *methodPanel() const { return m_methodPanel; }
    StepPanel *stepPanel() const { return m_stepPanel; }
    HeadHeatMap *headHeatMap() const { return m_heatMap; }
    ExplanationPanel *explanationPanel() const { return m_explanation; }
    Selection *selection() const { return m_selection; }

protected:
    void changeEvent(QEvent *event) override;
    void closeEvent(QCloseEvent *event) override;
    void showEvent(QShowEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    /// Whether a key press is one of the window's own commands (Ctrl+Z, Ctrl+E, F5, …).
    bool isWindowShortcut(const QKeyEvent *event) const;
    void createViews();
    void createActions();
    void buildMethodMenu();
    void retranslate();
    void refresh();
    void refreshSelectionActions();
    void showPointer(QPointF world);
    void resetLayout();
    QList<QDockWidget *> docks() const;
    void switchLanguage(const QString &code);
    void holdBackAnswers();
    void retranslateHeldBack();
    /// A command's text as a toolbar button shows it: without its access key ("&Save" and
    /// "保存(&S)" become "Save" and "保存").
    static QString withoutAccessKey(QString text);
    /// A preset's description in the status bar, shown only while it is true of the scene.
    void showSceneDescription(const QString &text);
    /// Takes the description away once the scene has changed, or at once when `always`.
    void clearSceneDescription(bool always);
    LabWindow *lab();
    void showSequenceWindow();
    void applyDefaultDockSizes();
    /// The right column's width and the bottom docks' height a window of this size starts with.
    struct DockSizes
    {
        int right;
        int bottom;
    };
    DockSizes defaultDockSizes() const;
    void growSqueezedDocks();
    void onOpen();
    void onAbout();
    void onShortcuts();
    void createAppearanceActions();
    void refreshAppearanceActions();
    void applyIconColours();
    /// The geometry and dock layout to remember: the ones before presentation mode, if on.
    void saveSession();
    void createFileActions();
    void buildPresetsMenu();
    void retranslatePresets();
    void rebuildRecentMenu();
    void updateTitle();
    void updateUndoActions();
    void onNew();
    bool onSave();
    bool onSaveAs();
    void onRevert();
    void onOpenRecent(const QString &path);
    void onPreset(const QString &id);
    /// After a new document: nothing selected, every vector in view.
    void showNewDocument();
    void onExport();
    void onCopyPicture();

    std::unique_ptr<Ui::MainWindow> m_ui;
    SceneModel *m_model;
    SceneEditor *m_editor;
    SceneDocument *m_document;
    AutosaveSession *m_autosave;
    Selection *m_selection;
    CanvasWidget *m_canvas = nullptr;
    MethodPanel *m_methodPanel = nullptr;
    WeightChart *m_chart = nullptr;
    StepPanel *m_stepPanel = nullptr;
    HeadHeatMap *m_heatMap = nullptr;
    HeadCanvases *m_headCanvases = nullptr;
    QActionGroup *m_methods = nullptr;
    QList<QAction *> m_presetActions;
    StableLabel *m_pointerLabel = nullptr;
    StableLabel *m_resultLabel = nullptr;
    StableLabel *m_presentationLabel = nullptr;
    QByteArray m_initialLayout;
    ExplanationPanel *m_explanation = nullptr;
    QActionGroup *m_languages = nullptr;
    Walkthrough *m_walkthrough = nullptr;
    QLabel *m_chartHeldBack = nullptr;
    QLabel *m_heatMapHeldBack = nullptr;
    QLabel *m_explanationHeldBack = nullptr;
    // The walkthrough state (active, step) the canvas was last fitted for.
    std::tuple<bool, int> m_walkthroughFitted{false, -1};
    QString m_sceneDescription;
    attn::Scene m_describedScene;
    LabWindow *m_lab = nullptr;
    SequenceWindow *m_sequence = nullptr;
    bool m_shown = false;
    attn::Method m_shownMethod = attn::Method::Dot;
    QElapsedTimer m_sinceShown;
    QActionGroup *m_themes = nullptr;
    // A layout restored from the settings keeps its dock sizes; the proportional defaults are
    // for a first start only.
    bool m_layoutRestored = false;
    struct Presentation
    {
        QByteArray geometry; ///< saveGeometry(), for the session saved while presenting
        QRect normalRect;    ///< geometry(), put back when leaving
        QByteArray state;
        QFont font;
        Qt::WindowStates windowState;
        ViewTransform view;
    };
    // What presentation mode replaced, while it is on.
    std::optional<Presentation> m_presentation;
};
