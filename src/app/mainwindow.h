#pragma once

#include "core/scene.h"
#include "core/types.h"
#include "dockspec.h"
#include "export/exporter.h"
#include "presentationmode.h"

#include <QElapsedTimer>
#include <QList>
#include <QMainWindow>

#include <chrono>
#include <memory>
#include <tuple>

namespace Ui {
class MainWindow;
}
class AppearanceActions;
class AutosaveSession;
class CopyCodeActions;
class CanvasWidget;
class DockTable;
class FileActions;
class LabWindow;
class LessonBar;
class LessonEditActions;
class LessonEditor;
class LessonPresenter;
class LessonSession;
class RecordActions;
class SequenceWindow;
class QAction;
class QActionGroup;
class QMenu;
class QToolButton;
class QCloseEvent;
class SceneDocument;
class StableLabel;

/// The application window: the canvas in the middle, the docks of dockTable() around it, menus
/// and a toolbar for every action. It wires views to the one SceneModel (edits go through the
/// SceneEditor, for undo), the File and Presets menus to FileActions and F11 to
/// PresentationMode; it computes nothing itself.
class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(SceneModel *model, QWidget *parent = nullptr);
    ~MainWindow() override;

    /// Every dock of the window, in the order of the View menu and of their Alt+number keys
    /// (DockTable::specs()).
    static const QList<DockSpec> &dockTable();

    /// Open a scene file, load a preset, save, and ask about unsaved changes: see FileActions.
    bool openScene(const QString &path);
    bool loadPreset(const QString &id);
    bool saveSceneAs(const QString &path);
    bool maybeSave();

    /// Opens a lesson file (or a built-in lesson, ":/lessons/…") and presents its first step;
    /// on failure shows why and keeps what was there. It does not ask about unsaved changes.
    bool openLesson(const QString &path);
    /// The lesson being presented (none open: isOpen() is false) and its bar under the canvas.
    LessonSession *lessonSession() const { return m_lessons; }
    LessonBar *lessonBar() const { return m_lessonBar; }
    /// The Lesson menu and the lesson editor (undoable lesson edits, save, autosave).
    LessonEditActions *lessonEditActions() const { return m_lessonEdits; }
    LessonEditor *lessonEditor() const { return m_lessonEditor; }
    /// The Sequence window, made on first use (a lesson's sequence steps show there).
    SequenceWindow *sequenceWindow();

    /// Puts the window back as it was at the last close: geometry and dock layout (QSettings).
    /// A missing or unreadable layout leaves the default one. main() calls it before show();
    /// pictures drawn with --export keep the default layout.
    void restoreSession();

    /// Presentation mode (View, F11; see PresentationMode): full screen, larger text, thicker
    /// arrows, and only the docks the table keeps for presenting.
    void setPresentationMode(bool on);
    bool isPresenting() const { return m_presentation && m_presentation->isOn(); }
    static constexpr double kPresentationFontScale = PresentationMode::kFontScale;
    static constexpr double kPresentationLineScale = PresentationMode::kLineScale;

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
    WeightChart *weightChart() const { return m_panels.chart; }
    /// The window and the parts of it that File → Export can draw.
    ExportSource exportSource() { return {this, m_canvas, m_panels.chart}; }
    MethodPanel *methodPanel() const { return m_panels.method; }
    StepPanel *stepPanel() const { return m_panels.steps; }
    HeadHeatMap *headHeatMap() const { return m_panels.heatMap; }
    ExplanationPanel *explanationPanel() const { return m_panels.explanation; }
    NormaliserComparison *normaliserComparison() const { return m_panels.normalisers; }
    Selection *selection() const { return m_selection; }

protected:
    void changeEvent(QEvent *event) override;
    void closeEvent(QCloseEvent *event) override;
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
    void switchLanguage(const QString &code);
    void holdBackAnswers();
    /// A command's text as a toolbar button shows it: without its access key ("&Save" and
    /// "保存(&S)" become "Save" and "保存").
    static QString withoutAccessKey(QString text);
    /// A preset's description in the status bar, shown only while it is true of the scene.
    void showSceneDescription(const QString &text);
    /// Takes the description away once the scene has changed, or at once when `always`.
    void clearSceneDescription(bool always);
    LabWindow *lab();
    void showSequenceWindow();
    /// Gives the docks that a smaller window squeezed their starting sizes back.
    void growSqueezedDocks();
    /// The view buttons without their texts while the toolbar is too narrow for all of them.
    void fitToolBar();
    void onShortcuts();
    /// The geometry and dock layout to remember: the ones before presentation mode, if on.
    void saveSession();
    void createUndoActions();
    void updateUndoActions();
    /// After a new document: nothing selected, every vector in view.
    void showNewDocument();
    void onExport();
    void onExportAnimation();
    /// File → Export Handout… and Export Worksheet…: the open lesson as a PDF (HandoutWriter),
    /// or without one the scene as a one-step handout.
    void onExportHandout(bool worksheet);
    void onCopyPicture();
    void createLessons();
    /// Help → Lessons: the built-in lessons, titled in the language now installed.
    void rebuildLessonMenu();
    /// End Lesson: after the question about unsaved lesson edits.
    void endLesson();

    std::unique_ptr<Ui::MainWindow> m_ui;
    SceneModel *m_model;
    SceneEditor *m_editor;
    SceneDocument *m_document;
    AutosaveSession *m_autosave;
    Selection *m_selection;
    CanvasWidget *m_canvas = nullptr;
    DockPanels m_panels;
    DockTable *m_docks = nullptr;
    FileActions *m_files = nullptr;
    CopyCodeActions *m_copyCode = nullptr;
    AppearanceActions *m_appearance = nullptr;
    QAction *m_exportAnimation = nullptr; // File → Export Animation… (AnimationDialog)
    QAction *m_exportHandout = nullptr;   // File → Export Handout… (HandoutWriter)
    QAction *m_exportWorksheet = nullptr; // File → Export Worksheet…, while a lesson is open
    RecordActions *m_record = nullptr;    // File → Record (CanvasRecorder, RecordingTrimDialog)
    QActionGroup *m_methods = nullptr;
    QActionGroup *m_normalisers = nullptr;
    QMenu *m_normaliserMenu = nullptr;
    QToolButton *m_normaliserButton = nullptr;
    StableLabel *m_pointerLabel = nullptr;
    StableLabel *m_resultLabel = nullptr;
    StableLabel *m_presentationLabel = nullptr;
    QByteArray m_initialLayout;
    QActionGroup *m_languages = nullptr;
    Walkthrough *m_walkthrough = nullptr;
    // The walkthrough state (active, step) the canvas was last fitted for.
    std::tuple<bool, int> m_walkthroughFitted{false, -1};
    QString m_sceneDescription;
    attn::Scene m_describedScene;
    LabWindow *m_lab = nullptr;
    SequenceWindow *m_sequence = nullptr;
    LessonSession *m_lessons = nullptr;
    LessonBar *m_lessonBar = nullptr;
    LessonPresenter *m_lessonPresenter = nullptr;
    LessonEditor *m_lessonEditor = nullptr;
    LessonEditActions *m_lessonEdits = nullptr;
    QMenu *m_lessonMenu = nullptr;
    bool m_shown = false;
    attn::Method m_shownMethod = attn::Method::Dot;
    QElapsedTimer m_sinceShown;
    // A layout restored from the settings keeps its dock sizes; the proportional defaults are
    // for a first start only.
    bool m_layoutRestored = false;
    // A member rather than a child object: see PresentationMode.
    std::unique_ptr<PresentationMode> m_presentation;
};
