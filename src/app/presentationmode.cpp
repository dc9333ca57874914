#include "presentationmode.h"

#include "appsettings.h"
#include "canvas/canvaswidget.h"
#include "theme/appearance.h"

#include <QApplication>
#include <QDockWidget>
#include <QMainWindow>
#include <QTimer>

#include <cmath>

PresentationMode::PresentationMode(QMainWindow *window, CanvasWidget *canvas, QWidget *label,
                                   QList<QWidget *> hidden)
    : m_window(window), m_canvas(canvas), m_label(label), m_hidden(std::move(hidden))
{}

PresentationMode::~PresentationMode()
{
    // The font and the line scale belong to the whole application: give them back.
    if (m_before) {
        QApplication::setFont(m_before->font);
        Appearance::instance()->setLineScale(1.0);
    }
}

void PresentationMode::setDocks(const QList<QDockWidget *> &docks,
                                const QList<QDockWidget *> &shown)
{
    m_docks = docks;
    m_shown = shown;
}

void PresentationMode::setOn(bool on)
{
    if (on == isOn())
        return;
    if (on)
        enter();
    else
        leave();
}

QByteArray PresentationMode::sessionGeometry() const
{
    return m_before ? m_before->geometry : m_window->saveGeometry();
}

QByteArray PresentationMode::sessionState() const
{
    return m_before ? m_before->state : m_window->saveState(AppSettings::kLayoutVersion);
}

void PresentationMode::enter()
{
    m_before = Before{m_window->saveGeometry(),
                      m_window->geometry(),
                      m_window->saveState(AppSettings::kLayoutVersion),
                      QApplication::font(),
                      m_window->windowState(),
                      m_canvas->view()};
    QFont large = m_before->font;
    if (large.pointSizeF() > 0)
        large.setPointSizeF(large.pointSizeF() * kFontScale);
    else
        large.setPixelSize(int(std::lround(large.pixelSize() * kFontScale)));
    // The application's font, so that menus, docks, chart and canvas labels all grow.
    QApplication::setFont(large);
    // A dock paints its title in the font it was made with while its font equals the
    // application's; a font that differs only in a strategy that renders the same gives the
    // title the large size too.
    QFont dockFont = large;
    dockFont.setStyleStrategy(QFont::PreferAntialias);
    for (QDockWidget *dock : std::as_const(m_docks))
        dock->setFont(dockFont);
    Appearance::instance()->setLineScale(kLineScale);
    QFont bold = large;
    bold.setBold(true);
    bold.setPointSizeF(large.pointSizeF() > 0 ? large.pointSizeF() * 1.2 : -1);
    m_label->setFont(bold);
    m_label->show();
    // The lesson is the canvas and its weights; parameters, tables and explanations wait
    // (their Alt+number keys still bring any of them back).
    for (QDockWidget *dock : std::as_const(m_docks))
        dock->setVisible(m_shown.contains(dock));
    for (QWidget *w : std::as_const(m_hidden))
        w->hide();
    m_window->showFullScreen();
    m_canvas->setFocus();
    // The vectors as large as the screen allows, once the window has its new size.
    QTimer::singleShot(0, m_canvas, &CanvasWidget::fitAll);
}

bool PresentationMode::layoutInUse()
{
    // A button held may be a dock or a splitter being dragged, and an open menu may belong to a
    // dock's title bar: QMainWindow::restoreState() then rebuilds the layout items they hold on
    // to. (A crash in restoreState() called from this timer was seen once under the GUI monkey and
    // never again; restoring in the middle of such a gesture is the one risk found in the code.)
    return QApplication::mouseButtons() != Qt::NoButton ||
           QApplication::activePopupWidget() != nullptr;
}

void PresentationMode::leave()
{
    const Before before = *m_before;
    m_before.reset();
    // The layout put back below is the user's: no proportional defaults over it.
    emit left();
    QApplication::setFont(before.font);
    for (QDockWidget *dock : std::as_const(m_docks))
        dock->setFont(QFont()); // inherit again, as before
    Appearance::instance()->setLineScale(1.0);
    m_label->hide();
    m_label->setFont(QFont());
    // The rectangle itself rather than restoreGeometry(), which guesses a title bar's height
    // where the frame is unknown and can put the window lower than it was.
    m_window->setWindowState(before.windowState);
    if (!(before.windowState & (Qt::WindowMaximized | Qt::WindowFullScreen)))
        m_window->setGeometry(before.normalRect);
    m_window->restoreState(before.state, AppSettings::kLayoutVersion);
    // Once more when the smaller font and the window's old size have arrived (both come as
    // events): dock sizes restored under the large font's minimum sizes come out a few pixels
    // off. Then the zoom and position the class had before.
    QTimer::singleShot(0, m_window, [this, before] {
        if (isOn() || layoutInUse())
            return;
        m_window->restoreState(before.state, AppSettings::kLayoutVersion);
        m_canvas->setView(before.view);
    });
    // On a slow machine (the sanitizer build) those events can come later still: check a few
    // times more, and stop as soon as the layout is the saved one twice running, so that a dock
    // the user moves afterwards stays where it is put.
    auto *settle = new QTimer(this);
    settle->setInterval(100);
    connect(settle, &QTimer::timeout, this,
            [this, settle, state = before.state, tries = 0, same = 0]() mutable {
                if (isOn() || ++tries > 20) {
                    settle->deleteLater();
                    return;
                }
                if (layoutInUse())
                    return;
                if (m_window->saveState(AppSettings::kLayoutVersion) == state) {
                    if (++same == 2)
                        settle->deleteLater();
                    return;
                }
                same = 0;
                m_window->restoreState(state, AppSettings::kLayoutVersion);
            });
    settle->start();
}
