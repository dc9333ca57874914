#include "lab/labwindow.h"

#include "lab/dimensionlabpage.h"
#include "lab/selfattentionpage.h"
#include "model/dimensionlabmodel.h"
#include "model/selfattentionmodel.h"
#include "ui_labwindow.h"

#include <QEvent>
#include <QScreen>
#include <QScrollArea>
#include <QStyle>

#include <algorithm>

LabWindow::LabWindow(QWidget *parent)
    : QWidget(parent, Qt::Window), m_ui(std::make_unique<Ui::LabWindow>()),
      m_dimensionModel(new DimensionLabModel(this)),
      m_selfAttentionModel(new SelfAttentionModel(this))
{
    m_ui->setupUi(this);
    // Each page scrolls rather than making the window taller or wider than a small screen
    // (presentation mode's large font on a 1280 × 800 laptop); where it fits, no scroll bar shows.
    // The page is sized here, not by the area, which would size it by its height for width.
    auto scrolled = [this](QWidget *page, QWidget *tab) {
        auto *area = new QScrollArea(tab);
        area->setObjectName(tab->objectName() + QStringLiteral("Scroll"));
        area->setFrameShape(QFrame::NoFrame);
        area->setWidget(page);
        area->installEventFilter(this);
        page->installEventFilter(this);
        return area;
    };
    m_dimensionPage = new DimensionLabPage(m_dimensionModel, m_ui->dimensionTab);
    m_ui->dimensionTabLayout->addWidget(scrolled(m_dimensionPage, m_ui->dimensionTab));
    m_selfAttentionPage = new SelfAttentionPage(m_selfAttentionModel, m_ui->selfAttentionTab);
    m_ui->selfAttentionTabLayout->addWidget(scrolled(m_selfAttentionPage, m_ui->selfAttentionTab));
    nameScrollAreas();
    resize(1280, 800);
}

void LabWindow::nameScrollAreas()
{
    // Each scroll area is named after its tab.
    for (int i = 0; i < m_ui->tabs->count(); ++i)
        if (auto *area = m_ui->tabs->widget(i)->findChild<QScrollArea *>())
            area->setAccessibleName(m_ui->tabs->tabText(i));
}

LabWindow::~LabWindow()
{
    // The pages read the models until they are gone; the models, direct children, would
    // otherwise be deleted before the pages, which sit deeper in the tree.
    delete m_dimensionPage;
    delete m_selfAttentionPage;
}

void LabWindow::fitInto(const QRect &available)
{
    // The frame is known only once the window is shown; until then a title bar and borders of a
    // common size are assumed.
    QMargins frame(geometry().left() - frameGeometry().left(),
                   geometry().top() - frameGeometry().top(),
                   frameGeometry().right() - geometry().right(),
                   frameGeometry().bottom() - geometry().bottom());
    if (frame.isNull())
        frame = QMargins(4, 32, 4, 4);
    const QSize room = available.size().shrunkBy(frame);
    const QSize size =
        QSize(1280, 800).boundedTo(room).expandedTo(minimumSizeHint().boundedTo(room));
    resize(size);
    const QSize outer = size.grownBy(frame);
    move(available.left() + (available.width() - outer.width()) / 2,
         available.top() + (available.height() - outer.height()) / 2);
}

void LabWindow::showTab(Tab tab)
{
    m_ui->tabs->setCurrentIndex(tab == Tab::DimensionLab ? 0 : 1);
    if (!m_placed) {
        // A 1280 × 800 laptop has less than 800 pixels of height for a window.
        m_placed = true;
        if (const QScreen *s = screen())
            fitInto(s->availableGeometry());
    }
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

bool LabWindow::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::Resize || event->type() == QEvent::LayoutRequest) {
        for (QWidget *page : {static_cast<QWidget *>(m_dimensionPage),
                              static_cast<QWidget *>(m_selfAttentionPage)}) {
            QWidget *viewport = page ? page->parentWidget() : nullptr;
            auto *area = viewport ? qobject_cast<QScrollArea *>(viewport->parentWidget()) : nullptr;
            if (!area || (watched != page && watched != area))
                continue;
            // The whole area, less a scroll bar's width only where the other direction scrolls.
            const QSize room = area->size(), least = page->minimumSizeHint();
            const int bar = area->style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, area);
            QSize size = room.expandedTo(least);
            if (least.height() > room.height())
                size.setWidth(std::max(least.width(), room.width() - bar));
            if (least.width() > room.width())
                size.setHeight(std::max(least.height(), room.height() - bar));
            page->resize(size);
        }
    }
    return QWidget::eventFilter(watched, event);
}

void LabWindow::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        m_ui->retranslateUi(this);
        nameScrollAreas();
    }
    QWidget::changeEvent(event);
}
