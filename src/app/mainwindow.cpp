#include "mainwindow.h"

#include "aboutbox.h"
#include "appearanceactions.h"
#include "appsettings.h"
#include "canvas/canvaswidget.h"
#include "canvas/gradientarrowlayer.h"
#include "canvas/selection.h"
#include "copycodeactions.h"
#include "docktable.h"
#include "document/autosavesession.h"
#include "document/scenecommand.h"
#include "document/scenedocument.h"
#include "document/sceneeditor.h"
#include "export/animationdialog.h"
#include "export/exportdialog.h"
#include "export/exporter.h"
#include "export/handoutwriter.h"
#include "export/picturecopier.h"
#include "fileactions.h"
#include "lab/labwindow.h"
#include "lesson/lessonautosave.h"
#include "lesson/lessonbar.h"
#include "lesson/lessoneditactions.h"
#include "lesson/lessoneditor.h"
#include "lesson/lessonpresenter.h"
#include "methods/methodnames.h"
#include "methods/normalisernames.h"
#include "model/language.h"
#include "model/lessonsession.h"
#include "model/scenemodel.h"
#include "numberboxshortcuts.h"
#include "recordactions.h"
#include "sequence/sequencewindow.h"
#include "shortcutsdialog.h"
#include "text/numberformat.h"
#include "theme/colorscheme.h"
#include "ui_mainwindow.h"
#include "walkthrough/walkthrough.h"
#include "walkthrough/walkthroughbar.h"
#include "widgets/compacttoolbar.h"
#include "widgets/stablelabel.h"

#include <QActionGroup>
#include <QApplication>
#include <QBoxLayout>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QLayout>
#include <QMenu>
#include <QMessageBox>
#include <QRegularExpression>
#include <QResizeEvent>
#include <QSettings>
#include <QShowEvent>
#include <QStatusBar>
#include <QTimer>
#include <QToolBar>
#include <QToolButton>
#include <QUndoStack>

MainWindow::MainWindow(SceneModel *model, QWidget *parent)
    : QMainWindow(parent), m_ui(std::make_unique<Ui::MainWindow>()), m_model(model),
      m_editor(new SceneEditor(model, this)), m_document(new SceneDocument(m_editor, this)),
      m_autosave(new AutosaveSession(m_document, this)), m_selection(new Selection(this))
{
    m_ui->setupUi(this);
    createViews();
    createLessons();
    createActions();
    createUndoActions();
    buildMethodMenu();
    m_appearance = new AppearanceActions({m_ui->actionThemeLight, m_ui->actionThemeDark,
                                          m_ui->actionThemeHighContrast, m_ui->actionColourBlind},
                                         {{m_ui->actionNew, "new"},
                                          {m_ui->actionOpen, "open"},
                                          {m_ui->actionSave, "save"},
                                          {m_ui->actionUndo, "undo"},
                                          {m_ui->actionRedo, "redo"},
                                          {m_ui->actionAddKey, "add-key"},
                                          {m_ui->actionRemoveKey, "remove-key"},
                                          {m_ui->actionZoomIn, "zoom-in"},
                                          {m_ui->actionZoomOut, "zoom-out"},
                                          {m_ui->actionFitAll, "fit-all"},
                                          {m_ui->actionSnap, "snap"},
                                          {m_ui->actionNormalise, "normalise"}},
                                         this);
    // The status bar's error colour.
    connect(m_appearance, &AppearanceActions::changed, this, &MainWindow::refresh);

    connect(m_model, &SceneModel::changed, this, &MainWindow::refresh);
    connect(m_model, &SceneModel::changed, this, [this] { clearSceneDescription(false); });
    connect(m_model, &SceneModel::keyCountChanged, this,
            [this](int count) { m_selection->clamp(count); });
    connect(m_selection, &Selection::changed, this, &MainWindow::refreshSelectionActions);
    connect(m_autosave, &AutosaveSession::message, this,
            [this](const QString &text) { statusBar()->showMessage(text, 10000); });

    // The window's commands win over the number boxes anywhere in it.
    new NumberBoxShortcuts(this);

    resize(1280, 800);
    m_initialLayout = saveState();
    m_docks->applyDefaultSizes();
    retranslate();
    refreshSelectionActions();
}

MainWindow::~MainWindow()
{
    // Hidden while every member is still there: a number box holding typed text it has not
    // committed commits it when hidden (QAbstractSpinBox), and that edit reaches the model and
    // this window's slots. ~QWidget would hide it only after the members are gone (the GUI
    // monkey: τ typed, then the window closed, crashed in clearSceneDescription()).
    hide();
    // The undo stack is a child of the editor, deleted after this window's members (the form
    // among them); clearing itself on the way it announces new undo states, which nothing here
    // may hear any more. The model outlives the window.
    m_editor->undoStack()->disconnect(this);
    m_model->disconnect(this);
}

const QList<DockSpec> &MainWindow::dockTable()
{
    return DockTable::specs();
}

void MainWindow::createViews()
{
    m_canvas = new CanvasWidget(m_editor, m_selection, m_ui->canvasHost);
    m_ui->canvasHostLayout->addWidget(m_canvas);
    // The walkthrough's bar sits above the canvas and shows itself while a walkthrough runs.
    m_walkthrough = new Walkthrough(this);
    auto *bar = new WalkthroughBar(m_walkthrough, m_model, m_ui->canvasHost);
    m_ui->canvasHostLayout->insertWidget(0, bar);
    m_canvas->setWalkthrough(m_walkthrough);
    connect(m_walkthrough, &Walkthrough::changed, this, &MainWindow::holdBackAnswers);

    // Right column over the full height; the rest as the table says.
    setCorner(Qt::BottomRightCorner, Qt::RightDockWidgetArea);
    setCorner(Qt::TopRightCorner, Qt::RightDockWidgetArea);
    m_panels.model = m_model;
    m_panels.editor = m_editor;
    m_panels.selection = m_selection;
    m_panels.walkthrough = m_walkthrough;
    m_docks = new DockTable(this, m_panels);

    // In presentation mode the docks are away: the method and τ stay in view in large type.
    m_presentationLabel = new StableLabel(this);
    m_presentationLabel->setObjectName(QStringLiteral("presentationLabel"));
    m_presentationLabel->hide();
    statusBar()->addPermanentWidget(m_presentationLabel);
    m_pointerLabel = new StableLabel(this);
    m_pointerLabel->setFloorWidth(180);
    m_resultLabel = new StableLabel(this);
    statusBar()->addPermanentWidget(m_resultLabel);
    statusBar()->addPermanentWidget(m_pointerLabel);
    m_canvas->setFocus();

    m_presentation = std::make_unique<PresentationMode>(this, m_canvas, m_presentationLabel,
                                                        QList<QWidget *>{m_ui->mainToolBar});
    m_presentation->setDocks(m_docks->docks(), m_docks->presenting());
    // The layout put back on leaving is the user's: no proportional defaults over it.
    connect(m_presentation.get(), &PresentationMode::left, this,
            [this] { m_layoutRestored = true; });

    m_files = new FileActions(m_document,
                              {m_ui->actionNew, m_ui->actionOpen, m_ui->actionSave,
                               m_ui->actionSaveAs, m_ui->actionRevert, m_ui->actionClearRecent,
                               m_ui->menuRecent, m_ui->menuPresets},
                              this);
    connect(m_files, &FileActions::documentReplaced, this, &MainWindow::showNewDocument);
    connect(m_files, &FileActions::presetLoaded, this, [this](const QString &description) {
        // Not during a walkthrough: the description may state what the class is asked to
        // predict.
        if (!m_walkthrough->isActive())
            showSceneDescription(description);
    });
}

void MainWindow::createActions()
{
    connect(m_ui->actionQuit, &QAction::triggered, this, &QWidget::close);
    connect(m_ui->actionExport, &QAction::triggered, this, &MainWindow::onExport);
    connect(m_ui->actionCopyPicture, &QAction::triggered, this, &MainWindow::onCopyPicture);
    {
        // Export sits at the end of the File menu, just above Quit and its separator, whatever
        // else the menu holds.
        const auto file = m_ui->menuFile->actions();
        const qsizetype quit = file.indexOf(m_ui->actionQuit);
        QAction *before =
            quit > 0 && file[quit - 1]->isSeparator() ? file[quit - 1] : m_ui->actionQuit;
        m_exportAnimation = new QAction(this);
        m_exportAnimation->setObjectName(QStringLiteral("actionExportAnimation"));
        m_exportAnimation->setShortcut(QKeySequence(QStringLiteral("Ctrl+Shift+E")));
        connect(m_exportAnimation, &QAction::triggered, this, &MainWindow::onExportAnimation);
        m_exportHandout = new QAction(this);
        m_exportHandout->setObjectName(QStringLiteral("actionExportHandout"));
        m_exportHandout->setShortcut(QKeySequence(QStringLiteral("Ctrl+Shift+H")));
        connect(m_exportHandout, &QAction::triggered, this, [this] { onExportHandout(false); });
        // A worksheet leaves blank what a lesson's questions ask: a scene alone asks nothing.
        m_exportWorksheet = new QAction(this);
        m_exportWorksheet->setObjectName(QStringLiteral("actionExportWorksheet"));
        m_exportWorksheet->setShortcut(QKeySequence(QStringLiteral("Ctrl+Shift+W")));
        m_exportWorksheet->setEnabled(m_lessons->isOpen());
        connect(m_exportWorksheet, &QAction::triggered, this, [this] { onExportHandout(true); });
        connect(m_lessons, &LessonSession::lessonChanged, m_exportWorksheet,
                [this] { m_exportWorksheet->setEnabled(m_lessons->isOpen()); });
        m_ui->menuFile->insertActions(before,
                                      {m_ui->actionExport, m_exportAnimation, m_exportHandout,
                                       m_exportWorksheet, m_ui->actionCopyPicture});
        m_ui->menuFile->insertSeparator(m_ui->actionExport);
        // File → Record (Ctrl+R): the canvas as the learner works on it, cut and saved as a GIF.
        m_record = new RecordActions(this, m_canvas);
        m_ui->menuFile->insertAction(m_ui->actionExport, m_record->action());
    }
    // Edit → Copy as Python / PyTorch: the computed vectors (normalised view included) go to
    // the program, so it prints what the window shows.
    m_copyCode = new CopyCodeActions(this, [this](PythonCode::Flavour flavour) {
        return m_model->hasResult()
                   ? PythonCode::forScene(m_model->scene(), m_model->normalised(), flavour)
                   : QString();
    });
    m_ui->menuEdit->addSeparator();
    m_ui->menuEdit->addActions(m_copyCode->actions());
    connect(m_copyCode, &CopyCodeActions::copied, this,
            [this](const QString &message) { statusBar()->showMessage(message, 5000); });
    connect(m_ui->actionAbout, &QAction::triggered, this, [this] { AboutBox::exec(this); });
    connect(m_ui->actionAboutQt, &QAction::triggered, qApp, &QApplication::aboutQt);

    connect(m_ui->actionAddKey, &QAction::triggered, m_canvas, &CanvasWidget::addKey);
    connect(m_ui->actionRemoveKey, &QAction::triggered, m_canvas, &CanvasWidget::removeSelectedKey);
    // Delete must stay with text fields when they have focus: the shortcut lives on the canvas.
    m_ui->actionRemoveKey->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    m_canvas->addAction(m_ui->actionRemoveKey);
    connect(m_ui->actionMaskKey, &QAction::triggered, this, [this](bool on) {
        if (m_selection->index() >= 0)
            m_editor->setMasked(m_selection->index(), on);
    });
    connect(m_ui->actionZoomIn, &QAction::triggered, m_canvas, &CanvasWidget::zoomIn);
    connect(m_ui->actionZoomOut, &QAction::triggered, m_canvas, &CanvasWidget::zoomOut);
    connect(m_ui->actionFitAll, &QAction::triggered, m_canvas, &CanvasWidget::fitAll);
    connect(m_ui->actionResetView, &QAction::triggered, m_canvas, &CanvasWidget::resetView);
    m_canvas->setSnapToGrid(AppSettings::snapToGrid());
    m_ui->actionSnap->setChecked(m_canvas->snapToGrid());
    connect(m_ui->actionSnap, &QAction::toggled, m_canvas, &CanvasWidget::setSnapToGrid);
    connect(m_ui->actionSnap, &QAction::toggled, this, &AppSettings::setSnapToGrid);
    connect(m_canvas, &CanvasWidget::snapToGridChanged, m_ui->actionSnap, &QAction::setChecked);
    // A way of looking at the scene, not part of it: not saved and not undoable.
    connect(m_ui->actionNormalise, &QAction::toggled, m_model, &SceneModel::setNormalised);
    connect(m_ui->actionResetLayout, &QAction::triggered, this, &MainWindow::resetLayout);

    connect(m_canvas, &CanvasWidget::statusMessage, this,
            [this](const QString &text) { statusBar()->showMessage(text, 4000); });
    connect(m_canvas, &CanvasWidget::pointerMoved, this, &MainWindow::showPointer);
    connect(m_canvas, &CanvasWidget::pointerLeft, m_pointerLabel, &QLabel::clear);

    m_ui->menuView->addSeparator();
    m_docks->addToggles(m_ui->menuView);
    connect(m_ui->actionPresentation, &QAction::toggled, this, &MainWindow::setPresentationMode);
    connect(m_ui->actionShortcuts, &QAction::triggered, this, &MainWindow::onShortcuts);

    connect(m_ui->actionLandscape, &QAction::toggled, m_canvas, &CanvasWidget::setLandscapeVisible);
    connect(m_canvas, &CanvasWidget::landscapeVisibleChanged, m_ui->actionLandscape,
            &QAction::setChecked);
    GradientArrowLayer *gradientArrow = GradientArrowLayer::of(m_canvas);
    m_ui->actionGradientArrow->setChecked(gradientArrow->isShown());
    connect(m_ui->actionGradientArrow, &QAction::toggled, gradientArrow,
            &GradientArrowLayer::setShown);
    connect(gradientArrow, &GradientArrowLayer::shownChanged, m_ui->actionGradientArrow,
            &QAction::setChecked);
    connect(m_ui->actionWalkthrough, &QAction::triggered, m_walkthrough, &Walkthrough::start);
    connect(m_ui->actionDimensionLab, &QAction::triggered, this,
            [this] { lab()->showTab(LabWindow::Tab::DimensionLab); });
    connect(m_ui->actionSelfAttention, &QAction::triggered, this,
            [this] { lab()->showTab(LabWindow::Tab::SelfAttention); });
    connect(m_ui->actionSequence, &QAction::triggered, this, &MainWindow::showSequenceWindow);

    connect(m_ui->actionExplanation, &QAction::triggered, this, [this] {
        m_docks->dock("dockExplanation")->show();
        m_docks->dock("dockExplanation")->raise();
    });

    // Each language is named in itself, so that anyone can find their own.
    m_languages = new QActionGroup(this);
    m_ui->actionLanguageEnglish->setData(QStringLiteral("en"));
    m_ui->actionLanguageChinese->setData(QStringLiteral("zh_CN"));
    for (QAction *action : {m_ui->actionLanguageEnglish, m_ui->actionLanguageChinese}) {
        m_languages->addAction(action);
        connect(action, &QAction::triggered, this,
                [this, action] { switchLanguage(action->data().toString()); });
    }
}

QString MainWindow::withoutAccessKey(QString text)
{
    static const QRegularExpression cjk(QStringLiteral("\\(&[^&\\s]\\)"));
    text.remove(cjk);
    QString out;
    for (qsizetype i = 0; i < text.size(); ++i) {
        if (text[i] == QLatin1Char('&') && i + 1 < text.size())
            ++i; // "&&" is one ampersand, "&S" is S
        out += text[i];
    }
    return out.trimmed();
}

void MainWindow::showSequenceWindow()
{
    sequenceWindow()->showWindow();
}

SequenceWindow *MainWindow::sequenceWindow()
{
    // Made on first use, like the lab.
    if (!m_sequence) {
        m_sequence = new SequenceWindow(this);
        // A lesson's sequence steps are presented there: the same bar, at the bottom too.
        auto *bar = new LessonBar(m_lessons, m_sequence);
        if (auto *box = qobject_cast<QBoxLayout *>(m_sequence->layout()))
            box->addWidget(bar);
        bar->captionAction()->setChecked(m_lessonBar->captionAction()->isChecked());
        connect(m_lessonBar->captionAction(), &QAction::toggled, bar->captionAction(),
                &QAction::setChecked);
        connect(bar, &LessonBar::endRequested, this, &MainWindow::endLesson);
    }
    return m_sequence;
}

// --- Lessons -------------------------------------------------------------------------------------

void MainWindow::createLessons()
{
    m_lessons = new LessonSession(this);
    // Under the canvas, where a caption is read; the walkthrough's bar stays above it.
    m_lessonBar = new LessonBar(m_lessons, m_ui->canvasHost);
    m_ui->canvasHostLayout->addWidget(m_lessonBar);
    m_lessonBar->hide();
    m_lessonPresenter = new LessonPresenter(m_lessons,
                                            {this, m_document, m_canvas, m_walkthrough, m_docks,
                                             m_ui->actionNormalise, m_lessonBar,
                                             [this] { return sequenceWindow(); }},
                                            this);
    connect(m_lessonBar, &LessonBar::endRequested, this, &MainWindow::endLesson);
    // The title may be edited too (Lesson › Lesson Title).
    for (auto signal : {&LessonSession::lessonChanged, &LessonSession::edited})
        connect(m_lessons, signal, this,
                [this] { m_files->setLessonTitle(m_lessons->title(Language::current())); });
    // Another scene (new, opened, a preset) ends the lesson.
    connect(m_files, &FileActions::documentReplaced, m_lessons, &LessonSession::close);
    m_files->setLessonOpener([this](const QString &path) { return openLesson(path); });
    m_ui->menuView->addAction(m_lessonBar->captionAction());

    m_lessonMenu = new QMenu(this);
    m_lessonMenu->setObjectName(QStringLiteral("menuLessons"));
    m_ui->menuHelp->insertMenu(m_ui->menuHelp->actions().value(0), m_lessonMenu);
    m_ui->menuHelp->insertSeparator(m_ui->menuHelp->actions().value(1));

    // Authoring: the Lesson menu before Help, the editor's dock, the lesson's own undo.
    m_lessonEditor = new LessonEditor(m_lessons, this);
    m_lessonEdits = new LessonEditActions(m_lessonEditor, m_lessonPresenter, this,
                                          m_ui->menuHelp->menuAction());
    // Replacing the scene (New, Open, a preset, a built-in lesson, quitting) asks about unsaved
    // lesson edits first; a file opened as a lesson asks about both.
    m_files->setOtherWorkGuard([this] { return m_lessonEdits->maybeSave(); });
    m_lessonEdits->setSceneGuard([this] { return m_files->maybeSave(); });
    // The class does not see the editor: presentation mode puts it away with the other docks.
    QList<QDockWidget *> docks = m_docks->docks();
    docks << m_lessonEdits->dock();
    m_presentation->setDocks(docks, m_docks->presenting());
    connect(m_lessonEdits, &LessonEditActions::message, this,
            [this](const QString &text) { statusBar()->showMessage(text, 10000); });
}

void MainWindow::endLesson()
{
    if (m_lessonEdits->maybeSave())
        m_lessons->close();
}

void MainWindow::rebuildLessonMenu()
{
    m_lessonMenu->setTitle(tr("&Lessons"));
    m_lessonMenu->clear();
    const QString language = Language::current();
    LessonSession reader;
    for (const QString &path : LessonSession::builtInPaths()) {
        if (!reader.load(path, nullptr))
            continue; // the tests load every built-in lesson; a broken one is not offered
        QAction *action = m_lessonMenu->addAction(reader.title(language));
        action->setData(path);
        // No key of its own: the menu is the keyboard's way in.
        action->setProperty(ShortcutsDialog::kNoteProperty,
                            tr("Help › Lessons, then the arrow keys"));
        connect(action, &QAction::triggered, this, [this, path] {
            if (maybeSave())
                openLesson(path);
        });
    }
    m_lessonMenu->setEnabled(!m_lessonMenu->isEmpty());
}

bool MainWindow::openLesson(const QString &path)
{
    QString why;
    if (!m_lessons->load(path, &why)) {
        QMessageBox::warning(this, tr("Cannot open the lesson"),
                             tr("%1\n\n%2").arg(QDir::toNativeSeparators(path), why));
        return false;
    }
    statusBar()->showMessage(
        tr("Lesson: %1 — Page Down for the next step").arg(m_lessons->title(Language::current())),
        5000);
    return true;
}

LabWindow *MainWindow::lab()
{
    // Made on first use: the lab's charts cost nothing until a learner opens them.
    if (!m_lab) {
        m_lab = new LabWindow(this);
        // The application's shortcuts work while the lab has focus too (theirs is the window).
        m_lab->addActions({m_ui->actionDimensionLab, m_ui->actionSelfAttention,
                           m_ui->actionPresentation, m_ui->actionThemeLight, m_ui->actionThemeDark,
                           m_ui->actionThemeHighContrast, m_ui->actionColourBlind,
                           m_ui->actionLanguageEnglish, m_ui->actionLanguageChinese,
                           m_ui->actionShortcuts, m_ui->actionQuit});
    }
    return m_lab;
}

void MainWindow::holdBackAnswers()
{
    // While the class predicts, the panels that would give the answer away are held back (the
    // table says which, until which step), and so is the output in the status bar until the
    // weighted sum is revealed.
    const bool active = m_walkthrough->isActive();
    m_docks->holdBack(*m_walkthrough);
    m_resultLabel->setVisible(!active || m_walkthrough->isShown(Walkthrough::WeightedSum));
    // A message in the status bar may hold an answer too (a preset's description quotes its
    // scores): none stays under the question.
    if (active)
        clearSceneDescription(true);
    // Each step in full view: the bar's height changes with its text, and the vectors must not
    // be cut off behind it (fitted once the layout has given the canvas its new size).
    const auto state = std::make_tuple(active, m_walkthrough->step());
    if (active && state != m_walkthroughFitted)
        QTimer::singleShot(0, m_canvas, &CanvasWidget::fitAll);
    m_walkthroughFitted = active ? state : std::make_tuple(false, -1);
}

void MainWindow::showSceneDescription(const QString &text)
{
    m_sceneDescription = text;
    m_describedScene = m_model->scene();
    statusBar()->showMessage(text, 10000);
}

void MainWindow::clearSceneDescription(bool always)
{
    if (m_sceneDescription.isEmpty())
        return;
    // The description is true of the preset as loaded and as first shown: after an edit (or in
    // the normalised view) it may no longer be.
    const bool stale =
        always || m_model->normalised() || !SceneCommand::same(m_model->scene(), m_describedScene);
    if (!stale)
        return;
    if (statusBar()->currentMessage() == m_sceneDescription)
        statusBar()->clearMessage();
    m_sceneDescription.clear();
}

void MainWindow::switchLanguage(const QString &code)
{
    if (!Language::install(code))
        return;
    // Remembered for the next start; --lang still overrides it for one run.
    QSettings().setValue(QStringLiteral("language"), Language::current());
}

void MainWindow::buildMethodMenu()
{
    m_methods = new QActionGroup(this);
    for (int i = 0; i < attn::kMethodCount; ++i) {
        auto *action = m_ui->menuMethod->addAction(QString());
        action->setCheckable(true);
        action->setData(i);
        action->setShortcut(QKeySequence(QStringLiteral("Ctrl+%1").arg(i + 1)));
        m_methods->addAction(action);
        connect(action, &QAction::triggered, this,
                [this, i] { m_editor->setMethod(attn::Method(i)); });
    }
    // The normaliser beside the method: in the same menu, on Ctrl+Shift+1 … 4, and on the
    // toolbar as a button that opens the same choices.
    m_ui->menuMethod->addSeparator();
    m_normaliserMenu = m_ui->menuMethod->addMenu(QString());
    m_normalisers = new QActionGroup(this);
    for (const attn::NormaliserInfo &info : attn::kNormalisers) {
        auto *action = m_normaliserMenu->addAction(QString());
        action->setCheckable(true);
        action->setData(int(info.normaliser));
        action->setShortcut(
            QKeySequence(QStringLiteral("Ctrl+Shift+%1").arg(int(info.normaliser) + 1)));
        m_normalisers->addAction(action);
        connect(action, &QAction::triggered, this,
                [this, n = info.normaliser] { m_editor->setNormaliser(n); });
    }
    m_normaliserButton = new QToolButton(this);
    m_normaliserButton->setObjectName(QStringLiteral("normaliserButton"));
    m_normaliserButton->setMenu(m_normaliserMenu);
    m_normaliserButton->setPopupMode(QToolButton::InstantPopup);
    m_normaliserButton->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_ui->mainToolBar->addSeparator();
    m_ui->mainToolBar->addWidget(m_normaliserButton);
    m_ui->mainToolBar->addSeparator();
    m_ui->mainToolBar->addAction(m_record->action());
}

void MainWindow::retranslate()
{
    for (QAction *a : m_languages->actions())
        a->setChecked(a->data().toString() == Language::current());
    const auto actions = m_methods->actions();
    for (QAction *a : actions)
        a->setText(MethodNames::name(attn::Method(a->data().toInt())));
    m_exportAnimation->setText(tr("Export &Animation…"));
    m_exportHandout->setText(tr("Export &Handout…"));
    m_exportHandout->setStatusTip(
        tr("The lesson as a PDF to print, one page per step; without a lesson, the scene"));
    m_exportWorksheet->setText(tr("Export &Worksheet…"));
    m_exportWorksheet->setStatusTip(
        tr("The lesson as a PDF with the asked numbers left blank and an answer key at the end"));
    m_normaliserMenu->setTitle(tr("&Normaliser"));
    m_normaliserButton->setToolTip(
        tr("How the scores become weights: softmax, sparsemax, softmax₁ or sigmoid"));
    for (QAction *a : m_normalisers->actions())
        a->setText(NormaliserNames::name(attn::Normaliser(a->data().toInt())));
    m_files->retranslate();
    m_files->setLessonTitle(m_lessons->title(Language::current()));
    rebuildLessonMenu();
    m_lessonEdits->retranslate();
    m_docks->retranslate();
    // Toolbar buttons show the command without its access key: "保存(&S)" is "保存" there. The
    // menus keep the keys. Undo and Redo set their own short texts (updateUndoActions).
    const auto tools = m_ui->mainToolBar->actions();
    for (QAction *a : tools) {
        if (a->isSeparator() || a == m_ui->actionUndo || a == m_ui->actionRedo ||
            a == m_record->action()) // Record and Stop: RecordActions sets its own
            continue;
        a->setIconText(withoutAccessKey(a->text()));
    }
    m_editor->retranslate();
    updateUndoActions();
    refresh();
    fitToolBar();
}

void MainWindow::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        m_ui->retranslateUi(this);
        retranslate();
    }
    QMainWindow::changeEvent(event);
}

void MainWindow::refresh()
{
    // Multi-head's story is in the heads dock; bring it forward when that method is chosen.
    const attn::Method method = m_model->scene().method;
    if (method != m_shownMethod) {
        if (method == attn::Method::MultiHead)
            m_docks->dock("dockHeads")->raise();
        else if (m_shownMethod == attn::Method::MultiHead)
            m_docks->dock("dockSteps")->raise();
        m_shownMethod = method;
    }
    const auto actions = m_methods->actions();
    for (QAction *a : actions)
        a->setChecked(a->data().toInt() == int(m_model->scene().method));
    for (QAction *a : m_normalisers->actions())
        a->setChecked(a->data().toInt() == int(m_model->scene().normaliser));
    // The short name: the full one ("softmax₁ (softmax plus one)") is in the menu it opens.
    const QString normaliserText =
        tr("Normaliser: %1").arg(NormaliserNames::shortName(m_model->scene().normaliser));
    if (m_normaliserButton->text() != normaliserText) {
        m_normaliserButton->setText(normaliserText);
        fitToolBar();
    }
    {
        const QSignalBlocker block(m_ui->actionNormalise);
        m_ui->actionNormalise->setChecked(m_model->normalised());
    }
    m_ui->actionAddKey->setEnabled(m_model->keyCount() < attn::Scene::kMaxKeys);
    // A style sheet re-polishes the label and lays out the status bar again: set it only when
    // the label turns from a result into an error or back, not on every step of a drag.
    const QString style = m_model->hasResult()
                              ? QString()
                              : QStringLiteral("color: %1").arg(ColorScheme::error().name());
    if (m_resultLabel->styleSheet() != style)
        m_resultLabel->setStyleSheet(style);
    m_resultLabel->setStableText(m_model->hasResult()
                                     ? tr("%1 keys · output %2")
                                           .arg(m_model->keyCount())
                                           .arg(NumberFormat::vector(m_model->result().output, 3))
                                     : m_model->errorText());
    m_presentationLabel->setStableText(
        tr("%1 · τ = %2")
            .arg(MethodNames::name(method), QString::number(m_model->scene().temperature, 'g', 4)));
    refreshSelectionActions();
}

void MainWindow::refreshSelectionActions()
{
    const int key = m_selection->index();
    const bool hasKey = key >= 0 && key < m_model->keyCount();
    m_ui->actionRemoveKey->setEnabled(hasKey && m_model->keyCount() > 1);
    m_ui->actionMaskKey->setEnabled(hasKey);
    const QSignalBlocker block(m_ui->actionMaskKey);
    m_ui->actionMaskKey->setChecked(hasKey && !m_model->scene().mask.empty() &&
                                    m_model->scene().mask[key]);
}

void MainWindow::showPointer(QPointF world)
{
    m_pointerLabel->setStableText(
        QStringLiteral("x = %1, y = %2")
            .arg(NumberFormat::number(world.x(), 2), NumberFormat::number(world.y(), 2)));
}

void MainWindow::resetLayout()
{
    if (isPresenting())
        setPresentationMode(false);
    for (QDockWidget *dock : m_docks->docks())
        dock->show();
    restoreState(m_initialLayout);
    m_docks->applyDefaultSizes();
}

void MainWindow::showEvent(QShowEvent *event)
{
    QMainWindow::showEvent(event);
    if (!m_shown) {
        m_shown = true;
        m_sinceShown.start();
        if (!m_layoutRestored)
            m_docks->applyDefaultSizes();
    }
}

void MainWindow::fitToolBar()
{
    // At 1280 × 800 in English the toolbar's texts need more than the window's width, and Qt
    // would hide the last button, the normaliser's, behind "»". The view buttons, whose icons
    // (magnifiers, a frame) say what they do, drop their texts first; their tooltips keep them.
    // So does Record (a red dot; while recording, the status bar shows the dot and the time).
    compactToolBar(m_ui->mainToolBar, {m_ui->actionZoomIn, m_ui->actionZoomOut, m_ui->actionFitAll,
                                       m_record->action()});
}

void MainWindow::resizeEvent(QResizeEvent *event)
{
    QMainWindow::resizeEvent(event);
    fitToolBar();
    // In presentation mode the window manager may size the full-screen window late: follow it.
    // Otherwise: a window manager that maximises the window, or -qwindowgeometry, gives the
    // final size only after the first show. Follow such resizes with proportional docks for a
    // moment; after that the user's own dock sizes are kept.
    if (isPresenting())
        QTimer::singleShot(0, m_canvas, &CanvasWidget::fitAll);
    else if (m_shown && !m_layoutRestored && m_sinceShown.elapsed() < 2000)
        QTimer::singleShot(0, m_docks, &DockTable::applyDefaultSizes);
    else if (m_shown && event->oldSize().isValid() &&
             (event->size().width() > event->oldSize().width() ||
              event->size().height() > event->oldSize().height()))
        QTimer::singleShot(0, this, &MainWindow::growSqueezedDocks);
}

void MainWindow::growSqueezedDocks()
{
    if (!isPresenting() && !isMinimized())
        m_docks->growSqueezed();
}

// --- Undo and Redo (the File and Presets menus are FileActions') ---------------------------------

void MainWindow::createUndoActions()
{
    m_ui->actionUndo->setShortcuts(QKeySequence::Undo);
    m_ui->actionRedo->setShortcuts(QKeySequence::Redo);
    QUndoStack *stack = m_editor->undoStack();
    connect(m_ui->actionUndo, &QAction::triggered, stack, &QUndoStack::undo);
    connect(m_ui->actionRedo, &QAction::triggered, stack, &QUndoStack::redo);
    connect(stack, &QUndoStack::canUndoChanged, this, &MainWindow::updateUndoActions);
    connect(stack, &QUndoStack::canRedoChanged, this, &MainWindow::updateUndoActions);
    connect(stack, &QUndoStack::undoTextChanged, this, &MainWindow::updateUndoActions);
    connect(stack, &QUndoStack::redoTextChanged, this, &MainWindow::updateUndoActions);
    updateUndoActions();
}

void MainWindow::updateUndoActions()
{
    const QUndoStack *stack = m_editor->undoStack();
    const QString undo = stack->undoText();
    const QString redo = stack->redoText();
    m_ui->actionUndo->setText(undo.isEmpty() ? tr("&Undo") : tr("&Undo %1").arg(undo));
    m_ui->actionRedo->setText(redo.isEmpty() ? tr("&Redo") : tr("&Redo %1").arg(redo));
    // The toolbar keeps its buttons short; the menu and the tooltip say what is undone.
    m_ui->actionUndo->setIconText(tr("Undo"));
    m_ui->actionRedo->setIconText(tr("Redo"));
    m_ui->actionUndo->setToolTip(undo.isEmpty() ? tr("Nothing to undo") : tr("Undo %1").arg(undo));
    m_ui->actionRedo->setToolTip(redo.isEmpty() ? tr("Nothing to redo") : tr("Redo %1").arg(redo));
    m_ui->actionUndo->setEnabled(stack->canUndo());
    m_ui->actionRedo->setEnabled(stack->canRedo());
}

void MainWindow::showNewDocument()
{
    m_selection->clear();
    m_canvas->fitAll();
}

bool MainWindow::maybeSave()
{
    return m_files->maybeSave();
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (!maybeSave()) {
        event->ignore();
        return;
    }
    m_record->abandon();
    // Saved or knowingly discarded: nothing is left to recover.
    m_autosave->cleanExit();
    m_lessonEdits->autosave()->cleanExit();
    saveSession();
    event->accept();
}

void MainWindow::startAutosave(std::chrono::milliseconds interval)
{
    if (m_autosave->isStarted())
        return;
    m_autosave->start(interval);
    m_lessonEdits->autosave()->start(interval);
    // Asked from the event loop, over the window that is already on screen. A lesson left
    // behind is offered after the scene (it waits for that question) and replaces the scene
    // on show only after the question about its unsaved changes.
    QTimer::singleShot(0, m_autosave, &AutosaveSession::offerRecovery);
    QTimer::singleShot(0, m_lessonEdits->autosave(), [this] {
        m_lessonEdits->autosave()->offerRecovery([this] { return m_files->maybeSave(); });
    });
}

bool MainWindow::openScene(const QString &path)
{
    return m_files->openScene(path);
}

bool MainWindow::loadPreset(const QString &id)
{
    return m_files->loadPreset(id);
}

bool MainWindow::saveSceneAs(const QString &path)
{
    return m_files->saveSceneAs(path);
}

void MainWindow::onShortcuts()
{
    // Read from the actions at the moment it opens: what it lists is what the menus hold.
    ShortcutsDialog dialog(m_ui->menuBar, this);
    dialog.exec();
}

// --- Presentation mode and the session ----------------------------------------------------------

void MainWindow::setPresentationMode(bool on)
{
    m_presentation->setOn(on);
    const QSignalBlocker block(m_ui->actionPresentation);
    m_ui->actionPresentation->setChecked(on);
}

void MainWindow::restoreSession()
{
    const QByteArray geometry = AppSettings::windowGeometry();
    if (!geometry.isEmpty())
        restoreGeometry(geometry);
    const QByteArray state = AppSettings::windowState();
    if (state.isEmpty())
        return;
    // A damaged layout can be half applied before restoreState() notices: then put the default
    // one back whole.
    const QByteArray defaults = saveState(AppSettings::kLayoutVersion);
    m_layoutRestored = restoreState(state, AppSettings::kLayoutVersion);
    if (!m_layoutRestored)
        restoreState(defaults, AppSettings::kLayoutVersion);
}

void MainWindow::saveSession()
{
    AppSettings::setWindowLayout(m_presentation->sessionGeometry(), m_presentation->sessionState());
}

void MainWindow::onExport()
{
    ExportDialog dialog(exportSource(), this);
    if (dialog.exec() == QDialog::Accepted)
        statusBar()->showMessage(tr("Exported %1").arg(QFileInfo(dialog.filePath()).fileName()),
                                 5000);
}

void MainWindow::onExportAnimation()
{
    AnimationDialog dialog(exportSource(), m_model, this);
    if (dialog.exec() == QDialog::Accepted)
        statusBar()->showMessage(tr("Exported %1").arg(QFileInfo(dialog.filePath()).fileName()),
                                 5000);
}

void MainWindow::onExportHandout(bool worksheet)
{
    const QString title =
        m_lessons->isOpen() ? m_lessons->title(Language::current()) : m_document->displayName();
    QString path = QFileDialog::getSaveFileName(
        this, worksheet ? tr("Export Worksheet") : tr("Export Handout"),
        QDir(QDir::homePath()).filePath(title + QStringLiteral(".pdf")),
        tr("PDF documents (*.pdf)"));
    if (path.isEmpty())
        return;
    if (QFileInfo(path).suffix().isEmpty())
        path += QStringLiteral(".pdf");
    HandoutWriter::Options options;
    options.language = Language::current();
    options.worksheet = worksheet;
    HandoutWriter writer(m_lessons->isOpen()
                             ? m_lessons->lesson()
                             : HandoutWriter::oneStep(m_model->scene(), m_model->normalised(),
                                                      m_canvas->landscapeVisible(), title),
                         options);
    QString error;
    bool cancelled = false;
    if (!writer.writeWithProgress(path, this, &error, &cancelled)) {
        if (cancelled) {
            statusBar()->showMessage(tr("Cancelled: nothing was written."), 5000);
            return;
        }
        QMessageBox::warning(this, worksheet ? tr("Export Worksheet") : tr("Export Handout"),
                             error);
        return;
    }
    statusBar()->showMessage(tr("Exported %1").arg(QFileInfo(path).fileName()), 5000);
}

void MainWindow::onCopyPicture()
{
    statusBar()->showMessage(
        PictureCopier::copy(exportSource(), this,
                            m_ui->actionCopyPicture->text().remove(QLatin1Char('&'))),
        5000);
}
