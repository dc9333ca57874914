#include "mainwindow.h"

#include "canvaswidget.h"
#include "exportdialog.h"
#include "exporter.h"
#include "headcanvases.h"
#include "headheatmap.h"
#include "methodnames.h"
#include "methodpanel.h"
#include "model/errortext.h"
#include "model/scenemodel.h"
#include "model/scenestorage.h"
#include "numberformat.h"
#include "selection.h"
#include "steppanel.h"
#include "ui_mainwindow.h"
#include "weightchart.h"

#include <QActionGroup>
#include <QClipboard>
#include <QDir>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMessageBox>
#include <QMimeData>
#include <QShowEvent>
#include <QSplitter>
#include <QStatusBar>
#include <QTimer>

#include <algorithm>

MainWindow::MainWindow(SceneModel *model, QWidget *parent)
    : QMainWindow(parent), m_ui(std::make_unique<Ui::MainWindow>()), m_model(model),
      m_selection(new Selection(this))
{
    m_ui->setupUi(this);
    createViews();
    createActions();
    buildMethodMenu();

    connect(m_model, &SceneModel::changed, this, &MainWindow::refresh);
    connect(m_model, &SceneModel::keyCountChanged, this,
            [this](int count) { m_selection->clamp(count); });
    connect(m_selection, &Selection::changed, this, &MainWindow::refreshSelectionActions);

    resize(1280, 800);
    m_initialLayout = saveState();
    applyDefaultDockSizes();
    retranslate();
    refreshSelectionActions();
}

MainWindow::~MainWindow() = default;

void MainWindow::createViews()
{
    m_canvas = new CanvasWidget(m_model, m_selection, m_ui->canvasHost);
    m_ui->canvasHostLayout->addWidget(m_canvas);
    m_methodPanel = new MethodPanel(m_model, m_ui->methodHost);
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

    m_pointerLabel = new QLabel(this);
    m_pointerLabel->setMinimumWidth(180);
    m_resultLabel = new QLabel(this);
    statusBar()->addPermanentWidget(m_resultLabel);
    statusBar()->addPermanentWidget(m_pointerLabel);
    m_canvas->setFocus();
}

void MainWindow::createActions()
{
    connect(m_ui->actionOpen, &QAction::triggered, this, &MainWindow::onOpen);
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
            m_model->setMasked(m_selection->index(), on);
    });
    connect(m_ui->actionZoomIn, &QAction::triggered, m_canvas, &CanvasWidget::zoomIn);
    connect(m_ui->actionZoomOut, &QAction::triggered, m_canvas, &CanvasWidget::zoomOut);
    connect(m_ui->actionFitAll, &QAction::triggered, m_canvas, &CanvasWidget::fitAll);
    connect(m_ui->actionResetView, &QAction::triggered, m_canvas, &CanvasWidget::resetView);
    m_ui->actionSnap->setChecked(m_canvas->snapToGrid());
    connect(m_ui->actionSnap, &QAction::toggled, m_canvas, &CanvasWidget::setSnapToGrid);
    connect(m_canvas, &CanvasWidget::snapToGridChanged, m_ui->actionSnap, &QAction::setChecked);
    connect(m_ui->actionNormalise, &QAction::toggled, m_model, &SceneModel::setNormalised);
    connect(m_ui->actionResetLayout, &QAction::triggered, this, &MainWindow::resetLayout);

    connect(m_canvas, &CanvasWidget::statusMessage, this,
            [this](const QString &text) { statusBar()->showMessage(text, 4000); });
    connect(m_canvas, &CanvasWidget::pointerMoved, this, &MainWindow::showPointer);
    connect(m_canvas, &CanvasWidget::pointerLeft, m_pointerLabel, &QLabel::clear);

    // The docks can be closed; View lists them so that they can come back.
    m_ui->menuView->addSeparator();
    for (QDockWidget *dock : {m_ui->dockMethod, m_ui->dockChart, m_ui->dockSteps, m_ui->dockHeads})
        m_ui->menuView->addAction(dock->toggleViewAction());
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
                [this, i] { m_model->setMethod(attn::Method(i)); });
    }
}

void MainWindow::retranslate()
{
    const auto actions = m_methods->actions();
    for (QAction *a : actions)
        a->setText(MethodNames::name(attn::Method(a->data().toInt())));
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
    if (m_model->hasResult()) {
        m_resultLabel->setStyleSheet(QString());
        m_resultLabel->setText(tr("%1 keys · output %2")
                                   .arg(m_model->keyCount())
                                   .arg(NumberFormat::vector(m_model->result().output, 3)));
    } else {
        m_resultLabel->setStyleSheet(QStringLiteral("color: #b00020"));
        m_resultLabel->setText(m_model->errorText());
    }
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
    m_pointerLabel->setText(
        QStringLiteral("x = %1, y = %2")
            .arg(NumberFormat::number(world.x(), 2), NumberFormat::number(world.y(), 2)));
}

void MainWindow::resetLayout()
{
    for (QDockWidget *dock : {m_ui->dockMethod, m_ui->dockChart, m_ui->dockSteps, m_ui->dockHeads})
        dock->show();
    restoreState(m_initialLayout);
    applyDefaultDockSizes();
}

void MainWindow::applyDefaultDockSizes()
{
    // Proportional to the window, within limits that keep the panels readable at 1280 × 800 and
    // give the canvas most of a 1920 × 1080 projector.
    const int right = std::clamp(int(width() * 0.3), 390, 580);
    const int bottom = std::clamp(int(height() * 0.36), 270, 430);
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
        applyDefaultDockSizes();
    }
}

void MainWindow::resizeEvent(QResizeEvent *event)
{
    QMainWindow::resizeEvent(event);
    // A window manager that maximises the window, or -qwindowgeometry, gives the final size only
    // after the first show. Follow such resizes with proportional docks for a moment; after
    // that the user's own dock sizes are kept.
    if (m_shown && m_sinceShown.elapsed() < 2000)
        QTimer::singleShot(0, this, &MainWindow::applyDefaultDockSizes);
}

bool MainWindow::openScene(const QString &path)
{
    QString why;
    auto scene = SceneStorage::load(path, &why);
    if (scene) {
        if (auto e = m_model->setScene(*scene))
            why = ErrorText::describe(*e);
    }
    if (!scene || !why.isEmpty()) {
        QMessageBox::warning(this, tr("Cannot open the scene"),
                             tr("%1\n\n%2").arg(QDir::toNativeSeparators(path), why));
        return false;
    }
    m_canvas->fitAll();
    statusBar()->showMessage(tr("Opened %1").arg(QFileInfo(path).fileName()), 5000);
    return true;
}

void MainWindow::onOpen()
{
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open Scene"), QString(), tr("Attention Canvas scenes (*.json);;All files (*)"));
    if (!path.isEmpty())
        openScene(path);
}

void MainWindow::onAbout()
{
    QMessageBox::about(this, tr("About Attention Canvas"),
                       tr("<h3>Attention Canvas %1</h3><p>Drag query, key and value vectors and "
                          "watch attention scores, softmax weights and the weighted sum change.</p>"
                          "<p>Built with Qt %2 and Eigen.</p>")
                           .arg(QStringLiteral(AC_VERSION), QString::fromLatin1(qVersion())));
}

void MainWindow::onExport()
{
    ExportDialog dialog(this, this);
    if (dialog.exec() == QDialog::Accepted)
        statusBar()->showMessage(tr("Exported %1").arg(QFileInfo(dialog.filePath()).fileName()),
                                 5000);
}

void MainWindow::onCopyPicture()
{
    // The last export's choices at the part's current size; an SVG rides along for programs
    // that paste vector drawings.
    const Exporter exporter(this);
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
