#include "mainwindow.h"

#include "methodnames.h"
#include "numberformat.h"
#include "steptablemodel.h"
#include "ui_mainwindow.h"

#include "model/scenemodel.h"
#include "model/scenestorage.h"

#include <QActionGroup>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QMessageBox>

MainWindow::MainWindow(SceneModel *model, QWidget *parent)
    : QMainWindow(parent), m_ui(std::make_unique<Ui::MainWindow>()), m_model(model),
      m_table(new StepTableModel(model, this))
{
    m_ui->setupUi(this);
    m_ui->stepTable->setModel(m_table);
    m_ui->stepTable->verticalHeader()->hide();
    m_ui->stepTable->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    buildMethodMenu();

    connect(m_ui->actionOpen, &QAction::triggered, this, &MainWindow::onOpen);
    connect(m_ui->actionQuit, &QAction::triggered, this, &QWidget::close);
    connect(m_ui->actionAbout, &QAction::triggered, this, &MainWindow::onAbout);
    connect(m_model, &SceneModel::changed, this, &MainWindow::refresh);
    retranslate();
    refresh();
}

MainWindow::~MainWindow() = default;

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
    const auto actions = m_methods->actions();
    for (QAction *a : actions)
        a->setChecked(a->data().toInt() == int(m_model->scene().method));

    const attn::Scene &s = m_model->scene();
    QString text = QStringLiteral("<b>%1</b> &nbsp; %2 &nbsp; τ = %3")
                       .arg(MethodNames::name(s.method), MethodNames::formula(s.method),
                            NumberFormat::number(s.temperature, 3));
    text += QStringLiteral("<br>") + tr("Query q = %1").arg(NumberFormat::vector(m_model->query()));
    if (m_model->hasResult())
        text += QStringLiteral("<br>") +
                tr("Output Σ wᵢ vᵢ = %1").arg(NumberFormat::vector(m_model->result().output));
    else
        text += QStringLiteral("<br><span style='color:#b00020'>%1</span>")
                    .arg(m_model->errorText().toHtmlEscaped());
    m_ui->summaryLabel->setText(text);
}

bool MainWindow::openScene(const QString &path)
{
    QString why;
    auto scene = SceneStorage::load(path, &why);
    if (scene) {
        if (auto e = m_model->setScene(*scene))
            why = m_model->errorText();
    }
    if (!scene || !why.isEmpty()) {
        QMessageBox::warning(this, tr("Cannot open the scene"),
                             tr("%1\n\n%2").arg(QDir::toNativeSeparators(path), why));
        return false;
    }
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
