#include "widgets/onscreenwatcher.h"

#include <QDockWidget>
#include <QEvent>
#include <QWidget>

OnScreenWatcher::OnScreenWatcher(QWidget *watched, std::function<void()> cameIntoView)
    : QObject(watched), m_watched(watched), m_cameIntoView(std::move(cameIntoView))
{
    watched->installEventFilter(this);
    followDock();
}

bool OnScreenWatcher::isOnScreen() const
{
    // visibleRegion() is empty for a widget outside its window's rectangle (where Qt keeps the
    // docks behind a tab) and for one with no room; it is asked once per change, not per paint.
    return m_watched->isVisible() && !m_watched->visibleRegion().isEmpty();
}

bool OnScreenWatcher::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_watched) {
        switch (event->type()) {
        case QEvent::Show:
            // By the first show the panel sits in its dock.
            followDock();
            m_cameIntoView();
            break;
        case QEvent::Resize:
            // A splitter or a dock that gave the panel no room gives it some again.
            if (isOnScreen())
                m_cameIntoView();
            break;
        case QEvent::ParentChange:
            followDock();
            break;
        default:
            break;
        }
    }
    return QObject::eventFilter(watched, event);
}

void OnScreenWatcher::followDock()
{
    QDockWidget *dock = nullptr;
    for (QWidget *w = m_watched->parentWidget(); w && !dock; w = w->parentWidget())
        dock = qobject_cast<QDockWidget *>(w);
    if (dock == m_dock)
        return;
    if (m_dock)
        disconnect(m_dock, nullptr, this, nullptr);
    m_dock = dock;
    // Qt's word for a dock that comes to the front of its tabs (or out from behind them).
    if (m_dock)
        connect(m_dock, &QDockWidget::visibilityChanged, this, [this](bool visible) {
            if (visible && m_watched->isVisible())
                m_cameIntoView();
        });
}
