#include "mainwindow.h"

#include "appsettings.h"
#include "canvas/canvaswidget.h"
#include "canvas/selection.h"
#include "document/autosavesession.h"
#include "document/scenecommand.h"
#include "document/scenedocument.h"
#include "document/sceneeditor.h"
#include "document/scenepresets.h"
#include "export/exportdialog.h"
#include "export/exporter.h"
#include "lab/labwindow.h"
#include "methods/methodnames.h"
#include "model/errortext.h"
#include "model/language.h"
#include "model/scenemodel.h"
#include "model/scenestorage.h"
#include "panels/explanationpanel.h"
#include "panels/headcanvases.h"
#include "panels/headheatmap.h"
#include "panels/methodpanel.h"
#include "panels/steppanel.h"
#include "panels/weightchart.h"
#include "sequence/sequencewindow.h"
#include "shortcutsdialog.h"
#include "text/numberformat.h"
#include "theme/appearance.h"
#include "ui_mainwindow.h"
#include "walkthrough/walkthrough.h"
#include "walkthrough/walkthroughbar.h"
#include "widgets/stablelabel.h"

#include <Eigen/Core>
#include <QAbstractSpinBox>
#include <QActionGroup>
#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QDir>
#include <QEvent>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QKeyEvent>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QMimeData>
#include <QPainter>
#include <QPushButton>
#include <QRegularExpression>
#include <QResizeEvent>
#include <QSettings>
#include <QShowEvent>
#include <QSplitter>
#include <QStatusBar>
#include <QSvgRenderer>
#include <QTimer>
#include <QUndoStack>

#include <algorithm>
#include <cmath>

MainWindow::MainWindow(SceneModel *model, QWidget *parent)
    : QMainWindow(parent), m_ui(std::make_unique<Ui::MainWindow>()), m_model(model),
      m_editor(new SceneEditor(model, this)), m_document(new SceneDocument(m_editor, this)),
      m_autosave(new AutosaveSession(m_document, this)), m_selection(new Selection(this))
{
    m_ui->setupUi(this);
    createViews();
    createActions();
    createFileActions();
    buildMethodMenu();
    buildPresetsMenu();
    createAppearanceActions();

    connect(m_model, &SceneModel::changed, this, &MainWindow::refresh);
    connect(m_model, &SceneModel::changed, this, [this] { clearSceneDescription(false); });
    connect(m_model, &SceneModel::keyCountChanged, this,
            [this](int count) { m_selection->clamp(count); });
    connect(m_selection, &Selection::changed, this, &MainWindow::refreshSelectionActions);
    connect(m_autosave, &AutosaveSession::message, this,
            [this](const QString &text) { statusBar()->showMessage(text, 10000); });

    // For the number boxes anywhere in the window (see eventFilter()).
    qApp->installEventFilter(this);

    resize(1280, 800);
    m_initialLayout = saveState();
    applyDefaultDockSizes();
    retranslate();
    refreshSelectionActions();
}

MainWindow::~MainWindow()
{
    // The undo stack is a child of the editor, deleted after this window's members (the form
    // among them); clearing itself on the way it announces new undo states, which nothing here
    // may hear any more.
    m_editor->undoStack()->disconnect(this);
    // The font and the line scale belong to the whole application: give them back.
    if (m_presentation) {
        QApplication::setFont(m_presentation->font);
        Appearance::instance()->setLineScale(1.0);
    }
}

void MainWindow::createViews()
{
    m_canvas = new CanvasWidget(m_editor, m_selection, m_ui->canvasHost);
    m_ui->canvasHostLayout->addWidget(m_canvas);
    m_methodPanel = new MethodPanel(m_editor, m_ui->methodHost);
    m_ui->methodHostLayout->addWidget(m_methodPanel);
    m_chart = new WeightChart(m_model, m_ui->chartHost);
    m_ui->chartHostLayout->addWidget(m_chart);
    m_stepPanel = new StepPanel(m_model, m_selection, m_ui->stepsHost);
    m_ui->stepsHostLayout->addWidget(m_stepPanel);

    // The heads dock: the heat map of heads × keys above, each head's own small canvas below.
    auto *split = new QSplitter(Qt::Horizontal, m_ui->headsHost);
    m_heatMap = new HeadHeatMap(m_model, split);
    m_headCanvases = new HeadCanvases(m_model, split);
    split->addWidget(m_heatMap);
    split->addWidget(m_headCanvases);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    m_ui->headsHostLayout->addWidget(split);

    // Right column over the full height: parameters above the chart. Under the canvas: steps and
    // heads as tabs, so that the canvas keeps the most room and the table its width.
    setCorner(Qt::BottomRightCorner, Qt::RightDockWidgetArea);
    setCorner(Qt::TopRightCorner, Qt::RightDockWidgetArea);
    splitDockWidget(m_ui->dockMethod, m_ui->dockChart, Qt::Vertical);
    tabifyDockWidget(m_ui->dockSteps, m_ui->dockHeads);
    m_ui->dockSteps->raise();
    // The walkthrough's bar sits above the canvas and shows itself while a walkthrough runs.
    m_walkthrough = new Walkthrough(this);
    auto *bar = new WalkthroughBar(m_walkthrough, m_model, m_ui->canvasHost);
    m_ui->canvasHostLayout->insertWidget(0, bar);
    m_canvas->setWalkthrough(m_walkthrough);
    m_stepPanel->setWalkthrough(m_walkthrough);
    connect(m_walkthrough, &Walkthrough::changed, this, &MainWindow::holdBackAnswers);
    auto heldBack = [](QWidget *parent) {
        auto *label = new QLabel(parent);
        label->setObjectName(QStringLiteral("heldBackLabel"));
        label->setAlignment(Qt::AlignCenter);
        label->setWordWrap(true);
        label->setMargin(12);
        label->hide();
        return label;
    };
    m_chartHeldBack = heldBack(m_ui->chartHost);
    m_ui->chartHostLayout->addWidget(m_chartHeldBack);
    m_heatMapHeldBack = heldBack(split);
    split->insertWidget(0, m_heatMapHeldBack);

    // The explanation shares the parameters' place: read about a method, then tune it.
    m_explanation = new ExplanationPanel(m_model, m_ui->explanationHost);
    m_ui->explanationHostLayout->addWidget(m_explanation);
    m_explanationHeldBack = heldBack(m_ui->explanationHost);
    m_ui->explanationHostLayout->addWidget(m_explanationHeldBack);
    tabifyDockWidget(m_ui->dockMethod, m_ui->dockExplanation);
    m_ui->dockMethod->raise();

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
        m_ui->menuFile->insertActions(before, {m_ui->actionExport, m_ui->actionCopyPicture});
        m_ui->menuFile->insertSeparator(m_ui->actionExport);
    }
    connect(m_ui->actionAbout, &QAction::triggered, this, &MainWindow::onAbout);
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

    // The docks can be closed; View lists them so that they can come back.
    // Alt+1 … Alt+5, in the order of the list, as tool windows are numbered in IDEs.
    m_ui->menuView->addSeparator();
    int number = 0;
    for (QDockWidget *dock : docks()) {
        QAction *toggle = dock->toggleViewAction();
        toggle->setShortcut(QKeySequence(Qt::ALT | Qt::Key(Qt::Key_1 + number++)));
        // Its key must bring forward a dock that is open behind another tab, not close it.
        toggle->installEventFilter(this);
        m_ui->menuView->addAction(toggle);
    }
    connect(m_ui->actionPresentation, &QAction::toggled, this, &MainWindow::setPresentationMode);
    connect(m_ui->actionShortcuts, &QAction::triggered, this, &MainWindow::onShortcuts);

    connect(m_ui->actionLandscape, &QAction::toggled, m_canvas, &CanvasWidget::setLandscapeVisible);
    connect(m_canvas, &CanvasWidget::landscapeVisibleChanged, m_ui->actionLandscape,
            &QAction::setChecked);
    connect(m_ui->actionWalkthrough, &QAction::triggered, m_walkthrough, &Walkthrough::start);
    connect(m_ui->actionDimensionLab, &QAction::triggered, this,
            [this] { lab()->showTab(LabWindow::Tab::DimensionLab); });
    connect(m_ui->actionSelfAttention, &QAction::triggered, this,
            [this] { lab()->showTab(LabWindow::Tab::SelfAttention); });
    connect(m_ui->actionSequence, &QAction::triggered, this, &MainWindow::showSequenceWindow);

    connect(m_ui->actionExplanation, &QAction::triggered, this, [this] {
        m_ui->dockExplanation->show();
        m_ui->dockExplanation->raise();
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
    // Made on first use, like the lab.
    if (!m_sequence)
        m_sequence = new SequenceWindow(this);
    m_sequence->showWindow();
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
    // While the class predicts, the chart, the heat map and the output in the status bar would
    // give the weights away: they return once normalisation (and the output once the weighted
    // sum) is revealed. A panel held back says so, rather than stand there as a blank box.
    const bool active = m_walkthrough->isActive();
    const bool weights = !active || m_walkthrough->isShown(Walkthrough::Normalisation);
    const bool output = !active || m_walkthrough->isShown(Walkthrough::WeightedSum);
    m_chart->setVisible(weights);
    m_heatMap->setVisible(weights);
    m_headCanvases->setVisible(weights); // each head's beams are drawn by its weights
    m_chartHeldBack->setVisible(!weights);
    m_heatMapHeldBack->setVisible(!weights);
    // The explanation's part about this scene names the largest logit and the weights.
    m_explanation->setVisible(output);
    m_explanationHeldBack->setVisible(!output);
    m_resultLabel->setVisible(output);
    retranslateHeldBack();
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

void MainWindow::retranslateHeldBack()
{
    const QString text = tr("Held back until step %1, “%2”, is revealed: predict first.")
                             .arg(Walkthrough::Normalisation + 1)
                             .arg(Walkthrough::title(Walkthrough::Normalisation));
    m_chartHeldBack->setText(text);
    m_heatMapHeldBack->setText(text);
    m_explanationHeldBack->setText(tr("Held back until step %1, “%2”, is revealed: predict first.")
                                       .arg(Walkthrough::WeightedSum + 1)
                                       .arg(Walkthrough::title(Walkthrough::WeightedSum)));
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

bool MainWindow::isWindowShortcut(const QKeyEvent *event) const
{
    // Keys that edit text stay with the box: plain and shifted keys, and the window has no
    // command on Ctrl+A, C, V, X or the word moves.
    const Qt::KeyboardModifiers mods = event->modifiers() & ~Qt::KeypadModifier;
    const bool functionKey = event->key() >= Qt::Key_F1 && event->key() <= Qt::Key_F35;
    if (!(mods & (Qt::ControlModifier | Qt::AltModifier | Qt::MetaModifier)) && !functionKey)
        return false;
    const QKeySequence pressed(QKeyCombination(mods, Qt::Key(event->key())));
    const auto actions = findChildren<QAction *>();
    for (const QAction *a : actions) {
        if (!a->isEnabled() || (a->shortcutContext() != Qt::WindowShortcut &&
                                a->shortcutContext() != Qt::ApplicationShortcut))
            continue;
        const auto keys = a->shortcuts();
        for (const QKeySequence &k : keys)
            if (!k.isEmpty() && k[0] == pressed[0]) // a whole key, or a chord's first key
                return true;
    }
    return false;
}

bool MainWindow::eventFilter(QObject *watched, QEvent *event)
{
    // A number box (its line edit) claims Ctrl+Z for its own text undo and Ctrl+E for "end of
    // line", so the window's Undo and Export never saw those keys while a box had focus. The
    // window's commands win: what is typed is committed first (the box's value becomes an undo
    // step like any other edit), then the command runs.
    if (event->type() == QEvent::ShortcutOverride) {
        auto *box = qobject_cast<QAbstractSpinBox *>(watched);
        if (box && box->window() == this && isWindowShortcut(static_cast<QKeyEvent *>(event))) {
            box->interpretText();
            event->ignore();
            return true;
        }
    }
    // Alt+1 … Alt+5 on a dock that is open but behind another tab: the toggle would close it,
    // while the user asked to see it.
    if (event->type() == QEvent::Shortcut) {
        for (QDockWidget *dock : docks()) {
            if (watched != dock->toggleViewAction())
                continue;
            if (!dock->isHidden() && dock->visibleRegion().isEmpty()) {
                dock->raise();
                return true;
            }
            break;
        }
    }
    return QMainWindow::eventFilter(watched, event);
}

QList<QDockWidget *> MainWindow::docks() const
{
    return {m_ui->dockMethod, m_ui->dockExplanation, m_ui->dockChart, m_ui->dockSteps,
            m_ui->dockHeads};
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
}

void MainWindow::retranslate()
{
    for (QAction *a : m_languages->actions())
        a->setChecked(a->data().toString() == Language::current());
    const auto actions = m_methods->actions();
    for (QAction *a : actions)
        a->setText(MethodNames::name(attn::Method(a->data().toInt())));
    retranslatePresets();
    retranslateHeldBack();
    // Toolbar buttons show the command without its access key: "保存(&S)" is "保存" there. The
    // menus keep the keys. Undo and Redo set their own short texts (updateUndoActions).
    const auto tools = m_ui->mainToolBar->actions();
    for (QAction *a : tools) {
        if (a->isSeparator() || a == m_ui->actionUndo || a == m_ui->actionRedo)
            continue;
        a->setIconText(withoutAccessKey(a->text()));
    }
    m_editor->retranslate();
    updateUndoActions();
    updateTitle();
    refresh();
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
            m_ui->dockHeads->raise();
        else if (m_shownMethod == attn::Method::MultiHead)
            m_ui->dockSteps->raise();
        m_shownMethod = method;
    }
    const auto actions = m_methods->actions();
    for (QAction *a : actions)
        a->setChecked(a->data().toInt() == int(m_model->scene().method));
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
    for (QDockWidget *dock : docks())
        dock->show();
    restoreState(m_initialLayout);
    applyDefaultDockSizes();
}

MainWindow::DockSizes MainWindow::defaultDockSizes() const
{
    return {std::clamp(int(width() * 0.3), 390, 580), std::clamp(int(height() * 0.36), 270, 430)};
}

void MainWindow::applyDefaultDockSizes()
{
    // Proportional to the window, within limits that keep the panels readable at 1280 × 800 and
    // give the canvas most of a 1920 × 1080 projector.
    const auto [right, bottom] = defaultDockSizes();
    const int column = std::max(400, height() - 80);
    resizeDocks({m_ui->dockMethod}, {right}, Qt::Horizontal);
    resizeDocks({m_ui->dockMethod, m_ui->dockChart}, {column * 45 / 100, column * 55 / 100},
                Qt::Vertical);
    resizeDocks({m_ui->dockSteps}, {bottom}, Qt::Vertical);
}

void MainWindow::showEvent(QShowEvent *event)
{
    QMainWindow::showEvent(event);
    if (!m_shown) {
        m_shown = true;
        m_sinceShown.start();
        if (!m_layoutRestored)
            applyDefaultDockSizes();
    }
}

void MainWindow::resizeEvent(QResizeEvent *event)
{
    QMainWindow::resizeEvent(event);
    // In presentation mode the window manager may size the full-screen window late: follow it.
    // Otherwise: a window manager that maximises the window, or -qwindowgeometry, gives the
    // final size only after the first show. Follow such resizes with proportional docks for a
    // moment; after that the user's own dock sizes are kept.
    if (isPresenting())
        QTimer::singleShot(0, m_canvas, &CanvasWidget::fitAll);
    else if (m_shown && !m_layoutRestored && m_sinceShown.elapsed() < 2000)
        QTimer::singleShot(0, this, &MainWindow::applyDefaultDockSizes);
    else if (m_shown && event->oldSize().isValid() &&
             (event->size().width() > event->oldSize().width() ||
              event->size().height() > event->oldSize().height()))
        QTimer::singleShot(0, this, &MainWindow::growSqueezedDocks);
}

void MainWindow::growSqueezedDocks()
{
    // A small window squeezes the docks, and growing it again gives all the new room to the
    // canvas: the table stays two lines high and the right column narrow. Docks below the sizes
    // a window of this size starts with get those back; larger ones keep the user's size.
    if (isPresenting() || isMinimized())
        return;
    const DockSizes want = defaultDockSizes();
    for (QDockWidget *dock : docks()) {
        if (dock->isHidden() || dock->isFloating())
            continue;
        const Qt::DockWidgetArea area = dockWidgetArea(dock);
        if (area == Qt::RightDockWidgetArea && dock->width() < want.right)
            resizeDocks({dock}, {want.right}, Qt::Horizontal);
        else if (area == Qt::BottomDockWidgetArea && dock->height() < want.bottom)
            resizeDocks({dock}, {want.bottom}, Qt::Vertical);
    }
}

// --- Scenes: the File and Presets menus ---------------------------------------------------------

void MainWindow::createFileActions()
{
    m_ui->actionNew->setShortcuts(QKeySequence::New);
    m_ui->actionSave->setShortcuts(QKeySequence::Save);
    m_ui->actionSaveAs->setShortcuts(QKeySequence::SaveAs);
    // Plain X11 sessions define no Save As key; use the one GNOME, KDE and macOS share.
    if (m_ui->actionSaveAs->shortcuts().isEmpty())
        m_ui->actionSaveAs->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S));
    m_ui->actionUndo->setShortcuts(QKeySequence::Undo);
    m_ui->actionRedo->setShortcuts(QKeySequence::Redo);
    connect(m_ui->actionNew, &QAction::triggered, this, &MainWindow::onNew);
    connect(m_ui->actionOpen, &QAction::triggered, this, &MainWindow::onOpen);
    connect(m_ui->actionSave, &QAction::triggered, this, &MainWindow::onSave);
    connect(m_ui->actionSaveAs, &QAction::triggered, this, &MainWindow::onSaveAs);
    connect(m_ui->actionRevert, &QAction::triggered, this, &MainWindow::onRevert);
    connect(m_ui->actionClearRecent, &QAction::triggered, m_document,
            &SceneDocument::clearRecentFiles);
    m_ui->menuRecent->setToolTipsVisible(true);

    QUndoStack *stack = m_editor->undoStack();
    connect(m_ui->actionUndo, &QAction::triggered, stack, &QUndoStack::undo);
    connect(m_ui->actionRedo, &QAction::triggered, stack, &QUndoStack::redo);
    connect(stack, &QUndoStack::canUndoChanged, this, &MainWindow::updateUndoActions);
    connect(stack, &QUndoStack::canRedoChanged, this, &MainWindow::updateUndoActions);
    connect(stack, &QUndoStack::undoTextChanged, this, &MainWindow::updateUndoActions);
    connect(stack, &QUndoStack::redoTextChanged, this, &MainWindow::updateUndoActions);

    connect(m_document, &SceneDocument::identityChanged, this, &MainWindow::updateTitle);
    connect(m_document, &SceneDocument::modifiedChanged, this, &MainWindow::updateTitle);
    connect(m_document, &SceneDocument::recentFilesChanged, this, &MainWindow::rebuildRecentMenu);
    rebuildRecentMenu();
    updateUndoActions();
    updateTitle();
}

void MainWindow::buildPresetsMenu()
{
    const auto presets = ScenePresets::all();
    for (const ScenePresets::Preset &preset : presets) {
        auto *action = m_ui->menuPresets->addAction(preset.title);
        action->setObjectName(QStringLiteral("preset-") + preset.id);
        action->setData(preset.id);
        // Ctrl+Alt+1 … 9 in menu order: a teacher switches lessons without the mouse.
        if (m_presetActions.size() < 9)
            action->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT |
                                             Qt::Key(Qt::Key_1 + int(m_presetActions.size()))));
        const QString id = preset.id;
        connect(action, &QAction::triggered, this, [this, id] { onPreset(id); });
        m_presetActions.append(action);
    }
    m_ui->menuPresets->setToolTipsVisible(true);
    retranslatePresets();
}

void MainWindow::retranslatePresets()
{
    for (QAction *action : std::as_const(m_presetActions)) {
        if (const auto preset = ScenePresets::find(action->data().toString())) {
            action->setText(preset->title);
            action->setToolTip(preset->description);
            action->setStatusTip(preset->description);
        }
    }
}

void MainWindow::rebuildRecentMenu()
{
    QMenu *menu = m_ui->menuRecent;
    // Not clear(): the list changes while one of its own entries is being triggered, and that
    // entry must outlive its signal.
    const auto old = menu->actions();
    for (QAction *a : old) {
        menu->removeAction(a);
        if (a != m_ui->actionClearRecent)
            a->deleteLater();
    }
    const QStringList files = m_document->recentFiles();
    for (int i = 0; i < files.size(); ++i) {
        const QString path = files[i];
        QString name = QFileInfo(path).fileName();
        name.replace(QLatin1Char('&'), QStringLiteral("&&"));
        // Numbered 1 to 8 so that the keyboard reaches every entry.
        auto *action = menu->addAction(QStringLiteral("&%1  %2").arg(i + 1).arg(name));
        action->setToolTip(QDir::toNativeSeparators(path));
        action->setStatusTip(QDir::toNativeSeparators(path));
        // The list changes with every file opened, so a fixed key would open a different file
        // each time; the number in the menu is the keyboard's way in.
        action->setProperty(ShortcutsDialog::kNoteProperty,
                            tr("File › Open Recent, then %1").arg(i + 1));
        connect(action, &QAction::triggered, this, [this, path] { onOpenRecent(path); });
    }
    menu->addSeparator();
    menu->addAction(m_ui->actionClearRecent);
    menu->setEnabled(!files.isEmpty());
}

void MainWindow::updateTitle()
{
    setWindowTitle(tr("%1[*] — Attention Canvas").arg(m_document->displayName()));
    setWindowModified(m_document->isModified());
    m_ui->actionRevert->setEnabled(!m_document->filePath().isEmpty() && m_document->isModified());
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
    if (!m_document->isModified())
        return true;
    QMessageBox box(
        QMessageBox::Warning, tr("Unsaved Changes"),
        tr("The scene \"%1\" has changes that are not saved.").arg(m_document->displayName()),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, this);
    box.setObjectName(QStringLiteral("unsavedChangesBox"));
    box.setInformativeText(tr("Save them before going on?"));
    // Every choice on the keyboard: the standard texts give Discard no access key. Cancel is Esc.
    box.button(QMessageBox::Save)->setText(tr("&Save"));
    box.button(QMessageBox::Discard)->setText(tr("&Discard"));
    box.setDefaultButton(QMessageBox::Save);
    box.setEscapeButton(QMessageBox::Cancel);
    switch (box.exec()) {
    case QMessageBox::Save:
        return onSave();
    case QMessageBox::Discard:
        return true;
    default:
        return false;
    }
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (!maybeSave()) {
        event->ignore();
        return;
    }
    // Saved or knowingly discarded: nothing is left to recover.
    m_autosave->cleanExit();
    saveSession();
    event->accept();
}

void MainWindow::startAutosave(std::chrono::milliseconds interval)
{
    if (m_autosave->isStarted())
        return;
    m_autosave->start(interval);
    // Asked from the event loop, over the window that is already on screen.
    QTimer::singleShot(0, m_autosave, &AutosaveSession::offerRecovery);
}

bool MainWindow::openScene(const QString &path)
{
    QString why;
    if (!m_document->open(path, &why)) {
        QMessageBox::warning(this, tr("Cannot open the scene"),
                             tr("%1\n\n%2").arg(QDir::toNativeSeparators(path), why));
        return false;
    }
    showNewDocument();
    statusBar()->showMessage(tr("Opened %1").arg(QFileInfo(path).fileName()), 5000);
    return true;
}

bool MainWindow::loadPreset(const QString &id)
{
    QString why;
    if (!m_document->loadPreset(id, &why)) {
        QMessageBox::warning(this, tr("Cannot load the preset"), why);
        return false;
    }
    showNewDocument();
    // Not during a walkthrough: the description may state what the class is asked to predict.
    if (const auto preset = ScenePresets::find(id); preset && !m_walkthrough->isActive())
        showSceneDescription(preset->description);
    return true;
}

bool MainWindow::saveSceneAs(const QString &path)
{
    QString why;
    if (!m_document->saveAs(path, &why)) {
        QMessageBox::warning(this, tr("Cannot save the scene"),
                             tr("%1\n\n%2").arg(QDir::toNativeSeparators(path), why));
        return false;
    }
    statusBar()->showMessage(tr("Saved %1").arg(QFileInfo(path).fileName()), 5000);
    return true;
}

void MainWindow::onNew()
{
    if (!maybeSave())
        return;
    m_document->newScene();
    showNewDocument();
}

void MainWindow::onOpen()
{
    if (!maybeSave())
        return;
    const QString path =
        QFileDialog::getOpenFileName(this, tr("Open Scene"), m_document->lastFolder(),
                                     tr("Attention Canvas scenes (*.json);;All files (*)"));
    if (!path.isEmpty())
        openScene(path);
}

void MainWindow::onOpenRecent(const QString &path)
{
    if (!maybeSave())
        return;
    if (!openScene(path) && !QFileInfo::exists(path))
        m_document->removeRecentFile(path);
}

bool MainWindow::onSave()
{
    if (m_document->filePath().isEmpty())
        return onSaveAs();
    return saveSceneAs(m_document->filePath());
}

bool MainWindow::onSaveAs()
{
    QString suggested = m_document->filePath();
    if (suggested.isEmpty()) {
        const QString base =
            m_document->presetId().isEmpty() ? QStringLiteral("scene") : m_document->presetId();
        suggested = QDir(m_document->lastFolder()).filePath(base + QStringLiteral(".json"));
    }
    QFileDialog dialog(this, tr("Save Scene"), suggested,
                       tr("Attention Canvas scenes (*.json);;All files (*)"));
    dialog.setAcceptMode(QFileDialog::AcceptSave);
    dialog.setDefaultSuffix(QStringLiteral("json"));
    if (dialog.exec() != QDialog::Accepted || dialog.selectedFiles().isEmpty())
        return false;
    return saveSceneAs(dialog.selectedFiles().constFirst());
}

void MainWindow::onRevert()
{
    if (m_document->filePath().isEmpty() || !m_document->isModified())
        return;
    QMessageBox box(QMessageBox::Question, tr("Revert"),
                    tr("Go back to the saved \"%1\"? The changes since it was saved are lost.")
                        .arg(m_document->displayName()),
                    QMessageBox::NoButton, this);
    box.setObjectName(QStringLiteral("revertBox"));
    QPushButton *revert = box.addButton(tr("Revert"), QMessageBox::DestructiveRole);
    box.addButton(QMessageBox::Cancel);
    box.setDefaultButton(QMessageBox::Cancel);
    box.exec();
    if (box.clickedButton() != revert)
        return;
    QString why;
    if (!m_document->revert(&why)) {
        QMessageBox::warning(
            this, tr("Cannot open the scene"),
            tr("%1\n\n%2").arg(QDir::toNativeSeparators(m_document->filePath()), why));
        return;
    }
    statusBar()->showMessage(tr("Reverted to %1").arg(m_document->displayName()), 5000);
}

void MainWindow::onPreset(const QString &id)
{
    if (maybeSave())
        loadPreset(id);
}

namespace {
QString compilerName()
{
#if defined(__clang__)
    return QStringLiteral("Clang " __clang_version__);
#elif defined(__GNUC__)
    return QStringLiteral("GCC " __VERSION__);
#elif defined(_MSC_VER)
    return QStringLiteral("MSVC %1").arg(_MSC_VER);
#else
    return QStringLiteral("C++");
#endif
}
} // namespace

void MainWindow::onAbout()
{
    // Versions as they are at run time where the library can say so (Qt), else as compiled.
    const QString eigen = QStringLiteral("%1.%2.%3")
                              .arg(EIGEN_WORLD_VERSION)
                              .arg(EIGEN_MAJOR_VERSION)
                              .arg(EIGEN_MINOR_VERSION);
    QMessageBox box(this);
    box.setObjectName(QStringLiteral("aboutBox"));
    box.setWindowTitle(tr("About Attention Canvas"));
    box.setIconPixmap(QApplication::windowIcon().pixmap(64, 64));
    box.setTextFormat(Qt::RichText);
    box.setText(tr("<h3>Attention Canvas %1</h3><p>Drag query, key and value vectors and watch "
                   "attention scores, softmax weights and the weighted sum change.</p>")
                    .arg(QStringLiteral(AC_VERSION)));
    box.setInformativeText(
        tr("<p>Licence: MIT. Copyright © 2026 the Attention Canvas authors.</p>"
           "<p>Libraries:</p><ul>"
           "<li>Qt %1 (built with %2): Core, GUI, Widgets, SVG — LGPL-3.0; Charts — GPL-3.0</li>"
           "<li>Eigen %3 — MPL-2.0</li></ul>"
           "<p>Compiled with %4 as C++20.</p>")
            .arg(QString::fromLatin1(qVersion()), QStringLiteral(QT_VERSION_STR), eigen,
                 compilerName().toHtmlEscaped()));
    box.setStandardButtons(QMessageBox::Close);
    box.exec();
}

void MainWindow::onShortcuts()
{
    // Read from the actions at the moment it opens: what it lists is what the menus hold.
    ShortcutsDialog dialog(m_ui->menuBar, this);
    dialog.exec();
}

// --- Appearance, presentation mode and the session ----------------------------------------------

void MainWindow::createAppearanceActions()
{
    m_themes = new QActionGroup(this);
    const std::pair<QAction *, ColorScheme::Theme> themes[] = {
        {m_ui->actionThemeLight, ColorScheme::Theme::Light},
        {m_ui->actionThemeDark, ColorScheme::Theme::Dark},
        {m_ui->actionThemeHighContrast, ColorScheme::Theme::HighContrast}};
    for (const auto &[action, binding] : themes) {
        // A copy: clang 14 (the sanitizer build) cannot capture a structured binding.
        const ColorScheme::Theme theme = binding;
        m_themes->addAction(action);
        action->setData(int(theme));
        connect(action, &QAction::triggered, this, [theme] {
            Appearance::instance()->setTheme(theme);
            AppSettings::setTheme(theme);
        });
    }
    connect(m_ui->actionColourBlind, &QAction::triggered, this, [](bool on) {
        const auto palette =
            on ? ColorScheme::Palette::ColourBlind : ColorScheme::Palette::Standard;
        Appearance::instance()->setPalette(palette);
        AppSettings::setPalette(palette);
    });
    connect(Appearance::instance(), &Appearance::changed, this, [this] {
        refreshAppearanceActions();
        applyIconColours();
        refresh(); // the status bar's error colour
    });
    // The saved look, before anything is shown.
    Appearance::instance()->setTheme(AppSettings::theme());
    Appearance::instance()->setPalette(AppSettings::palette());
    refreshAppearanceActions();
    applyIconColours();
}

void MainWindow::applyIconColours()
{
    // The toolbar's SVGs are drawn in dark ink and the article's colours, for white paper. The
    // other themes and the colour-blind palette redraw them in their own ink and colours.
    const std::pair<QAction *, const char *> icons[] = {{m_ui->actionNew, "new"},
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
                                                        {m_ui->actionNormalise, "normalise"}};
    const bool original = ColorScheme::theme() == ColorScheme::Theme::Light &&
                          ColorScheme::palette() == ColorScheme::Palette::Standard;
    const std::pair<QByteArray, QColor> inks[] = {
        {"#2b3440", QApplication::palette().color(QPalette::WindowText)},
        {"#1f5fbf", ColorScheme::key()},
        {"#2ca02c", ColorScheme::value()},
        {"#d62728", ColorScheme::query()}};
    for (const auto &[action, name] : icons) {
        const QString path = QStringLiteral(":/icons/%1.svg").arg(QLatin1String(name));
        if (original) {
            action->setIcon(QIcon(path));
            continue;
        }
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly))
            continue;
        QByteArray svg = file.readAll();
        for (const auto &[from, to] : inks)
            svg.replace(from, to.name().toLatin1());
        QSvgRenderer renderer(svg);
        QIcon icon;
        for (const int size : {16, 24, 32, 48}) {
            QPixmap pixmap(size, size);
            pixmap.fill(Qt::transparent);
            QPainter painter(&pixmap);
            renderer.render(&painter);
            painter.end();
            icon.addPixmap(pixmap);
        }
        action->setIcon(icon);
    }
}

void MainWindow::refreshAppearanceActions()
{
    const auto actions = m_themes->actions();
    for (QAction *a : actions)
        a->setChecked(a->data().toInt() == int(ColorScheme::theme()));
    m_ui->actionColourBlind->setChecked(ColorScheme::palette() ==
                                        ColorScheme::Palette::ColourBlind);
}

void MainWindow::setPresentationMode(bool on)
{
    if (on != isPresenting()) {
        if (on) {
            m_presentation = Presentation{
                saveGeometry(),       geometry(),    saveState(AppSettings::kLayoutVersion),
                QApplication::font(), windowState(), m_canvas->view()};
            QFont large = m_presentation->font;
            if (large.pointSizeF() > 0)
                large.setPointSizeF(large.pointSizeF() * kPresentationFontScale);
            else
                large.setPixelSize(int(std::lround(large.pixelSize() * kPresentationFontScale)));
            // The application's font, so that menus, docks, chart and canvas labels all grow.
            QApplication::setFont(large);
            // A dock paints its title in the font it was made with while its font equals the
            // application's; a font that differs only in a strategy that renders the same gives
            // the title the large size too.
            QFont dockFont = large;
            dockFont.setStyleStrategy(QFont::PreferAntialias);
            for (QDockWidget *dock : docks())
                dock->setFont(dockFont);
            Appearance::instance()->setLineScale(kPresentationLineScale);
            QFont bold = large;
            bold.setBold(true);
            bold.setPointSizeF(large.pointSizeF() > 0 ? large.pointSizeF() * 1.2 : -1);
            m_presentationLabel->setFont(bold);
            m_presentationLabel->show();
            // The lesson is the canvas and its weights; parameters, tables and explanations
            // wait (Alt+1 … Alt+5 still bring any of them back).
            for (QDockWidget *dock : docks())
                dock->setVisible(dock == m_ui->dockChart);
            m_ui->mainToolBar->hide();
            showFullScreen();
            m_canvas->setFocus();
            // The vectors as large as the screen allows, once the window has its new size.
            QTimer::singleShot(0, m_canvas, &CanvasWidget::fitAll);
        } else {
            const Presentation before = *m_presentation;
            m_presentation.reset();
            // The layout put back below is the user's: no proportional defaults over it.
            m_layoutRestored = true;
            QApplication::setFont(before.font);
            for (QDockWidget *dock : docks())
                dock->setFont(QFont()); // inherit again, as before
            Appearance::instance()->setLineScale(1.0);
            m_presentationLabel->hide();
            m_presentationLabel->setFont(QFont());
            // The rectangle itself rather than restoreGeometry(), which guesses a title bar's
            // height where the frame is unknown and can put the window lower than it was.
            setWindowState(before.windowState);
            if (!(before.windowState & (Qt::WindowMaximized | Qt::WindowFullScreen)))
                setGeometry(before.normalRect);
            restoreState(before.state, AppSettings::kLayoutVersion);
            // Once more when the smaller font and the window's old size have arrived (both come
            // as events): dock sizes restored under the large font's minimum sizes come out a
            // few pixels off. Then the zoom and position the class had before.
            QTimer::singleShot(0, this, [this, before] {
                if (isPresenting())
                    return;
                restoreState(before.state, AppSettings::kLayoutVersion);
                m_canvas->setView(before.view);
            });
            // On a slow machine (the sanitizer build) those events can come later still: check a
            // few times more, and stop as soon as the layout is the saved one twice running, so
            // that a dock the user moves afterwards stays where it is put.
            auto *settle = new QTimer(this);
            settle->setInterval(100);
            connect(settle, &QTimer::timeout, this,
                    [this, settle, state = before.state, tries = 0, same = 0]() mutable {
                        if (isPresenting() || ++tries > 20) {
                            settle->deleteLater();
                            return;
                        }
                        if (saveState(AppSettings::kLayoutVersion) == state) {
                            if (++same == 2)
                                settle->deleteLater();
                            return;
                        }
                        same = 0;
                        restoreState(state, AppSettings::kLayoutVersion);
                    });
            settle->start();
        }
    }
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
    if (m_presentation)
        AppSettings::setWindowLayout(m_presentation->geometry, m_presentation->state);
    else
        AppSettings::setWindowLayout(saveGeometry(), saveState(AppSettings::kLayoutVersion));
}

void MainWindow::onExport()
{
    ExportDialog dialog(exportSource(), this);
    if (dialog.exec() == QDialog::Accepted)
        statusBar()->showMessage(tr("Exported %1").arg(QFileInfo(dialog.filePath()).fileName()),
                                 5000);
}

void MainWindow::onCopyPicture()
{
    // The last export's choices at the part's current size; an SVG rides along for programs
    // that paste vector drawings.
    const Exporter exporter(exportSource());
    const Exporter::Options options = ExportDialog::savedOptions();
    const QImage image = exporter.renderImage(options);
    if (image.isNull()) {
        statusBar()->showMessage(tr("The picture is too large for the clipboard."), 5000);
        return;
    }
    auto *mime = new QMimeData;
    mime->setImageData(image);
    QString error;
    const QByteArray svg = exporter.render(Exporter::Format::Svg, options, &error);
    if (!svg.isEmpty())
        mime->setData(QStringLiteral("image/svg+xml"), svg);
    QGuiApplication::clipboard()->setMimeData(mime);
    statusBar()->showMessage(tr("Copied a picture of %1 × %2 pixels to the clipboard.")
                                 .arg(image.width())
                                 .arg(image.height()),
                             5000);
}
