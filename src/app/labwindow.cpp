#include "labwindow.h"

#include "dimensionlabpage.h"
#include "model/dimensionlabmodel.h"
#include "model/selfattentionmodel.h"
#include "selfattentionpage.h"
#include "ui_labwindow.h"

#include <QEvent>

LabWindow::LabWindow(QWidget *parent)
    : QWidget(parent, Qt::Window), m_ui(std::make_unique<Ui::LabWindow>()),
      m_dimensionModel(new DimensionLabModel(this)),
      m_selfAttentionModel(new SelfAttentionModel(this))
{
    m_ui->setupUi(this);
    m_dimensionPage = new DimensionLabPage(m_dimensionModel, m_ui->dimensionTab);
    m_ui->dimensionTabLayout->addWidget(m_dimensionPage);
    m_selfAttentionPage = new SelfAttentionPage(m_selfAttentionModel, m_ui->selfAttentionTab);
    m_ui->selfAttentionTabLayout->addWidget(m_selfAttentionPage);
    resize(1280, 800);
}

LabWindow::~LabWindow()
{
    // The pages read the models until they are gone; the models, direct children, would
    // otherwise be deleted before the pages, which sit deeper in the tree.
    delete m_dimensionPage;
    delete m_selfAttentionPage;
}

void LabWindow::showTab(Tab tab)
{
    m_ui->tabs->setCurrentIndex(tab == Tab::DimensionLab ? 0 : 1);
    show();
    if (isMinimized())
        setWindowState(windowState() & ~Qt::WindowMinimized);
    raise();
    activateWindow();
}

LabWindow::Tab LabWindow::currentTab() const
{
    return m_ui->tabs->currentIndex() == 0 ? Tab::DimensionLab : Tab::SelfAttention;
}

void LabWindow::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        m_ui->retranslateUi(this);
    QWidget::changeEvent(event);
}
