#pragma once

#include <QObject>
#include <QPointer>

#include <functional>

class QDockWidget;
class QWidget;

/// Whether a panel can be seen, for panels that skip their costly updates while it cannot. A
/// dock behind another dock's tab is not hidden: Qt moves it out of the window, so isVisible()
/// stays true while nobody sees it, and during a drag such a panel laid out its rich text 20
/// times a second. The watcher also tells when the panel comes into view (shown, brought to the
/// front of its tabs, or given room again), so that it can catch up then.
class OnScreenWatcher : public QObject
{
    Q_OBJECT

public:
    /// Watches `watched` (and parents itself to it); `cameIntoView` runs whenever the panel may
    /// have come into view.
    OnScreenWatcher(QWidget *watched, std::function<void()> cameIntoView);

    /// Visible and not wholly outside its window or covered (a dock behind a tab, a splitter
    /// that gives it no room).
    bool isOnScreen() const;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    /// Follows the dock the panel sits in now (the dock is set after the panel is made).
    void followDock();

    QWidget *m_watched;
    std::function<void()> m_cameIntoView;
    QPointer<QDockWidget> m_dock;
};
